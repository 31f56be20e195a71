import { openRequestsPage } from "@klarwerk/kit";

/** German answers of /api/requests. */
export const requestsApiMessages = {
  invalidId: "Die Nummer der Anfrage ist ungültig.",
  notFound: "Diese Anfrage gibt es nicht.",
  alreadyDone: "Diese Anfrage ist bereits erledigt.",
  invalidLimit: `Der Parameter „limit“ muss eine ganze Zahl von 1 bis ${openRequestsPage.maxLimit} sein.`,
  invalidBefore: "Der Parameter „before“ muss die Nummer einer Anfrage sein.",
} as const;
