/**
 * The save rules of the invoice form (spec section 5): Kunde, then Dienstleister, then at least
 * one valid item; plus the input hints the form's fields carry and the "last row stays" rule.
 */
import { isBlank } from "@klarwerk/kit";
import { invoiceMessages } from "./messages";
import type { Invoice, InvoiceForm, InvoiceItem, NumberFieldValue } from "./types";

/** Browser-level hints for the number inputs (min, max, step), as the spec lists them. */
export const invoiceInputHints = {
  quantity: { min: 1 },
  price: { min: 0, step: 0.01 },
  discountPercent: { min: 0, max: 100 },
  taxPercent: { min: 0, max: 100 },
  extraFees: { min: 0, step: 0.01 },
} as const;

export type InvoiceValidation = { ok: true; invoice: Invoice } | { ok: false; message: string };

/**
 * A number input's value as a finite number, or null when it is empty or not a number.
 * Accepts a German decimal comma in strings (`"1,5"`).
 */
export function readNumberField(value: NumberFieldValue): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = value.trim().replace(",", ".");
  if (text === "") return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Empty or invalid counts as the lower bound; out-of-range values are held to the range. */
function readBounded(value: NumberFieldValue, min: number, max = Number.POSITIVE_INFINITY): number {
  const parsed = readNumberField(value) ?? min;
  return Math.min(Math.max(parsed, min), max);
}

/**
 * Checks the form and, when it is valid, builds the invoice to save.
 * Kept items: non-blank description, price > 0 and quantity > 0 (descriptions trimmed).
 * Discount and tax are held to 0–100 and fees to ≥ 0 (the inputs already enforce this; an empty
 * field counts as 0). Customer, provider and notes are trimmed; their inner line breaks stay.
 *
 * @param id the new invoice's id, the current timestamp (`Date.now()`)
 */
export function validateInvoiceForm(form: InvoiceForm, id: number): InvoiceValidation {
  if (isBlank(form.customer)) return { ok: false, message: invoiceMessages.customerRequired };
  if (isBlank(form.provider)) return { ok: false, message: invoiceMessages.providerRequired };

  const items: InvoiceItem[] = [];
  for (const item of form.items) {
    const quantity = readNumberField(item.quantity);
    const price = readNumberField(item.price);
    if (isBlank(item.description) || price === null || price <= 0 || quantity === null || quantity <= 0) continue;
    items.push({ description: item.description.trim(), quantity, price });
  }
  if (items.length === 0) return { ok: false, message: invoiceMessages.itemRequired };

  const { discountPercent, taxPercent, extraFees } = invoiceInputHints;
  return {
    ok: true,
    invoice: {
      id,
      customer: form.customer.trim(),
      provider: form.provider.trim(),
      date: form.date,
      items,
      discountPercent: readBounded(form.discountPercent, discountPercent.min, discountPercent.max),
      taxPercent: readBounded(form.taxPercent, taxPercent.min, taxPercent.max),
      extraFees: readBounded(form.extraFees, extraFees.min),
      notes: form.notes.trim(),
    },
  };
}

/** The remove button shows only while more than one item row exists: the last row stays. */
export function canRemoveItem(items: readonly unknown[]): boolean {
  return items.length > 1;
}
