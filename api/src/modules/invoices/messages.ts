import { formatDate, formatEuro, invoiceFieldMessages, invoiceLabels, invoicePaging, quoteLabels } from "@klarwerk/kit";
import { invalidLimitParam } from "../../http/messages.ts";
import type { DocumentData, InvoiceDocumentData } from "./types.ts";

/**
 * German answers of /api/invoices that only the API gives; the form's and the issue rules'
 * messages are in the kit (`invoiceFormMessages`, `invoiceIssueMessages`, `invoiceFieldMessages`).
 */
export const invoicesApiMessages = {
  invalidId: "Die Rechnungsnummer ist ungültig.",
  notFound: "Diese Rechnung gibt es nicht.",
  invalidLimit: invalidLimitParam(invoicePaging.maxLimit),
  invalidStatusFilter: "Der Parameter „status“ ist kein bekannter Rechnungsstatus.",
  invalidAgeingFilter: "Der Parameter „ageing“ ist keine bekannte Stufe der offenen Posten.",
  invalidSearch: "Der Suchbegriff darf höchstens 200 Zeichen lang sein.",
  invalidField: (field: string) => `Die Angabe im Feld „${field}“ ist ungültig.`,
  issuedFinal:
    "Eine ausgestellte Rechnung kann nicht mehr geändert oder gelöscht werden. Korrigieren Sie sie mit einer Stornorechnung.",
  notIssued: "Diese Rechnung ist ein Entwurf und noch nicht ausgestellt.",
  alreadyCancelled: "Diese Rechnung ist bereits storniert.",
  cancellationFinal: "Eine Stornorechnung kann nicht storniert und nicht als bezahlt markiert werden.",
  cancelledNotPayable: "Eine stornierte Rechnung kann nicht als bezahlt markiert werden.",
  paidOnInvalid: "Bitte geben Sie ein gültiges Zahlungsdatum an.",
  paidOnInFuture: "Das Zahlungsdatum darf nicht in der Zukunft liegen.",
  paidOnOutOfRange: invoiceFieldMessages.dateOutOfRange("Zahlungsdatum"),
  customerUnknown: "Den gewählten Kunden gibt es nicht.",
  invalidPaymentId: "Die Nummer der Zahlung ist ungültig.",
  paymentNotFound: "Diese Zahlung gibt es zu dieser Rechnung nicht.",
  paymentNotYours:
    "Eine Zahlung kann nur löschen, wer sie erfasst hat, oder eine Administratorin bzw. ein Administrator.",
} as const;

/** What the PDF and the e-invoice say beyond the kit's labels. */
const texts = {
  discountReason: "Rabatt",
  feesReason: "Sonstige Gebühren",
  providerTaxNumber: "Steuernummer",
  providerVatId: "USt-IdNr.",
  recipientVatId: "USt-IdNr. des Kunden",
  buyerReference: "Leitweg-ID / Ihre Referenz",
  bankAccount: "Bankverbindung",
  girocode: "Bezahlen per GiroCode",
  contact: "Ansprechpartner",
  exemption: "Steuerbefreiung",
  cancels: "Storno zu Rechnung",
  /** The PDF's title in its metadata, as the first page heads it: „Rechnung 2026-0001“. */
  documentTitle: (data: Pick<DocumentData, "kind" | "number">) => `${texts.title(data.kind)} ${data.number}`,
  /** The heading of the first page: „Rechnung“, „Stornorechnung“ or „Angebot“. */
  title: (kind: DocumentData["kind"]) =>
    kind === "cancellation"
      ? invoiceLabels.cancellationInvoice
      : kind === "quote"
        ? quoteLabels.quote
        : invoiceLabels.invoice,
  /** The PDF's subject: „Rechnung 2026-0001 vom 28.11.2026, ausgestellt von Klarwerk Digital GmbH“. */
  documentSubject: (data: Pick<DocumentData, "kind" | "number" | "content" | "seller">) =>
    `${texts.documentTitle(data)} vom ${formatDate(data.content.issueDate)}, ausgestellt von ${data.seller.name}`,
  /** The PDF's keywords. */
  documentKeywords: [invoiceLabels.invoice, "ZUGFeRD", "Factur-X", "E-Rechnung"],
  /** Under an Angebot's totals, where an invoice has its payment terms. */
  quoteValidity: (validUntil: string) => `Dieses Angebot ist gültig bis zum ${formatDate(validUntil)}.`,
  cancellationNote: (number: string, issueDate: string) =>
    `Stornorechnung zur Rechnung ${number} vom ${formatDate(issueDate)}.`,
  /** Zahlungsziel and due date, or what a cancellation means for payment. */
  paymentTerms(data: Pick<InvoiceDocumentData, "kind" | "content" | "dueDate" | "totals">): string {
    if (data.kind === "cancellation") {
      return `Der Betrag von ${formatEuro(-data.totals.totalCents)} wird mit der stornierten Rechnung verrechnet oder erstattet.`;
    }
    const days = data.content.paymentTermDays;
    if (days === 0) return `Zahlbar sofort ohne Abzug, spätestens am ${formatDate(data.dueDate)}.`;
    return `Zahlbar innerhalb von ${days} Tagen ohne Abzug bis zum ${formatDate(data.dueDate)}.`;
  },
} as const;

export const invoiceDocumentTexts = texts;
