import { openRequestsPage } from "@klarwerk/kit";
import { invalidLimitParam } from "../../http/messages.ts";

/** German answers of /api/requests. */
export const requestsApiMessages = {
  invalidId: "Die Nummer der Anfrage ist ungültig.",
  notFound: "Diese Anfrage gibt es nicht.",
  alreadyDone: "Diese Anfrage ist bereits erledigt.",
  invalidLimit: invalidLimitParam(openRequestsPage.maxLimit),
  invalidBefore: "Der Parameter „before“ muss die Nummer einer Anfrage sein.",
} as const;
