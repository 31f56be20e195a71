/**
 * The invoice tool's data: a saved invoice, its items, the form that edits a new one, and the
 * form's defaults. Invoices live only in the page's memory (spec section 3); nothing here is sent
 * to a server.
 */

export interface InvoiceItem {
  description: string;
  /** Pieces; defaults to 1. May carry decimals (hours, kilograms). */
  quantity: number;
  /** Unit price in euros, as typed (step 0.01); defaults to 0. */
  price: number;
}

export interface Invoice {
  /** Creation timestamp in milliseconds; doubles as the invoice number. */
  id: number;
  /** Free text, possibly several lines (name, address, further data). */
  customer: string;
  /** Free text, possibly several lines (name and address). */
  provider: string;
  /** Invoice date, `yyyy-mm-dd`. */
  date: string;
  items: InvoiceItem[];
  /** 0 to 100, may have decimals. */
  discountPercent: number;
  /** 0 to 100, may have decimals. */
  taxPercent: number;
  /** Further fees in euros, added to the net amount before VAT. */
  extraFees: number;
  /** Printed under the totals; empty when there are none. */
  notes: string;
}

/**
 * What a number input hands back: a number, or a string while the field is empty or half typed
 * (Mantine's NumberInput yields `''` for an empty field).
 */
export type NumberFieldValue = number | string;

export interface InvoiceItemForm {
  description: string;
  quantity: NumberFieldValue;
  price: NumberFieldValue;
}

export interface InvoiceForm {
  customer: string;
  provider: string;
  /** `yyyy-mm-dd`, the value of a date input. */
  date: string;
  items: InvoiceItemForm[];
  discountPercent: NumberFieldValue;
  taxPercent: NumberFieldValue;
  extraFees: NumberFieldValue;
  notes: string;
}

export const defaultTaxPercent = 19;

/** A fresh item row: no description, one piece, price 0. */
export function emptyInvoiceItem(): InvoiceItemForm {
  return { description: "", quantity: 1, price: 0 };
}

/**
 * The form as it starts and as it resets after saving (spec section 4): empty texts, the given
 * date, one empty item, discount 0, VAT 19, fees 0, no notes.
 *
 * @param today the date to preset, `yyyy-mm-dd` (see `isoDate` in `dates.ts`)
 */
export function emptyInvoiceForm(today: string): InvoiceForm {
  return {
    customer: "",
    provider: "",
    date: today,
    items: [emptyInvoiceItem()],
    discountPercent: 0,
    taxPercent: defaultTaxPercent,
    extraFees: 0,
    notes: "",
  };
}
