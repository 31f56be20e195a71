import type { CompanySettings, InvoiceContent, InvoiceTotals } from "@klarwerk/kit";

/** Everything the PDF and the e-invoices of one issued invoice are made from. */
export interface InvoiceDocumentData {
  kind: "invoice" | "cancellation";
  number: string;
  /** Only the kept items; a cancellation's quantities and fees negated. */
  content: InvoiceContent;
  totals: InvoiceTotals;
  dueDate: string;
  /** The company settings it is issued with. */
  seller: CompanySettings;
  /** On a cancellation invoice: the invoice it cancels. */
  cancels: { number: string; issueDate: string } | null;
}

/**
 * What an Angebot's PDF is made from: the invoice's layout with „Angebot“, its number and „Gültig
 * bis“, without payment terms or GiroCode (decision 0078).
 */
export interface QuoteDocumentData {
  kind: "quote";
  number: string;
  content: InvoiceContent;
  totals: InvoiceTotals;
  validUntil: string;
  seller: CompanySettings;
}

/** Either document the layout of pdf-document.ts prints. */
export type DocumentData = InvoiceDocumentData | QuoteDocumentData;
