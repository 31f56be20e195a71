import { customerLimits, customerPageLimits, customerPaging } from "@klarwerk/kit";
import { invalidLimitParam } from "../../http/messages.ts";

/**
 * German answers of /api/customers that only the API gives; the field rules' messages are
 * `customerMessages` in the kit, shared with the dialog.
 */
export const customersApiMessages = {
  invalidId: "Die Kundennummer ist ungültig.",
  notFound: "Diesen Kunden gibt es nicht.",
  invalidContactId: "Die Nummer des Ansprechpartners ist ungültig.",
  contactNotFound: "Diesen Ansprechpartner gibt es bei diesem Kunden nicht.",
  invalidTimelinePage: `Die Parameter „page“ und „limit“ müssen ganze Zahlen ab 1 sein, „limit“ höchstens ${customerPageLimits.timelineMaxLimit}.`,
  invalidTagFilter: `Der Parameter „tag“ darf höchstens ${customerPageLimits.tagMax} Zeichen lang sein.`,
  invalidLimit: invalidLimitParam(customerPaging.maxLimit),
  invalidStatusFilter: "Der Parameter „status“ ist kein bekannter Kundenstatus.",
  invalidSearch: `Der Suchbegriff darf höchstens ${customerLimits.nameMax} Zeichen lang sein.`,
  invalidText: (field: string) => `Das Feld „${field}“ muss Text sein.`,
  statusRequired: "Bitte geben Sie den Status des Kunden an.",
  invalidExportFormat: "Der Parameter „format“ muss „excel“ oder „csv“ sein.",
  tooManyExports: "Zu viele Exporte in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
} as const;
