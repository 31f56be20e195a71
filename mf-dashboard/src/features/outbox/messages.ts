import { outboxMailStateLabels } from "@klarwerk/kit";

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
  states: outboxMailStateLabels,
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
