/** Why a mail was written. */
export const outboxMailKinds = [
  "contact-request",
  "access-request",
  "access-granted",
  "password-reset",
  "reply",
  "login-attack",
  "backup-failed",
  "canary-stopped",
  "invoice",
  "reminder",
  "quote",
  "share-link-opened",
] as const;
export type OutboxMailKind = (typeof outboxMailKinds)[number];

/**
 * `waiting`: not delivered yet (new, being retried, or e-mail not set up); `failed`: given up;
 * `cancelled`: dropped before sending, its precondition no longer held (a reminder for a paid invoice).
 */
export const outboxMailStates = ["waiting", "sent", "failed", "cancelled"] as const;
export type OutboxMailState = (typeof outboxMailStates)[number];

/** How the Postausgang and the Auskunft name a mail's state. */
export const outboxMailStateLabels: Record<OutboxMailState, string> = {
  waiting: "Wartet",
  sent: "Gesendet",
  failed: "Fehlgeschlagen",
  cancelled: "Verworfen",
};

/** Why a mail was written, as the Auskunft tells the person it was about. */
export const outboxMailKindLabels: Record<OutboxMailKind, string> = {
  "contact-request": "Benachrichtigung des Teams über eine Kontaktanfrage",
  "access-request": "Benachrichtigung über eine Anfrage nach Zugang zum Kundenportal",
  "access-granted": "Zugang zum Kundenportal freigegeben",
  "password-reset": "Zurücksetzen des Passworts",
  reply: "Antwort auf eine Kontaktanfrage",
  "login-attack": "Warnung vor gehäuften Anmeldeversuchen",
  "backup-failed": "Hinweis auf eine fehlgeschlagene Sicherung",
  "canary-stopped": "Hinweis auf eine angehaltene Auslieferung",
  invoice: "Rechnung per E-Mail",
  reminder: "Zahlungserinnerung oder Mahnung per E-Mail",
  quote: "Angebot per E-Mail",
  "share-link-opened": "Hinweis auf die erste Öffnung eines Freigabelinks",
};

/** One delivery attempt that failed, with the SMTP server's or the network's reason. */
export interface OutboxFailure {
  at: string;
  reason: string;
}

/** A mail in the outbox (`GET /api/outbox`), as admins read it. Times are ISO 8601 strings. */
export interface OutboxMail {
  id: number;
  kind: OutboxMailKind;
  state: OutboxMailState;
  /** The one recipient, as `Name <address>` or the bare address. */
  to: string;
  reply_to: string | null;
  subject: string;
  /** The plain-text part, exactly as sent. */
  text: string;
  attempts: number;
  /** The latest failure's reason, null when none failed. */
  last_error: string | null;
  failures: OutboxFailure[];
  created_at: string;
  sent_at: string | null;
  /** When a waiting mail is tried next; null once sent or failed. */
  next_attempt_at: string | null;
}

/** `GET /api/outbox`: newest first. `mail_configured` is false while `SMTP_URL` is not set. */
export interface OutboxList {
  mails: OutboxMail[];
  mail_configured: boolean;
}

/** `POST /api/outbox/{id}/retry`: the mail, waiting again. */
export interface RetriedMailAnswer {
  mail: OutboxMail;
}

/** Mails `GET /api/outbox` lists at most (the newest). */
export const outboxListLimit = 200;
