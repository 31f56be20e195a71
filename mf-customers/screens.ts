import type { RemoteScreens } from "@klarwerk/kit";

/** The customer management's screens (see `RemoteScreens` in the kit for who reads this list). */
export const screens: RemoteScreens = {
  remote: "mf_customers",
  screens: [
    { path: "/customers", expose: "Customers", title: "Kundenverwaltung – Klarwerk Digital" },
    // One customer's page (decision 0095): `:id` is read by the screen from the address.
    { path: "/customers/:id", expose: "Customer", title: "Kunde – Klarwerk Digital" },
  ],
};
