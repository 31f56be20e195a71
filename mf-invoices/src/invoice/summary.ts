/**
 * An invoice as the rows a reader sees: its item lines and its summary lines, already formatted.
 * The saved-invoices list and the PDF both print from here, so screen and paper show the same
 * strings.
 */

import { discountLabel, invoiceMessages, taxLabel } from "../messages";
import { formatDecimal, formatEuro } from "./format";
import type { InvoiceTotals } from "./totals";
import type { Invoice } from "./types";

export interface InvoiceLineRow {
  description: string;
  /** German spelling, e.g. `1.000` or `1,5`. */
  quantity: string;
  unitPrice: string;
  total: string;
}

export type InvoiceSummaryKey = "subtotal" | "discount" | "fees" | "tax" | "total";

export interface InvoiceSummaryRow {
  key: InvoiceSummaryKey;
  /** "Zwischensumme", "Rabatt (10%)", "Sonstige Gebühren", "MwSt. (19%)", "Gesamt". */
  label: string;
  /** The signed amount the row adds to the total (the discount is negative). */
  cents: number;
  /** `formatEuro(cents)`: the discount prints with a minus, e.g. `-10,00 €`. */
  amount: string;
}

export function invoiceLineRows(invoice: Invoice, totals: InvoiceTotals): InvoiceLineRow[] {
  return invoice.items.map((item, index) => {
    const line = totals.lines[index];
    if (!line) throw new RangeError(`Keine Summe für Artikel ${index + 1}`);
    return {
      description: item.description,
      quantity: formatDecimal(item.quantity),
      unitPrice: formatEuro(line.unitCents),
      total: formatEuro(line.totalCents),
    };
  });
}

/** Zwischensumme, Rabatt (n%), Sonstige Gebühren, MwSt. (n%), Gesamt: always all five, in this order. */
export function invoiceSummaryRows(invoice: Invoice, totals: InvoiceTotals): InvoiceSummaryRow[] {
  const row = (key: InvoiceSummaryKey, label: string, cents: number): InvoiceSummaryRow => ({
    key,
    label,
    cents,
    amount: formatEuro(cents),
  });
  return [
    row("subtotal", invoiceMessages.subtotal, totals.subtotalCents),
    row("discount", discountLabel(invoice.discountPercent), -totals.discountCents),
    row("fees", invoiceMessages.fees, totals.feesCents),
    row("tax", taxLabel(invoice.taxPercent), totals.taxCents),
    row("total", invoiceMessages.total, totals.totalCents),
  ];
}
