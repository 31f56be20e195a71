/** What the contact form says (spec sections 4 and 8 fix the wording). */
export const contactFormMessages = {
  submit: "Nachricht senden",
  sending: "Wird gesendet...",
  sentTitle: "Nachricht gesendet!",
  sentText: "Vielen Dank für Ihre Anfrage. Wir melden uns binnen 24 Stunden bei Ihnen.",
  failedTitle: "Fehler",
  failedFallback: "Fehler beim Senden",
} as const;
