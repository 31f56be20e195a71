/** The German messages and labels of invoices, screen and PDF alike, and the names of their files. */
import { formatDate } from "../format";
import { formatDecimal, formatEuro } from "../money";
import { invoiceDateRange, invoiceLimits } from "./types";

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

/** Payments (the API's refusals and the screen's labels): partial payments and the open amount. */
export const invoicePaymentMessages = {
  partlyPaid: "teilweise bezahlt",
  amountInvalid: "Bitte geben Sie einen Betrag größer als 0,00 € an.",
  amountAboveOpen: (openCents: number) => `Der Betrag ist höher als der offene Betrag von ${formatEuro(openCents)}.`,
  alreadyPaid: "Diese Rechnung ist bereits vollständig bezahlt.",
  noteTooLong: (max: number) => `Die Notiz darf höchstens ${max} Zeichen lang sein.`,
} as const;

/** The "Auswertung" screen's and the dashboard card's texts. */
export const invoiceReportMessages = {
  title: "Auswertung",
  openItems: "Offene Posten",
  revenue: "Umsatz",
  openSum: "Summe (brutto)",
  overdueCount: "davon überfällig",
  ageing: {
    not_due: "nicht fällig",
    days_1_30: "1–30 Tage überfällig",
    days_31_60: "31–60 Tage überfällig",
    days_over_60: "über 60 Tage überfällig",
  },
} as const;
