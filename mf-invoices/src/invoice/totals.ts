/**
 * The form's invoice (prices and fees in euros, as typed) through the kit's calculation in cents
 * (`invoiceTotals` in @klarwerk/kit), which the server computes with too.
 */
import {
  type InvoiceAmounts,
  type InvoiceTotals,
  toCents,
  toSafeNumber,
  invoiceTotals as totalsInCents,
  invoiceTotalsOrNull as totalsInCentsOrNull,
} from "@klarwerk/kit";
import type { Invoice } from "./types";

export type { InvoiceLineTotals, InvoiceTotals } from "@klarwerk/kit";

/** Euros to whole cents (half up); a RangeError for non-finite or too large amounts. */
function amountsOf(invoice: Invoice): InvoiceAmounts {
  return {
    items: invoice.items.map((item) => ({
      quantity: item.quantity,
      unitPriceCents: toSafeNumber(toCents(item.price)),
    })),
    discountPercent: invoice.discountPercent,
    taxPercent: invoice.taxPercent,
    extraFeesCents: toSafeNumber(toCents(invoice.extraFees)),
  };
}

/** All amounts of the invoice in cents; throws a RangeError when they cannot be computed exactly. */
export function invoiceTotals(invoice: Invoice): InvoiceTotals {
  return totalsInCents(amountsOf(invoice));
}

/** `invoiceTotals`, or null when the amounts are too large to compute exactly: the screen shows a message instead. */
export function invoiceTotalsOrNull(invoice: Invoice): InvoiceTotals | null {
  try {
    return totalsInCentsOrNull(amountsOf(invoice));
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
