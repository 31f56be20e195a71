import { lazy, type ReactNode, Suspense, useState } from "react";
import { preloadScreen, RemoteLoading, RemoteRoute, ScreenRoute, type ScreenSource } from "../components/RemoteRoute";
import {
  protectedRemoteRoutes,
  protectedRouteFor,
  publicRemoteRoutes,
  type RemoteRouteDef,
  withoutTrailingSlash,
} from "../federation/remote-routes";
import { loadOnce } from "../navigation/load-once";
import type { RouteInfo } from "../navigation/router";
import { shellPublicPages } from "../public/pages";
import { chunkScreen, shellScreen } from "../public/screens";
import { NotFound } from "../routes/NotFound";

/** A route of the portal's router: what the page area shows, and what must load first. */
export interface FullRoute extends RouteInfo {
  /** The chunk the route's page needs (the sign-in form, the portal's layout), loaded before it is shown. */
  load?(): Promise<void>;
  /** The page area; a remote's screen loads in its own slot. */
  render(): ReactNode;
}

type PortalModule = typeof import("../routes/PortalLayout");

/** The portal's layout (Mantine, notifications, modals, the query client): a chunk of its own. */
const portalChunk = loadOnce<PortalModule>(() => import("../routes/PortalLayout"));

const LazyPortalLayout = lazy(() => portalChunk.load().then((module) => ({ default: module.PortalLayout })));

/** Resolves once the portal's layout has loaded or failed (the page shows the failure). */
function preloadPortal(): Promise<void> {
  return portalChunk.load().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The protected screens inside the portal's layout, which stays mounted from one of them to the
 * next. A first visit shows the loading slot in the page area while the layout's chunk loads.
 */
function Portal({ adminOnly, children }: { adminOnly: boolean; children: ReactNode }) {
  // Chosen once: switching from the lazy wrapper to the loaded module would remount the screens.
  const [PortalLayout] = useState(() => portalChunk.loaded()?.PortalLayout ?? LazyPortalLayout);
  return (
    <Suspense fallback={<RemoteLoading />}>
      <PortalLayout adminOnly={adminOnly}>{children}</PortalLayout>
    </Suspense>
  );
}

function remotePage({ remote, expose }: RemoteRouteDef): ReactNode {
  return <RemoteRoute key={`${remote}/${expose}`} remote={remote} expose={expose} />;
}

const passwordReset = chunkScreen("shell/PasswordReset", () =>
  import("../routes/PasswordReset").then((module) => ({ default: module.PasswordReset })),
);

/** A page whose screen is one of the shell's chunks: shown once the chunk has loaded. */
function chunkRoute(route: RouteInfo, source: ScreenSource): FullRoute {
  return { ...route, load: () => preloadScreen(source), render: () => <ScreenRoute key={source.id} source={source} /> };
}

/**
 * Every route of the portal's router, by path: the public pages (a remote's screen, shown at once
 * and loaded in its slot), sign-in and sign-up, the password reset (the link in the reset mail),
 * and the protected screens behind `RequireAuth` (and `RequireAdmin`) in the portal's layout.
 */
const routes = new Map<string, FullRoute>([
  ...publicRemoteRoutes.map((route): [string, FullRoute] => [
    route.path,
    { ...route, render: () => remotePage(route) },
  ]),
  ...shellPublicPages.map((page): [string, FullRoute] => [page.path, chunkRoute(page, shellScreen(page.shell))]),
  [
    "/passwort-zuruecksetzen",
    chunkRoute({ path: "/passwort-zuruecksetzen", title: "Neues Passwort – Klarwerk Digital" }, passwordReset),
  ],
  ...protectedRemoteRoutes.map((route): [string, FullRoute] => [
    route.path,
    {
      path: route.path,
      title: route.title,
      load: preloadPortal,
      render: () => <Portal adminOnly={route.adminOnly === true}>{remotePage(route)}</Portal>,
    },
  ]),
]);

const notFoundTitle = "Seite nicht gefunden – Klarwerk Digital";

/** The route at `pathname` ("/About/" counts as "/about"), else the 404 page. */
export function fullRouteFor(pathname: string): FullRoute {
  const path = withoutTrailingSlash(pathname).toLowerCase();
  // A screen with a parameter ("/customers/:id") is found by its pattern.
  const pattern = protectedRouteFor(path)?.path;
  return (
    routes.get(path) ??
    (pattern === undefined ? undefined : routes.get(pattern)) ?? {
      path: pathname,
      title: notFoundTitle,
      render: () => <NotFound pathname={pathname} />,
    }
  );
}
