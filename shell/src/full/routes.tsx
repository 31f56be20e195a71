import { lazy, type ReactNode, Suspense, useState } from "react";
import { Outlet, type RouteObject, useLocation, useMatches, useRouteError } from "react-router";
import { preloadScreen, RemoteLoading, RemoteRoute, ScreenRoute, type ScreenSource } from "../components/RemoteRoute";
import { protectedRemoteRoutes, publicRemoteRoutes, type RemoteRouteDef } from "../federation/remote-routes";
import { loadOnce } from "../navigation/load-once";
import type { RouteInfo } from "../navigation/router";
import { shellPublicPages } from "../public/pages";
import { chunkScreen, shellScreen } from "../public/screens";
import { NotFound } from "../routes/NotFound";
import { RouteError } from "../routes/RouteError";

/**
 * What the portal's root reads of a route's `handle`: the path the header marks (none: the address
 * bar's, the 404 page), the document's title and description, and whether it is for admins only.
 */
export interface RouteHandle extends Omit<RouteInfo, "path"> {
  path?: string;
  adminOnly?: boolean;
}

export const notFoundTitle = "Seite nicht gefunden – Klarwerk Digital";

/** The handle of the route shown: the deepest match that has one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle) return handle;
  }
  return { title: notFoundTitle };
}

type PortalModule = typeof import("../routes/PortalLayout");

/** The portal's layout (Mantine, notifications, modals, the query client): a chunk of its own. */
const portalChunk = loadOnce<PortalModule>(() => import("../routes/PortalLayout"));

const LazyPortalLayout = lazy(() => portalChunk.load().then((module) => ({ default: module.PortalLayout })));

/** A route's loader resolves once its chunk has loaded or failed (the page shows the failure). */
function loaded(loading: Promise<unknown>): Promise<null> {
  return loading.then(
    () => null,
    () => null,
  );
}

/**
 * The protected screens inside the portal's layout, a layout route that stays mounted from one of
 * them to the next. Its loader has loaded the layout's chunk before it is shown (on the first page
 * the loading slot stands in the page area meanwhile); should that have failed, the lazy wrapper
 * shows the failure.
 */
function Portal() {
  // Chosen once: switching from the lazy wrapper to the loaded module would remount the screens.
  const [PortalLayout] = useState(() => portalChunk.loaded()?.PortalLayout ?? LazyPortalLayout);
  const { adminOnly = false } = useRouteHandle();
  return (
    <Suspense fallback={<RemoteLoading />}>
      <PortalLayout adminOnly={adminOnly}>
        <Outlet />
      </PortalLayout>
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
function chunkRoute(route: RouteInfo, source: ScreenSource): RouteObject {
  return {
    path: route.path,
    handle: route satisfies RouteHandle,
    loader: () => loaded(preloadScreen(source)),
    hydrateFallbackElement: <RemoteLoading />,
    element: <ScreenRoute key={source.id} source={source} />,
  };
}

function NotFoundPage() {
  return <NotFound pathname={useLocation().pathname} />;
}

/** A page that failed while rendering, or the layout itself (then shown alone). */
function RouteFailed() {
  const error = useRouteError();
  return <RouteError error={error instanceof Error ? error : new Error(String(error))} />;
}

/**
 * Every route of the portal's router below its root (the layout, `root`): the public pages (a
 * remote's screen, shown at once and loaded in its slot), sign-in and sign-up, the password reset
 * (the link in the reset mail), the protected screens behind `RequireAuth` (and `RequireAdmin`) in
 * the portal's layout, and the 404 page. react-router matches paths regardless of case and of a
 * trailing slash ("/About/" is "/about"). A page that throws shows `RouteError` in the layout
 * until the next navigation; a failing layout shows it alone.
 */
export function portalRoutes(root: ReactNode): RouteObject[] {
  return [
    {
      element: root,
      errorElement: <RouteFailed />,
      children: [
        {
          errorElement: <RouteFailed />,
          children: [
            ...publicRemoteRoutes.map(
              (route): RouteObject => ({
                path: route.path,
                handle: { path: route.path, title: route.title, description: route.description } satisfies RouteHandle,
                element: remotePage(route),
              }),
            ),
            ...shellPublicPages.map((page) => chunkRoute(page, shellScreen(page.shell))),
            chunkRoute({ path: "/passwort-zuruecksetzen", title: "Neues Passwort – Klarwerk Digital" }, passwordReset),
            {
              element: <Portal />,
              loader: () => loaded(portalChunk.load()),
              hydrateFallbackElement: <RemoteLoading />,
              children: protectedRemoteRoutes.map(
                (route): RouteObject => ({
                  path: route.path,
                  handle: {
                    // A screen under a list ("/customers/:id") marks the list's link in the header.
                    path: route.path.replace(/\/:.*$/, ""),
                    title: route.title,
                    adminOnly: route.adminOnly === true,
                  } satisfies RouteHandle,
                  element: remotePage(route),
                }),
              ),
            },
            { path: "*", handle: { title: notFoundTitle } satisfies RouteHandle, element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
