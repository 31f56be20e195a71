import { limits } from "@klarwerk/kit";

/** German answers of POST /api/contact. */
export const contactApiMessages = {
  nameRequired: "Bitte geben Sie Ihren Namen ein.",
  nameTooLong: `Der Name darf höchstens ${limits.nameMax} Zeichen lang sein.`,
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  companyInvalid: "Bitte geben Sie Ihr Unternehmen als Text ein.",
  companyTooLong: `Der Name des Unternehmens darf höchstens ${limits.companyMax} Zeichen lang sein.`,
  messageRequired: "Bitte geben Sie eine Nachricht ein.",
  messageTooLong: `Die Nachricht darf höchstens ${limits.messageMax} Zeichen lang sein.`,
  tooManyRequests:
    "Sie haben in kurzer Zeit sehr viele Nachrichten gesendet. Bitte versuchen Sie es in einigen Minuten erneut oder rufen Sie uns an.",
} as const;
