import { invoicePdfFileName, xrechnungFileName } from "@klarwerk/kit";
import { apiFetch } from "@klarwerk/kit/browser";

export type InvoiceFileKind = "pdf" | "xrechnung";

/**
 * Fetches an issued invoice's stored PDF or its XRechnung with the bearer token (a plain link
 * could not carry it) and hands it to the browser's download as `Rechnung_<number>.pdf` or
 * `XRechnung_<number>.xml`.
 */
export async function downloadInvoiceFile(id: number, number: string, kind: InvoiceFileKind): Promise<void> {
  const response = await apiFetch(`/api/invoices/${id}/${kind}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = kind === "pdf" ? invoicePdfFileName(number) : xrechnungFileName(number);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later rather than at once: the browser's download reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
