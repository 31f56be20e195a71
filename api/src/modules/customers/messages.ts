import { customerLimits, customerPaging } from "@klarwerk/kit";
import { invalidLimitParam } from "../../http/messages.ts";

/**
 * German answers of /api/customers that only the API gives; the field rules' messages are
 * `customerMessages` in the kit, shared with the dialog.
 */
export const customersApiMessages = {
  invalidId: "Die Kundennummer ist ungültig.",
  notFound: "Diesen Kunden gibt es nicht.",
  invalidLimit: invalidLimitParam(customerPaging.maxLimit),
  invalidStatusFilter: "Der Parameter „status“ ist kein bekannter Kundenstatus.",
  invalidSearch: `Der Suchbegriff darf höchstens ${customerLimits.nameMax} Zeichen lang sein.`,
  invalidText: (field: string) => `Das Feld „${field}“ muss Text sein.`,
  statusRequired: "Bitte geben Sie den Status des Kunden an.",
} as const;
