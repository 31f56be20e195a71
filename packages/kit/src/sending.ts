/**
 * Documents sent by e-mail (docs/decisions/0079-documents-by-mail.md): the templates' placeholders
 * and rules, the recipients' rules, the limits and the German messages, shared by the API (which
 * checks and renders) and the screens (which check as the user types and document the placeholders).
 */
import { formatDate, formatDateTime } from "./format";
import { defaultReminderMailTemplates } from "./invoices/reminders";
import { formatEuro } from "./money";
import { hasControlCharacters, isEmail } from "./rules";

/** The placeholders a template may use, with what they stand for in an invoice's mail. */
export const mailPlaceholders = {
  nummer: "Rechnungsnummer",
  betrag: "Rechnungsbetrag (brutto)",
  faellig: "Fälligkeitsdatum",
  datum: "Rechnungsdatum",
  kunde: "Name des Kunden (erste Zeile der Anschrift)",
  absender: "Name Ihrer Firma",
} as const;
export type MailPlaceholder = keyof typeof mailPlaceholders;

/**
 * The documents with a template of their own (mail_templates.kind): the invoice, the quote and the
 * three reminder levels. Every kind takes the same placeholders; `{faellig}` is the date the
 * document asks for: the invoice's due date, the quote's „Gültig bis“, the reminder's deadline.
 */
export const mailTemplateKinds = ["invoice", "quote", "reminder-1", "reminder-2", "reminder-3"] as const;
export type MailTemplateKind = (typeof mailTemplateKinds)[number];

export function isMailTemplateKind(value: unknown): value is MailTemplateKind {
  return mailTemplateKinds.some((kind) => kind === value);
}

/** How the template editor names each kind. */
export const mailTemplateKindLabels: Record<MailTemplateKind, string> = {
  invoice: "Rechnung",
  quote: "Angebot",
  "reminder-1": "Zahlungserinnerung",
  "reminder-2": "1. Mahnung",
  "reminder-3": "2. Mahnung",
};

const reminderPlaceholders = (name: string) => ({
  nummer: "Nummer der gemahnten Rechnung",
  betrag: `Gesamtbetrag der ${name} (offener Betrag, Gebühren, Zinsen)`,
  faellig: `Zahlungsfrist der ${name}`,
  datum: `Datum der ${name}`,
  kunde: mailPlaceholders.kunde,
  absender: mailPlaceholders.absender,
});

/** What each placeholder stands for in each kind's mail (listed under the template's fields). */
export const mailPlaceholderMeanings: Record<MailTemplateKind, Record<MailPlaceholder, string>> = {
  invoice: mailPlaceholders,
  quote: {
    nummer: "Angebotsnummer",
    betrag: "Angebotsbetrag (brutto)",
    faellig: "„Gültig bis“ des Angebots",
    datum: "Angebotsdatum",
    kunde: mailPlaceholders.kunde,
    absender: mailPlaceholders.absender,
  },
  "reminder-1": reminderPlaceholders("Zahlungserinnerung"),
  "reminder-2": reminderPlaceholders("Mahnung"),
  "reminder-3": reminderPlaceholders("Mahnung"),
};

export const mailLimits = {
  subjectMax: 200,
  textMax: 5000,
  /** Recipients of one sending (each gets a mail of their own). */
  recipientsMax: 10,
  /** All attachments of one mail together: most mail servers refuse more than 10–25 MB. */
  attachmentBytesMax: 10 * 1024 * 1024,
  /** Sendings per user and hour unless `MAIL_SENDINGS_PER_HOUR` says otherwise. */
  sendingsPerHourDefault: 50,
} as const;

/** A template: what a sending's subject and text start as. */
export interface MailTemplate {
  subject: string;
  text: string;
}

export const defaultInvoiceMailTemplate: MailTemplate = {
  subject: "Rechnung {nummer} von {absender}",
  text: [
    "Guten Tag,",
    "",
    "anbei erhalten Sie unsere Rechnung {nummer} vom {datum} über {betrag}.",
    "Bitte überweisen Sie den Betrag bis zum {faellig}.",
    "",
    "Mit freundlichen Grüßen",
    "{absender}",
  ].join("\n"),
};

export const defaultQuoteMailTemplate: MailTemplate = {
  subject: "Angebot {nummer} von {absender}",
  text: [
    "Guten Tag,",
    "",
    "anbei erhalten Sie unser Angebot {nummer} vom {datum} über {betrag}.",
    "Es ist gültig bis zum {faellig}.",
    "",
    "Für Fragen sind wir gern für Sie da.",
    "",
    "Mit freundlichen Grüßen",
    "{absender}",
  ].join("\n"),
};

/** What each kind's sendings start with until an admin saves its template. */
export const defaultMailTemplates: Record<MailTemplateKind, MailTemplate> = {
  invoice: defaultInvoiceMailTemplate,
  quote: defaultQuoteMailTemplate,
  "reminder-1": defaultReminderMailTemplates[1],
  "reminder-2": defaultReminderMailTemplates[2],
  "reminder-3": defaultReminderMailTemplates[3],
};

export const sendingMessages = {
  subjectRequired: "Bitte geben Sie einen Betreff ein.",
  subjectTooLong: `Der Betreff darf höchstens ${mailLimits.subjectMax} Zeichen lang sein.`,
  subjectOneLine: "Der Betreff darf keinen Zeilenumbruch und keine Steuerzeichen enthalten.",
  textRequired: "Bitte geben Sie einen Text ein.",
  textTooLong: `Der Text darf höchstens ${mailLimits.textMax} Zeichen lang sein.`,
  textControl: "Der Text darf keine Steuerzeichen enthalten.",
  unknownPlaceholder: (name: string) =>
    `Unbekannter Platzhalter „{${name}}“. Erlaubt sind: ${Object.keys(mailPlaceholders)
      .map((key) => `{${key}}`)
      .join(", ")}.`,
  recipientsRequired: "Bitte geben Sie mindestens eine Empfängeradresse ein.",
  recipientsTooMany: `Höchstens ${mailLimits.recipientsMax} Empfänger je Versand.`,
  recipientInvalid: (address: string) => `„${address}“ ist keine gültige E-Mail-Adresse.`,
  recipientsNotList: "Die Empfänger müssen eine Liste von E-Mail-Adressen sein.",
  attachXmlNotBoolean: "Das Feld „attachXml“ muss wahr oder falsch sein.",
  attachmentTooLarge: (limit: string) => `Die Anhänge sind zu groß zum Versenden (höchstens ${limit}).`,
  rateLimited: (perHour: number) =>
    `Sie haben in der letzten Stunde bereits ${perHour} Sendungen verschickt. Bitte versuchen Sie es später erneut.`,
  notSendable: "Nur eine ausgestellte Rechnung kann per E-Mail gesendet werden.",
  quoteNotSendable: "Nur ein ausgestelltes Angebot kann per E-Mail gesendet werden.",
  unknownTemplateKind: `Diese E-Mail-Vorlage gibt es nicht. Es gibt: ${mailTemplateKinds.join(", ")}.`,
  cancelledNotSendable: "Eine stornierte Rechnung kann nicht mehr per E-Mail gesendet werden.",
  pdfMissing: "Das PDF der Rechnung ist nicht vorhanden; sie kann nicht gesendet werden.",
} as const;

/** A field of the send dialog or the template form and its problem. */
export type MailTemplateErrors = Partial<Record<"subject" | "text", string>>;

const placeholderPattern = /\{([^{}\s]*)\}/g;

/** The first unknown placeholder of `value`, or null. */
function unknownPlaceholderIn(value: string): string | null {
  for (const match of value.matchAll(placeholderPattern)) {
    const name = match[1] ?? "";
    if (!Object.hasOwn(mailPlaceholders, name)) return name;
  }
  return null;
}

/**
 * The template's problems (empty: it may be saved); placeholders are checked by name. A subject
 * and text about to be sent (`placeholders: false`) were filled in already: braces the user typed stay.
 */
export function checkMailTemplate(template: MailTemplate, { placeholders = true } = {}): MailTemplateErrors {
  const errors: MailTemplateErrors = {};
  const subject = template.subject.trim();
  if (subject === "") errors.subject = sendingMessages.subjectRequired;
  else if (subject.length > mailLimits.subjectMax) errors.subject = sendingMessages.subjectTooLong;
  else if (/[\r\n\u2028\u2029]/.test(subject) || hasControlCharacters(subject))
    errors.subject = sendingMessages.subjectOneLine;
  else if (placeholders) {
    const unknown = unknownPlaceholderIn(subject);
    if (unknown !== null) errors.subject = sendingMessages.unknownPlaceholder(unknown);
  }
  const text = template.text;
  if (text.trim() === "") errors.text = sendingMessages.textRequired;
  else if (text.length > mailLimits.textMax) errors.text = sendingMessages.textTooLong;
  else if (hasControlCharacters(text, { multiline: true })) errors.text = sendingMessages.textControl;
  else if (placeholders) {
    const unknown = unknownPlaceholderIn(text);
    if (unknown !== null) errors.text = sendingMessages.unknownPlaceholder(unknown);
  }
  return errors;
}

/**
 * An address a mail can go to: the kit's e-mail rule, and none of the characters that would make
 * one header value name several mailboxes or a display name (`,;<>"()[]\:`), so one field is one
 * recipient whatever the mail library makes of it.
 */
export function isMailRecipient(value: string): boolean {
  return isEmail(value) && !/[,;<>"()[\]\\:]/.test(value);
}

/** The addresses of a recipients field: separated by commas, semicolons, spaces or line breaks. */
export function splitRecipients(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** The recipients' problem (null: fine); duplicates (any case) count once. */
export function recipientsProblem(recipients: readonly string[]): string | null {
  if (recipients.length === 0) return sendingMessages.recipientsRequired;
  const invalid = recipients.find((address) => !isMailRecipient(address));
  if (invalid !== undefined) return sendingMessages.recipientInvalid(invalid.slice(0, 100));
  if (uniqueRecipients(recipients).length > mailLimits.recipientsMax) return sendingMessages.recipientsTooMany;
  return null;
}

/** Each address once, the first spelling kept. */
export function uniqueRecipients(recipients: readonly string[]): string[] {
  const seen = new Set<string>();
  return recipients.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the placeholders stand for in one document's mail. */
export interface InvoiceMailValues {
  number: string;
  totalCents: number;
  dueDate: string;
  issueDate: string;
  customerName: string;
  senderName: string;
}

/** The template with its placeholders filled in (the values as the invoice shows them). */
export function renderMailTemplate(template: string, values: InvoiceMailValues): string {
  const filled: Record<MailPlaceholder, string> = {
    nummer: values.number,
    betrag: formatEuro(values.totalCents),
    faellig: formatDate(values.dueDate),
    datum: formatDate(values.issueDate),
    kunde: values.customerName,
    absender: values.senderName,
  };
  return template.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(filled, name) ? filled[name as MailPlaceholder] : whole,
  );
}

/** One recipient of a sending, with where its mail is (the outbox's state). */
export interface DocumentSendingRecipient {
  address: string;
  state: "waiting" | "sent" | "failed";
}

/** One „Per E-Mail senden“: when, by whom, to whom, what was attached. */
export interface DocumentSending {
  id: string;
  /** When it was sent off (written to the outbox), ISO. */
  createdAt: string;
  sentByName: string;
  recipients: DocumentSendingRecipient[];
  subject: string;
  attachments: string[];
}

/** „versendet am 05.03.2025, 14:07 an a@example.de, b@example.de“ */
export function sendingSummary(sending: Pick<DocumentSending, "createdAt" | "recipients">): string {
  return `versendet am ${formatDateTime(sending.createdAt)} an ${sending.recipients.map((r) => r.address).join(", ")}`;
}

/** The documents sent by „Per E-Mail senden“ (the outbox row names one of them). */
export type MailedDocumentKind = "invoice" | "quote";

/** What the send dialog starts with: the customer's address, the template filled in, the PDF's name. */
export interface DocumentMailDraft {
  to: string[];
  subject: string;
  text: string;
  pdfName: string;
}

/** What the quote's send dialog starts with, and its sendings so far (newest first). */
export interface QuoteMailAnswer {
  draft: DocumentMailDraft;
  sendings: DocumentSending[];
}

/** An invoice's draft: the document's, and whether its XRechnung goes along. */
export interface InvoiceMailDraft extends DocumentMailDraft {
  /** Ticked when the customer has a Leitweg-ID (a public-sector buyer wants the XRechnung). */
  attachXml: boolean;
  /** The XRechnung's file name. */
  xmlName: string;
}

/** What the invoice's send dialog starts with, and its sendings so far (newest first). */
export interface InvoiceMailAnswer {
  draft: InvoiceMailDraft;
  sendings: DocumentSending[];
}

/** POST /api/quotes/{id}/mail. */
export interface SendDocumentMailBody {
  to: string[];
  subject: string;
  text: string;
}

/** POST /api/invoices/{id}/mail. */
export interface SendInvoiceMailBody extends SendDocumentMailBody {
  attachXml: boolean;
}

/** GET /api/{invoices|quotes}/{id}/sendings: the history „versendet am … an …“, newest first. */
export interface DocumentSendingsAnswer {
  sendings: DocumentSending[];
}
export type InvoiceSendingsAnswer = DocumentSendingsAnswer;

export interface SentDocumentMailAnswer {
  sending: DocumentSending;
  sendings: DocumentSending[];
}
export type SentInvoiceMailAnswer = SentDocumentMailAnswer;

/** GET /api/company/mail-templates: every kind's template, the kit's default until saved. */
export type MailTemplatesAnswer = Record<MailTemplateKind, MailTemplate>;

/** GET/PUT /api/company/mail-templates/{kind}. */
export interface MailTemplateAnswer {
  kind: MailTemplateKind;
  template: MailTemplate;
}
