import type { Customer } from "./customers";
import { customerLimits, customerMessages, isCustomerPhone } from "./customers";
import { isBlank, isEmail } from "./rules";

/**
 * The page of one customer (/customers/:id, decision 0095): its Ansprechpartner, tags and
 * timeline, as the page and the API both see them. The rules and German messages live here once.
 */

/** One person at the customer: name, role, e-mail, phone. */
export interface CustomerContact {
  id: number;
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
}

/** What the page sends for an Ansprechpartner (empty fields may be empty text or null). */
export interface CustomerContactDraft {
  name: string;
  role?: string | null;
  email?: string | null;
  phone?: string | null;
}

export type CustomerContactInput = Omit<CustomerContact, "id">;

/** `GET /api/customers/:id`: the customer with its Ansprechpartner and tags. */
export interface CustomerDetail {
  customer: Customer;
  contacts: CustomerContact[];
  tags: string[];
}

export interface CustomerContactAnswer {
  contact: CustomerContact;
}

export interface CustomerTagsAnswer {
  tags: string[];
}

/** `GET /api/customers/tags`: every tag in use, by name, with how many customers carry it. */
export interface CustomerTagList {
  tags: { tag: string; customers: number }[];
}

/** What staff log by hand: a note, a call, a meeting. */
export const customerActivityKinds = ["note", "call", "meeting"] as const;
export type CustomerActivityKind = (typeof customerActivityKinds)[number];

export function isCustomerActivityKind(value: unknown): value is CustomerActivityKind {
  return typeof value === "string" && (customerActivityKinds as readonly string[]).includes(value);
}

/** Everything the timeline shows: the logged entries and what other tools keep about the customer. */
export const customerTimelineKinds = [
  ...customerActivityKinds,
  "invoice",
  "quote",
  "payment",
  "mail",
  "request",
  "file",
] as const;
export type CustomerTimelineKind = (typeof customerTimelineKinds)[number];

export const customerTimelineLabels: Record<CustomerTimelineKind, string> = {
  note: "Notiz",
  call: "Anruf",
  meeting: "Termin",
  invoice: "Rechnung",
  quote: "Angebot",
  payment: "Zahlung",
  mail: "E-Mail",
  request: "Kontaktanfrage",
  file: "Datei",
};

/** One entry of the timeline, newest first. */
export interface CustomerTimelineEntry {
  kind: CustomerTimelineKind;
  /** The row's id in its own table (an activity, invoice, quote, payment, mail or contact request; a file's id). */
  id: number;
  /** When it happened (ISO 8601). */
  at: string;
  /** The note's text, the mail's subject, the request's message; an invoice's or quote's recipient; a file's name. */
  text: string;
  /** Who logged it, sent it, recorded it (a contact request: the sender; a file: who linked it). */
  author: string | null;
  /** An invoice's or quote's number (null for a draft); for a payment its invoice's number. */
  number: string | null;
  /** An invoice's or quote's gross total, a payment's amount. */
  amount_cents: number | null;
  /** The invoice a payment belongs to. */
  invoice_id: number | null;
}

/** `GET /api/customers/:id/timeline?page=&limit=`. */
export interface CustomerTimelinePage {
  entries: CustomerTimelineEntry[];
  has_more: boolean;
}

/** `POST /api/customers/:id/timeline`. */
export interface CustomerActivityInput {
  kind: CustomerActivityKind;
  text: string;
}

export interface CustomerActivityAnswer {
  entry: CustomerTimelineEntry;
}

/** `POST /api/customers/:id/files`: a file of the file area to link to the customer (decision 0103). */
export interface CustomerFileLinkInput {
  file_id: number;
}

export const customerPageLimits = {
  contactNameMax: customerLimits.nameMax,
  contactRoleMax: 100,
  contactsPerCustomer: 50,
  tagMax: 40,
  tagsPerCustomer: 20,
  activityTextMax: customerLimits.notesMax,
  timelineDefaultLimit: 30,
  timelineMaxLimit: 100,
} as const;

export const customerPageMessages = {
  contactNameRequired: "Bitte geben Sie den Namen des Ansprechpartners an.",
  contactNameTooLong: `Der Name darf höchstens ${customerPageLimits.contactNameMax} Zeichen lang sein.`,
  contactRoleTooLong: `Die Rolle darf höchstens ${customerPageLimits.contactRoleMax} Zeichen lang sein.`,
  contactEmailInvalid: customerMessages.emailInvalid,
  contactPhoneInvalid: customerMessages.phoneInvalid,
  tooManyContacts: `Ein Kunde kann höchstens ${customerPageLimits.contactsPerCustomer} Ansprechpartner haben.`,
  tagRequired: "Bitte geben Sie einen Tag ein.",
  tagTooLong: `Ein Tag darf höchstens ${customerPageLimits.tagMax} Zeichen lang sein.`,
  tagInvalid: "Ein Tag darf keine Zeilenumbrüche oder Steuerzeichen enthalten.",
  tooManyTags: `Ein Kunde kann höchstens ${customerPageLimits.tagsPerCustomer} Tags haben.`,
  activityTextRequired: "Bitte geben Sie einen Text ein.",
  activityTextTooLong: `Der Eintrag darf höchstens ${customerPageLimits.activityTextMax} Zeichen lang sein.`,
  activityKindInvalid: "Bitte wählen Sie Notiz, Anruf oder Termin.",
} as const;

/** The folder of the file area that „Datei hochladen“ on a customer's page puts files into (decision 0103). */
export const customerFilesFolderName = "Kunden";

// biome-ignore lint/suspicious/noControlCharactersInRegex: a tag must not carry control characters.
const controlCharacters = /[\u0000-\u001f\u007f]/;

function optionalText(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** An Ansprechpartner to store, or the first problem's German message. */
export function checkCustomerContact(
  draft: CustomerContactDraft,
): { ok: true; contact: CustomerContactInput } | { ok: false; message: string } {
  const name = typeof draft.name === "string" ? draft.name.trim() : "";
  if (isBlank(name)) return { ok: false, message: customerPageMessages.contactNameRequired };
  if (name.length > customerPageLimits.contactNameMax)
    return { ok: false, message: customerPageMessages.contactNameTooLong };
  const role = optionalText(draft.role);
  if (role !== null && role.length > customerPageLimits.contactRoleMax) {
    return { ok: false, message: customerPageMessages.contactRoleTooLong };
  }
  const email = optionalText(draft.email);
  if (email !== null && !isEmail(email)) return { ok: false, message: customerPageMessages.contactEmailInvalid };
  const phone = optionalText(draft.phone);
  if (phone !== null && (phone.length > customerLimits.phoneMax || !isCustomerPhone(phone))) {
    return { ok: false, message: customerPageMessages.contactPhoneInvalid };
  }
  return { ok: true, contact: { name, role, email, phone } };
}

/** A tag as stored (trimmed, inner whitespace as one space), or the problem's German message. */
export function checkCustomerTag(value: unknown): { ok: true; tag: string } | { ok: false; message: string } {
  const tag = typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "";
  if (tag === "") return { ok: false, message: customerPageMessages.tagRequired };
  if (controlCharacters.test(typeof value === "string" ? value.trim() : "")) {
    return { ok: false, message: customerPageMessages.tagInvalid };
  }
  if (tag.length > customerPageLimits.tagMax) return { ok: false, message: customerPageMessages.tagTooLong };
  return { ok: true, tag };
}

/** A note, call or meeting to log, or the problem's German message. */
export function checkCustomerActivity(input: {
  kind?: unknown;
  text?: unknown;
}): { ok: true; activity: CustomerActivityInput } | { ok: false; message: string } {
  if (!isCustomerActivityKind(input.kind)) return { ok: false, message: customerPageMessages.activityKindInvalid };
  const text = typeof input.text === "string" ? input.text.trim() : "";
  if (text === "") return { ok: false, message: customerPageMessages.activityTextRequired };
  if (text.length > customerPageLimits.activityTextMax) {
    return { ok: false, message: customerPageMessages.activityTextTooLong };
  }
  return { ok: true, activity: { kind: input.kind, text } };
}
