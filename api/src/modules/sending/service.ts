import {
  type AuditAction,
  type DocumentSending,
  formatSizeLimit,
  type InvoiceMailAnswer,
  type MailTemplate,
  mailLimits,
  recipientsProblem,
  renderMailTemplate,
  type SendInvoiceMailBody,
  type SentInvoiceMailAnswer,
  sendingMessages,
  uniqueRecipients,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { type Block, composeMail, oneLine } from "../../mail/compose.ts";
import { enqueueMail, type MailAttachment } from "../../mail/outbox-store.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { invoiceForMail, invoiceVisible } from "../invoices/index.ts";
import { invoiceSendings, readInvoiceTemplate, saveInvoiceTemplate, sendingsInLastHour } from "./store.ts";

/** What one sending of a document says and carries; `sendDocumentByMail` checks it again. */
export interface DocumentMail {
  /** The document it is about: its mails go with it, its history lists them. */
  document: { kind: "invoice"; id: number };
  to: readonly string[];
  subject: string;
  text: string;
  /** The mail's Reply-To (the company's contact address), if any. */
  replyTo: string | null;
  attachments: readonly MailAttachment[];
  /** The audit event naming the recipients: `invoice.mailed`, later the quote's or reminder's. */
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
 * The sending core every document uses (invoices now; recurring invoices, quotes and reminders
 * next): checks the recipients, the subject and the attachments' size, keeps the caller's rate
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
      sending: { sendingId, invoiceId: mail.document.id, sentBy: sender },
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
  const template = await readInvoiceTemplate(tx);
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

/** The invoice side of sending: the draft the dialog starts with, the sending, the history, the template. */
export function sendingService(deps: Pick<Deps, "sql" | "outbox" | "config">) {
  const { sql, config } = deps;

  /** What „Per E-Mail senden“ starts with: the customer's address, the template filled in, the XML ticked for a Leitweg-ID. */
  async function draft(invoiceId: number, role: string): Promise<InvoiceMailAnswer> {
    const invoice = await invoiceForMail(sql, config, invoiceId, role);
    const template = await readInvoiceTemplate(sql);
    return {
      draft: {
        to: invoice.customerEmail ? [invoice.customerEmail] : [],
        subject: oneLine(renderMailTemplate(template.subject, invoice.values)),
        text: renderMailTemplate(template.text, invoice.values),
        attachXml: invoice.customerHasLeitwegId,
        pdfName: invoice.pdfName,
        xmlName: invoice.xmlName,
      },
      sendings: await invoiceSendings(sql, invoiceId),
    };
  }

  /**
   * „Per E-Mail senden“ for an issued invoice: its stored PDF byte for byte, with `attachXml` its
   * XRechnung. 404 unknown (or restricted, for staff), 409 a draft or a cancelled invoice.
   */
  async function sendInvoiceByMail(
    invoiceId: number,
    body: SendInvoiceMailBody,
    sender: { id: number | null; name: string; role: string },
    actor: AuditActor,
  ): Promise<SentInvoiceMailAnswer> {
    const invoice = await invoiceForMail(sql, config, invoiceId, sender.role);
    const attachments: MailAttachment[] = [
      { fileName: invoice.pdfName, contentType: "application/pdf", content: await invoice.pdf() },
    ];
    if (body.attachXml)
      attachments.push({ fileName: invoice.xmlName, contentType: "application/xml", content: await invoice.xml() });
    const sendingId = await sendDocumentByMail(
      deps,
      {
        document: { kind: "invoice", id: invoiceId },
        to: body.to,
        subject: body.subject,
        text: body.text,
        replyTo: invoice.replyTo,
        attachments,
        auditAction: "invoice.mailed",
      },
      { id: sender.id, name: sender.name },
      actor,
    );
    const sendings = await invoiceSendings(sql, invoiceId);
    const sending = sendings.find((entry) => entry.id === sendingId);
    if (!sending) throw new Error(`sending ${sendingId} was not stored`);
    return { sending, sendings };
  }

  /** The history of any invoice the caller may see (404 unknown, or restricted for staff). */
  async function sendings(invoiceId: number, role: string): Promise<{ sendings: DocumentSending[] }> {
    if (!(await invoiceVisible(sql, invoiceId, role)))
      throw new HttpError(404, "invoice-not-found", "Diese Rechnung gibt es nicht.");
    return { sendings: await invoiceSendings(sql, invoiceId) };
  }

  async function templates(): Promise<{ invoice: MailTemplate }> {
    return { invoice: await readInvoiceTemplate(sql) };
  }

  async function saveTemplates(body: { invoice: MailTemplate }, userId: number, actor: AuditActor) {
    return { invoice: await sql.begin((tx) => saveInvoiceTemplate(tx, body.invoice, userId, actor)) };
  }

  return { draft, sendInvoiceByMail, sendings, templates, saveTemplates };
}
