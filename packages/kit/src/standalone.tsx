import { AuthProvider, refreshSession, restoreSession, useAuth } from "@klarwerk/kit/browser";
import { type ComponentType, lazy, type ReactNode, StrictMode, Suspense } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, NavLink, Outlet, RouterProvider } from "react-router";
import type { RemoteScreens } from "./remotes";

/** A screen on the standalone page: its path below the app's base ("/" for the first) and bar label. */
interface StandaloneScreen {
  path: string;
  label: string;
  element: ReactNode;
}

export interface StandaloneOptions {
  /** The remote's `screens.ts`: each screen at its path (the first also at "/"), labelled by its module. */
  screens: RemoteScreens;
  /** Loads a screen's module, `src/routes/<expose>.tsx`, e.g. `(expose) => import(\`./routes/${expose}.tsx\`)`. */
  load: (expose: string) => Promise<{ default: ComponentType }>;
  /** Providers around the screens, e.g. `PortalProviders` for the portal remotes. */
  wrap?: (children: ReactNode) => ReactNode;
}

function standaloneScreens({ screens }: RemoteScreens, load: StandaloneOptions["load"]): StandaloneScreen[] {
  return screens.map((screen, index) => {
    const Screen = lazy(() => load(screen.expose));
    return {
      path: index === 0 ? "/" : screen.path,
      label: screen.expose,
      element: (
        <Suspense>
          <Screen />
        </Suspense>
      ),
    };
  });
}

const barStyle = {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "16px",
  padding: "8px 16px",
  background: "#0f2a33",
  color: "#fff",
  fontSize: "14px",
} as const;

function DevelopmentBar({ name, screens }: { name: string; screens: StandaloneScreen[] }) {
  const { user } = useAuth();
  return (
    <nav aria-label="Standalone" style={barStyle}>
      <strong>{name} (standalone)</strong>
      {screens.map((screen) => (
        <NavLink key={screen.path} to={screen.path} end style={{ color: "#fff" }}>
          {screen.label}
        </NavLink>
      ))}
      <span style={{ marginLeft: "auto", opacity: 0.8 }}>
        {user ? `Angemeldet als ${user.name}` : "Nicht angemeldet (Sitzung aus dem Local Storage dieses Ursprungs)"}
      </span>
    </nav>
  );
}

/**
 * Renders a remote on its own dev server (`src/bootstrap.tsx`), with its own router under the
 * app's base path. In the shell the same screens are loaded through Module Federation instead.
 */
export function renderStandalone({ screens: list, load, wrap = (children) => children }: StandaloneOptions): void {
  const name = list.remote;
  const screens = standaloneScreens(list, load);
  restoreSession();
  void refreshSession();
  const router = createBrowserRouter(
    [
      {
        path: "/",
        element: (
          <>
            <DevelopmentBar name={name} screens={screens} />
            {wrap(
              <main id="main">
                <Outlet />
              </main>,
            )}
          </>
        ),
        children: screens.map((screen) =>
          screen.path === "/"
            ? { index: true, element: screen.element }
            : { path: screen.path.replace(/^\//, ""), element: screen.element },
        ),
      },
    ],
    { basename: import.meta.env.BASE_URL ?? "/" },
  );
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing");
  createRoot(container).render(
    <StrictMode>
      <AuthProvider>
        <RouterProvider router={router} flushSync={flushSync} />
      </AuthProvider>
    </StrictMode>,
  );
}
