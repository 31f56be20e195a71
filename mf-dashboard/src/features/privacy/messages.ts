/** German texts of „Datenschutz“ (/privacy, admins only); the API's own answers are the kit's `privacyMessages`. */
export const privacyScreenMessages = {
  title: "Datenschutz",
  description:
    "Anfragen nach Art. 15 DSGVO (Auskunft) und Art. 17 DSGVO (Löschung): innerhalb eines Monats nach Eingang zu beantworten (Art. 12 Abs. 3 DSGVO).",
  loading: "Lade Anfragen …",
  loadFailed: "Fehler beim Laden der Anfragen",
  form: {
    title: "Neue Anfrage erfassen",
    email: "E-Mail-Adresse der betroffenen Person",
    name: "Name (optional)",
    kind: "Art der Anfrage",
    receivedOn: "Eingegangen am",
    submit: "Anfrage anlegen",
    created: "Die Anfrage wurde angelegt.",
    failed: "Die Anfrage konnte nicht angelegt werden.",
  },
  list: {
    title: "Anfragen",
    tableLabel: "Datenschutz-Anfragen, die nächste Frist zuerst",
    empty: "Es sind keine Anfragen erfasst.",
    open: "Öffnen",
    columns: {
      email: "E-Mail-Adresse",
      kind: "Art",
      receivedOn: "Eingegangen am",
      dueOn: "Frist",
      status: "Status",
      actions: "Aktionen",
    },
  },
  due: {
    soon: (days: number) => (days === 1 ? "endet morgen" : `endet in ${days} Tagen`),
    today: "endet heute",
    overdue: "überschritten",
  },
  detail: {
    title: (email: string) => `Anfrage von ${email}`,
    close: "Schließen",
    due: "Frist:",
    loading: "Suche Fundstellen …",
    loadFailed: "Die Fundstellen konnten nicht geladen werden.",
    hitsLabel: "Fundstellen",
    columns: { where: "Wo", kind: "Art der Daten", fields: "Gefunden in" },
    mentionsTitle: "Erwähnungen in Datensätzen anderer Personen",
    mentionsIntro:
      "Diese Datensätze gehören anderen Personen und nennen die Adresse nur. Die Auskunft zeigt von ihnen nur die Adresse; die Löschung entfernt nur die Erwähnung. Bitte prüfen, ob sie weitere Angaben zur Person enthalten.",
    erasedOn: (when: string) => `Löschung durchgeführt am ${when}.`,
    download: "Auskunft herunterladen",
    downloadFailed: "Die Auskunft konnte nicht erstellt werden.",
    status: "Status",
    notes: "Notizen",
    save: "Speichern",
    saved: "Die Anfrage wurde gespeichert.",
    saveFailed: "Die Anfrage konnte nicht gespeichert werden.",
  },
  erasure: {
    title: "Löschung planen",
    intro:
      "Für jede Fundstelle die Maßnahme, die das Recht erlaubt: löschen, anonymisieren oder bis zum Ende der Aufbewahrungsfrist einschränken. Es geschieht nichts, bevor Sie die Löschung bestätigen.",
    loading: "Erstelle den Löschplan …",
    loadFailed: "Der Löschplan konnte nicht erstellt werden.",
    tableLabel: "Löschplan",
    mentionsLabel: "Erwähnungen in Datensätzen anderer Personen (bitte prüfen)",
    columns: { where: "Wo", fields: "Gefunden in", action: "Aktion", reason: "Grund", until: "bis" },
    noDate: "–",
    carryOut: "Löschung durchführen",
    doneCase: "Die Anfrage ist erledigt; eine Löschung ist nur bei offenen Anfragen möglich.",
    confirmTitle: "Löschung durchführen?",
    confirmText: (counts: { erase: number; anonymise: number; restrict: number; remove_mention: number }) =>
      `${counts.erase} Fundstellen werden gelöscht, ${counts.anonymise} anonymisiert und ${counts.restrict} bis zum Ende ihrer Aufbewahrungsfrist eingeschränkt.` +
      (counts.remove_mention > 0
        ? ` Aus ${counts.remove_mention} Datensätzen anderer Personen wird nur die Erwähnung entfernt.`
        : "") +
      " Gelöschte Daten lassen sich nicht wiederherstellen, auch nicht aus einer Sicherung.",
    confirm: "Jetzt löschen",
    failed: "Die Löschung konnte nicht durchgeführt werden.",
  },
  retention: {
    title: "Nächster Lauf der Löschung",
    intro: (days: number) =>
      `Was die tägliche Löschung löschen würde, liefe sie jetzt: Kontaktanfragen, die vor mehr als ${days} Tagen erledigt wurden, mit ihren Antworten und E-Mails, und eingeschränkte Rechnungen nach Ablauf ihrer Aufbewahrungsfrist, mit ihrem PDF. Hier wird nichts gelöscht.`,
    loading: "Lade den nächsten Lauf …",
    loadFailed: "Der nächste Lauf der Löschung konnte nicht geladen werden.",
    tableLabel: "Was der nächste Lauf löschen würde",
    columns: { what: "Was", number: "Nummer", date: "Datum" },
    request: "Kontaktanfrage",
    invoice: "Rechnung",
    doneOn: (date: string) => `erledigt am ${date}`,
    restrictedUntil: (date: string) => `eingeschränkt bis ${date}`,
    held: (count: number) =>
      count === 1
        ? "1 Rechnung wartet auf ihre Stornorechnung, deren Aufbewahrungsfrist noch läuft; beide werden zusammen gelöscht."
        : `${count} Rechnungen warten auf ihre Stornorechnungen, deren Aufbewahrungsfrist noch läuft; sie werden jeweils zusammen gelöscht.`,
  },
} as const;
