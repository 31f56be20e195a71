import type { RouteObject } from "react-router";
import { RemoteLoading, RemoteRoute } from "./components/RemoteRoute";
import { RequireAdmin } from "./components/RequireAdmin";
import { RequireAuth } from "./components/RequireAuth";
import {
  protectedRemoteRoutes,
  publicRemoteRoutes,
  type RemoteRouteDef,
  type RouteHandle,
} from "./federation/remote-routes";
import { RouterLayout } from "./full/RouterLayout";
import { shellPublicPages } from "./public/pages";
import { NotFound } from "./routes/NotFound";
import { RouteError } from "./routes/RouteError";

function remoteRoute({ path, remote, expose, title, description }: RemoteRouteDef): RouteObject {
  const handle: RouteHandle = { title, description };
  const element = <RemoteRoute key={`${remote}/${expose}`} remote={remote} expose={expose} />;
  return path === "/" ? { index: true, element, handle } : { path: path.slice(1), element, handle };
}

function pageHandle(path: string): RouteHandle {
  const page = shellPublicPages.find((candidate) => candidate.path === path);
  return { title: page?.title, description: page?.description };
}

/**
 * Every route, for react-router: the router of a visit once it reaches the portal (or starts
 * anywhere but a public page; see App.tsx). Public pages, sign-in, sign-up and the password reset
 * render inside the Mantine-free layout (the shell's toasts outlive a change of page, so the one
 * raised on /login is read on /dashboard); the protected screens sit in one lazily loaded layout
 * route that brings Mantine, notifications and the query client.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RouterLayout />,
    // Only if the layout itself fails; errors of a page render inside the layout (below).
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...publicRemoteRoutes.map(remoteRoute),
          {
            path: "login",
            handle: pageHandle("/login"),
            lazy: async () => ({ Component: (await import("./routes/Login")).Login }),
            hydrateFallbackElement: <RemoteLoading />,
          },
          {
            path: "register",
            handle: pageHandle("/register"),
            lazy: async () => ({ Component: (await import("./routes/Register")).Register }),
            hydrateFallbackElement: <RemoteLoading />,
          },
          {
            // The link in the reset mail ("Passwort vergessen?").
            path: "passwort-zuruecksetzen",
            handle: { title: "Neues Passwort – Klarwerk Digital" } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import("./routes/PasswordReset")).PasswordReset }),
            hydrateFallbackElement: <RemoteLoading />,
          },
          {
            lazy: async () => ({ Component: (await import("./routes/PortalLayout")).PortalLayout }),
            // Shown in the page area (inside the layout) while a direct visit loads the portal.
            hydrateFallbackElement: <RemoteLoading />,
            children: [
              {
                element: <RequireAuth />,
                children: [
                  ...protectedRemoteRoutes.filter((route) => !route.adminOnly).map(remoteRoute),
                  {
                    element: <RequireAdmin />,
                    children: protectedRemoteRoutes.filter((route) => route.adminOnly).map(remoteRoute),
                  },
                ],
              },
            ],
          },
          { path: "*", element: <NotFound />, handle: { title: "Seite nicht gefunden – Klarwerk Digital" } },
        ],
      },
    ],
  },
];
