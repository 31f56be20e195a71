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
