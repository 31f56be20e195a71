/** The reminders' screen texts beyond the kit's labels (`reminderLabels`). */
export const reminderScreenMessages = {
  dialogTitle: "Zahlungserinnerung / Mahnung",
  dialogIntro:
    "Für jede Rechnung wird die nächste Stufe erstellt. Ob sie noch offen ist, wird beim Erstellen erneut geprüft: Eine inzwischen bezahlte oder stornierte Rechnung wird übersprungen.",
  consumerHint: "Verbraucher: 5 Prozentpunkte über dem Basiszinssatz, keine Verzugspauschale.",
  sendByMail: "per E-Mail an den Kunden senden",
  sendByMailHint:
    "Mit dem PDF an die beim Kunden hinterlegte E-Mail-Adresse. Ist die Rechnung beim Versand bezahlt oder storniert, geht die E-Mail nicht hinaus.",
  loading: "Berechnung wird geladen …",
  loadFailed: "Die Berechnung konnte nicht geladen werden.",
  make: (count: number) => (count === 1 ? "1 Erinnerung erstellen" : `${count} Erinnerungen erstellen`),
  nothingToMake: "Keine der Rechnungen kann jetzt erinnert werden.",
  made: "erstellt",
  skipped: "übersprungen",
  results: "Ergebnis",
  madeCount: (made: number, skipped: number) =>
    `${made === 1 ? "1 Erinnerung" : `${made} Erinnerungen`} erstellt, ${skipped} übersprungen.`,
  failed: "Die Erinnerungen konnten nicht erstellt werden.",
  close: "Schließen",
  abort: "Abbrechen",
  invoice: "Rechnung",
  outcome: "Ergebnis",
  downloadPdf: "PDF",
  // The visible „PDF“ is part of the name (axe: label-content-name-mismatch; it skips parentheses).
  downloadPdfOf: (label: string, number: string) => `PDF der ${label} zu Rechnung ${number} herunterladen`,
  downloadFailed: "Die PDF-Datei konnte nicht heruntergeladen werden.",
  overdueTitle: "Überfällige Rechnungen erinnern",
  overdueHint: "Überfällige Rechnungen mit offenem Betrag. Wählen Sie Rechnungen aus oder erinnern Sie einzeln.",
  overdueNone: "Keine überfälligen Rechnungen.",
  selectAll: "Alle auswählen",
  select: (number: string) => `Rechnung ${number} auswählen`,
  remindOne: (number: string) => `Rechnung ${number} erinnern`,
  dueSince: (date: string) => `fällig seit ${date}`,
  sentTo: (date: string, to: string) => `versendet am ${date} an ${to}`,
  notSent: "noch nicht versendet",
  settingsDescription:
    "Gebühren je Stufe, Verzugszinsen über dem Basiszinssatz (§ 288 BGB) und die neue Zahlungsfrist. Zwischen Unternehmen wird die Verzugspauschale auf weitere Kosten der Rechtsverfolgung angerechnet (§ 288 Abs. 5 Satz 3 BGB).",
  settingsSave: "Mahnwesen speichern",
  settingsSaved: "Mahnwesen gespeichert.",
  settingsFailed: "Das Mahnwesen konnte nicht gespeichert werden.",
  baseRatesDescription:
    "Der Basiszinssatz gilt jeweils ab dem 1. Januar oder 1. Juli (Deutsche Bundesbank). Tragen Sie neue Sätze ein, sobald sie veröffentlicht sind.",
  baseRateSaved: "Basiszinssatz eingetragen.",
  adminOnly: "Nur Administratorinnen und Administratoren können das Mahnwesen ändern.",
} as const;
