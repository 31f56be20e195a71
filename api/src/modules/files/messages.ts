import { formatSizeLimit } from "@klarwerk/kit";

/** German answers of /api/files. */
export const filesApiMessages = {
  invalidId: "Die Dateinummer ist ungültig.",
  notFound: "Diese Datei gibt es nicht.",
  contentMissing: "Der Inhalt dieser Datei fehlt auf dem Server.",
  notMultipart: "Bitte senden Sie die Datei als multipart/form-data.",
  fileMissing: "Bitte wählen Sie eine Datei aus.",
  oneFileOnly: "Bitte laden Sie genau eine Datei pro Anfrage hoch.",
  unexpectedField: "Die Anfrage enthält unbekannte Felder.",
  nameTooLong: "Der Dateiname darf höchstens 255 Zeichen lang sein.",
  nameRequired: "Bitte geben Sie einen Dateinamen ein.",
  nameInvalid: "Der Dateiname darf keine Steuerzeichen enthalten.",
  nameSlash: "Der Dateiname darf weder „/“ noch „\\“ enthalten.",
  invalidFolder: "Der Zielordner ist ungültig.",
  changeEmpty: "Bitte geben Sie einen neuen Namen oder einen Zielordner an.",
  searchRequired: "Bitte geben Sie einen Suchbegriff ein.",
  searchTooLong: "Der Suchbegriff darf höchstens 200 Zeichen lang sein.",
  invalidPage: "Die Seitenzahl ist ungültig.",
  tooLarge: (maxBytes: number) => `Die Datei ist zu groß. Erlaubt sind höchstens ${formatSizeLimit(maxBytes)}.`,
  uploadBroken: "Die Übertragung wurde unterbrochen. Bitte laden Sie die Datei erneut hoch.",
  diskFull: "Auf dem Server ist nicht genug Speicherplatz frei.",
  storedIncomplete: "Die Datei wurde nicht vollständig gespeichert. Bitte laden Sie sie erneut hoch.",
  noPreview: "Für diese Datei gibt es keine Vorschau.",
  linkInvalid: "Der Download-Link ist ungültig oder abgelaufen.",
  rangeNotSatisfiable: "Der angefragte Bereich liegt außerhalb der Datei.",
} as const;
