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
