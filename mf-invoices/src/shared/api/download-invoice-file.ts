import { invoicePdfFileName, xrechnungFileName } from "@klarwerk/kit";
import { downloadFromApi } from "@klarwerk/kit/browser";

export type InvoiceFileKind = "pdf" | "xrechnung";

/**
 * Downloads an issued invoice's stored PDF or its XRechnung as `Rechnung_<number>.pdf` or
 * `XRechnung_<number>.xml`.
 */
export function downloadInvoiceFile(id: number, number: string, kind: InvoiceFileKind): Promise<void> {
  return downloadFromApi(
    `/api/invoices/${id}/${kind}`,
    kind === "pdf" ? invoicePdfFileName(number) : xrechnungFileName(number),
  );
}
