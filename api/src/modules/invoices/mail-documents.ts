import {
  blockName,
  type InvoiceMailValues,
  invoicePdfFileName,
  sendingMessages,
  todayInGermany,
  xrechnungFileName,
} from "@klarwerk/kit";
import type { Config } from "../../config.ts";
import type { Queries } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { invoiceBlobStore, readBlob } from "./blobs.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import { documentDataOf, findInvoice, isRestricted } from "./store.ts";

/** What a mail about one issued document (invoice, quote) needs: the placeholders' values, the customer's contact, its PDF. */
export interface DocumentForMail {
  id: number;
  values: InvoiceMailValues;
  /** The customer's e-mail address (prefilled as the recipient), if the document names a customer with one. */
  customerEmail: string | null;
  /** The company's contact address, the mail's Reply-To. */
  replyTo: string | null;
  pdfName: string;
  /** The document's PDF: an invoice's as stored at issue, byte for byte. */
  pdf(): Promise<Uint8Array>;
}

/** An invoice's mail: the document's, and its XRechnung. */
export interface InvoiceForMail extends DocumentForMail {
  /** Whether the customer has a Leitweg-ID (a public-sector buyer: the XRechnung goes along). */
  customerHasLeitwegId: boolean;
  xmlName: string;
  /** The XRechnung 3.0 (CII), made from the stored invoice as its download is. */
  xml(): Promise<Uint8Array>;
}

/** The customer's contact for a mail: its address (trimmed; null when none) and its Leitweg-ID. */
export async function customerMailContact(
  sql: Queries,
  customerId: number | null,
): Promise<{ email: string | null; hasLeitwegId: boolean }> {
  const [customer] =
    customerId === null
      ? []
      : await sql<{ email: string | null; leitweg_id: string | null }[]>`
          select email, leitweg_id from customers where id = ${customerId}`;
  return { email: customer?.email?.trim() || null, hasLeitwegId: Boolean(customer?.leitweg_id?.trim()) };
}

/** Whether the invoice exists and the caller may see it (staff do not see one an erasure restricted). */
export async function invoiceVisible(sql: Queries, id: number, role: string): Promise<boolean> {
  if (role !== "admin" && (await isRestricted(sql, id))) return false;
  const [row] = await sql`select 1 from invoices where id = ${id}`;
  return row !== undefined;
}

/**
 * An issued invoice as a mail carries it, or the refusal: 404 for an unknown id (and, for staff, a
 * restricted one: as the invoice's other routes), 409 for a draft or a cancelled invoice. A
 * Stornorechnung may be sent (the customer is to learn of it).
 */
export async function invoiceForMail(
  sql: Queries,
  config: Pick<Config, "dataDir" | "blobStore">,
  id: number,
  role: string,
): Promise<InvoiceForMail> {
  const notFound = () => new HttpError(404, "invoice-not-found", messages.notFound);
  if (role !== "admin" && (await isRestricted(sql, id))) throw notFound();
  const stored = await findInvoice(sql, id, todayInGermany());
  if (!stored) throw notFound();
  const data = documentDataOf(stored);
  const pdfBlob = stored.pdfBlob;
  if (!data || pdfBlob === null) throw new HttpError(409, "invoice-not-issued", sendingMessages.notSendable);
  if (stored.invoice.cancelledBy !== null)
    throw new HttpError(409, "invoice-cancelled", sendingMessages.cancelledNotSendable);
  const customer = await customerMailContact(sql, stored.content.customerId);
  const store = invoiceBlobStore(config);
  return {
    id,
    values: {
      number: data.number,
      totalCents: data.totals.totalCents,
      dueDate: data.dueDate,
      issueDate: data.content.issueDate,
      customerName: blockName(data.content.recipient),
      senderName: data.seller.name,
    },
    customerEmail: customer.email,
    customerHasLeitwegId: customer.hasLeitwegId,
    replyTo: data.seller.contactEmail,
    pdfName: invoicePdfFileName(data.number),
    xmlName: xrechnungFileName(data.number),
    async pdf() {
      const bytes = await readBlob(store, pdfBlob);
      if (bytes === null) {
        console.error(`[api] invoice ${id}: PDF blob ${pdfBlob} is missing`);
        throw new HttpError(409, "invoice-pdf-missing", sendingMessages.pdfMissing);
      }
      return bytes;
    },
    async xml() {
      // Loaded when asked for: importing the invoices module's index stays cheap.
      const { xrechnungXml } = await import("./einvoice.ts");
      return new TextEncoder().encode(await xrechnungXml(data));
    },
  };
}
