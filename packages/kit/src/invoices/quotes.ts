/**
 * Angebote (quotes): the content is an invoice's (the same form, rules and totals) plus „Gültig
 * bis“; their own number series `AN-2026-0001`; a status that turns „abgelaufen“ by the date alone.
 * docs/decisions/0078-quotes.md.
 */
import { formatInvoiceNumber } from "./messages";
import type { InvoiceTotals } from "./totals";
import type { Invoice, InvoiceContent } from "./types";

/** Days a quote is valid from its issue date unless „Gültig bis“ is set. */
export const defaultQuoteValidityDays = 30;

/** The quote form's content: the invoice's, and „Gültig bis“ (null: issue date + 30 days). */
export interface QuoteContent extends InvoiceContent {
  validUntil: string | null;
}

export const quoteStatuses = ["draft", "open", "accepted", "rejected", "expired"] as const;

/**
 * `draft`: not issued; `open`: issued, no answer, „Gültig bis“ not passed; `accepted`, `rejected`:
 * the customer's answer; `expired`: still without an answer the day after „Gültig bis“.
 */
export type QuoteStatus = (typeof quoteStatuses)[number];

export function isQuoteStatus(value: unknown): value is QuoteStatus {
  return typeof value === "string" && (quoteStatuses as readonly string[]).includes(value);
}

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: "Entwurf",
  open: "offen",
  accepted: "angenommen",
  rejected: "abgelehnt",
  expired: "abgelaufen",
};

/** An invoice made from a quote: its number once it is issued, null while it is a draft. */
export interface QuoteInvoiceReference {
  id: number;
  number: string | null;
}

/** One quote as `GET /api/quotes/{id}` and every write answer it. */
export interface Quote extends QuoteContent {
  id: number;
  status: QuoteStatus;
  /** "AN-2026-0001"; null for a draft. */
  number: string | null;
  totals: InvoiceTotals;
  /** The invoices made from it („In Rechnung umwandeln“), oldest first. */
  invoices: QuoteInvoiceReference[];
  decidedAt: string | null;
  decidedByName: string | null;
  createdAt: string;
  createdByName: string | null;
  issuedAt: string | null;
  issuedByName: string | null;
}

/** One row of the list „Angebote“. */
export interface QuoteSummary {
  id: number;
  status: QuoteStatus;
  number: string | null;
  recipientName: string;
  customerId: number | null;
  issueDate: string;
  validUntil: string | null;
  totalCents: number;
  invoices: QuoteInvoiceReference[];
}

export interface QuotePage {
  quotes: QuoteSummary[];
  pages: number;
  total: number;
}

export interface QuoteAnswer {
  quote: Quote;
}

/** `POST /api/quotes/{id}/invoice`: the invoice draft made from it, and the quote. */
export interface QuoteConversionAnswer {
  invoice: Invoice;
  quote: Quote;
}

/** `POST /api/quotes/{id}/invoice`'s body: `partial: true` for a further Teilrechnung. */
export interface QuoteConversionInput {
  partial?: boolean;
}

/** The series' number: 2026 and 1 → `AN-2026-0001`. */
export function formatQuoteNumber(year: number, sequence: number): string {
  return `AN-${formatInvoiceNumber(year, sequence)}`;
}

/** The quote's PDF file name: `Angebot_AN-2026-0001.pdf`. */
export function quotePdfFileName(number: string): string {
  return `Angebot_${number}.pdf`;
}

export const quoteLabels = {
  quote: "Angebot",
  quotes: "Angebote",
  number: "Angebotsnummer",
  issueDate: "Angebotsdatum",
  validUntil: "Gültig bis",
  fromQuote: "aus Angebot",
} as const;

/** The API's refusals and the screen's words. */
export const quoteMessages = {
  invalidId: "Die Angebotsnummer ist ungültig.",
  notFound: "Dieses Angebot gibt es nicht.",
  invalidStatusFilter: "Der Parameter „status“ ist kein bekannter Angebotsstatus.",
  invalidSearch: "Der Suchbegriff darf höchstens 200 Zeichen lang sein.",
  issuedFinal: "Ein ausgestelltes Angebot kann nicht mehr geändert oder gelöscht werden.",
  notIssued: "Dieses Angebot ist ein Entwurf und noch nicht ausgestellt.",
  notOpen: "Nur ein offenes Angebot kann angenommen oder abgelehnt werden.",
  expired: "Dieses Angebot ist abgelaufen und kann nicht mehr angenommen werden.",
  alreadyDecided: (status: string) => `Dieses Angebot ist bereits ${status}.`,
  rejectedNotConvertible: "Ein abgelehntes Angebot kann nicht in eine Rechnung umgewandelt werden.",
  alreadyConverted: (number: string | null) =>
    `Dieses Angebot wurde bereits in eine Rechnung umgewandelt${number ? ` (${number})` : ""}. Für eine weitere Teilrechnung wählen Sie „weitere Teilrechnung“.`,
  validUntilInvalid: "Bitte geben Sie ein gültiges Datum für „Gültig bis“ an.",
  validUntilBeforeIssue: "„Gültig bis“ darf nicht vor dem Angebotsdatum liegen.",
  validUntilPassed: "„Gültig bis“ darf nicht in der Vergangenheit liegen.",
  customerUnknown: "Den gewählten Kunden gibt es nicht.",
} as const;
