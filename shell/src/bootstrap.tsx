import { AuthProvider, refreshSession, restoreSession } from "@klarwerk/kit/browser";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot, hydrateRoot } from "react-dom/client";
import { loadFullApp } from "./App";
import { AppRoot } from "./AppRoot";
import { preloadRemoteScreen } from "./components/RemoteRoute";
import { loadRegistry } from "./federation/registry";
import { publicRouteFor, remoteRouteFor } from "./federation/remoteRoutes";

function logRegistryFailure(error: unknown): void {
  // The layout still renders; remote routes show their fallback and retry from there.
  console.error("Die Liste der Module (/remotes.json) konnte nicht geladen werden.", error);
}

/**
 * A public page starts with the light public router and, when the server sent the page
 * prerendered, hydrates it: the text is on screen before any script ran, and the page's remote
 * loads alongside. Every other path starts react-router right away.
 */
async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root fehlt in index.html");
  const { pathname } = window.location;

  const page = publicRouteFor(pathname);
  if (page) {
    void preloadRemoteScreen(page.remote, page.expose);
    loadRegistry().catch(logRegistryFailure);
    const app = <AppRoot path={pathname} />;
    if (container.firstElementChild) {
      // The layout (header, menu, footer) hydrates at once, before the document's load event: its
      // buttons work from the first tap. The page itself hydrates when its remote has loaded,
      // in the background, without taking the prerendered text off the screen.
      flushSync(() => void hydrateRoot(container, app));
    } else createRoot(container).render(app);
    return;
  }

  const session = restoreSession();
  // The stored user may be stale (a new role, a locked account): the server says who it is now.
  void refreshSession();
  const [full] = await Promise.all([loadFullApp(), loadRegistry().catch(logRegistryFailure)]);
  const first = remoteRouteFor(pathname, session.status === "signed-in");
  if (first) void preloadRemoteScreen(first.remote, first.expose);
  createRoot(container).render(
    <StrictMode>
      <AuthProvider>
        <full.FullApp router={full.createFullRouter()} />
      </AuthProvider>
    </StrictMode>,
  );
}

void start();
