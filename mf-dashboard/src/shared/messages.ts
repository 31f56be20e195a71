/** German texts more than one of the dashboard's features shows. */
export const sharedMessages = {
  roles: { admin: "Admin", staff: "Team" },
  cancel: "Abbrechen",
  close: "Schließen",
} as const;
