import {
  type AuditAction,
  type DocumentMailDraft,
  type DocumentSendingsAnswer,
  formatSizeLimit,
  type InvoiceMailAnswer,
  type MailedDocumentKind,
  type MailTemplate,
  type MailTemplateAnswer,
  type MailTemplateKind,
  mailLimits,
  type QuoteMailAnswer,
  quoteMessages,
  recipientsProblem,
  renderMailTemplate,
  type SendDocumentMailBody,
  type SendInvoiceMailBody,
  type SentDocumentMailAnswer,
  sendingMessages,
  uniqueRecipients,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { type Block, composeMail, oneLine } from "../../mail/compose.ts";
import { readMailTemplate, readMailTemplates } from "../../mail/document-templates.ts";
import { enqueueMail, type MailAttachment } from "../../mail/outbox-store.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { type DocumentForMail, invoiceForMail, invoiceVisible } from "../invoices/index.ts";
import { quoteForMail } from "../quotes/index.ts";
import { sendingApiMessages } from "./messages.ts";
import { documentSendings, saveMailTemplate, sendingsInLastHour } from "./store.ts";

/** What one sending of a document says and carries; `sendDocumentByMail` checks it again. */
export interface DocumentMail {
  /** The document it is about: its mails go with it, its history lists them. */
  document: { kind: MailedDocumentKind; id: number };
  to: readonly string[];
  subject: string;
  text: string;
  /** The mail's Reply-To (the company's contact address), if any. */
  replyTo: string | null;
  attachments: readonly MailAttachment[];
  /** The audit event naming the recipients: `invoice.mailed`, `quote.mailed`. */
  auditAction: AuditAction;
}

/** The text's paragraphs (blank lines between them), each with its line breaks. */
function blocksOf(text: string): Block[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+$/, ""))
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => ({ paragraph }));
}

/**
 * The sending core every document uses (invoices, recurring invoices' „ausstellen und senden“,
 * quotes): checks the recipients, the subject and the attachments' size, keeps the caller's rate
 * limit, and in one transaction writes one outbox mail per recipient (each with the attachments'
 * bytes) and the audit event naming every recipient. Nothing is sent here: the outbox's worker
 * sends when the mail server takes it.
 */
export async function sendDocumentByMail(
  { sql, outbox, config }: Pick<Deps, "sql" | "outbox" | "config">,
  mail: DocumentMail,
  sender: { id: number | null; name: string },
  actor: AuditActor,
): Promise<string> {
  const sendingId = await sql.begin((tx) => writeDocumentMail(tx, config, mail, sender, actor));
  outbox.written();
  return sendingId;
}

/**
 * `sendDocumentByMail` inside the caller's transaction: the recurring run writes the mail in the
 * transaction that moves it `issued → sent`, so it is written once or not at all. The caller
 * nudges the outbox after its commit. `sender.id` null (the system's jobs) skips the per-user
 * rate limit: a job's sendings are bounded by what it makes, not by a person clicking.
 */
export async function writeDocumentMail(
  tx: Queries,
  config: Pick<Deps["config"], "mailSendingsPerHour">,
  mail: DocumentMail,
  sender: { id: number | null; name: string },
  actor: AuditActor,
): Promise<string> {
  const problem = recipientsProblem(mail.to);
  if (problem !== null) throw new HttpError(422, "validation", problem);
  const to = uniqueRecipients(mail.to);
  const subject = oneLine(mail.subject);
  if (subject === "") throw new HttpError(422, "validation", sendingMessages.subjectRequired);
  const bytes = mail.attachments.reduce((sum, file) => sum + file.content.byteLength, 0);
  if (bytes > mailLimits.attachmentBytesMax)
    throw new HttpError(
      422,
      "attachment-too-large",
      sendingMessages.attachmentTooLarge(formatSizeLimit(mailLimits.attachmentBytesMax)),
    );
  const sendingId = crypto.randomUUID();
  if (sender.id !== null && (await sendingsInLastHour(tx, sender.id)) >= config.mailSendingsPerHour) {
    throw new HttpError(429, "rate-limited", sendingMessages.rateLimited(config.mailSendingsPerHour));
  }
  for (const address of to) {
    const composed = composeMail({
      kind: mail.document.kind,
      to: { name: null, address },
      replyTo: mail.replyTo ? { name: null, address: mail.replyTo } : null,
      subject,
      blocks: blocksOf(mail.text),
    });
    await enqueueMail(tx, composed, {
      sending: {
        sendingId,
        invoiceId: mail.document.kind === "invoice" ? mail.document.id : null,
        quoteId: mail.document.kind === "quote" ? mail.document.id : null,
        sentBy: sender,
      },
      attachments: mail.attachments,
    });
  }
  await recordAuditEvent(tx, actor, {
    action: mail.auditAction,
    objectId: mail.document.id,
    fields: ["recipients", "subject", "attachments"],
    changes: {
      recipients: { before: null, after: to },
      subject: { before: null, after: subject },
      attachments: { before: null, after: mail.attachments.map((file) => file.fileName) },
    },
  });
  return sendingId;
}

/**
 * An issued invoice to its customer's address with the stored invoice template and its PDF, in the
 * caller's transaction (the recurring run's „ausstellen und senden“). `no-email` when the customer
 * has no address: nothing is written. Throws as `invoiceForMail` does (409 cancelled, PDF missing).
 */
export async function writeInvoiceMailToCustomer(
  tx: Queries,
  config: Pick<Deps["config"], "mailSendingsPerHour" | "dataDir" | "blobStore">,
  invoiceId: number,
  sender: { id: number | null; name: string },
  actor: AuditActor,
): Promise<{ sendingId: string; to: string } | "no-email"> {
  const invoice = await invoiceForMail(tx, config, invoiceId, "admin");
  if (invoice.customerEmail === null) return "no-email";
  const template = await readMailTemplate(tx, "invoice");
  const sendingId = await writeDocumentMail(
    tx,
    config,
    {
      document: { kind: "invoice", id: invoiceId },
      to: [invoice.customerEmail],
      subject: renderMailTemplate(template.subject, invoice.values),
      text: renderMailTemplate(template.text, invoice.values),
      replyTo: invoice.replyTo,
      attachments: [{ fileName: invoice.pdfName, contentType: "application/pdf", content: await invoice.pdf() }],
      auditAction: "invoice.mailed",
    },
    sender,
    actor,
  );
  return { sendingId, to: invoice.customerEmail };
}

/** What „Per E-Mail senden“ starts with for `document`: the customer's address and `template` filled in. */
function draftOf(document: DocumentForMail, template: MailTemplate): DocumentMailDraft {
  return {
    to: document.customerEmail ? [document.customerEmail] : [],
    subject: oneLine(renderMailTemplate(template.subject, document.values)),
    text: renderMailTemplate(template.text, document.values),
    pdfName: document.pdfName,
  };
}

/** „Per E-Mail senden“ for issued invoices and quotes: the drafts, the sendings, the histories, the templates. */
export function sendingService(deps: Pick<Deps, "sql" | "outbox" | "config">) {
  const { sql, config } = deps;

  /** The invoice's draft: the template filled in, the XML ticked for a customer with a Leitweg-ID. */
  async function draft(invoiceId: number, role: string): Promise<InvoiceMailAnswer> {
    const invoice = await invoiceForMail(sql, config, invoiceId, role);
    const template = await readMailTemplate(sql, "invoice");
    return {
      draft: { ...draftOf(invoice, template), attachXml: invoice.customerHasLeitwegId, xmlName: invoice.xmlName },
      sendings: await documentSendings(sql, { kind: "invoice", id: invoiceId }),
    };
  }

  /** The quote's draft (404 unknown, 409 a draft): the quote template, its PDF's name. */
  async function quoteDraft(quoteId: number): Promise<QuoteMailAnswer> {
    const quote = await quoteForMail(sql, config, quoteId);
    return {
      draft: draftOf(quote, await readMailTemplate(sql, "quote")),
      sendings: await documentSendings(sql, { kind: "quote", id: quoteId }),
    };
  }

  /** Sends `document` as the body says, with `attachments`; answers the sending and the document's history. */
  async function send(
    document: { kind: MailedDocumentKind; id: number },
    found: DocumentForMail,
    body: SendDocumentMailBody,
    attachments: MailAttachment[],
    sender: { id: number | null; name: string },
    actor: AuditActor,
  ): Promise<SentDocumentMailAnswer> {
    const sendingId = await sendDocumentByMail(
      deps,
      {
        document,
        to: body.to,
        subject: body.subject,
        text: body.text,
        replyTo: found.replyTo,
        attachments,
        auditAction: document.kind === "quote" ? "quote.mailed" : "invoice.mailed",
      },
      sender,
      actor,
    );
    const sendings = await documentSendings(sql, document);
    const sending = sendings.find((entry) => entry.id === sendingId);
    if (!sending) throw new Error(`sending ${sendingId} was not stored`);
    return { sending, sendings };
  }

  const pdfOf = async (found: DocumentForMail): Promise<MailAttachment> => ({
    fileName: found.pdfName,
    contentType: "application/pdf",
    content: await found.pdf(),
  });

  /**
   * „Per E-Mail senden“ for an issued invoice: its stored PDF byte for byte, with `attachXml` its
   * XRechnung. 404 unknown (or restricted, for staff), 409 a draft or a cancelled invoice.
   */
  async function sendInvoiceByMail(
    invoiceId: number,
    body: SendInvoiceMailBody,
    sender: { id: number | null; name: string; role: string },
    actor: AuditActor,
  ): Promise<SentDocumentMailAnswer> {
    const invoice = await invoiceForMail(sql, config, invoiceId, sender.role);
    const attachments = [await pdfOf(invoice)];
    if (body.attachXml)
      attachments.push({ fileName: invoice.xmlName, contentType: "application/xml", content: await invoice.xml() });
    return send({ kind: "invoice", id: invoiceId }, invoice, body, attachments, sender, actor);
  }

  /** „Per E-Mail senden“ for an issued quote: its PDF as its download makes it. 404 unknown, 409 a draft. */
  async function sendQuoteByMail(
    quoteId: number,
    body: SendDocumentMailBody,
    sender: { id: number | null; name: string },
    actor: AuditActor,
  ): Promise<SentDocumentMailAnswer> {
    const quote = await quoteForMail(sql, config, quoteId);
    return send({ kind: "quote", id: quoteId }, quote, body, [await pdfOf(quote)], sender, actor);
  }

  /** The history of any invoice the caller may see (404 unknown, or restricted for staff). */
  async function sendings(invoiceId: number, role: string): Promise<DocumentSendingsAnswer> {
    if (!(await invoiceVisible(sql, invoiceId, role)))
      throw new HttpError(404, "invoice-not-found", sendingApiMessages.invoiceNotFound);
    return { sendings: await documentSendings(sql, { kind: "invoice", id: invoiceId }) };
  }

  /** The history of any quote (404 unknown; a draft has none). */
  async function quoteSendings(quoteId: number): Promise<DocumentSendingsAnswer> {
    const [row] = await sql`select 1 from quotes where id = ${quoteId}`;
    if (!row) throw new HttpError(404, "quote-not-found", quoteMessages.notFound);
    return { sendings: await documentSendings(sql, { kind: "quote", id: quoteId }) };
  }

  async function template(kind: MailTemplateKind): Promise<MailTemplateAnswer> {
    return { kind, template: await readMailTemplate(sql, kind) };
  }

  async function saveTemplate(
    kind: MailTemplateKind,
    body: MailTemplate,
    userId: number,
    actor: AuditActor,
  ): Promise<MailTemplateAnswer> {
    return { kind, template: await sql.begin((tx) => saveMailTemplate(tx, kind, body, userId, actor)) };
  }

  return {
    draft,
    quoteDraft,
    sendInvoiceByMail,
    sendQuoteByMail,
    sendings,
    quoteSendings,
    templates: () => readMailTemplates(sql),
    template,
    saveTemplate,
  };
}
