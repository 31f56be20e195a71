import "@klarwerk/kit/theme.css";
import { AuthProvider, restoreSession } from "@klarwerk/kit";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { preloadRemoteScreen } from "./components/RemoteRoute";
import { loadRegistry } from "./federation/registry";
import { remoteRouteFor } from "./federation/remoteRoutes";
import { routes } from "./router";

async function start(): Promise<void> {
  const session = restoreSession();
  try {
    await loadRegistry();
  } catch (error) {
    // The layout still renders; remote routes show their fallback and retry from there.
    console.error("Die Liste der Module (/remotes.json) konnte nicht geladen werden.", error);
  }
  const first = remoteRouteFor(window.location.pathname, session.status === "signed-in");
  if (first) preloadRemoteScreen(first.remote, first.expose);

  const router = createBrowserRouter(routes);
  const container = document.getElementById("root");
  if (!container) throw new Error("#root fehlt in index.html");
  createRoot(container).render(
    <StrictMode>
      <AuthProvider>
        <RouterProvider router={router} flushSync={flushSync} />
      </AuthProvider>
    </StrictMode>,
  );
}

void start();
