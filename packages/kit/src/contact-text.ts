import type { ContactPayload } from "./contact";
import { personFieldMessages } from "./person-fields";
import { hasControlCharacters } from "./rules";

// Apart from contact.ts, which the privacy notice imports too: only the form and the API need this.

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
