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
