/**
 * The company behind the site. Shell, marketing pages and the invoice PDF read it from here,
 * so a change of address or phone number is made once.
 */
export const site = {
  name: "Klarwerk Digital",
  legalName: "Klarwerk Digital GmbH",
  /** Prefixes the browser-storage keys (`klarwerkuser`, `klarwerktoken`). */
  slug: "klarwerk",
  tagline: "Digitalisierung. Einfach. Persönlich.",
  website: "https://www.klarwerk-digital.de",
  email: "kontakt@klarwerk-digital.de",
  phone: "+49 30 5557 3910",
  phoneHref: "tel:+493055573910",
  chatUrl: "https://wa.me/493055573910",
  reviewUrl: "https://de.trustpilot.com/review/klarwerk-digital.de",
  reviewWidgetScript: "https://widget.trustpilot.com/bootstrap/v5/tp.widget.bootstrap.min.js",
  /** The review platform's widget (shown in the footer only after the visitor agreed). */
  reviewWidget: {
    platform: "Trustpilot",
    provider: "Trustpilot A/S, Pilestræde 58, 5. Stock, 1112 Kopenhagen, Dänemark",
    privacyUrl: "https://de.legal.trustpilot.com/for-reviewers/end-user-privacy-terms",
    templateId: "56278e9abfbbba0bdcd568bc",
    businessUnitId: "65f1c0a2b7e4d93a1c2f8e41",
    locale: "de-DE",
  },
  country: "Deutschland",
  /** Where we work: the location note of the contact page. */
  serviceArea: "bundesweit – remote und vor Ort",
  copyright: "© 2024",
  openingHours: "Mo-Fr 9:00-18:00",
  address: {
    street: "Lindenstraße 14",
    postalCode: "10969",
    city: "Berlin",
  },
  managingDirectors: ["Jana Kröger", "Malte Hoffmann"],
  register: { court: "Amtsgericht Charlottenburg", number: "HRB 245871 B" },
  vatId: "in Prüfung",
} as const;

export const storageKeys = {
  user: `${site.slug}user`,
  token: `${site.slug}token`,
  /** The visitor's choice about the review widget ("accepted" or "rejected"). */
  consent: `${site.slug}consent`,
  /**
   * A random id the shell makes once, so that a canary release of a remote reaches the same
   * visitors on every page load; no person is behind it, it leaves the browser only
   * as `/remotes.json?visitor=`.
   */
  visitor: `${site.slug}visitor`,
} as const;
