import type { RemoteScreens } from "@klarwerk/kit";

/** The customer management's screens (see `RemoteScreens` in the kit for who reads this list). */
export const screens: RemoteScreens = {
  remote: "mf_customers",
  screens: [{ path: "/customers", expose: "Customers", title: "Kundenverwaltung – Klarwerk Digital" }],
};
