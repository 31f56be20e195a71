/**
 * Every German text of the invoice screen. The spec fixes most of the wording; the labels the
 * server's PDF shares (summary rows, statuses, the issue rules) come from the kit.
 */
import {
  companyFieldLabels,
  type InvoiceStatus,
  invoiceFormMessages,
  invoiceIssueMessages,
  invoiceLabels,
  invoicePaymentMessages,
  invoiceStatusLabels,
} from "@klarwerk/kit";
import { formatGermanDate as formatInvoiceDate } from "./model/dates";

export const invoiceMessages = {
  screenTitle: "Rechnungstool",
  screenDescription:
    "Rechnungen zusammenstellen, als Entwurf speichern oder ausstellen; ausgestellte Rechnungen als PDF (ZUGFeRD) oder XRechnung herunterladen.",
  formTitle: "Neue Rechnung erstellen",
  editTitle: "Entwurf bearbeiten",
  customer: invoiceLabels.customer,
  customerPlaceholder: "Name, Anschrift und weitere Angaben des Kunden",
  customerPicker: "Kunde aus der Kundenverwaltung",
  customerPickerPlaceholder: "Kundennamen eingeben, um zu suchen",
  customerPickerEmpty: "Kein Kunde gefunden",
  customerVatId: "USt-IdNr des Kunden",
  buyerReference: "Leitweg-ID bzw. Bestellnummer",
  buyerReferenceDescription: "Bei öffentlichen Auftraggebern die Leitweg-ID (XRechnung)",
  provider: invoiceLabels.provider,
  providerPlaceholder: "Name und Anschrift des Dienstleisters",
  date: invoiceLabels.issueDateField,
  serviceDate: invoiceLabels.serviceDateField,
  servicePeriod: "Leistungszeitraum statt Leistungsdatum",
  servicePeriodStart: invoiceLabels.servicePeriodStartField,
  servicePeriodEnd: invoiceLabels.servicePeriodEndField,
  paymentTermDays: "Zahlungsziel (Tage)",
  items: "Artikel",
  description: invoiceLabels.description,
  quantity: invoiceLabels.quantity,
  price: "Preis (€ / Stück)",
  addItem: "+ Artikel hinzufügen",
  itemNumber: "Nr.",
  itemActions: "Aktion",
  discountPercent: invoiceLabels.discountPercent,
  taxPercent: invoiceLabels.taxPercent,
  taxCase: "Steuerfall",
  taxCasePlaceholder: "Bitte wählen",
  taxExemptionReason: "Grund der Steuerbefreiung",
  extraFees: "Sonstige Gebühren (€)",
  notes: "Notizen (Footer)",
  notesPlaceholder: "z. B. Zahlungsbedingungen oder ein Dank",
  save: "Rechnung speichern",
  saveDraft: "Als Entwurf speichern",
  cancelEdit: "Bearbeitung abbrechen",
  saved: "Rechnung gespeichert",
  draftSaved: "Entwurf gespeichert",
  saveFailed: "Die Rechnung wurde nicht gespeichert.",
  preview: "Vorschau",
  previewHint: "Unvollständige Artikel (ohne Beschreibung, Preis oder Anzahl) werden nicht übernommen.",
  amountTooLarge: invoiceIssueMessages.amountTooLarge,

  savedTitle: "Gespeicherte Rechnungen",
  noInvoices: "Keine Rechnungen vorhanden.",
  search: "Rechnungen durchsuchen",
  searchPlaceholder: "Rechnungsnummer oder Kunde",
  loadFailed: "Die Rechnungen konnten nicht geladen werden.",
  loading: "Lade Rechnungen…",
  pagination: "Seiten der Rechnungsliste",
  ageingFilter: (bucket: string) => `Nur offene Posten: ${bucket}`,
  ageingFilterOff: "Alle Rechnungen zeigen",
  downloadPdf: "PDF herunterladen",
  downloadXrechnung: "XRechnung herunterladen",
  downloadFailed: "Die Datei konnte nicht heruntergeladen werden.",
  edit: "Bearbeiten",
  delete: "Löschen",
  deleteTitle: "Entwurf löschen?",
  deleteConfirm: "Der Entwurf wird endgültig gelöscht.",
  deleted: "Entwurf gelöscht",
  cancelInvoice: "Stornieren",
  cancelTitle: "Rechnung stornieren?",
  cancelConfirm:
    "Es wird eine Stornorechnung mit eigener Nummer und dem heutigen Datum ausgestellt; die Rechnung gilt dann als storniert. Das lässt sich nicht rückgängig machen.",
  cancelled: "Stornorechnung ausgestellt",
  markPaid: "Als bezahlt markieren",
  paidOn: "Bezahlt am",
  paidSaved: "Zahlung vermerkt",
  recordPayment: "Zahlung erfassen",
  paymentDate: "Zahlungsdatum",
  paymentAmount: "Betrag (€)",
  paymentAmountHint: (open: string) => `Offen: ${open}`,
  paymentAmountInvalid: invoicePaymentMessages.amountInvalid,
  paymentNote: "Notiz (optional)",
  paymentNotePlaceholder: "z. B. Teilzahlung per Überweisung",
  paymentRecorded: "Zahlung erfasst",
  payments: "Zahlungen",
  paymentRecordedBy: (name: string) => `erfasst von ${name}`,
  paidSum: "Bezahlt",
  openSum: "Offen",
  partlyPaid: invoicePaymentMessages.partlyPaid,
  deletePayment: "Zahlung löschen",
  deletePaymentLabel: (date: string, amount: string) => `Zahlung löschen (${date}, ${amount})`,
  deletePaymentTitle: "Zahlung löschen?",
  deletePaymentConfirm:
    "Die Zahlung wird gelöscht, etwa weil sie versehentlich erfasst wurde; der Betrag ist dann wieder offen. Die Löschung steht im Protokoll.",
  paymentDeleted: "Zahlung gelöscht",
  confirm: "Bestätigen",
  abort: "Abbrechen",
  close: "Schließen",
  actionFailed: "Das hat nicht geklappt.",
  lineTotal: invoiceLabels.lineTotal,
  total: invoiceLabels.total,
  notesLabel: invoiceLabels.notes,
  dueDate: invoiceLabels.dueDate,

  ...invoiceFormMessages,

  companyTitle: "Firmeneinstellungen",
  companyOpen: "Firmeneinstellungen bearbeiten",
  companyDescription:
    "Die Angaben des Dienstleisters, die jede Rechnung trägt. Neue Rechnungen übernehmen sie; ausgestellte behalten ihre.",
  companySave: "Einstellungen speichern",
  companySaved: "Firmeneinstellungen gespeichert",
  companyFields: companyFieldLabels,
} as const;

/** The accessible name of one item row's input, e.g. "Beschreibung, Artikel 2". */
export function itemFieldLabel(field: string, row: number): string {
  return `${field}, Artikel ${row}`;
}

/** "Artikel 2 entfernen", the accessible name of a row's remove button. */
export function removeItemLabel(row: number): string {
  return `Artikel ${row} entfernen`;
}

/** "Rechnung 2026-0001", "Stornorechnung 2026-0002", "Entwurf": the heading of a listed invoice. */
export function invoiceHeading(number: string | null, status: InvoiceStatus): string {
  if (number === null) return invoiceStatusLabels.draft;
  return `${status === "cancellation" ? invoiceLabels.cancellationInvoice : invoiceLabels.invoice} ${number}`;
}

/** "offen", "bezahlt am 05.03.2026", "storniert durch 2026-0004": a listed invoice's status. */
export function statusText(status: InvoiceStatus, paidOn: string | null, cancelledBy: string | null): string {
  if (status === "paid" && paidOn) return `${invoiceStatusLabels.paid} am ${formatInvoiceDate(paidOn)}`;
  if (status === "cancelled" && cancelledBy) return `${invoiceStatusLabels.cancelled} durch ${cancelledBy}`;
  return invoiceStatusLabels[status];
}

/** "1 Rechnung", "3 Rechnungen": the count beside "Gespeicherte Rechnungen". */
export function savedCountLabel(count: number): string {
  return count === 1 ? "1 Rechnung" : `${count} Rechnungen`;
}

/** "Leistungszeitraum 01.03.2026 – 31.03.2026". */
export function periodText(start: string, end: string): string {
  return `${invoiceLabels.servicePeriod} ${formatInvoiceDate(start)} – ${formatInvoiceDate(end)}`;
}
