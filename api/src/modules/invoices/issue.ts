import {
  addDays,
  formatInvoiceNumber,
  type InvoiceContent,
  invoiceDateMessages,
  invoiceIssueProblem,
  invoiceTotals,
  isKeptItem,
  issueDateProblem,
} from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import type { BlobStore, PendingBlob } from "../../storage/blob-store.ts";
import type { AuditActor } from "../audit/index.ts";
import { readCompanySettings, readCurrentLogo } from "../company/index.ts";
import { writeBlob } from "./blobs.ts";
import { renderInvoicePdf } from "./documents.ts";
import { pdfLogoOf } from "./letterhead-logo.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import {
  type Author,
  documentDataOf,
  findInvoice,
  insertCancellation,
  insertDraft,
  invoiceSnapshot,
  latestIssueDate,
  markIssued,
  nextSequence,
  recordInvoiceEvent,
  type StoredInvoice,
  updateDraft,
} from "./store.ts";
import type { InvoiceDocumentData } from "./types.ts";

/**
 * Issuing and cancelling, each one transaction: check, take the year's next number, render the
 * PDF with that number, store it, store the invoice. A refusal (422, 409) happens before the
 * number is taken; any failure after it rolls the number back with the rest, so the sequence has
 * no gaps. The PDF is written beside the transaction and moved into place just before it
 * commits; if the commit fails it is removed again.
 */

export interface IssueContext {
  sql: Sql;
  store: BlobStore;
  /** Germany's date today, `yyyy-mm-dd`. */
  today: string;
  /** How many days before today an invoice may be dated (`INVOICE_MAX_BACKDATE_DAYS`). */
  maxBackdateDays: number;
  author: Author;
  /** Who the audit event names. */
  actor: AuditActor;
}

/** Runs `work` in a transaction; blobs it wrote are removed unless the transaction commits. */
export async function withBlobs<T>(sql: Sql, work: (tx: Queries, written: PendingBlob[]) => Promise<T>): Promise<T> {
  const written: PendingBlob[] = [];
  try {
    return (await sql.begin((tx) => work(tx, written))) as T;
  } catch (error) {
    await Promise.all(written.map((blob) => blob.discard()));
    throw error;
  }
}

/** Numbers, renders and stores: the shared tail of issuing and cancelling. */
async function numberAndRender(
  tx: Queries,
  store: BlobStore,
  written: PendingBlob[],
  data: Omit<InvoiceDocumentData, "number">,
) {
  const year = Number(data.content.issueDate.slice(0, 4));
  const sequence = await nextSequence(tx, "invoice", year);
  // The counter row is locked now, so no other issue of the year can commit meanwhile: number
  // order and date order agree (a refusal rolls the number back with the rest).
  const latest = await latestIssueDate(tx);
  if (latest !== null && data.content.issueDate < latest) {
    throw new HttpError(422, "invoice-date-before-latest", invoiceDateMessages.beforeLatest(latest));
  }
  const number = formatInvoiceNumber(year, sequence);
  // The logo current now: a later one changes only later invoices (this PDF is stored as it is).
  const logo = await pdfLogoOf(store, await readCurrentLogo(tx));
  const blob = await writeBlob(store, await renderInvoicePdf({ ...data, number }, logo));
  written.push(blob);
  if (blob.sha256 === null) throw new Error("a closed blob has no checksum");
  return { year, sequence, number, blob, pdf: { id: blob.id, size: blob.size, sha256: blob.sha256 } };
}

/**
 * Issues the draft `id` (with `content` stored first, when given), or, with `id` null, stores
 * `content` and issues it; the invoice's id. A refused issue stores nothing.
 */
export async function issueInvoice(
  context: IssueContext,
  id: number | null,
  content: InvoiceContent | null,
): Promise<number> {
  return withBlobs(context.sql, (tx, written) => issueWithin(tx, written, context, id, content));
}

/**
 * What `issueInvoice` does, inside the caller's transaction `tx` (with `withBlobs`' list of the
 * PDFs written, removed unless it commits): recurring invoices issue a run's invoice in the
 * transaction that records the run (`withInvoiceTransaction`).
 */
async function issueWithin(
  tx: Queries,
  written: PendingBlob[],
  context: Omit<IssueContext, "sql">,
  id: number | null,
  content: InvoiceContent | null,
): Promise<number> {
  const { store, today, maxBackdateDays, author, actor } = context;
  {
    let invoiceId: number;
    let current: InvoiceContent;
    let before: Record<string, unknown> | null = null;
    if (id === null) {
      if (content === null) throw new Error("issueInvoice needs an id or content");
      invoiceId = await insertDraft(tx, content, author);
      current = content;
    } else {
      const stored = await findInvoice(tx, id, today, { lock: true });
      if (!stored) throw new HttpError(404, "invoice-not-found", messages.notFound);
      if (stored.state !== "draft") throw new HttpError(409, "invoice-already-issued", messages.issuedFinal);
      before = await invoiceSnapshot(tx, id);
      if (content !== null) await updateDraft(tx, id, content);
      invoiceId = id;
      current = content ?? stored.content;
    }
    const seller = await readCompanySettings(tx);
    const problem =
      invoiceIssueProblem(current, seller) ??
      issueDateProblem(current.issueDate, { today, maxBackdateDays, latestIssued: null });
    if (problem !== null) throw new HttpError(422, "validation", problem);

    const kept: InvoiceContent = { ...current, items: current.items.filter(isKeptItem) };
    const totals = invoiceTotals(kept);
    const dueDate = addDays(kept.issueDate, kept.paymentTermDays);
    const issued = await numberAndRender(tx, store, written, {
      kind: "invoice",
      content: kept,
      totals,
      dueDate,
      seller,
      cancels: null,
    });
    await markIssued(tx, invoiceId, {
      number: issued.number,
      year: issued.year,
      sequence: issued.sequence,
      content: kept,
      totalCents: totals.totalCents,
      seller,
      pdf: issued.pdf,
      issuer: author,
    });
    await recordInvoiceEvent(tx, actor, "invoice.issued", invoiceId, before);
    await issued.blob.commit();
    return invoiceId;
  }
}

/** Makes invoices inside a transaction another module opens with `withInvoiceTransaction`. */
export interface InvoiceMaker {
  /** Stores `content` as a draft (its `invoice.draft_saved` event included); its id. */
  draft(content: InvoiceContent): Promise<number>;
  /** Stores and issues `content` as `issueInvoice` does; its id. A refusal throws and rolls back all. */
  issue(content: InvoiceContent): Promise<number>;
}

/**
 * Runs `work` in one transaction in which it may write its own rows and make invoices (drafts or
 * issued, with number and PDF) through the invoices module: all of it commits, or none (a PDF
 * written is removed then). Recurring invoices record a run and its invoice so.
 */
export function withInvoiceTransaction<T>(
  context: IssueContext,
  work: (tx: Queries, invoices: InvoiceMaker) => Promise<T>,
): Promise<T> {
  return withBlobs(context.sql, (tx, written) =>
    work(tx, {
      draft: (content) => insertDraft(tx, content, context.author, context.actor),
      issue: (content) => issueWithin(tx, written, context, null, content),
    }),
  );
}

/** Why `stored` cannot be cancelled, or null. */
function cancelProblem(stored: StoredInvoice): HttpError | null {
  if (stored.state !== "issued") return new HttpError(409, "invoice-not-issued", messages.notIssued);
  if (stored.kind === "cancellation")
    return new HttpError(409, "invoice-cancellation-final", messages.cancellationFinal);
  if (stored.invoice.cancelledBy !== null)
    return new HttpError(409, "invoice-already-cancelled", messages.alreadyCancelled);
  return null;
}

/**
 * Issues the cancellation invoice (Stornorechnung) of the issued invoice `id`: dated today, with
 * its own number, every quantity and the fees negated (so every amount is the original's negated),
 * the original's parties and seller data, and a reference to it. Its id.
 */
export async function cancelInvoice(context: IssueContext, id: number): Promise<number> {
  const { sql, store, today, author, actor } = context;
  return withBlobs(sql, async (tx, written) => {
    const stored = await findInvoice(tx, id, today, { lock: true });
    const before = await invoiceSnapshot(tx, id);
    if (!stored) throw new HttpError(404, "invoice-not-found", messages.notFound);
    const problem = cancelProblem(stored);
    if (problem) throw problem;
    const original = documentDataOf(stored);
    if (!original) throw new HttpError(409, "invoice-not-issued", messages.notIssued);

    const { content } = original;
    const period = content.servicePeriodStart !== null && content.servicePeriodEnd !== null;
    const reversal: InvoiceContent = {
      ...content,
      issueDate: today,
      serviceDate: period ? null : (content.serviceDate ?? content.issueDate),
      paymentTermDays: 0,
      items: content.items.map((item) => ({ ...item, quantity: -item.quantity })),
      extraFeesCents: -content.extraFeesCents,
      notes: "",
    };
    const totals = invoiceTotals(reversal);
    const issued = await numberAndRender(tx, store, written, {
      kind: "cancellation",
      content: reversal,
      totals,
      dueDate: today,
      seller: original.seller,
      cancels: { number: original.number, issueDate: content.issueDate },
    });
    const cancellationId = await insertCancellation(tx, id, {
      number: issued.number,
      year: issued.year,
      sequence: issued.sequence,
      content: reversal,
      totalCents: totals.totalCents,
      seller: original.seller,
      pdf: issued.pdf,
      issuer: author,
    });
    // One event, on the original: its Verlauf shows the cancellation and its number (`cancelled_by`).
    await recordInvoiceEvent(tx, actor, "invoice.cancelled", id, before);
    await issued.blob.commit();
    return cancellationId;
  });
}
