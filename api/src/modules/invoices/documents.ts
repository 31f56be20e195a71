import { facturXPdf } from "./einvoice.ts";
import { invoiceDocument, type PdfLogo } from "./pdf-document.ts";
import { renderPdf } from "./pdf-render.ts";
import type { InvoiceDocumentData } from "./types.ts";

/**
 * The invoice's PDF as it is stored when it is issued: the spec's layout rendered by pdfmake, made
 * a ZUGFeRD/Factur-X EN 16931 PDF/A-3b with `factur-x.xml` attached.
 */
export async function renderInvoicePdf(data: InvoiceDocumentData, logo: PdfLogo | null): Promise<Uint8Array> {
  return facturXPdf(data, await renderPdf(invoiceDocument(data, logo)));
}
