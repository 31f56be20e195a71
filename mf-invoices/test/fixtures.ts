import {
  type InvoiceAmounts,
  type InvoiceTotals,
  toCents,
  toSafeNumber,
  invoiceTotals as totalsInCents,
  invoiceTotalsOrNull as totalsInCentsOrNull,
} from "@klarwerk/kit";

/** An item with its price in euros, as the calculation tests write them. */
export interface EuroItem {
  description: string;
  quantity: number;
  price: number;
}

/** An invoice's amounts in euros (fees too), as the calculation tests write them. */
export interface EuroInvoice {
  items: EuroItem[];
  discountPercent: number;
  taxPercent: number;
  extraFees: number;
}

/** An invoice with neutral defaults (no discount, no tax, no fees), overridable field by field. */
export function makeInvoice(overrides: Partial<EuroInvoice> = {}): EuroInvoice {
  return { items: [], discountPercent: 0, taxPercent: 0, extraFees: 0, ...overrides };
}

export function item(description: string, quantity: number, price: number): EuroItem {
  return { description, quantity, price };
}

/** Euros to whole cents (half up), as the price field's parser does; a RangeError for non-finite or too large amounts. */
function amountsOf(invoice: EuroInvoice): InvoiceAmounts {
  return {
    items: invoice.items.map((entry) => ({
      quantity: entry.quantity,
      unitPriceCents: toSafeNumber(toCents(entry.price)),
    })),
    discountPercent: invoice.discountPercent,
    taxPercent: invoice.taxPercent,
    extraFeesCents: toSafeNumber(toCents(invoice.extraFees)),
  };
}

/** The kit's calculation of a euro invoice; throws a RangeError when it cannot be exact. */
export function invoiceTotals(invoice: EuroInvoice): InvoiceTotals {
  return totalsInCents(amountsOf(invoice));
}

/** `invoiceTotals`, or null where it refuses. */
export function invoiceTotalsOrNull(invoice: EuroInvoice): InvoiceTotals | null {
  try {
    return totalsInCentsOrNull(amountsOf(invoice));
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so a failing case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Reads a printed amount such as "-1.234,56 €" back into cents (for the "lines add up" checks). */
export function parsePrintedEuro(text: string): number {
  const match = /^(-?)([\d.]+),(\d{2})\u00a0€$/.exec(text);
  if (!match) throw new Error(`not a printed euro amount: ${JSON.stringify(text)}`);
  const cents = Number((match[2] ?? "").replaceAll(".", "")) * 100 + Number(match[3]);
  return match[1] === "-" ? -cents : cents;
}
