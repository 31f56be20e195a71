/**
 * What the invoices module offers the rest of the API (other modules, tools, the start): the only file
 * of this folder they may import (biome.json). Its Elysia plugin, `routes.ts`, is imported by
 * api/src/app.ts alone, so that importing this file stays cheap (no routes, no PDF library: the
 * quotes' PDF loads it on first use).
 */
import type { BlobStore } from "../../storage/blob-store.ts";
import type { KeptSeller } from "../company/index.ts";
import { pdfLogoOf } from "./letterhead-logo.ts";
import type { QuoteDocumentData } from "./types.ts";

export { invoiceBlobArea, invoiceBlobStore, sweepInvoiceBlobs, writeBlob } from "./blobs.ts";
export { fileResponse } from "./file-response.ts";
export { type InvoiceMaker, type IssueContext, withInvoiceTransaction } from "./issue.ts";
// For the quotes (modules/quotes, decision 0078): the invoice's content, its rules and schemas,
// the number series' counter, the draft an accepted quote becomes.
export {
  cents,
  contentFrom,
  type InvoiceBody,
  invoiceBody,
  invoiceSchema,
  isoDate,
  itemSchema,
  referenceSchema,
  totalsSchema,
} from "./model.ts";
export { reminderMailPrecondition } from "./reminders.ts";
export {
  type Author,
  customerExists,
  findInvoice,
  insertDraft,
  invoiceBlobRows,
  invoiceSearchHits,
  jsonItems,
  type NumberSeries,
  nextSequence,
  safeTotals,
} from "./store.ts";
export type { QuoteDocumentData } from "./types.ts";

/**
 * An Angebot's PDF in the invoice's layout (pdf-document.ts), with the logo its kept seller names
 * (read from `store`, the invoices' blob store); pdfmake is loaded on the first call.
 */
export async function renderQuotePdf(
  data: QuoteDocumentData & { seller: KeptSeller },
  store: BlobStore,
): Promise<Uint8Array> {
  const logo = await pdfLogoOf(store, data.seller.logo);
  const [{ invoiceDocument }, { renderPdf }] = await Promise.all([
    import("./pdf-document.ts"),
    import("./pdf-render.ts"),
  ]);
  return renderPdf(invoiceDocument(data, logo));
}
export {
  customerMailContact,
  type DocumentForMail,
  type InvoiceForMail,
  invoiceForMail,
  invoiceVisible,
} from "./mail-documents.ts";
