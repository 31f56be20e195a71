/** German answers of the HTTP layer, shared by every module. */
export const httpMessages = {
  badRequest: "Die Anfrage konnte nicht gelesen werden.",
  notJsonObject: "Die Anfrage muss ein JSON-Objekt enthalten.",
  invalidInput: "Die Eingaben sind ungültig.",
  unstorableText: "Die Anfrage enthält Zeichen, die nicht gespeichert werden können (etwa ein Nullzeichen).",
  invalidField: (field: string) => `Die Angabe im Feld „${field}“ ist ungültig.`,
  unauthorized: "Bitte melden Sie sich an.",
  adminOnly: "Diese Funktion steht nur Administratorinnen und Administratoren zur Verfügung.",
  notFound: "Nicht gefunden.",
  invalidPage: "Der Parameter „page“ muss eine ganze Zahl ab 1 sein.",
  lengthRequired: "Die Anfrage muss ihre Länge angeben.",
  payloadTooLarge: "Die Anfrage ist zu groß.",
  unsupportedFileType: "Dieser Dateityp wird nicht unterstützt.",
  internal: "Interner Serverfehler.",
  storedIncomplete: "Die Daten wurden nicht vollständig gespeichert. Bitte versuchen Sie es erneut.",
  databaseUnavailable: "Die Datenbank ist nicht erreichbar.",
} as const;

/** The `limit` query parameter of a paged list, bounded by that list's own maximum. */
export const invalidLimitParam = (max: number) => `Der Parameter „limit“ muss eine ganze Zahl von 1 bis ${max} sein.`;
