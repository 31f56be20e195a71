/**
 * Invoices as the form, the API and the PDF all see them: the data, the calculation in cents, the
 * rows a reader sees, the German messages, and the rules an invoice must meet to be saved and to be
 * issued. The browser's preview and the server's PDF compute from here, so they cannot differ.
 */
import type { CompanySettings } from "./company";
import { isVatId } from "./company";
import { formatDate } from "./format";
import { formatDecimal, formatEuro, multiplyRounded, parseDecimal, toSafeNumber } from "./money";
import { isBlank } from "./rules";

// ── The data ────────────────────────────────────────────────────────────────────────────────────

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

/** One invoice as `GET /api/invoices/{id}` and every write answer it: the content plus what the server adds. */
export interface Invoice extends InvoiceContent {
  id: number;
  status: InvoiceStatus;
  /** "2026-0001"; null for a draft. */
  number: string | null;
  /** Invoice date + Zahlungsziel. */
  dueDate: string;
  totals: InvoiceTotals;
  /** When it was paid ("Als bezahlt markieren"), `yyyy-mm-dd`. */
  paidOn: string | null;
  /** On a cancellation invoice: the invoice it cancels. */
  cancels: InvoiceReference | null;
  /** On a cancelled invoice: its cancellation invoice. */
  cancelledBy: InvoiceReference | null;
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
  cancels: InvoiceReference | null;
  cancelledBy: InvoiceReference | null;
  createdAt: string;
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
} as const;

// ── Tax cases at 0 % ──────────────────────────────────────────────────────────────────────────

/**
 * Why an invoice charges no VAT, as the user picks it: each with its EN 16931 VAT category
 * (UNCL 5305, BT-118), its VATEX exemption code (BT-121) and the note the law wants on the
 * invoice (BT-120, printed): § 19 UStG, § 13b / § 14a (5) UStG, § 4 Nr. 1b / § 6a UStG,
 * § 4 Nr. 1a / § 6 UStG.
 */
export const taxCases = ["small-business", "reverse-charge", "intra-community-supply", "export"] as const;

export type TaxCase = (typeof taxCases)[number];

export function isTaxCase(value: unknown): value is TaxCase {
  return typeof value === "string" && (taxCases as readonly string[]).includes(value);
}

export interface TaxCaseInfo {
  /** What the select shows. */
  label: string;
  category: "E" | "AE" | "K" | "G";
  /** BT-121; § 19 UStG has no VATEX code, its text (BT-120) says it. */
  exemptionCode: "VATEX-EU-AE" | "VATEX-EU-IC" | "VATEX-EU-G" | null;
  /** The legal note printed on the invoice and sent as BT-120. */
  note: string;
  /** Whether the customer's USt-IdNr must be on the invoice. */
  needsRecipientVatId: boolean;
  /** Whether the provider's USt-IdNr (not only a Steuernummer) must be on the invoice. */
  needsProviderVatId: boolean;
}

export const taxCaseInfo: Record<TaxCase, TaxCaseInfo> = {
  "small-business": {
    label: "Kleinunternehmer (§ 19 UStG)",
    category: "E",
    exemptionCode: null,
    note: "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.",
    needsRecipientVatId: false,
    needsProviderVatId: false,
  },
  "reverse-charge": {
    label: "Reverse Charge (§ 13b UStG)",
    category: "AE",
    exemptionCode: "VATEX-EU-AE",
    note: "Steuerschuldnerschaft des Leistungsempfängers",
    needsRecipientVatId: true,
    needsProviderVatId: false,
  },
  "intra-community-supply": {
    label: "Innergemeinschaftliche Lieferung (§ 4 Nr. 1b UStG)",
    category: "K",
    exemptionCode: "VATEX-EU-IC",
    note: "Steuerfreie innergemeinschaftliche Lieferung",
    needsRecipientVatId: true,
    needsProviderVatId: true,
  },
  export: {
    label: "Ausfuhr (§ 4 Nr. 1a UStG)",
    category: "G",
    exemptionCode: "VATEX-EU-G",
    note: "Steuerfreie Ausfuhrlieferung",
    needsRecipientVatId: false,
    needsProviderVatId: true,
  },
};

/**
 * The exemption note an invoice prints and sends (BT-120), or null when it charges VAT: the
 * case's legal note, followed by the user's reason when given; under § 19 the user's reason
 * replaces the standard sentence. Without a case (issued before there were cases): the reason.
 */
export function taxExemptionNote(
  content: Pick<InvoiceContent, "taxPercent" | "taxCase" | "taxExemptionReason">,
): string | null {
  if (content.taxPercent !== 0) return null;
  const reason = content.taxExemptionReason;
  if (content.taxCase === null) return reason;
  const { note } = taxCaseInfo[content.taxCase];
  if (reason === null) return note;
  return content.taxCase === "small-business" ? reason : `${note}. ${reason}`;
}

// ── Messages ────────────────────────────────────────────────────────────────────────────────────

/** The spec's save messages, checked in this order. */
export const invoiceFormMessages = {
  customerRequired: "Bitte Kunde eingeben",
  providerRequired: "Bitte Dienstleister eingeben",
  itemRequired: "Mindestens ein gültiger Artikel ist notwendig",
} as const;

/** Why an invoice cannot be issued yet; each names the missing field (nothing is numbered then). */
export const invoiceIssueMessages = {
  recipientAddressMissing: "Für die Rechnung fehlt die Anschrift des Kunden (Straße, PLZ und Ort).",
  providerAddressMissing: "Für die Rechnung fehlt die Anschrift des Dienstleisters (Straße, PLZ und Ort).",
  providerTaxIdMissing:
    "Für die Rechnung fehlt die Steuernummer oder USt-IdNr des Dienstleisters (Firmeneinstellungen).",
  providerContactMissing:
    "Für die Rechnung fehlt der Ansprechpartner des Dienstleisters mit Name, Telefon und E-Mail (Firmeneinstellungen).",
  taxCaseMissing:
    "Bei 0 % Mehrwertsteuer fehlt der Steuerfall: Kleinunternehmer, Reverse Charge, innergemeinschaftliche Lieferung oder Ausfuhr.",
  recipientVatIdRequired:
    "Für Reverse Charge und innergemeinschaftliche Lieferungen ist die USt-IdNr des Kunden Pflicht.",
  providerVatIdRequired:
    "Für innergemeinschaftliche Lieferungen und Ausfuhren ist die USt-IdNr des Dienstleisters Pflicht (Firmeneinstellungen).",
  amountTooLarge: "Die Beträge sind zu groß, um sie exakt zu berechnen. Bitte prüfen Sie Anzahl und Preise.",
} as const;

/** Field rules a draft must already meet. */
export const invoiceFieldMessages = {
  dateInvalid: (label: string) => `Bitte geben Sie für „${label}“ ein gültiges Datum ein.`,
  dateOutOfRange: (label: string) =>
    `„${label}“ muss zwischen dem ${formatDate(invoiceDateRange.min)} und dem ${formatDate(invoiceDateRange.max)} liegen.`,
  periodIncomplete: "Bitte geben Sie Beginn und Ende des Leistungszeitraums an.",
  periodReversed: "Der Leistungszeitraum endet vor seinem Beginn.",
  dateAndPeriod: "Bitte geben Sie entweder ein Leistungsdatum oder einen Leistungszeitraum an.",
  paymentTermInvalid: `Das Zahlungsziel muss eine ganze Zahl von 0 bis ${invoiceLimits.paymentTermDaysMax} Tagen sein.`,
  tooManyItems: `Eine Rechnung darf höchstens ${invoiceLimits.itemsMax} Artikel haben.`,
  descriptionTooLong: `Die Beschreibung eines Artikels darf höchstens ${invoiceLimits.descriptionMax} Zeichen lang sein.`,
  quantityInvalid: `Die Anzahl muss zwischen 0 und ${invoiceLimits.quantityMax.toLocaleString("de-DE")} liegen (höchstens ${invoiceLimits.decimalsMax} Nachkommastellen).`,
  priceInvalid: "Der Preis muss ein Betrag ab 0 € in ganzen Cent sein (höchstens 10.000.000 €).",
  feesInvalid: "Die sonstigen Gebühren müssen ein Betrag ab 0 € in ganzen Cent sein (höchstens 10.000.000 €).",
  percentInvalid: (label: string) =>
    `„${label}“ muss zwischen 0 und 100 liegen (höchstens ${invoiceLimits.decimalsMax} Nachkommastellen).`,
  blockTooLong: (label: string) => `„${label}“ darf höchstens ${invoiceLimits.blockMax} Zeichen lang sein.`,
  referenceTooLong: `Leitweg-ID bzw. Bestellnummer darf höchstens ${invoiceLimits.referenceMax} Zeichen lang sein.`,
  recipientVatIdInvalid: "Die USt-IdNr des Kunden ist ungültig (Ländercode und Nummer, z. B. DE123456789).",
  notesTooLong: `Die Notizen dürfen höchstens ${invoiceLimits.notesMax} Zeichen lang sein.`,
  exemptionReasonTooLong: `Der Grund der Steuerbefreiung darf höchstens ${invoiceLimits.exemptionReasonMax} Zeichen lang sein.`,
  taxCaseInvalid: "Bitte wählen Sie einen bekannten Steuerfall.",
} as const;

/** The labels screen and PDF print an invoice with. */
export const invoiceLabels = {
  invoice: "Rechnung",
  cancellationInvoice: "Stornorechnung",
  customer: "Kunde",
  provider: "Dienstleister",
  number: "Rechnungsnummer",
  issueDate: "Rechnungsdatum",
  serviceDate: "Leistungsdatum",
  servicePeriod: "Leistungszeitraum",
  dueDate: "Fällig am",
  description: "Beschreibung",
  quantity: "Anzahl",
  unitPrice: "Preis (€/Stück)",
  lineTotal: "Gesamt",
  subtotal: "Zwischensumme",
  discount: "Rabatt",
  fees: "Sonstige Gebühren",
  tax: "MwSt.",
  total: "Gesamt",
  notes: "Notizen",
  discountPercent: "Rabatt (%)",
  taxPercent: "Mehrwertsteuer (%)",
  serviceDateField: "Leistungsdatum",
  servicePeriodStartField: "Leistungszeitraum von",
  servicePeriodEndField: "Leistungszeitraum bis",
  issueDateField: "Rechnungsdatum",
} as const;

/** "Rabatt (10%)", "Rabatt (7,5%)". */
export function discountLabel(percent: number): string {
  return `${invoiceLabels.discount} (${formatDecimal(percent)}%)`;
}

/** "MwSt. (19%)". */
export function taxLabel(percent: number): string {
  return `${invoiceLabels.tax} (${formatDecimal(percent)}%)`;
}

/** `Rechnung_2026-0001.pdf`. */
export function invoicePdfFileName(number: string): string {
  return `Rechnung_${number}.pdf`;
}

/** `XRechnung_2026-0001.xml`. */
export function xrechnungFileName(number: string): string {
  return `XRechnung_${number}.xml`;
}

/** The yearly sequence's number: 2026 and 1 → `2026-0001`. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(4, "0")}`;
}

// ── Dates ───────────────────────────────────────────────────────────────────────────────────────

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date as `yyyy-mm-dd` (not `2026-02-30`). */
export function isIsoDate(value: string): boolean {
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The dates an invoice or a payment may carry at all: a wider range is no business of a German
 * company's invoices, and keeps every date and due date (+ 365 days) inside what PostgreSQL and
 * JavaScript both store (year 0, for one, is no date in PostgreSQL).
 */
export const invoiceDateRange = { min: "2000-01-01", max: "2099-12-31" } as const;

/** `isIsoDate` within `invoiceDateRange`. */
export function isInvoiceDate(value: string): boolean {
  return isIsoDate(value) && value >= invoiceDateRange.min && value <= invoiceDateRange.max;
}

/** Why a typed date is no date an invoice may carry (`label` names the field), or null. */
export function invoiceDateFieldProblem(value: string, label: string): string | null {
  if (!isIsoDate(value)) return invoiceFieldMessages.dateInvalid(label);
  if (!isInvoiceDate(value)) return invoiceFieldMessages.dateOutOfRange(label);
  return null;
}

/** How many days before the day it is issued an invoice may be dated, unless configured. */
export const defaultInvoiceMaxBackdateDays = 5;

/** Why an invoice cannot be issued with its date (§ 14 (4) UStG, GoBD: number order is date order). */
export const invoiceDateMessages = {
  inFuture: "Das Rechnungsdatum darf nicht in der Zukunft liegen.",
  otherYear: "Das Rechnungsdatum muss im laufenden Jahr liegen.",
  tooOld: (days: number) =>
    days === 0
      ? "Das Rechnungsdatum muss der Tag der Ausstellung sein."
      : `Das Rechnungsdatum darf höchstens ${days} ${days === 1 ? "Tag" : "Tage"} vor dem Tag der Ausstellung liegen.`,
  beforeLatest: (latest: string) =>
    `Das Rechnungsdatum darf nicht vor dem Datum der zuletzt ausgestellten Rechnung (${formatDate(latest)}) liegen.`,
  paidOnBeforeIssue: "Das Zahlungsdatum darf nicht vor dem Rechnungsdatum liegen.",
} as const;

/**
 * Why an invoice cannot be issued with `issueDate`, or null: it is dated the day it is issued,
 * or at most `maxBackdateDays` before within the same year, and never before the latest issued
 * invoice (`latestIssued`), so that number order and date order agree; never in the future.
 */
export function issueDateProblem(
  issueDate: string,
  { today, maxBackdateDays, latestIssued }: { today: string; maxBackdateDays: number; latestIssued: string | null },
): string | null {
  if (issueDate > today) return invoiceDateMessages.inFuture;
  if (issueDate.slice(0, 4) !== today.slice(0, 4)) return invoiceDateMessages.otherYear;
  if (issueDate < addDays(today, -maxBackdateDays)) return invoiceDateMessages.tooOld(maxBackdateDays);
  if (latestIssued !== null && issueDate < latestIssued) return invoiceDateMessages.beforeLatest(latestIssued);
  return null;
}

/** `2026-03-05` + 14 → `2026-03-19`. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const berlinDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in Germany as `yyyy-mm-dd`, whatever the machine's time zone: due dates pass at Berlin midnight. */
export function todayInGermany(now: Date = new Date()): string {
  return berlinDate.format(now);
}

// ── The calculation ─────────────────────────────────────────────────────────────────────────────

export interface InvoiceLineTotals {
  unitCents: number;
  /** Quantity × unit price, rounded half up when the quantity has decimals. */
  totalCents: number;
}

export interface InvoiceTotals {
  lines: InvoiceLineTotals[];
  /** Zwischensumme: the sum of the line totals. */
  subtotalCents: number;
  /** Rabatt: subtotal × discount % / 100, rounded half up; shown as a deduction. */
  discountCents: number;
  /** Sonstige Gebühren. */
  feesCents: number;
  /** Subtotal − discount + fees: the base of the VAT, the net amount of the one VAT rate. */
  netCents: number;
  /** MwSt.: net × tax % / 100, rounded half up. */
  taxCents: number;
  /** Gesamt: net + VAT. */
  totalCents: number;
}

/** What the calculation needs of an invoice. */
export interface InvoiceAmounts {
  items: readonly Pick<InvoiceItem, "quantity" | "unitPriceCents">[];
  discountPercent: number;
  taxPercent: number;
  extraFeesCents: number;
}

/**
 * All amounts of an invoice in integer cents, so no binary float touches a cent. Every shown
 * amount is rounded half up (halves away from zero) once, and every later amount is computed from
 * the rounded ones, so the printed lines add up exactly: line = quantity × unit price,
 * Zwischensumme = Σ lines, net = Zwischensumme − Rabatt + Sonstige Gebühren, Gesamt = net + MwSt.
 * Negated quantities and fees give exactly the negated totals (a cancellation invoice).
 * Throws a RangeError for non-finite inputs or totals beyond ±2^53 cents.
 */
export function invoiceTotals(invoice: InvoiceAmounts): InvoiceTotals {
  const lines = invoice.items.map((item) => {
    const unitCents = BigInt(toSafeNumber(BigInt(item.unitPriceCents)));
    const totalCents = multiplyRounded(unitCents, parseDecimal(item.quantity));
    return { unitCents, totalCents };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0n);
  const discount = multiplyRounded(subtotal, parseDecimal(invoice.discountPercent), 100n);
  const fees = BigInt(toSafeNumber(BigInt(invoice.extraFeesCents)));
  const net = subtotal - discount + fees;
  const tax = multiplyRounded(net, parseDecimal(invoice.taxPercent), 100n);
  return {
    lines: lines.map((line) => ({
      unitCents: toSafeNumber(line.unitCents),
      totalCents: toSafeNumber(line.totalCents),
    })),
    subtotalCents: toSafeNumber(subtotal),
    discountCents: toSafeNumber(discount),
    feesCents: toSafeNumber(fees),
    netCents: toSafeNumber(net),
    taxCents: toSafeNumber(tax),
    totalCents: toSafeNumber(net + tax),
  };
}

/** `invoiceTotals`, or null when the amounts cannot be computed exactly (its RangeError). */
export function invoiceTotalsOrNull(invoice: InvoiceAmounts): InvoiceTotals | null {
  try {
    return invoiceTotals(invoice);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

export interface InvoiceLineRow {
  description: string;
  /** German spelling, e.g. `1.000` or `1,5`. */
  quantity: string;
  unitPrice: string;
  total: string;
}

export type InvoiceSummaryKey = "subtotal" | "discount" | "fees" | "tax" | "total";

export interface InvoiceSummaryRow {
  key: InvoiceSummaryKey;
  /** "Zwischensumme", "Rabatt (10%)", "Sonstige Gebühren", "MwSt. (19%)", "Gesamt". */
  label: string;
  /** The signed amount the row adds to the total (the discount is negative). */
  cents: number;
  amount: string;
}

/** The item lines as printed, screen and PDF alike. */
export function invoiceLineRows(
  items: readonly Pick<InvoiceItem, "description" | "quantity">[],
  totals: InvoiceTotals,
): InvoiceLineRow[] {
  return items.map((item, index) => {
    const line = totals.lines[index];
    if (!line) throw new RangeError(`Keine Summe für Artikel ${index + 1}`);
    return {
      description: item.description,
      quantity: formatDecimal(item.quantity),
      unitPrice: formatEuro(line.unitCents),
      total: formatEuro(line.totalCents),
    };
  });
}

/** Zwischensumme, Rabatt (n%), Sonstige Gebühren, MwSt. (n%), Gesamt: always all five, in this order. */
export function invoiceSummaryRows(
  invoice: Pick<InvoiceAmounts, "discountPercent" | "taxPercent">,
  totals: InvoiceTotals,
): InvoiceSummaryRow[] {
  const row = (key: InvoiceSummaryKey, label: string, cents: number): InvoiceSummaryRow => ({
    key,
    label,
    cents,
    amount: formatEuro(cents),
  });
  return [
    row("subtotal", invoiceLabels.subtotal, totals.subtotalCents),
    row("discount", discountLabel(invoice.discountPercent), -totals.discountCents),
    row("fees", invoiceLabels.fees, totals.feesCents),
    row("tax", taxLabel(invoice.taxPercent), totals.taxCents),
    row("total", invoiceLabels.total, totals.totalCents),
  ];
}

// ── Addresses ───────────────────────────────────────────────────────────────────────────────────

export interface PostalAddress {
  name: string;
  /** The line(s) between the name and `12345 Ort`: street and house number first. */
  streetLines: string[];
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2; `DE` unless a country line says otherwise. */
  countryCode: string;
  /** Lines after `12345 Ort` (printed, not part of the address). */
  extraLines: string[];
}

const postalLine = /^(?:(?:D|DE|A|AT|CH)-)?(\d{4,5})\s+(\S.*)$/i;

const countryLines: Record<string, string> = {
  deutschland: "DE",
  germany: "DE",
  österreich: "AT",
  austria: "AT",
  schweiz: "CH",
  switzerland: "CH",
  niederlande: "NL",
  frankreich: "FR",
  belgien: "BE",
  luxemburg: "LU",
  dänemark: "DK",
  polen: "PL",
  italien: "IT",
  spanien: "ES",
};

/**
 * Reads a German address block: the first line is the name, a later line `12345 Ort` gives postal
 * code and city, the lines between are the street. Null when it has no such line or no street.
 */
export function parseAddressBlock(block: string): PostalAddress | null {
  const lines = block
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const [name, ...rest] = lines;
  if (name === undefined) return null;
  const postalIndex = rest.findIndex((line) => postalLine.test(line));
  if (postalIndex < 1) return null;
  const match = postalLine.exec(rest[postalIndex] ?? "");
  if (!match) return null;
  const extraLines = rest.slice(postalIndex + 1);
  const countryLine = extraLines.find((line) => countryLines[line.toLowerCase()] !== undefined);
  return {
    name,
    streetLines: rest.slice(0, postalIndex),
    postalCode: match[1] ?? "",
    city: (match[2] ?? "").trim(),
    countryCode: countryLine ? (countryLines[countryLine.toLowerCase()] ?? "DE") : "DE",
    extraLines,
  };
}

/** The first non-empty line of a block: the name. */
export function blockName(block: string): string {
  return (
    block
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== "") ?? ""
  );
}

// ── Rules ───────────────────────────────────────────────────────────────────────────────────────

/** The spec's rule for items the form keeps: a description, a price above 0 and a quantity above 0. */
export function isKeptItem(item: InvoiceItem): boolean {
  return !isBlank(item.description) && item.unitPriceCents > 0 && item.quantity > 0;
}

function decimalsOf(value: number): number {
  return Math.max(0, parseDecimal(value).scale);
}

function withinDecimals(value: number, min: number, max: number): boolean {
  return Number.isFinite(value) && value >= min && value <= max && decimalsOf(value) <= invoiceLimits.decimalsMax;
}

function isCents(value: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= max;
}

/**
 * The field rules every saved invoice meets, draft or not (bounds, dates, formats); the first
 * message, or null. The content's texts are expected trimmed (`normalizeInvoiceContent`).
 */
export function invoiceContentProblem(content: InvoiceContent): string | null {
  const dates: [string | null, string][] = [
    [content.issueDate, invoiceLabels.issueDateField],
    [content.serviceDate, invoiceLabels.serviceDateField],
    [content.servicePeriodStart, invoiceLabels.servicePeriodStartField],
    [content.servicePeriodEnd, invoiceLabels.servicePeriodEndField],
  ];
  for (const [value, label] of dates) {
    const problem = value === null ? null : invoiceDateFieldProblem(value, label);
    if (problem !== null) return problem;
  }
  const { servicePeriodStart: start, servicePeriodEnd: end } = content;
  if ((start === null) !== (end === null)) return invoiceFieldMessages.periodIncomplete;
  if (start !== null && end !== null) {
    if (end < start) return invoiceFieldMessages.periodReversed;
    if (content.serviceDate !== null) return invoiceFieldMessages.dateAndPeriod;
  }
  if (
    !Number.isSafeInteger(content.paymentTermDays) ||
    content.paymentTermDays < 0 ||
    content.paymentTermDays > invoiceLimits.paymentTermDaysMax
  ) {
    return invoiceFieldMessages.paymentTermInvalid;
  }
  if (content.items.length > invoiceLimits.itemsMax) return invoiceFieldMessages.tooManyItems;
  for (const item of content.items) {
    if (item.description.length > invoiceLimits.descriptionMax) return invoiceFieldMessages.descriptionTooLong;
    if (!withinDecimals(item.quantity, 0, invoiceLimits.quantityMax)) return invoiceFieldMessages.quantityInvalid;
    if (!isCents(item.unitPriceCents, invoiceLimits.unitPriceCentsMax)) return invoiceFieldMessages.priceInvalid;
  }
  if (!withinDecimals(content.discountPercent, 0, 100)) {
    return invoiceFieldMessages.percentInvalid(invoiceLabels.discountPercent);
  }
  if (!withinDecimals(content.taxPercent, 0, 100)) return invoiceFieldMessages.percentInvalid(invoiceLabels.taxPercent);
  if (!isCents(content.extraFeesCents, invoiceLimits.extraFeesCentsMax)) return invoiceFieldMessages.feesInvalid;
  if (content.recipient.length > invoiceLimits.blockMax)
    return invoiceFieldMessages.blockTooLong(invoiceLabels.customer);
  if (content.provider.length > invoiceLimits.blockMax)
    return invoiceFieldMessages.blockTooLong(invoiceLabels.provider);
  if (content.buyerReference !== null && content.buyerReference.length > invoiceLimits.referenceMax) {
    return invoiceFieldMessages.referenceTooLong;
  }
  if (content.recipientVatId !== null && !isVatId(content.recipientVatId)) {
    return invoiceFieldMessages.recipientVatIdInvalid;
  }
  if (content.taxCase !== null && !isTaxCase(content.taxCase)) return invoiceFieldMessages.taxCaseInvalid;
  if (content.notes.length > invoiceLimits.notesMax) return invoiceFieldMessages.notesTooLong;
  if (content.taxExemptionReason !== null && content.taxExemptionReason.length > invoiceLimits.exemptionReasonMax) {
    return invoiceFieldMessages.exemptionReasonTooLong;
  }
  return null;
}

function optionalText(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * The content as it is stored: texts trimmed (inner line breaks kept), empty optional fields null,
 * the USt-IdNr without spaces in capitals, the tax case and exemption reason only at 0 %.
 */
export function normalizeInvoiceContent(content: InvoiceContent): InvoiceContent {
  const vatId = optionalText(content.recipientVatId);
  return {
    ...content,
    recipient: content.recipient.trim(),
    provider: content.provider.trim(),
    recipientVatId: vatId === null ? null : vatId.replace(/\s+/g, "").toUpperCase(),
    buyerReference: optionalText(content.buyerReference),
    serviceDate: optionalText(content.serviceDate),
    servicePeriodStart: optionalText(content.servicePeriodStart),
    servicePeriodEnd: optionalText(content.servicePeriodEnd),
    items: content.items.map((item) => ({ ...item, description: item.description.trim() })),
    taxCase: content.taxPercent === 0 ? content.taxCase : null,
    taxExemptionReason: content.taxPercent === 0 ? optionalText(content.taxExemptionReason) : null,
    notes: content.notes.trim(),
  };
}

/**
 * Why the invoice cannot be issued, or null: first the spec's three save messages (Kunde,
 * Dienstleister, a valid item), then what § 14 (4) UStG and the e-invoice rules (EN 16931,
 * XRechnung) need, each naming the missing field. Only kept items count (`isKeptItem`).
 */
export function invoiceIssueProblem(content: InvoiceContent, company: CompanySettings): string | null {
  if (isBlank(content.recipient)) return invoiceFormMessages.customerRequired;
  if (isBlank(content.provider)) return invoiceFormMessages.providerRequired;
  const items = content.items.filter(isKeptItem);
  if (items.length === 0) return invoiceFormMessages.itemRequired;
  if (parseAddressBlock(content.recipient) === null) return invoiceIssueMessages.recipientAddressMissing;
  if (parseAddressBlock(content.provider) === null) return invoiceIssueMessages.providerAddressMissing;
  if (company.taxNumber === null && company.vatId === null) return invoiceIssueMessages.providerTaxIdMissing;
  if (company.contactName === null || company.contactPhone === null || company.contactEmail === null) {
    return invoiceIssueMessages.providerContactMissing;
  }
  if (content.taxPercent === 0) {
    if (content.taxCase === null) return invoiceIssueMessages.taxCaseMissing;
    const rules = taxCaseInfo[content.taxCase];
    if (rules.needsRecipientVatId && content.recipientVatId === null)
      return invoiceIssueMessages.recipientVatIdRequired;
    if (rules.needsProviderVatId && company.vatId === null) return invoiceIssueMessages.providerVatIdRequired;
  }
  if (invoiceTotalsOrNull({ ...content, items }) === null) return invoiceIssueMessages.amountTooLarge;
  return null;
}

/** A fresh form: empty texts, the given date, one empty item, no discount, 19 % VAT, 14 days. */
export function emptyInvoiceContent(today: string, provider = ""): InvoiceContent {
  return {
    customerId: null,
    recipient: "",
    recipientVatId: null,
    buyerReference: null,
    provider,
    issueDate: today,
    serviceDate: null,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    paymentTermDays: defaultPaymentTermDays,
    items: [{ description: "", quantity: 1, unitPriceCents: 0 }],
    discountPercent: 0,
    taxPercent: defaultTaxPercent,
    taxCase: null,
    taxExemptionReason: null,
    extraFeesCents: 0,
    notes: "",
  };
}
