import type { FederationName, RemoteScreen, RemoteScreens } from "@klarwerk/kit";
import { screens as customers } from "@klarwerk/mf-customers/screens";
import { screens as dashboard } from "@klarwerk/mf-dashboard/screens";
import { screens as files } from "@klarwerk/mf-files/screens";
import { screens as invoices } from "@klarwerk/mf-invoices/screens";
import { screens as marketing } from "@klarwerk/mf-marketing/screens";

/**
 * The routes whose page is a remote's exposed module, with their German document titles (and, for
 * the public pages, the meta description search engines show), made from each remote's
 * `screens.ts`. The router builds its remote routes from this list, the bootstrap uses it to
 * start fetching the first page's remote while React starts, and the prerender writes each
 * public page's HTML from it.
 */
export interface RemoteRouteDef extends RemoteScreen {
  remote: FederationName;
}

export interface PublicRouteDef extends RemoteRouteDef {
  description: string;
}

/** A remote's screens as the shell's routes: each with the remote's federation name. */
function routesOf<Screen extends RemoteScreen>({
  remote,
  screens,
}: RemoteScreens<Screen>): (Screen & RemoteRouteDef)[] {
  return screens.map((screen) => ({ ...screen, remote }));
}

export const publicRemoteRoutes: PublicRouteDef[] = routesOf(marketing);

export const protectedRemoteRoutes: RemoteRouteDef[] = [dashboard, files, customers, invoices].flatMap(routesOf);

/** "/about/" counts as "/about". */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** The public page at `pathname`, if it is one. */
export function publicRouteFor(pathname: string): PublicRouteDef | undefined {
  const path = withoutTrailingSlash(pathname);
  return publicRemoteRoutes.find((route) => route.path === path);
}

/** Whether `path` is the route's: each segment as written, a `:name` segment any one segment ("/customers/:id"). */
function routeMatches(route: string, path: string): boolean {
  if (!route.includes(":")) return route === path;
  const want = route.split("/");
  const have = path.split("/");
  return (
    want.length === have.length &&
    want.every((part, index) => (part.startsWith(":") ? have[index] !== "" : part === have[index]))
  );
}

/** The protected screen at `pathname`, if it is one. */
export function protectedRouteFor(pathname: string): RemoteRouteDef | undefined {
  const path = withoutTrailingSlash(pathname);
  return protectedRemoteRoutes.find((route) => routeMatches(route.path, path));
}

/** The remote route for a pathname, if any; protected ones only for a signed-in user. */
export function remoteRouteFor(pathname: string, signedIn: boolean): RemoteRouteDef | undefined {
  return publicRouteFor(pathname) ?? (signedIn ? protectedRouteFor(pathname) : undefined);
}
