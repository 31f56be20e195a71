import { userRoleLabels } from "@klarwerk/kit";

/** German texts more than one of the dashboard's features shows. */
export const sharedMessages = {
  roles: userRoleLabels,
  cancel: "Abbrechen",
  close: "Schließen",
} as const;
