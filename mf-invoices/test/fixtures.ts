import type { Invoice, InvoiceItem } from "../src/invoice/types";

/** An invoice with neutral defaults (no discount, no tax, no fees), overridable field by field. */
export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 1_717_171_717_171,
    customer: "Kunde",
    provider: "Dienstleister",
    date: "2024-03-05",
    items: [],
    discountPercent: 0,
    taxPercent: 0,
    extraFees: 0,
    notes: "",
    ...overrides,
  };
}

export function item(description: string, quantity: number, price: number): InvoiceItem {
  return { description, quantity, price };
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
