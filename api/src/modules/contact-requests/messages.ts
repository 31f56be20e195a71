import { contactTextMessages, limits, openRequestsPage, personFieldMessages } from "@klarwerk/kit";
import { invalidLimitParam } from "../../http/messages.ts";

/** German answers of POST /api/contact (the public contact form). */
export const contactApiMessages = {
  ...personFieldMessages,
  ...contactTextMessages,
  companyInvalid: "Bitte geben Sie Ihr Unternehmen als Text ein.",
  companyTooLong: `Der Name des Unternehmens darf höchstens ${limits.companyMax} Zeichen lang sein.`,
  messageRequired: "Bitte geben Sie eine Nachricht ein.",
  messageTooLong: `Die Nachricht darf höchstens ${limits.messageMax} Zeichen lang sein.`,
  tooManyRequests:
    "Sie haben in kurzer Zeit sehr viele Nachrichten gesendet. Bitte versuchen Sie es in einigen Minuten erneut oder rufen Sie uns an.",
} as const;

/** German answers of /api/requests (the dashboard's list and "mark done"). */
export const requestsApiMessages = {
  invalidId: "Die Nummer der Anfrage ist ungültig.",
  notFound: "Diese Anfrage gibt es nicht.",
  alreadyDone: "Diese Anfrage ist bereits erledigt.",
  invalidLimit: invalidLimitParam(openRequestsPage.maxLimit),
  invalidBefore: "Der Parameter „before“ muss die Nummer einer Anfrage sein.",
  replyRequired: "Bitte schreiben Sie eine Antwort.",
  replyTooLong: `Die Antwort darf höchstens ${limits.messageMax} Zeichen lang sein.`,
} as const;
