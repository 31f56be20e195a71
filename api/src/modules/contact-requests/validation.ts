import { contactHoneypotField, isBlank, isEmail, limits } from "@klarwerk/kit";
import { t } from "elysia";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { contactApiMessages as messages, requestsApiMessages } from "./messages.ts";

/**
 * Shapes only: name, email and message must be strings (else their German message); company may
 * be missing or null. Rules (blank, length, format) are checked in `validateContact`.
 */
export const contactBody = t.Object(
  {
    name: t.String({ error: messages.nameRequired }),
    email: t.String({ error: messages.emailRequired }),
    company: t.Optional(t.Nullable(t.String(), { error: messages.companyInvalid })),
    message: t.String({ error: messages.messageRequired }),
    // Any value counts as filled in: bots send numbers and booleans too.
    [contactHoneypotField]: t.Optional(t.Unknown()),
  },
  { error: httpMessages.notJsonObject },
);

export type ContactBody = typeof contactBody.static;

/** What is stored: trimmed, an empty company as null. */
export interface ContactRequestInput {
  name: string;
  email: string;
  company: string | null;
  message: string;
}

function invalid(message: string): HttpError {
  return new HttpError(422, "validation", message);
}

/** The request to store, or a 422 with the first problem found, field by field. */
export function validateContact(body: ContactBody): ContactRequestInput {
  const name = body.name.trim();
  if (isBlank(name)) throw invalid(messages.nameRequired);
  if (name.length > limits.nameMax) throw invalid(messages.nameTooLong);

  const email = body.email.trim();
  if (isBlank(email)) throw invalid(messages.emailRequired);
  if (!isEmail(email)) throw invalid(messages.emailInvalid);

  const company = body.company?.trim() ?? "";
  if (company.length > limits.companyMax) throw invalid(messages.companyTooLong);

  // Line breaks and indentation inside the message are the sender's; only the ends are trimmed.
  const message = body.message.trim();
  if (isBlank(message)) throw invalid(messages.messageRequired);
  if (message.length > limits.messageMax) throw invalid(messages.messageTooLong);

  return { name, email, company: company === "" ? null : company, message };
}

/** Whether a bot filled in the field people never see. */
export function isHoneypotFilled(body: ContactBody): boolean {
  const value = body[contactHoneypotField];
  return value !== undefined && value !== null && value !== "";
}

/** A reply to a visitor ("Antworten"): its text must be a string; rules in `validateReply`. */
export const replyBody = t.Object(
  { message: t.String({ error: requestsApiMessages.replyRequired }) },
  { error: httpMessages.notJsonObject },
);

/** The reply's text, trimmed at its ends, or a 422. */
export function validateReply(body: typeof replyBody.static): string {
  const message = body.message.trim();
  if (isBlank(message)) throw invalid(requestsApiMessages.replyRequired);
  if (message.length > limits.messageMax) throw invalid(requestsApiMessages.replyTooLong);
  return message;
}
