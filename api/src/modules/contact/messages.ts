import { limits, personFieldMessages } from "@klarwerk/kit";

/** German answers of POST /api/contact. */
export const contactApiMessages = {
  ...personFieldMessages,
  companyInvalid: "Bitte geben Sie Ihr Unternehmen als Text ein.",
  companyTooLong: `Der Name des Unternehmens darf höchstens ${limits.companyMax} Zeichen lang sein.`,
  messageRequired: "Bitte geben Sie eine Nachricht ein.",
  messageTooLong: `Die Nachricht darf höchstens ${limits.messageMax} Zeichen lang sein.`,
  tooManyRequests:
    "Sie haben in kurzer Zeit sehr viele Nachrichten gesendet. Bitte versuchen Sie es in einigen Minuten erneut oder rufen Sie uns an.",
} as const;
