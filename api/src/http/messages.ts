import { limits } from "@klarwerk/kit";
/** German answers of the HTTP layer, shared by every module. */
export const httpMessages = {
  badRequest: "Die Anfrage konnte nicht gelesen werden.",
  notJsonObject: "Die Anfrage muss ein JSON-Objekt enthalten.",
  invalidInput: "Die Eingaben sind ungültig.",
  invalidField: (field: string) => `Die Angabe im Feld „${field}“ ist ungültig.`,
  unauthorized: "Bitte melden Sie sich an.",
  notFound: "Nicht gefunden.",
  lengthRequired: "Die Anfrage muss ihre Länge angeben.",
  payloadTooLarge: "Die Anfrage ist zu groß.",
  unsupportedFileType: "Dieser Dateityp wird nicht unterstützt.",
  internal: "Interner Serverfehler.",
  databaseUnavailable: "Die Datenbank ist nicht erreichbar.",
} as const;

/** Name and e-mail are asked for by more than one form (sign-up, contact): one wording for all. */
export const personFieldMessages = {
  nameRequired: "Bitte geben Sie Ihren Namen ein.",
  nameTooLong: `Der Name darf höchstens ${limits.nameMax} Zeichen lang sein.`,
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
} as const;
