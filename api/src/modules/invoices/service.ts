import {
  type Invoice,
  invoiceDateMessages,
  invoicePaymentMessages,
  invoicePdfFileName,
  todayInGermany,
  type User,
  xrechnungFileName,
} from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { sha256HexOf } from "../../storage/blob-digest.ts";
import type { AuditActor } from "../audit/index.ts";
import { invoiceBlobStore } from "./blobs.ts";
import { xrechnungXml } from "./einvoice.ts";
import { fileResponse } from "./file-response.ts";
import { cancelInvoice, type IssueContext, issueInvoice } from "./issue.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import {
  contentFrom,
  type InvoiceBody,
  type NewPaymentBody,
  newPaymentFrom,
  paidOnFrom,
  type paymentBody,
} from "./model.ts";
import {
  customerExists,
  deleteDraft,
  deletePayment,
  documentDataOf,
  findInvoice,
  findPayment,
  insertDraft,
  insertPayment,
  isRestricted,
  type StoredInvoice,
  setPaidOn,
  updateDraft,
} from "./store.ts";

const notFound = () => new HttpError(404, "invoice-not-found", messages.notFound);

/**
 * The invoice tool's flows: save (a draft, or issued at once: issue.ts), delete a draft, cancel,
 * record a payment, and the issued invoice's documents. Every refusal of a stored invoice's state
 * is a 409 with its own code: already issued (a draft's edit or delete), not issued, a
 * cancellation (final), already cancelled, cancelled (not payable).
 */
export function invoicesService({ sql, config }: Pick<Deps, "sql" | "config">) {
  const store = invoiceBlobStore(config);

  async function invoiceOf(id: number, today: string): Promise<Invoice> {
    const stored = await findInvoice(sql, id, today);
    if (!stored) throw notFound();
    return stored.invoice;
  }

  async function issuedOf(id: number) {
    const stored = await findInvoice(sql, id, todayInGermany());
    if (!stored) throw notFound();
    const data = documentDataOf(stored);
    if (!data || !stored.pdfBlob) throw new HttpError(409, "invoice-not-issued", messages.notIssued);
    return { stored, data, pdfBlob: stored.pdfBlob };
  }

  async function contentChecked(body: InvoiceBody, today: string) {
    const content = contentFrom(body, today);
    if (content.customerId !== null && !(await customerExists(sql, content.customerId))) {
      throw new HttpError(422, "invoice-customer-unknown", messages.customerUnknown);
    }
    return content;
  }

  const context = (user: Pick<User, "id" | "name">, today: string, actor: AuditActor): IssueContext => ({
    sql,
    store,
    today,
    maxBackdateDays: config.invoiceMaxBackdateDays,
    author: { id: user.id, name: user.name },
    actor,
  });

  const get = (id: number) => invoiceOf(id, todayInGermany());

  /** A new draft, or with `issue: true` issued at once. */
  async function create(body: InvoiceBody, user: User, actor: AuditActor): Promise<Invoice> {
    const today = todayInGermany();
    const content = await contentChecked(body, today);
    const id = body.issue
      ? await issueInvoice(context(user, today, actor), null, content)
      : await insertDraft(sql, content, { id: user.id, name: user.name }, actor);
    return invoiceOf(id, today);
  }

  /** Replaces a draft; with `issue: true` issues it (a refused issue leaves the draft as it was). */
  async function replace(id: number, body: InvoiceBody, user: User, actor: AuditActor): Promise<Invoice> {
    const today = todayInGermany();
    const content = await contentChecked(body, today);
    if (body.issue) {
      await issueInvoice(context(user, today, actor), id, content);
    } else if (!(await updateDraft(sql, id, content, actor))) {
      const stored = await findInvoice(sql, id, today);
      throw stored ? new HttpError(409, "invoice-already-issued", messages.issuedFinal) : notFound();
    }
    return invoiceOf(id, today);
  }

  /** An issued invoice is kept: 409. */
  async function remove(id: number, actor: AuditActor): Promise<void> {
    if (await deleteDraft(sql, id, actor)) return;
    const stored = await findInvoice(sql, id, todayInGermany());
    throw stored ? new HttpError(409, "invoice-already-issued", messages.issuedFinal) : notFound();
  }

  /** The Stornorechnung and the original it cancels. */
  async function cancel(id: number, user: User, actor: AuditActor): Promise<{ invoice: Invoice; cancelled: Invoice }> {
    const today = todayInGermany();
    const cancellationId = await cancelInvoice(context(user, today, actor), id);
    return { invoice: await invoiceOf(cancellationId, today), cancelled: await invoiceOf(id, today) };
  }

  /** An issued, uncancelled invoice, not a Stornorechnung: the only kind that takes a payment (409 otherwise). */
  function assertPayable(stored: StoredInvoice | null): asserts stored is StoredInvoice {
    if (!stored) throw notFound();
    if (stored.state !== "issued") throw new HttpError(409, "invoice-not-issued", messages.notIssued);
    if (stored.kind === "cancellation")
      throw new HttpError(409, "invoice-cancellation-final", messages.cancellationFinal);
    if (stored.invoice.cancelledBy !== null)
      throw new HttpError(409, "invoice-cancelled-not-payable", messages.cancelledNotPayable);
  }

  /**
   * "Als bezahlt markieren": the rest paid in full on `paidOn`, one payment of the open amount (an
   * invoice of 0,00 € just gets the date). Paid in full already: 409 (a wrong date is corrected
   * by deleting the payment and recording it again).
   */
  async function recordPayment(id: number, body: typeof paymentBody.static, user: User, actor: AuditActor) {
    const today = todayInGermany();
    const paidOn = paidOnFrom(body, today);
    await sql.begin(async (tx) => {
      const stored = await findInvoice(tx, id, today, { lock: true });
      assertPayable(stored);
      if (paidOn < stored.content.issueDate)
        throw new HttpError(422, "validation", invoiceDateMessages.paidOnBeforeIssue);
      if (stored.invoice.paidOn !== null)
        throw new HttpError(409, "invoice-already-paid", invoicePaymentMessages.alreadyPaid);
      const { openCents } = stored.invoice;
      if (openCents === 0) await setPaidOn(tx, id, paidOn, actor);
      else await insertPayment(tx, id, { paidOn, amountCents: openCents, note: null }, user, actor);
    });
    return invoiceOf(id, today);
  }

  /**
   * "Zahlung erfassen": a payment of part or all of the open amount, to the cent. The invoice's row
   * lock orders concurrent payments: the second sees the first and is refused if it overpays.
   */
  async function addPayment(id: number, body: NewPaymentBody, user: User, actor: AuditActor): Promise<Invoice> {
    const today = todayInGermany();
    const payment = newPaymentFrom(body, today);
    await sql.begin(async (tx) => {
      const stored = await findInvoice(tx, id, today, { lock: true });
      assertPayable(stored);
      if (payment.paidOn < stored.content.issueDate)
        throw new HttpError(422, "validation", invoiceDateMessages.paidOnBeforeIssue);
      const { openCents } = stored.invoice;
      if (openCents === 0) throw new HttpError(409, "invoice-already-paid", invoicePaymentMessages.alreadyPaid);
      if (payment.amountCents > openCents)
        throw new HttpError(422, "payment-above-open", invoicePaymentMessages.amountAboveOpen(openCents));
      await insertPayment(tx, id, payment, user, actor);
    });
    return invoiceOf(id, today);
  }

  /** Deletes a mistaken payment: an admin, or whoever recorded it (403 for anyone else). */
  async function removePayment(id: number, paymentId: number, user: User, actor: AuditActor): Promise<Invoice> {
    const today = todayInGermany();
    await sql.begin(async (tx) => {
      const stored = await findInvoice(tx, id, today, { lock: true });
      if (!stored) throw notFound();
      const payment = await findPayment(tx, id, paymentId);
      if (!payment) throw new HttpError(404, "payment-not-found", messages.paymentNotFound);
      if (user.role !== "admin" && payment.recordedBy !== user.id)
        throw new HttpError(403, "payment-not-yours", messages.paymentNotYours);
      await deletePayment(tx, id, paymentId, actor);
    });
    return invoiceOf(id, today);
  }

  /** The PDF stored at issue, always the same bytes. */
  async function pdf(id: number): Promise<Response> {
    const { stored, data, pdfBlob } = await issuedOf(id);
    const size = await store.sizeOf(pdfBlob);
    if (size === null) {
      console.error(`[api] invoice ${id}: PDF blob ${pdfBlob} is missing`);
      throw notFound();
    }
    const bytes = store.content(pdfBlob, 0, size);
    return fileResponse(bytes, "application/pdf", invoicePdfFileName(data.number), stored.pdfSha256);
  }

  /** The XRechnung 3.0 (CII), made from the stored invoice. */
  async function xrechnung(id: number): Promise<Response> {
    const { data } = await issuedOf(id);
    const xml = await xrechnungXml(data);
    return fileResponse(xml, "application/xml; charset=utf-8", xrechnungFileName(data.number), sha256HexOf(xml));
  }

  /**
   * An invoice a data-protection erasure restricted (Art. 18 DSGVO) is, for staff, as if it did
   * not exist: the same 404 as an unknown id. Admins still reach it (tax audit, legal claims).
   */
  async function shownTo(role: string, id: number): Promise<void> {
    if (role !== "admin" && (await isRestricted(sql, id))) throw notFound();
  }

  return { get, create, replace, remove, cancel, recordPayment, addPayment, removePayment, pdf, xrechnung, shownTo };
}
