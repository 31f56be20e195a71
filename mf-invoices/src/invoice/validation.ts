/**
 * The save rules of the invoice form, checked in this order: Kunde, then Dienstleister, then at
 * least one valid item; plus the input hints the form's fields carry and the "last row stays" rule.
 */
import { isBlank, parseNumberInput } from "@klarwerk/kit";
import { invoiceMessages } from "../messages";
import type { Invoice, InvoiceForm, InvoiceItem, InvoiceItemForm, NumberFieldValue } from "./types";

/** Browser-level hints for the number inputs (min, max, step), as the spec lists them. */
export const invoiceInputHints = {
  quantity: { min: 1 },
  price: { min: 0, step: 0.01 },
  discountPercent: { min: 0, max: 100 },
  taxPercent: { min: 0, max: 100 },
  extraFees: { min: 0, step: 0.01 },
} as const;

/** The form fields a save can be refused for, in the order the spec checks them. */
export type InvoiceFormField = "customer" | "provider" | "items";

/** Every refusal at once, so each field can show its own message. */
export type InvoiceFormErrors = Partial<Record<InvoiceFormField, string>>;

export type InvoiceValidation =
  | { ok: true; invoice: Invoice }
  | {
      ok: false;
      /** The first refusal in the spec's order (Kunde, Dienstleister, Artikel): the one announced. */
      message: string;
      errors: InvoiceFormErrors;
    };

/**
 * A number input's value as a finite number, or null when it is empty or not a number. Strings
 * are read as German users type them (`"1,5"`, `"199.90"`, `"1.999,50"`: see `readDecimalInput`).
 */
export function readNumberField(value: NumberFieldValue): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  return parseNumberInput(value);
}

/** Empty or invalid counts as the lower bound; out-of-range values are held to the range. */
function readBounded(value: NumberFieldValue, min: number, max = Number.POSITIVE_INFINITY): number {
  const parsed = readNumberField(value) ?? min;
  return Math.min(Math.max(parsed, min), max);
}

/** An item row as it will be saved, or null when it is dropped (blank description, price or quantity ≤ 0). */
export function keptItem(row: InvoiceItemForm): InvoiceItem | null {
  const quantity = readNumberField(row.quantity);
  const price = readNumberField(row.price);
  if (isBlank(row.description) || price === null || price <= 0 || quantity === null || quantity <= 0) return null;
  return { description: row.description.trim(), quantity, price };
}

/**
 * The invoice the form describes right now, whether or not it may be saved: only kept items
 * (see `keptItem`); discount and tax held to 0–100 and fees to ≥ 0 (the inputs already enforce
 * this; an empty field counts as 0); customer, provider and notes trimmed, inner line breaks kept.
 * The form's live totals are computed from it, and a valid form saves exactly it.
 */
export function invoiceDraft(form: InvoiceForm, id: number): Invoice {
  const { discountPercent, taxPercent, extraFees } = invoiceInputHints;
  return {
    id,
    customer: form.customer.trim(),
    provider: form.provider.trim(),
    date: form.date,
    items: form.items.map(keptItem).filter((item) => item !== null),
    discountPercent: readBounded(form.discountPercent, discountPercent.min, discountPercent.max),
    taxPercent: readBounded(form.taxPercent, taxPercent.min, taxPercent.max),
    extraFees: readBounded(form.extraFees, extraFees.min),
    notes: form.notes.trim(),
  };
}

/**
 * Checks the form (Kunde non-blank, Dienstleister non-blank, at least one kept item) and, when
 * it is valid, builds the invoice to save (`invoiceDraft`).
 *
 * @param id the new invoice's id, the current timestamp (`Date.now()`)
 */
export function validateInvoiceForm(form: InvoiceForm, id: number): InvoiceValidation {
  const invoice = invoiceDraft(form, id);
  const errors: InvoiceFormErrors = {};
  if (isBlank(form.customer)) errors.customer = invoiceMessages.customerRequired;
  if (isBlank(form.provider)) errors.provider = invoiceMessages.providerRequired;
  if (invoice.items.length === 0) errors.items = invoiceMessages.itemRequired;
  const message = errors.customer ?? errors.provider ?? errors.items;
  return message === undefined ? { ok: true, invoice } : { ok: false, message, errors };
}

/** The remove button shows only while more than one item row exists: the last row stays. */
export function canRemoveItem(items: readonly unknown[]): boolean {
  return items.length > 1;
}
