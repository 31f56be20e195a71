/**
 * The invoice calculation, in integer cents, so no binary float touches a cent. Every shown
 * amount is rounded half up once, and every later amount is computed from the rounded ones, so
 * the printed lines add up exactly: line = quantity × printed unit price, Zwischensumme = Σ lines,
 * net = Zwischensumme − Rabatt + Sonstige Gebühren, Gesamt = net + MwSt.
 */
import { multiplyRounded, parseDecimal, toCents, toSafeNumber } from "./decimal";
import type { Invoice } from "./types";

export interface InvoiceLineTotals {
  /** Unit price in cents (the price rounded half up to whole cents). */
  unitCents: number;
  /** Quantity × unit price in cents, rounded half up when the quantity has decimals. */
  totalCents: number;
}

export interface InvoiceTotals {
  /** One entry per invoice item, in the same order. */
  lines: InvoiceLineTotals[];
  /** Zwischensumme: the sum of the line totals. */
  subtotalCents: number;
  /** Rabatt: subtotal × discount % / 100, rounded half up; shown as a deduction. */
  discountCents: number;
  /** Sonstige Gebühren. */
  feesCents: number;
  /** Subtotal − discount + fees: the base of the VAT (not a printed row of its own). */
  netCents: number;
  /** MwSt.: net × tax % / 100, rounded half up. */
  taxCents: number;
  /** Gesamt: net + VAT. */
  totalCents: number;
}

/**
 * Computes all amounts of an invoice exactly. Quantities, prices, fees and percentages are read
 * as exact decimals (see `decimal.ts`); no binary floating point touches a cent.
 * Throws a RangeError for non-finite inputs or totals beyond ±2^53 cents (±90 trillion euros).
 */
export function invoiceTotals(invoice: Invoice): InvoiceTotals {
  const lines = invoice.items.map((item) => {
    const unitCents = toCents(item.price);
    const totalCents = multiplyRounded(unitCents, parseDecimal(item.quantity));
    return { unitCents, totalCents };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0n);
  const discount = multiplyRounded(subtotal, parseDecimal(invoice.discountPercent), 100n);
  const fees = toCents(invoice.extraFees);
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

/**
 * `invoiceTotals`, or null when the amounts are too large to compute exactly (its RangeError):
 * for the screen, which shows a German message instead of a number or a crash.
 */
export function invoiceTotalsOrNull(invoice: Invoice): InvoiceTotals | null {
  try {
    return invoiceTotals(invoice);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
