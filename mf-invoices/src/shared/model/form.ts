/**
 * The form and the kit's invoice: what the form sends (`invoiceContentOf`), what its preview
 * bills (`billedTotals`), the spec's save rules checked before issuing (`checkIssueForm`), the
 * input hints, and a stored draft back into the form (`formOfInvoice`).
 */
import {
  defaultPaymentTermDays,
  type InvoiceContent,
  type InvoiceItem,
  type InvoiceTotals,
  invoiceLimits,
  invoiceTotalsOrNull,
  isBlank,
  isKeptItem,
  normalizeInvoiceContent,
  parseEuroInput,
  parseNumberInput,
} from "@klarwerk/kit";
import { invoiceMessages } from "../messages";
import type { InvoiceForm, InvoiceItemForm, NumberFieldValue } from "./types";

/** Browser-level hints for the number inputs (min, max), as the spec lists them. */
export const invoiceInputHints = {
  quantity: { min: 1 },
  discountPercent: { min: 0, max: 100 },
  taxPercent: { min: 0, max: 100 },
  paymentTermDays: { min: 0, max: invoiceLimits.paymentTermDaysMax },
} as const;

/** The form fields the spec's save rules refuse, in the order it checks them. */
export type InvoiceFormField = "customer" | "provider" | "items";

/** Every refusal at once, so each field can show its own message. */
export type InvoiceFormErrors = Partial<Record<InvoiceFormField, string>>;

/**
 * A number input's value as a finite number, or null when it is empty or not a number. Strings
 * are read as German users type them ("1,5", "7.5").
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

/** A typed amount in cents, never below 0; unreadable counts as 0. */
function readCents(value: string): number {
  return Math.max(0, parseEuroInput(value) ?? 0);
}

/** One row as the API takes it: unreadable quantity or price count as 0, so the row is not kept. */
export function itemOf(row: InvoiceItemForm): InvoiceItem {
  return {
    description: row.description,
    quantity: Math.max(0, readNumberField(row.quantity) ?? 0),
    unitPriceCents: readCents(row.price),
  };
}

/**
 * The invoice the form describes, as `POST`/`PUT /api/invoices` take it: every row (a draft keeps
 * the incomplete ones; issuing keeps only `isKeptItem` rows), percentages held to 0–100, the
 * Leistungsdatum only when it differs from the invoice date, texts trimmed.
 */
export function invoiceContentOf(form: InvoiceForm): InvoiceContent {
  const { discountPercent, taxPercent, paymentTermDays } = invoiceInputHints;
  const serviceDate = !form.servicePeriod && form.serviceDate !== form.date ? form.serviceDate : null;
  return normalizeInvoiceContent({
    customerId: form.customerId,
    recipient: form.customer,
    recipientVatId: form.customerVatId,
    buyerReference: form.buyerReference,
    provider: form.provider,
    issueDate: form.date,
    serviceDate,
    servicePeriodStart: form.servicePeriod ? form.servicePeriodStart : null,
    servicePeriodEnd: form.servicePeriod ? form.servicePeriodEnd : null,
    paymentTermDays: Math.trunc(
      readBounded(form.paymentTermDays ?? defaultPaymentTermDays, paymentTermDays.min, paymentTermDays.max),
    ),
    items: form.items.map(itemOf),
    discountPercent: readBounded(form.discountPercent, discountPercent.min, discountPercent.max),
    taxPercent: readBounded(form.taxPercent, taxPercent.min, taxPercent.max),
    taxCase: form.taxCase === "" ? null : form.taxCase,
    taxExemptionReason: form.taxExemptionReason,
    extraFeesCents: readCents(form.extraFees),
    notes: form.notes,
  });
}

/** The kept items and their totals: what the invoice will bill; null when too large to compute exactly. */
export function billedTotals(content: InvoiceContent): { items: InvoiceItem[]; totals: InvoiceTotals | null } {
  const items = content.items.filter(isKeptItem);
  return { items, totals: invoiceTotalsOrNull({ ...content, items }) };
}

/**
 * The spec's save rules (Kunde, Dienstleister, at least one kept item), every refusal by field and
 * the first in the spec's order; the server checks the rest (addresses, tax number, …) on issue.
 */
export function checkIssueForm(form: InvoiceForm): { message: string; errors: InvoiceFormErrors } | null {
  const errors: InvoiceFormErrors = {};
  if (isBlank(form.customer)) errors.customer = invoiceMessages.customerRequired;
  if (isBlank(form.provider)) errors.provider = invoiceMessages.providerRequired;
  if (!form.items.map(itemOf).some(isKeptItem)) errors.items = invoiceMessages.itemRequired;
  const message = errors.customer ?? errors.provider ?? errors.items;
  return message === undefined ? null : { message, errors };
}

/** Cents as the price field shows them: 19990 → "199,90". */
export function centsInput(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

/** A stored draft back into the form, for "Bearbeiten". */
export function formOfInvoice(invoice: InvoiceContent): InvoiceForm {
  const period = invoice.servicePeriodStart !== null && invoice.servicePeriodEnd !== null;
  return {
    customerId: invoice.customerId,
    customer: invoice.recipient,
    customerVatId: invoice.recipientVatId ?? "",
    buyerReference: invoice.buyerReference ?? "",
    provider: invoice.provider,
    date: invoice.issueDate,
    servicePeriod: period,
    serviceDate: invoice.serviceDate ?? "",
    servicePeriodStart: invoice.servicePeriodStart ?? "",
    servicePeriodEnd: invoice.servicePeriodEnd ?? "",
    paymentTermDays: invoice.paymentTermDays,
    items:
      invoice.items.length > 0
        ? invoice.items.map((item) => ({
            description: item.description,
            quantity: item.quantity,
            price: centsInput(item.unitPriceCents),
          }))
        : [{ description: "", quantity: 1, price: "0" }],
    discountPercent: invoice.discountPercent,
    taxPercent: invoice.taxPercent,
    taxCase: invoice.taxCase ?? "",
    taxExemptionReason: invoice.taxExemptionReason ?? "",
    extraFees: centsInput(invoice.extraFeesCents),
    notes: invoice.notes,
  };
}

/** The remove button shows only while more than one item row exists: the last row stays. */
export function canRemoveItem(items: readonly unknown[]): boolean {
  return items.length > 1;
}
