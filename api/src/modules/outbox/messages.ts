/** German answers of /api/outbox (the admins' view of outgoing mail). */
export const outboxApiMessages = {
  invalidId: "Die Nummer der E-Mail ist ungültig.",
  notFound: "Diese E-Mail gibt es nicht.",
  notFailed: "Nur eine E-Mail, deren Versand fehlgeschlagen ist, kann erneut gesendet werden.",
} as const;
