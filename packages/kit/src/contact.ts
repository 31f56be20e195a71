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

/**
 * A form field people never see and bots fill in: a request that carries it is answered like any
 * other but never stored.
 */
export const contactHoneypotField = "website";

/**
 * Requests marked done (answered) are deleted this many days later. The privacy notice states the
 * same number; the API purges on start and once a day.
 */
export const contactRetentionDays = 30;
