/**
 * An invoice as the rows a reader sees, from the kit (`invoiceLineRows`, `invoiceSummaryRows`), so
 * the screen prints the same strings as the server's PDF.
 */
import { type InvoiceLineRow, type InvoiceTotals, invoiceLineRows as kitLineRows } from "@klarwerk/kit";
import type { Invoice } from "./types";

export {
  type InvoiceLineRow,
  type InvoiceSummaryKey,
  type InvoiceSummaryRow,
  invoiceSummaryRows,
} from "@klarwerk/kit";

export function invoiceLineRows(invoice: Invoice, totals: InvoiceTotals): InvoiceLineRow[] {
  return kitLineRows(invoice.items, totals);
}
