import { refreshSession, restoreSession } from "@klarwerk/kit/browser";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Layout } from "../components/Layout";
import { preloadScreen, ScreenRoute } from "../components/RemoteRoute";
import { createNavigationStore, type NavigateOptions, NavigationContext } from "../navigation/navigation";
import { currentEntry, writeEntry } from "./history";
import { interactionHappened, routeClicksUntilScreenShown } from "./interaction";
import { type PublicPage, publicPageFor, screenKey } from "./pages";
import { screenSourceFor } from "./screens";

type How = "push" | "replace" | "pop";

/** Where to scroll once a page is shown. */
type ScrollTarget = { top: number } | { hash: string } | null;

export interface PublicRouterProps {
  /** The public page the document was loaded for. */
  initialPath: string;
  /** Navigation to a path that is not a public page: the full router takes over from there. */
  onLeave(href: string, how: How): Promise<void>;
}

function hrefOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

function setMetaDescription(text: string): void {
  document.querySelector('meta[name="description"]')?.setAttribute("content", text);
}

/**
 * The router of the public pages (the marketing pages, sign-in and sign-up): a few dozen lines
 * instead of react-router's 65 KB, which a first visit of "/" cannot afford
 * (docs/decisions/0036-public-page-budget.md). It shows the public page for the current path, moves through history
 * with pushState/popstate, and waits for the next page's module before switching, so the current
 * page stays until the next one can be shown. Anything that is not a public page goes to `onLeave`.
 */
export function PublicRouter({ initialPath, onLeave }: PublicRouterProps) {
  const [route, setRoute] = useState<PublicPage>(() => publicPageFor(initialPath) ?? fail(initialPath));
  const latest = useRef(0);
  const scrollTarget = useRef<ScrollTarget>(null);
  // Where the visitor was on each history entry (by key), for the back and forward buttons.
  const scrollPositions = useRef(new Map<string, number>());
  const entryKey = useRef<string | null>(null);
  // Only a new page re-renders this router; "pending" lives in the store (see navigation.ts).
  const goRef = useRef<(href: string, how: How) => Promise<void>>(async () => {});
  const [navigation] = useState(() =>
    createNavigationStore({ pathname: route.path, pending: false }, (to: string, options?: NavigateOptions) =>
      goRef.current(to, options?.replace ? "replace" : "push"),
    ),
  );
  const setPending = useCallback((pending: boolean) => navigation.setState({ pending }), [navigation]);

  // The session is restored after hydration: the prerendered HTML is the anonymous layout. Only a
  // stored session costs a call (`GET /api/session`); anonymous visitors send none.
  useEffect(() => {
    restoreSession();
    void refreshSession();
    entryKey.current = currentEntry().key;
  }, []);

  const go = useCallback(
    async (href: string, how: How): Promise<void> => {
      interactionHappened();
      const url = new URL(href, window.location.href);
      const next = publicPageFor(url.pathname);
      const id = ++latest.current;
      if (!next) {
        setPending(true);
        try {
          await onLeave(hrefOf(url), how);
        } finally {
          if (latest.current === id) setPending(false);
        }
        return;
      }
      if (how !== "pop" && hrefOf(url) === hrefOf(new URL(window.location.href))) {
        // The page itself again: like a reload of the view, to its top.
        window.scrollTo(0, 0);
        return;
      }
      // Leaving the current entry (for "pop" the address bar already shows the next one, but
      // the window still shows, and is scrolled like, the page being left).
      if (entryKey.current !== null) scrollPositions.current.set(entryKey.current, window.scrollY);
      const entry = how === "pop" ? currentEntry() : null;
      if (entry) entryKey.current = entry.key;
      setPending(true);
      await preloadScreen(screenSourceFor(next));
      if (latest.current !== id) return;
      if (how !== "pop") entryKey.current = writeEntry(hrefOf(url), how).key;
      const saved = entry ? scrollPositions.current.get(entry.key) : undefined;
      scrollTarget.current = saved !== undefined ? { top: saved } : url.hash ? { hash: url.hash } : { top: 0 };
      setPending(false);
      setRoute(next);
    },
    [onLeave, setPending],
  );
  goRef.current = go;

  // Before the first page's screen has hydrated, its links are routed from outside React.
  useLayoutEffect(() => {
    const main = document.getElementById("main");
    if (main) routeClicksUntilScreenShown(main, (to) => void goRef.current(to, "push"));
  }, []);

  useEffect(() => {
    const onPopState = () => void go(window.location.href, "pop");
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
      const element = document.getElementById(decodeURIComponent(target.hash.slice(1)));
      if (element) element.scrollIntoView();
      else window.scrollTo(0, 0);
    } else window.scrollTo(0, target.top);
  }, [route]);

  useLayoutEffect(() => {
    navigation.setState({ pathname: route.path });
  }, [navigation, route]);

  useEffect(() => {
    document.title = route.title;
    setMetaDescription(route.description);
  }, [route]);

  // The same element until the page changes: new props would make React drop a prerendered page
  // that is still waiting for its module instead of hydrating it.
  const page = useMemo(() => <ScreenRoute key={screenKey(route)} source={screenSourceFor(route)} />, [route]);

  return (
    <NavigationContext value={navigation}>
      <Layout>{page}</Layout>
    </NavigationContext>
  );
}

function fail(path: string): never {
  throw new Error(`${path} is not a public page`);
}
