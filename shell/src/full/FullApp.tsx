import { useEffect, useLayoutEffect } from "react";
import { flushSync } from "react-dom";
import {
  createBrowserRouter,
  type DataRouter,
  type Location,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { Layout } from "../components/Layout";
import { createNavigationStore, NavigationContext, type NavigationStore } from "../navigation/navigation";
import { interactionHappened } from "../public/interaction";
import { portalRoutes, useRouteHandle } from "./routes";

export type FullAppModule = typeof import("./FullApp");

function hrefOf({ pathname, search, hash }: Pick<Location, "pathname" | "search" | "hash">): string {
  return `${pathname}${search}${hash}`;
}

/**
 * The key a history entry's scroll position is kept under: its own, or, for an entry the browser
 * made itself (a jump to a `#hash` in the page: no key of ours), its address.
 */
function scrollKey(location: Location): string {
  return location.key === "default" ? hrefOf(location) : location.key;
}

let router: DataRouter | undefined;

/**
 * The layout around every page, with the navigation for it. The header marks the route's path
 * (the address bar's on the 404 page), set before paint, and the document's title and description
 * are the route's.
 */
function Root({ navigation }: { navigation: NavigationStore }) {
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  const path = handle.path ?? pathname;

  useLayoutEffect(() => {
    navigation.setState({ pathname: path });
  }, [navigation, path]);

  useEffect(() => {
    document.title = handle.title;
    if (handle.description)
      document.querySelector('meta[name="description"]')?.setAttribute("content", handle.description);
  }, [handle]);

  return (
    <NavigationContext value={navigation}>
      <Layout>
        <Outlet />
      </Layout>
      <ScrollRestoration getKey={scrollKey} />
    </NavigationContext>
  );
}

/**
 * Made once per document, on the first render of the portal (a router listens to the history).
 * The layout's navigation (navigation/navigation.ts) runs on the router: the layout, the header
 * and the screens (through the kit's `Redirect`) navigate with it, and the progress bar shows
 * while the next page's chunk loads (a route's loader). Another link to the page shown replaces
 * its entry, which shows it again at its top, as react-router's `<Link>` does.
 */
function portalRouter(): DataRouter {
  if (!router) {
    const navigation = createNavigationStore({ pathname: window.location.pathname, pending: false }, (to, options) => {
      interactionHappened();
      const here = hrefOf(created.state.location);
      const there = hrefOf(new URL(to, window.location.href));
      return created.navigate(to, {
        replace: options?.replace === true || there === here,
        flushSync: options?.flushSync,
      });
    });
    const created = createBrowserRouter(portalRoutes(<Root navigation={navigation} />));
    created.subscribe((state) => navigation.setState({ pending: state.navigation.state !== "idle" }));
    router = created;
  }
  return router;
}

/**
 * The portal's router: react-router's data router over every route (decision 0077), starting at
 * the address bar's location. It runs the rest of a visit once it reaches the portal (or starts
 * anywhere but a public page; see App.tsx). A page whose chunk is not loaded yet stays until it
 * is (the progress bar meanwhile); new pages render in a transition, and `flushSync` (the logout)
 * renders at once. Scroll positions are restored on back and forward (kept in sessionStorage, so
 * a reload restores them too); a new entry starts at its top or its `#hash`.
 */
export function FullApp() {
  return <RouterProvider router={portalRouter()} flushSync={flushSync} />;
}
