import { type PublicRouteDef, publicRemoteRoutes, withoutTrailingSlash } from "../federation/remote-routes";

/** The shell's own screens that run on the light public router. */
export type ShellScreenName = "Login" | "Register";

/** A page whose screen is the shell's own: sign-in and sign-up. */
export interface ShellPageDef {
  path: string;
  shell: ShellScreenName;
  title: string;
  description: string;
}

/**
 * Sign-in and sign-up: staff and customers meet /login first, so these are first pages like the
 * marketing ones (prerendered, on the light public router, without Mantine) and share their budget
 * (docs/decisions/0036-public-page-budget.md).
 */
export const shellPublicPages: ShellPageDef[] = [
  {
    path: "/login",
    shell: "Login",
    title: "Anmelden – Klarwerk Digital",
    description:
      "Melden Sie sich im Kundenportal von Klarwerk Digital an: Ihre Dateien, Kunden, Rechnungen und Anfragen an einem Ort.",
  },
  {
    path: "/register",
    shell: "Register",
    title: "Registrieren – Klarwerk Digital",
    description:
      "Registrieren Sie sich für das Kundenportal von Klarwerk Digital. Unser Team prüft Ihre Anfrage und schaltet Ihren Zugang frei.",
  },
];

/** A page of the light public router: a marketing page (a remote's screen) or a shell page. */
export type PublicPage = PublicRouteDef | ShellPageDef;

export function isRemotePage(page: PublicPage): page is PublicRouteDef {
  return "remote" in page;
}

/** Every page the light public router shows, each prerendered at build time. */
export const publicPages: readonly PublicPage[] = [...publicRemoteRoutes, ...shellPublicPages];

/**
 * Every page a visitor may arrive on from outside (search results, a bookmark, a link in a mail):
 * bench/public-pages.ts measures these.
 */
export const firstPagePaths: readonly string[] = publicPages.map((page) => page.path);

/** The page at `pathname` if the light public router shows it ("/about/" counts as "/about"). */
export function publicPageFor(pathname: string): PublicPage | undefined {
  const path = withoutTrailingSlash(pathname);
  return publicPages.find((page) => page.path === path);
}

/** How a page's screen is keyed (lazy components, the prerender's screens): `<remote>/<expose>` or `shell/<name>`. */
export function screenKey(page: PublicPage): string {
  return isRemotePage(page) ? `${page.remote}/${page.expose}` : `shell/${page.shell}`;
}
