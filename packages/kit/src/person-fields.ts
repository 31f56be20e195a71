import { limits } from "./rules";

// Apart from messages.ts (every German sentence of the portal): the public contact form needs
// these few, and importing them must not bring the rest into its bundle.

/**
 * Name and e-mail are asked for by several forms (sign-up, contact, customers): one wording for
 * all, in browser and API alike.
 */
export const personFieldMessages = {
  nameRequired: "Bitte geben Sie Ihren Namen ein.",
  nameTooLong: `Der Name darf höchstens ${limits.nameMax} Zeichen lang sein.`,
  nameControlCharacters: "Der Name darf keine Zeilenumbrüche oder Steuerzeichen enthalten.",
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
} as const;
