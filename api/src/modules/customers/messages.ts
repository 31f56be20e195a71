import { customerImportLimits, customerLimits, customerPageLimits, customerPaging } from "@klarwerk/kit";
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
  invalidFileId: "Die Dateinummer ist ungültig.",
  fileIdRequired: "Bitte geben Sie die Nummer der Datei an („file_id“, eine ganze Zahl ab 1).",
  fileNotFound: "Diese Datei gibt es nicht (mehr), oder sie liegt im Papierkorb.",
  fileLinkNotFound: "Diese Datei ist mit diesem Kunden nicht verknüpft.",
  invalidTimelinePage: `Die Parameter „page“ und „limit“ müssen ganze Zahlen ab 1 sein, „limit“ höchstens ${customerPageLimits.timelineMaxLimit}.`,
  invalidTagFilter: `Der Parameter „tag“ darf höchstens ${customerPageLimits.tagMax} Zeichen lang sein.`,
  invalidLimit: invalidLimitParam(customerPaging.maxLimit),
  invalidStatusFilter: "Der Parameter „status“ ist kein bekannter Kundenstatus.",
  invalidAfter: "Der Parameter „after“ muss eine Kundennummer sein (eine ganze Zahl ab 1).",
  invalidSearch: `Der Suchbegriff darf höchstens ${customerLimits.nameMax} Zeichen lang sein.`,
  invalidText: (field: string) => `Das Feld „${field}“ muss Text sein.`,
  statusRequired: "Bitte geben Sie den Status des Kunden an.",
  invalidExportFormat: "Der Parameter „format“ muss „excel“ oder „csv“ sein.",
  tooManyExports: "Zu viele Exporte in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
} as const;

const count = (value: number) => value.toLocaleString("de-DE");

/** German answers of the customer import (decision 0099). */
export const customerImportMessages = {
  tooLarge: `Die Datei ist zu groß. Erlaubt sind höchstens ${customerImportLimits.maxBytes / 1024 / 1024} MB.`,
  empty: "Die Datei ist leer.",
  unstorable:
    "Die Datei enthält Zeichen, die nicht gespeichert werden können (z. B. Nullbytes). Ist es wirklich eine CSV-Datei?",
  noHeader: "Die erste Zeile der Datei muss die Spaltenüberschriften enthalten.",
  noRows: "Die Datei enthält nur die Kopfzeile, aber keine Kunden.",
  tooManyRows: `Die Datei hat mehr als ${count(customerImportLimits.maxRows)} Zeilen. Bitte teilen Sie sie in mehrere Dateien auf.`,
  tooManyColumns: `Die Datei hat mehr als ${customerImportLimits.maxColumns} Spalten. Ist das Trennzeichen richtig?`,
  quoteNotClosed: (line: number) =>
    `Die Datei ist ab Zeile ${line} nicht lesbar: Ein Anführungszeichen wird nicht geschlossen.`,
  brokenQuotes: (line: number) =>
    `Die Datei ist in Zeile ${line} nicht lesbar: Nach einem schließenden Anführungszeichen folgt weiterer Text.`,
  rowTooLong: (line: number) =>
    `Zeile ${line} ist länger als ${count(customerImportLimits.maxRowChars)} Zeichen. Ist das Trennzeichen richtig?`,
  strayByteOrderMarks: (marks: number) =>
    marks === 1
      ? "Ein unsichtbares Zeichen (Byte-Order-Mark) mitten in der Datei wurde entfernt."
      : `${count(marks)} unsichtbare Zeichen (Byte-Order-Mark) mitten in der Datei wurden entfernt.`,
  moreCellsThanHeaders: "Die Zeile hat mehr ausgefüllte Zellen als die Kopfzeile Spalten.",
  notFound: "Diesen Import gibt es nicht (mehr).",
  mappingShape: "Die Zuordnung muss für jede Spalte der Datei ein Feld oder „nicht importieren“ angeben.",
  mappingTwice: (label: string) => `Das Feld „${label}“ ist mehreren Spalten zugeordnet.`,
  mappingNeedsKey: "Bitte ordnen Sie mindestens eine der Spalten „Name“, „Kundennummer“ oder „E-Mail“ zu.",
  choicesShape: "Die Entscheidungen für Konflikte müssen je Zeile „skip“, „update“ oder „create“ sein.",
  choiceNotOffered: (line: number) => `Für Zeile ${line} ist diese Entscheidung nicht möglich.`,
  notCheckedYet: "Bitte führen Sie zuerst den Probelauf aus.",
  alreadyImported: "Diese Datei wurde bereits importiert.",
  changedSinceCheck: (rows: string) =>
    `Seit dem Probelauf wurden Kunden geändert oder angelegt: ${rows}. Bitte führen Sie den Probelauf erneut aus; es wurde nichts importiert.`,
  notImported: "Dieser Import wurde nicht ausgeführt und kann nicht rückgängig gemacht werden.",
  alreadyUndone: "Dieser Import wurde bereits rückgängig gemacht.",
  undoExpired: `Ein Import kann nur ${customerImportLimits.undoDays} Tage lang rückgängig gemacht werden.`,
  changedSinceImport: (rows: string) =>
    `Der Import kann nicht rückgängig gemacht werden, weil seit dem Import Kunden geändert wurden: ${rows}. Es wurde nichts rückgängig gemacht.`,
  // The reasons of the dry run's rows.
  customerNumberNotANumber: (value: string) => `Die Kundennummer „${value}“ ist keine Zahl.`,
  customerNumberUnknown: (id: number) =>
    `Einen Kunden mit der Kundennummer ${id} gibt es nicht. Neue Kunden bekommen ihre Nummer beim Anlegen; lassen Sie die Zelle leer.`,
  statusUnknown: (value: string) => `Den Status „${value}“ gibt es nicht.`,
  nameMissing: "Name ist Pflicht (für neue Kunden).",
  sameCustomerAs: (line: number) => `Derselbe Kunde wie in Zeile ${line}.`,
  sameEmailAs: (line: number) => `Dieselbe E-Mail-Adresse wie in Zeile ${line}.`,
  emailOfOther: (other: string, numbered: string) =>
    `Die E-Mail-Adresse gehört zu ${other}, die Kundennummer zu ${numbered}.`,
  emailWithOtherName: (other: string) => `Gleiche E-Mail-Adresse wie ${other}, aber ein anderer Name.`,
  emailOfSeveral: (others: string) => `Mehrere Kunden haben diese E-Mail-Adresse: ${others}.`,
  changes: (fields: string) => `Ändert: ${fields}`,
  customerNamed: (name: string, id: number) => `„${name}“ (Nr. ${id})`,
  andMore: (more: number) => `und ${count(more)} weitere`,
  changedRow: (name: string, id: number, line: number) => `„${name}“ (Nr. ${id}, Zeile ${line})`,
  deletedRow: (id: number, line: number) => `Nr. ${id} (Zeile ${line}, gelöscht)`,
  usedRow: (name: string, id: number, line: number) =>
    `„${name}“ (Nr. ${id}, Zeile ${line}, hat inzwischen Rechnungen, Angebote, Ansprechpartner, Notizen, Tags oder Anfragen)`,
} as const;
