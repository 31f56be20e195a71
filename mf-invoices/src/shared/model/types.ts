/**
 * The "Neue Rechnung erstellen" form as the user edits it: texts as typed (amounts too, so
 * "199,90" and "199.90" read alike through the kit's parser) and the defaults it starts and resets
 * with. `form.ts` turns it into the kit's `InvoiceContent` the API stores.
 */
import { defaultPaymentTermDays, defaultTaxPercent, type TaxCase } from "@klarwerk/kit";

/**
 * What a number input hands back: a number, or a string while the field is empty or half typed
 * (Mantine's NumberInput yields `''` for an empty field).
 */
export type NumberFieldValue = number | string;

export interface InvoiceItemForm {
  description: string;
  quantity: NumberFieldValue;
  /** Euros as typed: "199,90", "199.90", "1.999,50". */
  price: string;
}

export interface InvoiceForm {
  /** The customer picked from the Kundenverwaltung, if any. */
  customerId: number | null;
  /** "Kunde": name, street, `12345 Ort`, one a line. */
  customer: string;
  customerVatId: string;
  /** Leitweg-ID or order number. */
  buyerReference: string;
  /** "Dienstleister", prefilled from the company settings. */
  provider: string;
  /** Rechnungsdatum, `yyyy-mm-dd`. */
  date: string;
  /** A Leistungszeitraum instead of a Leistungsdatum. */
  servicePeriod: boolean;
  /** Leistungsdatum; "" while it is the invoice date. */
  serviceDate: string;
  servicePeriodStart: string;
  servicePeriodEnd: string;
  paymentTermDays: NumberFieldValue;
  items: InvoiceItemForm[];
  discountPercent: NumberFieldValue;
  taxPercent: NumberFieldValue;
  /** "Steuerfall" at 0 % ("" while none is picked); shown and sent at 0 % only. */
  taxCase: TaxCase | "";
  /** Shown and sent at 0 % only. */
  taxExemptionReason: string;
  /** Euros as typed. */
  extraFees: string;
  notes: string;
}

/** A fresh item row: no description, one piece, price 0. */
export function emptyInvoiceItem(): InvoiceItemForm {
  return { description: "", quantity: 1, price: "0" };
}

/**
 * The form as it starts and as it resets after saving: empty texts, the given
 * date, one empty item, discount 0, VAT 19, fees 0, no notes; beyond the spec, the Dienstleister
 * block of the company settings and a Zahlungsziel of 14 days.
 *
 * @param today the date to preset, `yyyy-mm-dd`
 * @param provider the company's "Dienstleister" block (`providerBlock`), "" until it is known
 */
export function emptyInvoiceForm(today: string, provider = ""): InvoiceForm {
  return {
    customerId: null,
    customer: "",
    customerVatId: "",
    buyerReference: "",
    provider,
    date: today,
    servicePeriod: false,
    serviceDate: "",
    servicePeriodStart: "",
    servicePeriodEnd: "",
    paymentTermDays: defaultPaymentTermDays,
    items: [emptyInvoiceItem()],
    discountPercent: 0,
    taxPercent: defaultTaxPercent,
    taxCase: "",
    taxExemptionReason: "",
    extraFees: "0",
    notes: "",
  };
}
