/**
 * An invoice as the rows a reader sees, from the kit, so the screen prints the same strings as the
 * server's PDF.
 */
export {
  type InvoiceLineRow,
  type InvoiceSummaryKey,
  type InvoiceSummaryRow,
  invoiceLineRows,
  invoiceSummaryRows,
} from "@klarwerk/kit";
