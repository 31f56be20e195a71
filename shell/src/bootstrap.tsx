import { AuthProvider, refreshSession, restoreSession } from "@klarwerk/kit/browser";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { loadFullApp } from "./App";
import { AppRoot } from "./AppRoot";
import { holdScreen, preloadRemoteScreen, preloadScreen } from "./components/RemoteRoute";
import { loadRegistry } from "./federation/registry";
import { protectedRouteFor, remoteRouteFor } from "./federation/remote-routes";
import { writeEntry } from "./public/history";
import { firstInteraction, watchForFirstInteraction } from "./public/interaction";
import { isRemotePage, publicPageFor } from "./public/pages";
import { screenSourceFor } from "./public/screens";

function logRegistryFailure(error: unknown): void {
  // The layout still renders; remote routes show their fallback and retry from there.
  console.error("Die Liste der Module (/remotes.json) konnte nicht geladen werden.", error);
}

/**
 * A public page starts with the light public router and, when the server sent the page
 * prerendered, hydrates it: the text is on screen before any script ran. Header and footer
 * hydrate at once. A marketing page's content stays the server's HTML until the visitor first
 * interacts (or navigates); only then do the federation runtime and the page's module load and
 * hydrate it. Sign-in and sign-up are the shell's own chunks and load at once. Every other path
 * starts the portal's router right away.
 */
async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root fehlt in index.html");
  let { pathname } = window.location;

  // Nobody signed in on this device and a portal screen asked for: the portal's router would
  // load Mantine and the portal's chunks only to send the visitor on to /login. Go there first,
  // as that route guard would (replacing the entry), on the light public router.
  if (protectedRouteFor(pathname) && restoreSession().status === "anonymous") {
    writeEntry("/login", "replace");
    pathname = "/login";
  }

  const page = publicPageFor(pathname);
  if (page) {
    const source = screenSourceFor(page);
    const prerendered = container.firstElementChild !== null;
    if (prerendered && isRemotePage(page)) {
      holdScreen(source, firstInteraction());
      watchForFirstInteraction();
    } else void preloadScreen(source);
    const app = <AppRoot path={pathname} />;
    // In a transition, hydration runs in slices that yield to the browser between them (at its
    // default priority React hydrates in one long task, too long for a slow phone); a tap
    // meanwhile makes React finish the part it lands on first.
    if (prerendered) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
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
        <full.FullApp />
      </AuthProvider>
    </StrictMode>,
  );
}

void start();
