import { personFieldMessages } from "./person-fields";
import { hasControlCharacters } from "./rules";

/**
 * The contact request as the public form sends it and the API accepts it, with
 * the rules both sides share.
 */
export interface ContactPayload {
  name: string;
  email: string;
  company: string;
  message: string;
}

/** What the form and `POST /api/contact` say about a control character in the company or message. */
export const contactTextMessages = {
  companyControlCharacters: "Der Name des Unternehmens darf keine Zeilenumbrüche oder Steuerzeichen enthalten.",
  messageControlCharacters: "Die Nachricht darf außer Zeilenumbrüchen und Tabulatoren keine Steuerzeichen enthalten.",
} as const;

/**
 * The first field of a contact request holding a control character (`hasControlCharacters`; the
 * message may keep its line breaks and tabs), as its German message, or null. Fields are read
 * trimmed, as the API stores them. The form asks before sending, the API before storing: one
 * rule, one message, so the form never refuses what the API would take.
 */
export function contactControlCharacterProblem(fields: ContactPayload): string | null {
  if (hasControlCharacters(fields.name.trim())) return personFieldMessages.nameControlCharacters;
  if (hasControlCharacters(fields.email.trim())) return personFieldMessages.emailInvalid;
  if (hasControlCharacters(fields.company.trim())) return contactTextMessages.companyControlCharacters;
  if (hasControlCharacters(fields.message.trim(), { multiline: true }))
    return contactTextMessages.messageControlCharacters;
  return null;
}

/** `POST /api/contact` answers this, also for a request the spam guard caught: bots learn nothing. */
export interface ContactReceivedAnswer {
  status: "received";
}

/**
 * A form field people never see and bots fill in: a request that carries it is answered like any
 * other but never stored.
 */
export const contactHoneypotField = "website";

/**
 * Requests marked done (answered) are deleted this many days later. The privacy notice states the
 * same number; the API purges on start and once a day. `CONTACT_REQUEST_RETENTION_DAYS` may
 * shorten the period, never lengthen it (the notice is built into the pages).
 */
export const contactRetentionDays = 30;

/**
 * How long the API counts what comes from one client address (an IPv6 address's /64) or for one
 * account, in minutes: contact messages, failed sign-ins, registrations, reset links, and the
 * browsers' error and load reports of the remotes. The counters live in the database
 * (`rate_limit_counters`); the privacy notice states these numbers.
 */
export const abuseLimitWindowMinutes = {
  contact: 15,
  login: 15,
  registration: 60,
  passwordReset: 60,
  clientReports: 10,
} as const;

/** A counter whose window has ended is deleted within this many minutes (the API's sweep). */
export const abuseLimitCleanupMinutes = 5;
