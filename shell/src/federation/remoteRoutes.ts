/**
 * The routes whose page is a remote's exposed module, with their German document titles. The
 * router builds its remote routes from this list, and the bootstrap uses it to start fetching the
 * first page's remote while React starts.
 */
export interface RemoteRouteDef {
  path: string;
  remote: "mf_marketing" | "mf_dashboard" | "mf_files" | "mf_customers" | "mf_invoices";
  expose: string;
  title: string;
}

export const publicRemoteRoutes: RemoteRouteDef[] = [
  {
    path: "/",
    remote: "mf_marketing",
    expose: "Home",
    title: "Klarwerk Digital – Digitalisierung für den Mittelstand",
  },
  { path: "/about", remote: "mf_marketing", expose: "About", title: "Über uns – Klarwerk Digital" },
  { path: "/services", remote: "mf_marketing", expose: "Services", title: "Leistungen – Klarwerk Digital" },
  { path: "/contact", remote: "mf_marketing", expose: "Contact", title: "Kontakt – Klarwerk Digital" },
  { path: "/impressum", remote: "mf_marketing", expose: "Impressum", title: "Impressum – Klarwerk Digital" },
  { path: "/datenschutz", remote: "mf_marketing", expose: "Datenschutz", title: "Datenschutz – Klarwerk Digital" },
];

export const protectedRemoteRoutes: RemoteRouteDef[] = [
  { path: "/dashboard", remote: "mf_dashboard", expose: "Dashboard", title: "Dashboard – Klarwerk Digital" },
  { path: "/data", remote: "mf_files", expose: "Files", title: "Dateien – Klarwerk Digital" },
  { path: "/customers", remote: "mf_customers", expose: "Customers", title: "Kundenverwaltung – Klarwerk Digital" },
  { path: "/invoices", remote: "mf_invoices", expose: "Invoices", title: "Rechnungstool – Klarwerk Digital" },
];

export interface RouteHandle {
  title?: string;
}

/** The remote route for a pathname ("/about/" counts as "/about"), if any. */
export function remoteRouteFor(pathname: string, signedIn: boolean): RemoteRouteDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (
    publicRemoteRoutes.find((route) => route.path === path) ??
    (signedIn ? protectedRemoteRoutes.find((route) => route.path === path) : undefined)
  );
}
