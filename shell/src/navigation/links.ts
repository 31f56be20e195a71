/** What a click tells, in React's events and the DOM's alike. */
interface Click {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Paths the server answers itself (API, remote builds, files): never routed in the page. */
function isServerPath(pathname: string): boolean {
  return (
    pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/remotes/") || /\.\w+$/.test(pathname)
  );
}

/**
 * The in-app path a click on a plain `<a href>` should be routed to, or null when the browser
 * should follow it itself: another origin, a new tab or window (modifier keys, `target`), a
 * download, a jump within the page, a server path, or a link marked `data-reload` (the legal
 * notice is loaded as a document of its own, so it shows even when the app cannot load). Links that handled the click
 * themselves have called `preventDefault` and are left alone.
 */
export function routedHref(event: Click): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a") : null;
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute("href")) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  if (anchor.dataset.reload !== undefined) return null;
  const url = new URL(anchor.href, window.location.href);
  const here = window.location;
  if (url.origin !== here.origin || url.protocol !== here.protocol || isServerPath(url.pathname)) return null;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
