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
