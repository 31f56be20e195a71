/** The dashboard's notice for admins: access requests waiting for approval. */
export const accessNoticeMessages = {
  waiting: (count: number, shown: string) =>
    count === 1 ? `${shown} Zugangsanfrage wartet auf Freigabe.` : `${shown} Zugangsanfragen warten auf Freigabe.`,
  link: "Zur Benutzerverwaltung",
} as const;

/** The dashboard's "Betrieb" block for admins: how the running product is doing. */
export const operationsMessages = {
  title: "Betrieb",
  blobCheck: "Speicherprüfung",
  neverRun: "Noch nicht gelaufen. Sie prüft wöchentlich alle gespeicherten Dateien.",
  checked: (when: string, count: string) => `Zuletzt am ${when}: ${count} Dateien geprüft.`,
  allGood: "Alles in Ordnung.",
  problems: (count: number, shown: string) => (count === 1 ? "1 Problem gefunden:" : `${shown} Probleme gefunden:`),
  sizeOnly: (count: string) => `${count} davon nur nach Größe, ihre Prüfsumme fehlte noch.`,
  backfill: (count: string) => `Prüfsummen älterer Dateien werden nachgetragen, noch ${count}.`,
  more: (count: string) => `… und ${count} weitere.`,
  kinds: { missing: "fehlt", changed: "verändert", orphaned: "ohne Eintrag" },
  row: {
    files: (id: number) => `Datei ${id}`,
    invoices: (id: number) => `Rechnung ${id}`,
    releases: (id: number) => `Release-Datei ${id}`,
  } as Record<string, (id: number) => string>,
  orphan: (blobId: string) => `Speicherobjekt ${blobId.slice(0, 8)}…`,
  mailDelivery: "E-Mail-Versand",
  mailNotConfigured: "Nicht eingerichtet (SMTP_URL fehlt): E-Mails warten im Postausgang.",
  mailRetrying: (count: number, shown: string, since: string) =>
    count === 1
      ? `1 E-Mail wartet seit ${since} auf einen neuen Versuch.`
      : `${shown} E-Mails warten seit ${since} auf einen neuen Versuch.`,
  mailLastError: (reason: string) => `Letzte Antwort des Mailservers: ${reason}`,
  mailFailed: (count: number, shown: string) =>
    count === 1
      ? "1 E-Mail wurde nicht zugestellt; Sie können sie im Postausgang erneut senden."
      : `${shown} E-Mails wurden nicht zugestellt; Sie können sie im Postausgang erneut senden.`,
  backup: "Letzte Sicherung",
  restoreDrill: "Letzte geprüfte Wiederherstellung",
  noBackup:
    "Noch keine. Die Sicherung läuft nach Zeitplan (BACKUP_SCHEDULE), mit „Jetzt sichern“ oder „bun run backup“.",
  backupNow: "Jetzt sichern",
  backupStarted: "Die Sicherung läuft. Ihr Ergebnis erscheint hier, sobald sie fertig ist.",
  backupNotStarted: "Die Sicherung wurde nicht begonnen",
  backupRunning: (since: string) => `Eine Sicherung läuft seit ${since} …`,
  backupFinished: "Die Sicherung ist fertig",
  backupFailed: "Die Sicherung ist fehlgeschlagen",
  noDrill: "Noch keine. Sie läuft täglich nach der Sicherung oder mit „bun run restore-drill“.",
  run: (when: string, seconds: string) => `Am ${when}, Dauer ${seconds} s:`,
  runOk: "erfolgreich.",
  runFailed: "fehlgeschlagen.",
  setSize: (set: string, size: string) => `Stand ${set}, ${size}.`,
} as const;
