/** The "Auswertung" screen's texts beside the kit's (`invoiceReportMessages`). */
export const reportMessages = {
  description: "Was offen ist und was in den letzten zwölf Monaten umgesetzt wurde.",
  toInvoices: "Zum Rechnungstool",
  loading: "Lade Auswertung…",
  loadFailed: "Die Auswertung konnte nicht geladen werden.",
  retry: "Erneut versuchen",
  openCount: "Anzahl",
  bucketLink: (count: string, sum: string) => `${count} · ${sum}`,
  bucketsLabel: "Offene Posten nach Fälligkeit",
  revenueHint: "Netto nach Rechnungsdatum, letzte 12 Monate; Stornorechnungen im Monat ihres Datums abgezogen.",
  chartLabel:
    "Balkendiagramm: Umsatz je Monat, bezahlt und offen gestapelt; dieselben Zahlen stehen in der Tabelle darunter.",
  tableCaption: "Umsatz je Monat (netto)",
  month: "Monat",
  paid: "Bezahlt",
  open: "Offen",
  total: "Summe",
  twelveMonths: "12 Monate",
} as const;
