import type { FederationName } from "@klarwerk/kit";

/**
 * The routes whose page is a remote's exposed module, with their German document titles (and, for
 * the public pages, the meta description search engines show). The router builds its remote
 * routes from this list, the bootstrap uses it to start fetching the first page's remote while
 * React starts, and the prerender writes each public page's HTML from it.
 */
export interface RemoteRouteDef {
  path: string;
  remote: FederationName;
  expose: string;
  title: string;
  description?: string;
  /** Only for accounts with the admin role; everyone else signed in sees "Kein Zugriff". */
  adminOnly?: boolean;
}

export interface PublicRouteDef extends RemoteRouteDef {
  description: string;
}

export const publicRemoteRoutes: PublicRouteDef[] = [
  {
    path: "/",
    remote: "mf_marketing",
    expose: "Home",
    title: "Klarwerk Digital – Digitalisierung für den Mittelstand",
    description:
      "Klarwerk Digital löst digitale Probleme für lokale Unternehmen und den Mittelstand: Webdesign, Online-Shops, Performance-Marketing, Automatisierung und Support – persönlich, praktisch, partnerschaftlich.",
  },
  {
    path: "/about",
    remote: "mf_marketing",
    expose: "About",
    title: "Über uns – Klarwerk Digital",
    description:
      "Lernen Sie das Team von Klarwerk Digital kennen: wie wir arbeiten, wofür wir stehen und warum unsere Kunden bei uns immer wissen, woran sie sind.",
  },
  {
    path: "/services",
    remote: "mf_marketing",
    expose: "Services",
    title: "Leistungen – Klarwerk Digital",
    description:
      "Websites und Online-Shops, Webentwicklung, SEO und Content, Performance-Marketing, Recruiting, Prozessautomatisierung und Support: die Leistungen von Klarwerk Digital im Überblick.",
  },
  {
    path: "/contact",
    remote: "mf_marketing",
    expose: "Contact",
    title: "Kontakt – Klarwerk Digital",
    description:
      "Schreiben Sie uns, rufen Sie an oder chatten Sie mit uns: Klarwerk Digital antwortet binnen 24 Stunden. Erreichbar Mo-Fr 9:00-18:00, bundesweit.",
  },
  {
    path: "/impressum",
    remote: "mf_marketing",
    expose: "Impressum",
    title: "Impressum – Klarwerk Digital",
    description:
      "Impressum der Klarwerk Digital GmbH: Anbieterkennzeichnung nach § 5 DDG, Kontakt und Registerangaben.",
  },
  {
    path: "/datenschutz",
    remote: "mf_marketing",
    expose: "Datenschutz",
    title: "Datenschutz – Klarwerk Digital",
    description:
      "Datenschutzerklärung von Klarwerk Digital: welche Daten wir über das Kontaktformular speichern, wie lange, und welche Rechte Sie haben.",
  },
];

export const protectedRemoteRoutes: RemoteRouteDef[] = [
  { path: "/dashboard", remote: "mf_dashboard", expose: "Dashboard", title: "Dashboard – Klarwerk Digital" },
  { path: "/data", remote: "mf_files", expose: "Files", title: "Dateien – Klarwerk Digital" },
  { path: "/customers", remote: "mf_customers", expose: "Customers", title: "Kundenverwaltung – Klarwerk Digital" },
  { path: "/invoices", remote: "mf_invoices", expose: "Invoices", title: "Rechnungstool – Klarwerk Digital" },
  { path: "/account", remote: "mf_dashboard", expose: "Account", title: "Mein Konto – Klarwerk Digital" },
  { path: "/users", remote: "mf_dashboard", expose: "Users", title: "Benutzer – Klarwerk Digital", adminOnly: true },
  {
    path: "/outbox",
    remote: "mf_dashboard",
    expose: "Outbox",
    title: "Postausgang – Klarwerk Digital",
    adminOnly: true,
  },
];

export interface RouteHandle {
  title?: string;
  description?: string;
}

/** "/about/" counts as "/about". */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** The public page at `pathname`, if it is one. */
export function publicRouteFor(pathname: string): PublicRouteDef | undefined {
  const path = withoutTrailingSlash(pathname);
  return publicRemoteRoutes.find((route) => route.path === path);
}

/** The remote route for a pathname, if any; protected ones only for a signed-in user. */
export function remoteRouteFor(pathname: string, signedIn: boolean): RemoteRouteDef | undefined {
  const path = withoutTrailingSlash(pathname);
  return publicRouteFor(path) ?? (signedIn ? protectedRemoteRoutes.find((route) => route.path === path) : undefined);
}
