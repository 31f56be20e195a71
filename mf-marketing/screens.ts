import type { RemoteScreen, RemoteScreens } from "@klarwerk/kit";

/** A public page: a marketing screen with the description search engines show. */
export type PublicScreen = RemoteScreen & { description: string };

/**
 * The marketing remote's screens, the public pages (see `RemoteScreens` in the kit for who reads
 * this list); the prerender renders each one's HTML with its title and description.
 */
export const screens: RemoteScreens<PublicScreen> = {
  remote: "mf_marketing",
  screens: [
    {
      path: "/",
      expose: "Home",
      title: "Klarwerk Digital – Digitalisierung für den Mittelstand",
      description:
        "Klarwerk Digital löst digitale Probleme für lokale Unternehmen und den Mittelstand: Webdesign, Online-Shops, Performance-Marketing, Automatisierung und Support – persönlich, praktisch, partnerschaftlich.",
    },
    {
      path: "/about",
      expose: "About",
      title: "Über uns – Klarwerk Digital",
      description:
        "Lernen Sie das Team von Klarwerk Digital kennen: wie wir arbeiten, wofür wir stehen und warum unsere Kunden bei uns immer wissen, woran sie sind.",
    },
    {
      path: "/services",
      expose: "Services",
      title: "Leistungen – Klarwerk Digital",
      description:
        "Websites und Online-Shops, Webentwicklung, SEO und Content, Performance-Marketing, Recruiting, Prozessautomatisierung und Support: die Leistungen von Klarwerk Digital im Überblick.",
    },
    {
      path: "/contact",
      expose: "Contact",
      title: "Kontakt – Klarwerk Digital",
      description:
        "Schreiben Sie uns, rufen Sie an oder chatten Sie mit uns: Klarwerk Digital antwortet binnen 24 Stunden. Erreichbar Mo-Fr 9:00-18:00, bundesweit.",
    },
    {
      path: "/impressum",
      expose: "Impressum",
      title: "Impressum – Klarwerk Digital",
      description:
        "Impressum der Klarwerk Digital GmbH: Anbieterkennzeichnung nach § 5 DDG, Kontakt und Registerangaben.",
    },
    {
      path: "/datenschutz",
      expose: "Datenschutz",
      title: "Datenschutz – Klarwerk Digital",
      description:
        "Datenschutzerklärung von Klarwerk Digital: welche Daten wir über das Kontaktformular speichern, wie lange, und welche Rechte Sie haben.",
    },
  ],
};
