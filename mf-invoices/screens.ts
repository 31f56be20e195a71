import type { RemoteScreens } from "@klarwerk/kit";

/** The invoice tool's screens (see `RemoteScreens` in the kit for who reads this list). */
export const screens: RemoteScreens = {
  remote: "mf_invoices",
  screens: [
    { path: "/invoices", expose: "Invoices", title: "Rechnungstool – Klarwerk Digital" },
    { path: "/invoices/auswertung", expose: "Auswertung", title: "Auswertung – Klarwerk Digital" },
    { path: "/invoices/angebote", expose: "Quotes", title: "Angebote – Klarwerk Digital" },
    {
      path: "/invoices/wiederkehrend",
      expose: "Wiederkehrend",
      title: "Wiederkehrende Rechnungen – Klarwerk Digital",
    },
  ],
};
