/** Every German text of the dashboard; the spec fixes the quoted ones. */
export const dashboardMessages = {
  welcome: (name: string) => `Willkommen, ${name}`,
  title: "Dashboard",
  description: "Ihre Kennzahlen und die offenen Kontaktanfragen auf einen Blick.",
  counters: {
    activeProjects: "Aktive Projekte",
    appointments: "Termine",
    done: "Abgeschlossen",
    open: "Offene Anfragen",
  },
  countersLabel: "Kennzahlen",
  requestsTitle: "Offene Anfragen",
  requestsHint: "Nachrichten aus dem Kontaktformular, die neuesten zuerst.",
  empty: "Keine offenen Anfragen",
  emptyHint: "Neue Nachrichten aus dem Kontaktformular erscheinen hier.",
  loading: "Lade Anfragen...",
  loadFailed: "Fehler beim Laden der Anfragen",
  refresh: "Aktualisieren",
  markDone: "Erledigt",
  updateFailed: (reason: string) => `Fehler beim Aktualisieren: ${reason}`,
  unknownError: "Unbekannter Fehler",
  shown: (shown: string, total: string) => `${shown} von ${total} offenen Anfragen angezeigt`,
  loadMore: "Weitere Anfragen laden",
  showMore: "Mehr anzeigen",
  showLess: "Weniger anzeigen",
  noValue: "-",
  columns: {
    name: "Name",
    email: "E-Mail",
    company: "Unternehmen",
    message: "Nachricht",
    createdAt: "Eingegangen",
    action: "Aktion",
  },
  details: {
    title: "Anfrage erledigt",
    receivedAt: "Eingegangen am",
    doneAt: "Erledigt am",
    doneBy: "Erledigt von",
    unknownUser: "Unbekannt (Konto gelöscht)",
    close: "Schließen",
  },
} as const;

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
  noDrill: "Noch keine. Sie läuft täglich nach der Sicherung oder mit „bun run restore-drill“.",
  run: (when: string, seconds: string) => `Am ${when}, Dauer ${seconds} s:`,
  runOk: "erfolgreich.",
  runFailed: "fehlgeschlagen.",
  setSize: (set: string, size: string) => `Stand ${set}, ${size}.`,
} as const;

/** Every German text of the user administration (/users) that only the browser shows. */
export const usersMessages = {
  title: "Benutzer",
  description: "Zugangsanfragen freigeben und die Konten des Teams verwalten.",
  loading: "Lade Benutzer...",
  loadFailed: "Fehler beim Laden der Benutzer",
  requestsTitle: "Zugangsanfragen",
  requestsHint: "Wer sich registriert hat, kann sich erst nach Ihrer Freigabe anmelden.",
  noRequests: "Keine offenen Zugangsanfragen.",
  accountsTitle: "Konten",
  accountsHint: "Gesperrte Konten können sich nicht anmelden; ihre Sitzungen enden sofort.",
  noAccounts: "Noch keine Konten.",
  you: "(Sie)",
  noValue: "-",
  columns: {
    name: "Name",
    email: "E-Mail",
    role: "Rolle",
    status: "Status",
    requestedAt: "Angefragt am",
    createdAt: "Registriert am",
    approved: "Freigegeben",
    actions: "Aktionen",
  },
  roles: { admin: "Admin", staff: "Team" },
  statuses: { pending: "Wartet auf Freigabe", active: "Aktiv", disabled: "Gesperrt" },
  approvedBy: (date: string, name: string | null) => (name ? `${date} von ${name}` : date),
  approve: "Freigeben",
  reject: "Ablehnen",
  disable: "Sperren",
  enable: "Entsperren",
  makeAdmin: "Zum Admin machen",
  revokeAdmin: "Admin-Rechte entziehen",
  delete: "Löschen",
  cancel: "Abbrechen",
  close: "Schließen",
  rejectDialog: {
    title: "Zugangsanfrage ablehnen?",
    text: (name: string, email: string) =>
      `Die Anfrage von ${name} (${email}) wird gelöscht. Die Person kann sich später erneut registrieren.`,
  },
  deleteDialog: {
    title: "Konto löschen?",
    text: (name: string, email: string) =>
      `Das Konto von ${name} (${email}) wird endgültig gelöscht und kann sich nicht mehr anmelden. Was die Person erledigt oder hochgeladen hat, bleibt unter ihrem Namen erhalten.`,
  },
  done: {
    approved: (name: string) => `${name} kann sich jetzt anmelden.`,
    rejected: (name: string) => `Die Anfrage von ${name} wurde abgelehnt.`,
    disabled: (name: string) => `Das Konto von ${name} ist gesperrt.`,
    enabled: (name: string) => `Das Konto von ${name} ist wieder freigegeben.`,
    madeAdmin: (name: string) => `${name} ist jetzt Admin.`,
    revokedAdmin: (name: string) => `${name} hat keine Admin-Rechte mehr.`,
    deleted: (name: string) => `Das Konto von ${name} wurde gelöscht.`,
  },
  changeFailed: "Änderung nicht möglich",
  deleteFailed: "Löschen nicht möglich",
  knownDevices: {
    title: "Bekannte Browser",
    hint: "Ein Browser, mit dem sich jemand schon einmal angemeldet hat, bleibt nach vielen Fehlversuchen anderer nicht gesperrt. Nach einem neuen Passwort oder wenn Sie ihn hier vergessen, gilt er wieder als unbekannt, bis sich die Person darin erneut anmeldet.",
    forgetOne: "Browser vergessen",
    forgetAll: "Bekannte Browser aller Konten vergessen",
    oneDialog: {
      title: "Bekannte Browser vergessen?",
      text: (name: string, email: string) =>
        `Die Browser, mit denen sich ${name} (${email}) angemeldet hat, gelten danach als unbekannt: Sperrt die Anmeldung nach vielen Fehlversuchen, kommt die Person erst nach Ablauf der Sperre wieder hinein. Bestehende Sitzungen bleiben erhalten.`,
    },
    allDialog: {
      title: "Bekannte Browser aller Konten vergessen?",
      text: "Alle Browser aller Konten gelten danach als unbekannt, Ihre eigenen eingeschlossen. Das ist richtig, wenn ein Gerät verloren ging oder gestohlen wurde. Bestehende Sitzungen bleiben erhalten.",
    },
    forgottenOne: (name: string) => `Die bekannten Browser von ${name} sind vergessen.`,
    forgottenAll: "Die bekannten Browser aller Konten sind vergessen.",
    failed: "Vergessen nicht möglich",
  },
} as const;

/** Every German text of "Mein Konto" (/account). */
export const accountMessages = {
  title: "Mein Konto",
  description: "Ihre Angaben und Ihr Passwort.",
  detailsTitle: "Ihre Angaben",
  name: "Name",
  email: "E-Mail",
  role: "Rolle",
  passwordTitle: "Passwort ändern",
  passwordHint: "Danach endet jede andere Sitzung Ihres Kontos, auf allen Geräten; diese bleibt angemeldet.",
  currentPassword: "Aktuelles Passwort",
  newPassword: "Neues Passwort",
  confirmPassword: "Neues Passwort bestätigen",
  submit: "Passwort ändern",
  submitting: "Wird geändert...",
  changed: "Passwort geändert",
  changedText: "Alle anderen Sitzungen Ihres Kontos wurden beendet.",
  changeFailed: "Passwort nicht geändert",
} as const;

/** German texts of "Antworten" in the request dialog. */
export const replyMessages = {
  open: "Antworten",
  openTitle: "Anfrage",
  repliesTitle: "Antworten",
  noReplies: "Noch keine Antwort gesendet.",
  sentBy: (name: string, date: string) => `${name}, ${date}`,
  formTitle: "Antwort an den Absender",
  formHint: "Geht per E-Mail an die Adresse der Anfrage; danach ist die Anfrage erledigt.",
  message: "Ihre Antwort",
  send: "Antwort senden",
  sent: "Antwort gesendet",
  sentText: (email: string) => `Die E-Mail an ${email} steht im Postausgang.`,
  sendFailed: "Antwort nicht gesendet",
  loadFailed: "Die Antworten konnten nicht geladen werden.",
} as const;

/** German texts of "Postausgang" (/outbox, admins only). */
export const outboxMessages = {
  title: "Postausgang",
  description: "Jede E-Mail des Portals: was wartet, was gesendet wurde und was fehlgeschlagen ist.",
  notConfigured: "E-Mail ist nicht eingerichtet",
  notConfiguredText:
    "SMTP_URL ist nicht gesetzt: Die E-Mails warten hier und werden gesendet, sobald der Versand eingerichtet ist.",
  loading: "Lade Postausgang...",
  loadFailed: "Fehler beim Laden des Postausgangs",
  refresh: "Aktualisieren",
  empty: "Noch keine E-Mails.",
  tableLabel: "E-Mails, die neuesten zuerst",
  columns: {
    state: "Status",
    to: "Empfänger",
    subject: "Betreff",
    createdAt: "Erstellt",
    attempts: "Versuche",
    lastError: "Letzter Fehler",
    actions: "Aktionen",
  },
  states: { waiting: "Wartet", sent: "Gesendet", failed: "Fehlgeschlagen" },
  show: "Anzeigen",
  resend: "Erneut senden",
  resent: "E-Mail wartet wieder auf den Versand",
  resendFailed: "Erneut senden nicht möglich",
  noValue: "-",
  details: {
    title: "E-Mail",
    to: "Empfänger",
    replyTo: "Antwort an",
    subject: "Betreff",
    state: "Status",
    createdAt: "Erstellt am",
    sentAt: "Gesendet am",
    nextAttemptAt: "Nächster Versuch",
    attempts: "Versuche",
    failures: "Fehlgeschlagene Versuche",
    text: "Text",
    close: "Schließen",
  },
} as const;

/** "Auslieferung": the remotes' releases, their rollout and the deploy keys (admins only). */
export const releasesMessages = {
  title: "Auslieferung",
  description:
    "Welche Version jedes Bereichs die Besucherinnen und Besucher erhalten, wer sie ausgeliefert hat, und die Fehler je Version.",
  loading: "Lade Auslieferung...",
  loadFailed: "Fehler beim Laden der Auslieferung",
  refresh: "Aktualisieren",
  active: "Aktiv",
  canary: "Canary",
  noRelease: "Noch kein Release: ausgeliefert wird der fest eingestellte Stand (REMOTE_<NAME>_URL).",
  noCanary: "Kein Canary",
  share: (share: number) => `${share} % der Besucherinnen und Besucher`,
  releasedBy: (who: string, when: string) => `von ${who}, ${when}`,
  startCanary: "Canary starten",
  promote: "Übernehmen",
  stopCanary: "Canary stoppen",
  rollback: "Zurückrollen",
  activate: "Aktivieren",
  cancel: "Abbrechen",
  close: "Schließen",
  releasesTitle: "Releases",
  releasesLabel: (remote: string) => `Releases von ${remote}, die neuesten zuerst`,
  historyTitle: "Verlauf",
  errorsTitle: "Fehler der letzten 24 Stunden",
  noErrors: "Keine gemeldeten Fehler in den letzten 24 Stunden.",
  /** A report that came without a valid ticket: listed, but it decides nothing about a canary. */
  withoutTicket: "ohne gültiges Ticket",
  columns: {
    version: "Version",
    kind: "Art",
    by: "Ausgeliefert von",
    at: "Am",
    note: "Notiz",
    errors: "Fehler (Laden / Anzeige, 24 h)",
    actions: "Aktionen",
    route: "Seite",
    message: "Meldung",
    browser: "Browser",
  },
  kinds: { uploaded: "Hochgeladen", external: "Extern" },
  actions: {
    release: "Release gespeichert",
    activate: "Aktiviert",
    canary: "Canary gestartet",
    promote: "Übernommen",
    stop: "Canary gestoppt",
    "auto-stop": "Canary automatisch gestoppt",
    rollback: "Zurückgerollt",
  },
  confirmTitle: (action: string, remote: string) => `${action}: ${remote}`,
  canaryVersion: "Version für den Canary",
  canaryShare: "Anteil in Prozent (1–100)",
  canarySees: (share: number, canary: string, active: string) =>
    `${share} % der Besucherinnen und Besucher erhalten ab ihrem nächsten Seitenaufruf Version ${canary}, alle anderen weiter Version ${active}. Jede Person bleibt bei ihrer Version.`,
  promoteSees: (canary: string, active: string) =>
    `Alle Besucherinnen und Besucher erhalten ab ihrem nächsten Seitenaufruf Version ${canary} statt ${active}.`,
  stopSees: (canary: string, active: string) =>
    `Alle Besucherinnen und Besucher erhalten ab ihrem nächsten Seitenaufruf wieder Version ${active}; wer ${canary} hatte, wechselt zurück.`,
  /**
   * Activating `version` (`again`: rolling back to it): who gets it from the next page on. A canary
   * of another release keeps its share of visitors; activating the canary's own release ends it.
   */
  activateSees: ({
    version,
    active,
    again,
    canary,
  }: {
    version: string;
    active: string | null;
    again: boolean;
    canary: { version: string; share: number } | null;
  }) => {
    const others = canary !== null && canary.version !== version;
    const who = others
      ? `Alle Besucherinnen und Besucher außer den ${canary.share} % im Canary`
      : "Alle Besucherinnen und Besucher";
    const what = `${again ? "wieder " : ""}Version ${version}${active ? ` statt ${active}` : ""}`;
    const after =
      canary === null
        ? ""
        : others
          ? `; der Canary mit Version ${canary.version} läuft weiter`
          : "; der Canary endet damit";
    return `${who} erhalten ab ihrem nächsten Seitenaufruf ${what}${after}.`;
  },
  done: "Geändert: gilt ab dem nächsten Seitenaufruf",
  failed: "Änderung nicht möglich",
  noCanaryCandidate: "Es gibt kein anderes Release als das aktive. Zuerst eine neue Version ausliefern.",
  delete: "Löschen",
  deleteLabel: (version: string) => `Löschen: Release ${version}`,
  deleteTitle: (version: string, remote: string) => `Release ${version} von ${remote} löschen?`,
  deleteText: (version: string) =>
    `Release ${version} und seine Dateien werden gelöscht; niemand kann sie danach mehr abrufen. Das lässt sich nicht rückgängig machen.`,
  deleted: (version: string) => `Release ${version} gelöscht`,
  keys: {
    title: "Schlüssel für die Auslieferung",
    description:
      "Ein Schlüssel gilt für genau einen Bereich: Damit liefert ein Team seine Releases aus (bun run release), ohne Konto im Portal.",
    remote: "Bereich",
    name: "Name des Schlüssels",
    create: "Schlüssel anlegen",
    created: "Schlüssel angelegt",
    secretOnce:
      "Dieser Schlüssel wird nur jetzt angezeigt. Bitte sicher aufbewahren (z. B. als KLARWERK_DEPLOY_KEY im CI).",
    revoke: "Widerrufen",
    revokeTitle: "Schlüssel widerrufen?",
    revokeText: (name: string) =>
      `„${name}“ kann danach nichts mehr ausliefern. Das lässt sich nicht rückgängig machen.`,
    revoked: "Widerrufen",
    lastUsed: "Zuletzt benutzt",
    never: "Nie",
    empty: "Noch keine Schlüssel.",
    tableLabel: "Schlüssel für die Auslieferung",
    hint: "Anfang",
    createdAt: "Angelegt",
    state: "Status",
    activeState: "Gültig",
  },
} as const;
