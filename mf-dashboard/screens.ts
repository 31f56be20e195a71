import type { RemoteScreens } from "@klarwerk/kit";

/** The dashboard remote's screens (see `RemoteScreens` in the kit for who reads this list). */
export const screens: RemoteScreens = {
  remote: "mf_dashboard",
  screens: [
    { path: "/dashboard", expose: "Dashboard", title: "Dashboard – Klarwerk Digital" },
    { path: "/account", expose: "Account", title: "Mein Konto – Klarwerk Digital" },
    { path: "/users", expose: "Users", title: "Benutzer – Klarwerk Digital", adminOnly: true },
    { path: "/releases", expose: "Releases", title: "Auslieferung – Klarwerk Digital", adminOnly: true },
    { path: "/outbox", expose: "Outbox", title: "Postausgang – Klarwerk Digital", adminOnly: true },
    { path: "/audit", expose: "Audit", title: "Protokoll – Klarwerk Digital", adminOnly: true },
    { path: "/privacy", expose: "Privacy", title: "Datenschutz – Klarwerk Digital", adminOnly: true },
  ],
};

/** The dashboard's „Betrieb“ block for admins is found at /dashboard#betrieb (the header's „Verwaltung“ links to it). */
export const operationsAnchor = "betrieb";
