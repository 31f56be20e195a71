import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { currentEntry, writeEntry } from "../public/history";
import { interactionHappened } from "../public/interaction";
import { createNavigationStore, type NavigateOptions, type NavigationStore } from "./navigation";

export type How = "push" | "replace" | "pop";

/** What the router reads of a route: the path the header marks and the document's title. */
export interface RouteInfo {
  path: string;
  title: string;
  /** A route without one leaves the page's meta description as it was. */
  description?: string;
}

export interface RouterOptions<Route extends RouteInfo> {
  /** The path the document was loaded for. */
  initialPath: string;
  /** The route at `pathname`; none: the navigation goes to `onLeave`. */
  routeFor(pathname: string): Route | undefined;
  /**
   * What must have loaded before the route is shown (its module), or nothing: then it is shown at
   * once and loads in its own slot. Never rejects: a failure shows in the page.
   */
  preload?(route: Route): Promise<void> | undefined;
  /** A path `routeFor` has no route for: another router takes over from there. */
  onLeave?(href: string, how: How): Promise<void>;
}

export interface Router<Route> {
  /** For `NavigationContext`: the layout's links, the header, redirects. */
  navigation: NavigationStore;
  route: Route;
}

/** Where to scroll once a page is shown. */
type ScrollTarget = { top: number } | { hash: string } | null;

/** A new entry's: its `#hash`, else the top. */
function targetOf(hash: string): ScrollTarget {
  return hash ? { hash } : { top: 0 };
}

/** The element id a `#hash` names; one that is not valid percent-encoding is taken as written. */
function anchorId(hash: string): string {
  const written = hash.slice(1);
  try {
    return decodeURIComponent(written);
  } catch {
    return written;
  }
}

function hrefOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The public pages' router, a few dozen lines instead of react-router's 28 KB (brotli), which a
 * first visit of "/" cannot afford (decisions 0036 and 0077): it shows the route for the current
 * path, moves through history with pushState/popstate (entries in the shape of `history.ts`),
 * restores the scroll position on back and forward (the top or the `#hash` for a new entry), sets
 * the document's title and description, and tells the layout the path and whether a page is
 * loading. A route's `preload` runs before it is shown, so the current page
 * stays (with the progress bar) until the next one can be shown. Only `PublicRouter` runs it; the
 * portal runs on react-router (`full/`), which takes over from it.
 */
export function useRouter<Route extends RouteInfo>(options: RouterOptions<Route>): Router<Route> {
  const latestOptions = useRef(options);
  latestOptions.current = options;
  const [shown, setShown] = useState(() => ({
    route: options.routeFor(options.initialPath) ?? fail(options.initialPath),
  }));
  const { route } = shown;
  const latest = useRef(0);
  // The first page stays where the browser put it (a prerendered page).
  const scrollTarget = useRef<ScrollTarget>(null);
  // Where the visitor was on each history entry (by key), for the back and forward buttons.
  const scrollPositions = useRef(new Map<string, number>());
  const entryKey = useRef<string | null>(null);
  // Only a new page re-renders the router; "pending" lives in the store (see navigation.ts).
  const goRef = useRef<(href: string, how: How, flush: boolean) => Promise<void>>(async () => {});
  const [navigation] = useState(() =>
    createNavigationStore({ pathname: route.path, pending: false }, (to: string, navigateOptions?: NavigateOptions) =>
      goRef.current(to, navigateOptions?.replace ? "replace" : "push", navigateOptions?.flushSync === true),
    ),
  );
  const setPending = useCallback((pending: boolean) => navigation.setState({ pending }), [navigation]);

  useEffect(() => {
    entryKey.current = currentEntry().key;
  }, []);

  const go = useCallback(
    async (href: string, how: How, flush: boolean): Promise<void> => {
      interactionHappened();
      const { routeFor, preload, onLeave } = latestOptions.current;
      const url = new URL(href, window.location.href);
      const next = routeFor(url.pathname);
      const id = ++latest.current;
      if (!next) {
        setPending(true);
        try {
          await onLeave?.(hrefOf(url), how);
        } finally {
          if (latest.current === id) setPending(false);
        }
        return;
      }
      if (how !== "pop" && hrefOf(url) === hrefOf(new URL(window.location.href))) {
        // The page itself again: like a reload of the view, to its top (a page still loading is
        // given up for it).
        setPending(false);
        window.scrollTo(0, 0);
        return;
      }
      // Leaving the current entry (for "pop" the address bar already shows the next one, but
      // the window still shows, and is scrolled like, the page being left).
      if (entryKey.current !== null) scrollPositions.current.set(entryKey.current, window.scrollY);
      const entry = how === "pop" ? currentEntry() : null;
      if (entry) entryKey.current = entry.key;
      const loading = preload?.(next);
      if (loading) {
        setPending(true);
        await loading;
        if (latest.current !== id) return;
      }
      if (how !== "pop") entryKey.current = writeEntry(hrefOf(url), how).key;
      const saved = entry ? scrollPositions.current.get(entry.key) : undefined;
      scrollTarget.current = saved !== undefined ? { top: saved } : targetOf(url.hash);
      setPending(false);
      const show = () => setShown({ route: next });
      if (flush) flushSync(show);
      else show();
    },
    [setPending],
  );
  goRef.current = go;

  useEffect(() => {
    const onPopState = () => void go(window.location.href, "pop", false);
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [go]);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = "manual";
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  // Before paint: the new page appears at its scroll position, not first at the old one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each page shown
  useLayoutEffect(() => {
    const target = scrollTarget.current;
    scrollTarget.current = null;
    if (!target) return;
    if ("hash" in target) {
      const element = document.getElementById(anchorId(target.hash));
      if (element) element.scrollIntoView();
      else window.scrollTo(0, 0);
    } else window.scrollTo(0, target.top);
  }, [shown]);

  useLayoutEffect(() => {
    navigation.setState({ pathname: route.path });
  }, [navigation, route]);

  useEffect(() => {
    document.title = route.title;
    if (route.description)
      document.querySelector('meta[name="description"]')?.setAttribute("content", route.description);
  }, [route]);

  return { navigation, route };
}

function fail(path: string): never {
  throw new Error(`no route for ${path}`);
}
