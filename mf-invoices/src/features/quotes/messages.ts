/**
 * Every German text of the screen „Angebote“ (decision 0078). The form's field labels are the
 * invoice editor's (`invoiceMessages`), the statuses and the API's refusals the kit's.
 */
import { defaultQuoteValidityDays, type QuoteStatus, quoteLabels, quoteStatusLabels } from "@klarwerk/kit";

export const quoteScreenMessages = {
  screenTitle: quoteLabels.quotes,
  screenDescription:
    "Angebote zusammenstellen, als Entwurf speichern oder ausstellen, die Antwort des Kunden festhalten und ein angenommenes Angebot in eine Rechnung umwandeln.",
  formTitle: "Neues Angebot erstellen",
  editTitle: "Angebotsentwurf bearbeiten",
  validUntil: quoteLabels.validUntil,
  validUntilDescription: `Leer: ${defaultQuoteValidityDays} Tage ab Ausstellung`,
  issue: "Angebot ausstellen",
  issued: "Angebot ausgestellt",
  draftSaved: "Entwurf gespeichert",
  listTitle: "Gespeicherte Angebote",
  statusFilter: "Status",
  allStatuses: "Alle",
  search: "Angebote durchsuchen",
  searchPlaceholder: "Angebotsnummer oder Kunde",
  loading: "Lade Angebote…",
  loadFailed: "Die Angebote konnten nicht geladen werden.",
  empty: "Keine Angebote vorhanden.",
  pagination: "Seiten der Angebotsliste",
  draft: "Entwurf",
  customer: "Kunde",
  date: "Datum",
  amount: "Betrag",
  status: "Status",
  edit: "Bearbeiten",
  accept: "Angenommen",
  reject: "Abgelehnt",
  accepted: "Angebot als angenommen vermerkt",
  rejected: "Angebot als abgelehnt vermerkt",
  convert: "In Rechnung umwandeln",
  partial: "weitere Teilrechnung",
  converted: "Rechnungsentwurf erstellt – Sie finden ihn im Rechnungstool.",
  openInvoices: "Zum Rechnungstool",
  invoices: "Rechnungen",
  invoiceDraft: "Rechnungsentwurf",
  downloadPdf: "PDF herunterladen",
  downloadFailed: "Die Datei konnte nicht heruntergeladen werden.",
} as const;

/** The badge's text: „offen“, „angenommen“, … */
export function quoteStatusText(status: QuoteStatus): string {
  return quoteStatusLabels[status];
}
