/**
 * The calculation in cents and the rows a reader sees: the browser's preview and the server's PDF
 * compute from here, so they cannot differ.
 */
import { formatDecimal, formatEuro, multiplyRounded, parseDecimal, toSafeNumber } from "../money";
import { discountLabel, invoiceLabels, taxLabel } from "./messages";
import type { InvoiceItem } from "./types";

export interface InvoiceLineTotals {
  unitCents: number;
  /** Quantity × unit price, rounded half up when the quantity has decimals. */
  totalCents: number;
}

export interface InvoiceTotals {
  lines: InvoiceLineTotals[];
  /** Zwischensumme: the sum of the line totals. */
  subtotalCents: number;
  /** Rabatt: subtotal × discount % / 100, rounded half up; shown as a deduction. */
  discountCents: number;
  /** Sonstige Gebühren. */
  feesCents: number;
  /** Subtotal − discount + fees: the base of the VAT, the net amount of the one VAT rate. */
  netCents: number;
  /** MwSt.: net × tax % / 100, rounded half up. */
  taxCents: number;
  /** Gesamt: net + VAT. */
  totalCents: number;
}

/** What the calculation needs of an invoice. */
export interface InvoiceAmounts {
  items: readonly Pick<InvoiceItem, "quantity" | "unitPriceCents">[];
  discountPercent: number;
  taxPercent: number;
  extraFeesCents: number;
}

/**
 * All amounts of an invoice in integer cents, so no binary float touches a cent. Every shown
 * amount is rounded half up (halves away from zero) once, and every later amount is computed from
 * the rounded ones, so the printed lines add up exactly: line = quantity × unit price,
 * Zwischensumme = Σ lines, net = Zwischensumme − Rabatt + Sonstige Gebühren, Gesamt = net + MwSt.
 * Negated quantities and fees give exactly the negated totals (a cancellation invoice).
 * Throws a RangeError for non-finite inputs or totals beyond ±2^53 cents.
 */
export function invoiceTotals(invoice: InvoiceAmounts): InvoiceTotals {
  const lines = invoice.items.map((item) => {
    const unitCents = BigInt(toSafeNumber(BigInt(item.unitPriceCents)));
    const totalCents = multiplyRounded(unitCents, parseDecimal(item.quantity));
    return { unitCents, totalCents };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0n);
  const discount = multiplyRounded(subtotal, parseDecimal(invoice.discountPercent), 100n);
  const fees = BigInt(toSafeNumber(BigInt(invoice.extraFeesCents)));
  const net = subtotal - discount + fees;
  const tax = multiplyRounded(net, parseDecimal(invoice.taxPercent), 100n);
  return {
    lines: lines.map((line) => ({
      unitCents: toSafeNumber(line.unitCents),
      totalCents: toSafeNumber(line.totalCents),
    })),
    subtotalCents: toSafeNumber(subtotal),
    discountCents: toSafeNumber(discount),
    feesCents: toSafeNumber(fees),
    netCents: toSafeNumber(net),
    taxCents: toSafeNumber(tax),
    totalCents: toSafeNumber(net + tax),
  };
}

/** `invoiceTotals`, or null when the amounts cannot be computed exactly (its RangeError). */
export function invoiceTotalsOrNull(invoice: InvoiceAmounts): InvoiceTotals | null {
  try {
    return invoiceTotals(invoice);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

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
  amount: string;
}

/** The item lines as printed, screen and PDF alike. */
export function invoiceLineRows(
  items: readonly Pick<InvoiceItem, "description" | "quantity">[],
  totals: InvoiceTotals,
): InvoiceLineRow[] {
  return items.map((item, index) => {
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
export function invoiceSummaryRows(
  invoice: Pick<InvoiceAmounts, "discountPercent" | "taxPercent">,
  totals: InvoiceTotals,
): InvoiceSummaryRow[] {
  const row = (key: InvoiceSummaryKey, label: string, cents: number): InvoiceSummaryRow => ({
    key,
    label,
    cents,
    amount: formatEuro(cents),
  });
  return [
    row("subtotal", invoiceLabels.subtotal, totals.subtotalCents),
    row("discount", discountLabel(invoice.discountPercent), -totals.discountCents),
    row("fees", invoiceLabels.fees, totals.feesCents),
    row("tax", taxLabel(invoice.taxPercent), totals.taxCents),
    row("total", invoiceLabels.total, totals.totalCents),
  ];
}
