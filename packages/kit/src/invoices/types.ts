/**
 * Invoices as the form, the API and the PDF all see them: the content, the stored invoice and its
 * list page, the statuses, and the limits every saved invoice keeps.
 */
import type { TaxCase } from "./tax-cases";
import type { InvoiceTotals } from "./totals";

export interface InvoiceItem {
  description: string;
  /** Pieces, hours, …; may carry decimals. Negative only on a cancellation invoice. */
  quantity: number;
  /** The price of one, in whole cents. */
  unitPriceCents: number;
}

/**
 * What the form edits and `POST`/`PUT /api/invoices` take. A draft may be incomplete; issuing
 * checks everything (`invoiceIssueProblem`).
 */
export interface InvoiceContent {
  /** The customer picked from the Kundenverwaltung, if any (its data is copied into the fields). */
  customerId: number | null;
  /** "Kunde": name on the first line, then street, then `12345 Ort`; further lines are printed too. */
  recipient: string;
  /** The recipient's USt-IdNr, printed and sent when given (§ 14 (4) Nr. 2 UStG). */
  recipientVatId: string | null;
  /** Leitweg-ID of a public-sector buyer, or the buyer's order reference: BT-10 of the e-invoice. */
  buyerReference: string | null;
  /** "Dienstleister", prefilled from the company settings; same layout as `recipient`. */
  provider: string;
  /** Rechnungsdatum, `yyyy-mm-dd`. */
  issueDate: string;
  /** Leistungsdatum, `yyyy-mm-dd`; null: the invoice date, unless a period is given. */
  serviceDate: string | null;
  /** Leistungszeitraum instead of a date: both ends or neither. */
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  /** Zahlungsziel in days after the invoice date. */
  paymentTermDays: number;
  items: InvoiceItem[];
  /** 0 to 100. */
  discountPercent: number;
  /** 0 to 100; one rate per invoice, as the form has it. */
  taxPercent: number;
  /**
   * At 0 %: which case makes the invoice free of VAT (`taxCases`), required to issue; null at any
   * other rate (and on 0 % invoices issued before the cases existed, coded as exempt "E").
   */
  taxCase: TaxCase | null;
  /** At 0 %: a reason in the user's words, printed with the case's legal note (§ 19: instead of it). */
  taxExemptionReason: string | null;
  /** Sonstige Gebühren, in cents, added to the net before VAT. */
  extraFeesCents: number;
  /** Printed under the totals. */
  notes: string;
}

export const invoiceStatuses = ["draft", "open", "paid", "overdue", "cancelled", "cancellation"] as const;

/**
 * `draft`: not issued; `open`: issued, not paid, due date not passed; `paid`; `overdue`: the due
 * date has passed unpaid; `cancelled`: a cancellation invoice reverses it; `cancellation`: it is
 * that cancellation invoice (Stornorechnung), which is neither paid nor due.
 */
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return typeof value === "string" && (invoiceStatuses as readonly string[]).includes(value);
}

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: "Entwurf",
  open: "offen",
  paid: "bezahlt",
  overdue: "überfällig",
  cancelled: "storniert",
  cancellation: "Stornorechnung",
};

/** Another invoice named by an invoice (the one it cancels, or the one that cancels it). */
export interface InvoiceReference {
  id: number;
  number: string;
}

/** One payment received for an issued invoice (`POST /api/invoices/{id}/payments`). */
export interface InvoicePayment {
  id: number;
  /** The day the money came in, `yyyy-mm-dd`. */
  paidOn: string;
  amountCents: number;
  note: string | null;
  recordedAt: string;
  /** The account that recorded it (null once deleted, or for a payment the migration made without one). */
  recordedBy: number | null;
  recordedByName: string | null;
}

/** `POST /api/invoices/{id}/payments`: the date, the amount in cents and a note if any. */
export interface PaymentInput {
  paidOn: string;
  amountCents: number;
  note?: string | null;
}

/** One invoice as `GET /api/invoices/{id}` and every write answer it: the content plus what the server adds. */
export interface Invoice extends InvoiceContent {
  id: number;
  status: InvoiceStatus;
  /** "2026-0001"; null for a draft. */
  number: string | null;
  /** Invoice date + Zahlungsziel. */
  dueDate: string;
  totals: InvoiceTotals;
  /** When it was paid in full: the date of the last payment once nothing is open, `yyyy-mm-dd`. */
  paidOn: string | null;
  /** The sum of its payments, in cents. */
  paidCents: number;
  /**
   * What is left to pay, in cents: the gross total less the payments of an issued invoice; 0 for a
   * draft, a Stornorechnung, a cancelled or a paid invoice.
   */
  openCents: number;
  /** Its payments, oldest first. */
  payments: InvoicePayment[];
  /** On a cancellation invoice: the invoice it cancels. */
  cancels: InvoiceReference | null;
  /** On a cancelled invoice: its cancellation invoice. */
  cancelledBy: InvoiceReference | null;
  /** The quote it was made from („aus Angebot AN-2026-0001“), if any. */
  fromQuote: InvoiceReference | null;
  createdAt: string;
  createdByName: string | null;
  issuedAt: string | null;
  issuedByName: string | null;
}

/** One row of "Gespeicherte Rechnungen". */
export interface InvoiceSummary {
  id: number;
  status: InvoiceStatus;
  number: string | null;
  /** The first line of "Kunde". */
  recipientName: string;
  customerId: number | null;
  issueDate: string;
  dueDate: string;
  totalCents: number;
  paidOn: string | null;
  /** As on the invoice: paid so far, and what is left (0 unless it is open or overdue). */
  paidCents: number;
  openCents: number;
  cancels: InvoiceReference | null;
  cancelledBy: InvoiceReference | null;
  createdAt: string;
}

/** Open or overdue with some paid: the badge "teilweise bezahlt" beside the status. */
export function isPartlyPaid(invoice: Pick<InvoiceSummary, "paidCents" | "openCents">): boolean {
  return invoice.paidCents > 0 && invoice.openCents > 0;
}

export interface InvoicePage {
  invoices: InvoiceSummary[];
  pages: number;
  total: number;
}

/** `GET`, `POST`, `PUT /api/invoices[/{id}]` and `POST /api/invoices/{id}/payment`: the invoice as stored. */
export interface InvoiceAnswer {
  invoice: Invoice;
}

/** `POST /api/invoices/{id}/cancel`: the new Stornorechnung and the original, now cancelled. */
export interface CancellationAnswer {
  invoice: Invoice;
  cancelled: Invoice;
}

export const invoicePaging = { defaultLimit: 20, maxLimit: 100 } as const;

export const defaultTaxPercent = 19;
export const defaultPaymentTermDays = 14;

export const invoiceLimits = {
  itemsMax: 500,
  descriptionMax: 1000,
  blockMax: 2000,
  referenceMax: 200,
  notesMax: 5000,
  exemptionReasonMax: 500,
  paymentTermDaysMax: 365,
  /** One million pieces; with the price bound every total stays exact. */
  quantityMax: 1_000_000,
  /** Ten million euros a piece. */
  unitPriceCentsMax: 1_000_000_000,
  extraFeesCentsMax: 1_000_000_000,
  /** Decimals of quantities and percentages. */
  decimalsMax: 4,
  /** A payment's note. */
  paymentNoteMax: 500,
} as const;

/**
 * The dates an invoice or a payment may carry at all: a wider range is no business of a German
 * company's invoices, and keeps every date and due date (+ 365 days) inside what PostgreSQL and
 * JavaScript both store (year 0, for one, is no date in PostgreSQL).
 */
export const invoiceDateRange = { min: "2000-01-01", max: "2099-12-31" } as const;
