/**
 * The invoice as a PDF (A4, headed "Rechnung"): the document definition, built purely from the
 * invoice and its totals, and the two ways out of it: a download named `Rechnung_{id}.pdf`, or a
 * Blob.
 * pdfmake itself is loaded only when a PDF is actually made (see `pdfmake-loader.ts`); this
 * module imports nothing of it but types.
 */
import { invoiceLogoSvg, site } from "@klarwerk/kit";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { invoiceFileName, invoiceMessages, pageLabel } from "../messages";
import { formatGermanDate } from "./dates";
import { loadPdfMake } from "./pdfmake-loader";
import { invoiceLineRows, invoiceSummaryRows } from "./summary";
import { timingNames } from "./timing";
import { type InvoiceTotals, invoiceTotals } from "./totals";
import type { Invoice } from "./types";

const pageMarginX = 40;
const muted = "#56656e";
const rule = "#dce4e7";

/** The footer of every page: logo and company name, website and copyright, page count. */
export function invoicePageFooter(currentPage: number, pageCount: number): Content {
  return {
    margin: [pageMarginX, 14, pageMarginX, 0],
    columns: [
      { svg: invoiceLogoSvg, width: 14, height: 14 },
      { text: site.name, bold: true, width: "auto", margin: [5, 2, 0, 0] },
      { text: `${site.website}   ${site.copyright}`, alignment: "center", width: "*", margin: [0, 2, 0, 0] },
      { text: pageLabel(currentPage, pageCount), alignment: "right", width: "auto", margin: [0, 2, 0, 0] },
    ],
    fontSize: 8,
    color: muted,
  };
}

function party(caption: string, text: string): Content {
  return {
    stack: [
      { text: caption, style: "caption" },
      { text, margin: [0, 2, 0, 0] },
    ],
  };
}

function itemsTable(invoice: Invoice, totals: InvoiceTotals): Content {
  const header: TableCell[] = [
    { text: invoiceMessages.pdfDescription, style: "tableHeader" },
    { text: invoiceMessages.pdfQuantity, style: "tableHeader", alignment: "right" },
    { text: invoiceMessages.pdfUnitPrice, style: "tableHeader", alignment: "right" },
    { text: invoiceMessages.pdfLineTotal, style: "tableHeader", alignment: "right" },
  ];
  const rows: TableCell[][] = invoiceLineRows(invoice, totals).map((row) => [
    { text: row.description },
    { text: row.quantity, alignment: "right", noWrap: true },
    { text: row.unitPrice, alignment: "right", noWrap: true },
    { text: row.total, alignment: "right", noWrap: true },
  ]);
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: ["*", "auto", "auto", "auto"], body: [header, ...rows] },
    layout: {
      hLineWidth: (index, node) => (index === 1 || index === node.table.body.length ? 0.8 : 0.4),
      vLineWidth: () => 0,
      hLineColor: () => rule,
      paddingTop: () => 5,
      paddingBottom: () => 5,
    },
    margin: [0, 24, 0, 0],
  };
}

function summaryTable(invoice: Invoice, totals: InvoiceTotals): Content {
  const body: TableCell[][] = invoiceSummaryRows(invoice, totals).map((row) => {
    const strong = row.key === "total";
    return [
      { text: row.label, bold: strong, fontSize: strong ? 12 : 10 },
      { text: row.amount, alignment: "right", noWrap: true, bold: strong, fontSize: strong ? 12 : 10 },
    ];
  });
  return {
    columns: [
      { text: "", width: "*" },
      {
        width: "auto",
        table: { widths: ["auto", 90], body },
        layout: {
          hLineWidth: (index, node) => (index === node.table.body.length - 1 ? 0.8 : 0),
          vLineWidth: () => 0,
          hLineColor: () => rule,
          paddingTop: () => 3,
          paddingBottom: () => 3,
        },
      },
    ],
    margin: [0, 12, 0, 0],
  };
}

/**
 * The pdfmake document definition of an invoice: A4; "Rechnung" with number and date; provider
 * and customer; the items table (Beschreibung, Anzahl, Preis (€/Stück), Gesamt, amounts right
 * aligned); the summary lines exactly as the screen shows them; the notes when there are any;
 * a footer with logo, website and copyright on every page. Pure: same input, same object.
 */
export function buildInvoiceDocument(invoice: Invoice, totals: InvoiceTotals): TDocumentDefinitions {
  const notes = invoice.notes.trim();
  const content: Content[] = [
    {
      columns: [
        { text: invoiceMessages.pdfTitle, style: "title", width: "*" },
        {
          width: "auto",
          table: {
            body: [
              [{ text: `${invoiceMessages.pdfInvoiceNumber}:`, style: "caption" }, String(invoice.id)],
              [{ text: `${invoiceMessages.pdfDate}:`, style: "caption" }, formatGermanDate(invoice.date)],
            ],
          },
          layout: "noBorders",
        },
      ],
    },
    {
      columns: [
        party(invoiceMessages.pdfProvider, invoice.provider),
        party(invoiceMessages.pdfCustomer, invoice.customer),
      ],
      columnGap: 24,
      margin: [0, 24, 0, 0],
    },
    itemsTable(invoice, totals),
    summaryTable(invoice, totals),
  ];
  if (notes !== "") {
    content.push({
      stack: [
        { text: invoiceMessages.pdfNotes, style: "caption" },
        { text: notes, margin: [0, 2, 0, 0] },
      ],
      margin: [0, 24, 0, 0],
    });
  }
  return {
    pageSize: "A4",
    pageMargins: [pageMarginX, 48, pageMarginX, 64],
    info: { title: `${invoiceMessages.pdfTitle} ${invoice.id}`, author: site.name, creator: site.name },
    content,
    footer: invoicePageFooter,
    defaultStyle: { font: "Roboto", fontSize: 10, lineHeight: 1.2, color: "#14232b" },
    styles: {
      title: { fontSize: 24, bold: true },
      caption: { fontSize: 8, color: muted, bold: true },
      tableHeader: { bold: true, fontSize: 9, color: muted },
    },
  };
}

async function createInvoicePdf(invoice: Invoice) {
  const pdfMake = await loadPdfMake();
  return pdfMake.createPdf(buildInvoiceDocument(invoice, invoiceTotals(invoice)));
}

/**
 * Makes the invoice's PDF and has the browser save it as `Rechnung_{id}.pdf`. Browser only.
 * Records how long it took, loading pdfmake included, as the `performance.measure`
 * `timingNames.pdfDownload` with the invoice's id and item count as detail.
 */
export async function downloadInvoicePdf(invoice: Invoice): Promise<void> {
  const started = performance.now();
  const pdf = await createInvoicePdf(invoice);
  await pdf.download(invoiceFileName(invoice.id));
  performance.measure(timingNames.pdfDownload, {
    start: started,
    detail: { id: invoice.id, items: invoice.items.length },
  });
}

/** The invoice's PDF as a Blob (`application/pdf`). Works in the browser and in Bun. */
export async function invoicePdfBlob(invoice: Invoice): Promise<Blob> {
  const pdf = await createInvoicePdf(invoice);
  return pdf.getBlob();
}
