/**
 * Every German text of the invoice screen and the invoice PDF. The spec fixes most of the
 * wording; the placeholders, accessible labels and PDF captions are ours.
 */
import { invoiceFormMessages, invoiceIssueMessages } from "@klarwerk/kit";

export const invoiceMessages = {
  screenTitle: "Rechnungstool",
  screenDescription:
    "Rechnungen zusammenstellen und als PDF herunterladen. Die Rechnungen bleiben nur in diesem Browserfenster und gehen beim Neuladen der Seite verloren.",
  formTitle: "Neue Rechnung erstellen",
  customer: "Kunde",
  customerPlaceholder: "Name, Anschrift und weitere Angaben des Kunden",
  provider: "Dienstleister",
  providerPlaceholder: "Name und Anschrift des Dienstleisters",
  date: "Rechnungsdatum",
  items: "Artikel",
  description: "Beschreibung",
  quantity: "Anzahl",
  price: "Preis (€ / Stück)",
  addItem: "+ Artikel hinzufügen",
  itemNumber: "Nr.",
  itemActions: "Aktion",
  discountPercent: "Rabatt (%)",
  taxPercent: "Mehrwertsteuer (%)",
  extraFees: "Sonstige Gebühren (€)",
  notes: "Notizen (Footer)",
  notesPlaceholder: "z. B. Zahlungsziel oder Bankverbindung",
  save: "Rechnung speichern",
  saved: "Rechnung gespeichert",
  preview: "Vorschau",
  previewHint: "Unvollständige Artikel (ohne Beschreibung, Preis oder Anzahl) werden nicht übernommen.",
  amountTooLarge: invoiceIssueMessages.amountTooLarge,

  savedTitle: "Gespeicherte Rechnungen",
  noInvoices: "Keine Rechnungen vorhanden.",
  downloadPdf: "PDF herunterladen",
  pdfFailed: "Die PDF-Datei konnte nicht erstellt werden.",
  lineTotal: "Gesamt",
  subtotal: "Zwischensumme",
  discount: "Rabatt",
  fees: "Sonstige Gebühren",
  tax: "MwSt.",
  total: "Gesamt",

  ...invoiceFormMessages,

  pdfTitle: "Rechnung",
  pdfInvoiceNumber: "Rechnungsnummer",
  pdfDate: "Rechnungsdatum",
  pdfCustomer: "Kunde",
  pdfProvider: "Dienstleister",
  pdfDescription: "Beschreibung",
  pdfQuantity: "Anzahl",
  pdfUnitPrice: "Preis (€/Stück)",
  pdfLineTotal: "Gesamt",
  pdfNotes: "Notizen",
} as const;

/** "Seite 1 von 3", the PDF footer's page count. */
export function pageLabel(page: number, pageCount: number): string {
  return `Seite ${page} von ${pageCount}`;
}

/** The download's file name: always `Rechnung_{id}.pdf`. */
export function invoiceFileName(id: number): string {
  return `Rechnung_${id}.pdf`;
}

/** The accessible name of one item row's input, e.g. "Beschreibung, Artikel 2". */
export function itemFieldLabel(field: string, row: number): string {
  return `${field}, Artikel ${row}`;
}

/** "Artikel 2 entfernen", the accessible name of a row's remove button. */
export function removeItemLabel(row: number): string {
  return `Artikel ${row} entfernen`;
}

/** "Rechnung Nr. 1717171717171", the heading of a saved invoice. */
export function invoiceHeading(id: number): string {
  return `${invoiceMessages.pdfTitle} Nr. ${id}`;
}

/** "1 Rechnung", "3 Rechnungen": the count beside "Gespeicherte Rechnungen". */
export function savedCountLabel(count: number): string {
  return count === 1 ? "1 Rechnung" : `${count} Rechnungen`;
}
