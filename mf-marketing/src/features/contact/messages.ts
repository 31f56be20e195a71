/** What the contact form and its toasts say. */
export const contactFormMessages = {
  submit: "Nachricht senden",
  sending: "Wird gesendet...",
  sentTitle: "Nachricht gesendet!",
  sentText: "Vielen Dank für Ihre Anfrage. Wir melden uns binnen 24 Stunden bei Ihnen.",
  failedTitle: "Fehler",
  failedFallback: "Fehler beim Senden",
} as const;
