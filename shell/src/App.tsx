import { AuthProvider } from "@klarwerk/kit/browser";
import { useCallback, useState } from "react";
import { portalNeedsOwnDocument } from "./federation/portal-document";
import { loadRegistry } from "./federation/registry";
import { publicRemoteRoutes } from "./federation/remote-routes";
import type { FullAppModule } from "./full/FullApp";
import type { How } from "./navigation/router";
import { writeEntry } from "./public/history";
import { PublicRouter } from "./public/PublicRouter";

/** The portal's router (every route, the guards, the 404 page), loaded when first needed. */
export function loadFullApp(): Promise<FullAppModule> {
  return import("./full/FullApp");
}

const publicRemotes = new Set<string>(publicRemoteRoutes.map((route) => route.remote));

/** Whether this public page's policy would refuse a portal remote (unknown registry: stay). */
async function portalElsewhere(): Promise<boolean> {
  try {
    return portalNeedsOwnDocument(await loadRegistry(), publicRemotes, window.location.href);
  } catch {
    return false;
  }
}

/**
 * A visit that starts on a public page (a marketing page, /login, /register): the public router
 * runs until the visitor goes anywhere else (the portal, the password reset, an unknown path);
 * then the portal's router is loaded and takes over the whole page, public pages included, for
 * the rest of the visit. No auth context sits above a page that is still hydrating (the header reads the
 * session atom; sign-in and sign-up bring their own). When a portal remote comes from another
 * origin, which a public page's Content-Security-Policy does not allow, the portal's page is
 * loaded as a new document instead (`portalNeedsOwnDocument`).
 */
export function App({ initialPath }: { initialPath: string }) {
  const [full, setFull] = useState<FullAppModule | null>(null);

  const leavePublicPages = useCallback(async (href: string, how: How) => {
    const [module, elsewhere] = await Promise.all([loadFullApp(), portalElsewhere()]);
    if (elsewhere) {
      if (how === "pop") window.location.reload();
      else if (how === "replace") window.location.replace(href);
      else window.location.assign(href);
      return;
    }
    // The router reads its first location from the address bar.
    if (how !== "pop") writeEntry(href, how);
    setFull(module);
  }, []);

  if (full) {
    return (
      <AuthProvider>
        <full.FullApp />
      </AuthProvider>
    );
  }
  return <PublicRouter initialPath={initialPath} onLeave={leavePublicPages} />;
}
