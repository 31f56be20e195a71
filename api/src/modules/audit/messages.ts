import { auditPaging } from "@klarwerk/kit";
import { invalidLimitParam } from "../../http/messages.ts";

/** German answers of /api/audit that only the API gives (the screen's texts are the kit's `auditMessages`). */
export const auditApiMessages = {
  invalidLimit: invalidLimitParam(auditPaging.maxLimit),
  invalidBefore: "Der Parameter „before“ muss eine Eintragsnummer sein.",
  invalidActor: "Der Parameter „actor_id“ muss eine Kontonummer sein.",
  invalidAction: "Der Parameter „action“ ist keine bekannte Aktion.",
  invalidObjectType: "Der Parameter „object_type“ ist keine bekannte Objektart.",
  invalidObjectId: "Der Parameter „object_id“ ist ungültig.",
  invalidDate: (name: string) => `Der Parameter „${name}“ muss ein Datum (JJJJ-MM-TT) sein.`,
  invalidRange: "Der Zeitraum endet vor seinem Beginn.",
} as const;
