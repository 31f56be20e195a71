import {
  type CompanySettings,
  formatDate,
  formatIban,
  invoiceLabels,
  invoiceLineRows,
  invoiceLogoSvg,
  invoiceSummaryRows,
  quoteLabels,
  site,
  taxExemptionNote,
} from "@klarwerk/kit";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { girocodePayload } from "./girocode.ts";
import { invoiceDocumentTexts as texts } from "./messages.ts";
import type { DocumentData, InvoiceDocumentData } from "./types.ts";

/**
 * The invoice as a pdfmake document (A4), the spec's layout: "Rechnung" with number and dates;
 * provider and customer; the table Beschreibung / Anzahl / Preis (€/Stück) / Gesamt; the summary
 * rows exactly as the form's preview shows them; the notes; a footer with logo, website and
 * the company's name, address and website on every page. Beyond the spec, what § 14 (4) UStG requires on every invoice: the
 * provider's Steuernummer or USt-IdNr, the Leistungsdatum or -zeitraum, the recipient's USt-IdNr
 * where given, the exemption reason at 0 %; plus Zahlungsziel and due date, the bank account and
 * a GiroCode. Pure: same data, same document.
 */

export const pageMarginX = 40;
export const muted = "#56656e";
export const rule = "#dce4e7";

function pageLabel(page: number, pageCount: number): string {
  return `Seite ${page} von ${pageCount}`;
}

/**
 * The footer line from the company's own data (name, address, website), never a fixed year: the
 * site's "© 2024" said nothing true on a later invoice.
 */
export function footerLine(seller: CompanySettings): string {
  const place = [seller.street, `${seller.postalCode} ${seller.city}`.trim()].filter((part) => part !== "");
  return [...place, seller.website ?? site.website].join(" · ");
}

export function footer(seller: CompanySettings) {
  return (currentPage: number, pageCount: number): Content => ({
    margin: [pageMarginX, 14, pageMarginX, 0],
    columns: [
      { svg: invoiceLogoSvg, width: 14, height: 14 },
      { text: seller.name, bold: true, width: "auto", margin: [5, 2, 0, 0] },
      { text: footerLine(seller), alignment: "center", width: "*", margin: [0, 2, 0, 0] },
      { text: pageLabel(currentPage, pageCount), alignment: "right", width: "auto", margin: [0, 2, 0, 0] },
    ],
    fontSize: 8,
    color: muted,
  });
}

export function party(caption: string, block: string, extra: string[]): Content {
  return {
    stack: [
      { text: caption, style: "caption" },
      { text: block, margin: [0, 2, 0, 0] },
      ...extra.map((line) => ({
        text: line,
        fontSize: 9,
        color: muted,
        margin: [0, 2, 0, 0] as [number, number, number, number],
      })),
    ],
  };
}

function headerRows(data: DocumentData): TableCell[][] {
  const { content } = data;
  const row = (label: string, value: string): TableCell[] => [{ text: `${label}:`, style: "caption" }, value];
  if (data.kind === "quote") {
    return [
      row(quoteLabels.number, data.number),
      row(quoteLabels.issueDate, formatDate(content.issueDate)),
      row(quoteLabels.validUntil, formatDate(data.validUntil)),
    ];
  }
  const rows = [row(invoiceLabels.number, data.number), row(invoiceLabels.issueDate, formatDate(content.issueDate))];
  if (content.servicePeriodStart && content.servicePeriodEnd) {
    rows.push(
      row(
        invoiceLabels.servicePeriod,
        `${formatDate(content.servicePeriodStart)} – ${formatDate(content.servicePeriodEnd)}`,
      ),
    );
  } else {
    rows.push(row(invoiceLabels.serviceDate, formatDate(content.serviceDate ?? content.issueDate)));
  }
  if (data.kind === "invoice") rows.push(row(invoiceLabels.dueDate, formatDate(data.dueDate)));
  if (data.cancels) rows.push(row(texts.cancels, `${data.cancels.number} vom ${formatDate(data.cancels.issueDate)}`));
  return rows;
}

function itemsTable(data: DocumentData): Content {
  const header: TableCell[] = [
    { text: invoiceLabels.description, style: "tableHeader" },
    { text: invoiceLabels.quantity, style: "tableHeader", alignment: "right" },
    { text: invoiceLabels.unitPrice, style: "tableHeader", alignment: "right" },
    { text: invoiceLabels.lineTotal, style: "tableHeader", alignment: "right" },
  ];
  const rows: TableCell[][] = invoiceLineRows(data.content.items, data.totals).map((row) => [
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

function summaryTable(data: DocumentData): Content {
  const body: TableCell[][] = invoiceSummaryRows(data.content, data.totals).map((row) => {
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

export function paymentBlock(data: InvoiceDocumentData): Content {
  const { seller } = data;
  const lines: Content[] = [{ text: texts.paymentTerms(data) }];
  if (seller.iban) lines.push(bankLine(seller));
  return withGirocode(lines, data.kind === "invoice" ? girocodePayload(data) : null);
}

/** „Bankverbindung: …“ for a seller with an IBAN (invoices and reminders alike). */
export function bankLine(seller: CompanySettings): Content {
  const bank = [
    seller.bankName,
    seller.iban ? `IBAN ${formatIban(seller.iban)}` : null,
    seller.bic ? `BIC ${seller.bic}` : null,
  ]
    .filter((part): part is string => part !== null && part !== "")
    .join(" · ");
  return { text: [{ text: `${texts.bankAccount}: `, bold: true }, bank], margin: [0, 4, 0, 0] };
}

/** Payment lines, with the GiroCode beside them when there is one (invoices and reminders alike). */
export function withGirocode(lines: Content[], payload: string | null): Content {
  if (payload === null) return { stack: lines, margin: [0, 20, 0, 0], unbreakable: true };
  return {
    columns: [
      { stack: lines, width: "*" },
      {
        width: "auto",
        stack: [
          { qr: payload, fit: 84, eccLevel: "M", alignment: "right" },
          { text: texts.girocode, fontSize: 7, color: muted, alignment: "right", margin: [0, 2, 0, 0] },
        ],
      },
    ],
    columnGap: 16,
    margin: [0, 20, 0, 0],
    unbreakable: true,
  };
}

/** An invoice's, a Stornorechnung's or an Angebot's document: one layout. */
export function invoiceDocument(data: DocumentData): TDocumentDefinitions {
  const { content, seller } = data;
  const title = texts.title(data.kind);
  const documentTitle = texts.documentTitle(data);
  const providerExtra = [
    ...(seller.vatId ? [`${texts.providerVatId} ${seller.vatId}`] : []),
    ...(seller.taxNumber ? [`${texts.providerTaxNumber} ${seller.taxNumber}`] : []),
    ...(seller.registerNumber ? [seller.registerNumber] : []),
  ];
  const recipientExtra = [
    ...(content.recipientVatId ? [`${texts.recipientVatId}: ${content.recipientVatId}`] : []),
    ...(content.buyerReference ? [`${texts.buyerReference}: ${content.buyerReference}`] : []),
  ];
  const body: Content[] = [
    {
      columns: [
        { text: title, style: "title", width: "*" },
        { width: "auto", table: { body: headerRows(data) }, layout: "noBorders" },
      ],
    },
    {
      columns: [
        party(invoiceLabels.provider, content.provider, providerExtra),
        party(invoiceLabels.customer, content.recipient, recipientExtra),
      ],
      columnGap: 24,
      margin: [0, 24, 0, 0],
    },
    itemsTable(data),
    summaryTable(data),
  ];
  if (data.kind !== "quote" && data.cancels) {
    body.push({ text: texts.cancellationNote(data.cancels.number, data.cancels.issueDate), margin: [0, 12, 0, 0] });
  }
  // The legal note of the tax case (§ 14a UStG wants e.g. "Steuerschuldnerschaft des
  // Leistungsempfängers" word for word); invoices issued before the cases print their reason.
  const exemptionNote = taxExemptionNote(content);
  if (exemptionNote !== null) {
    const text = content.taxCase === null ? `${texts.exemption}: ${exemptionNote}` : exemptionNote;
    body.push({ text, bold: content.taxCase !== null, margin: [0, 12, 0, 0] });
  }
  body.push(
    data.kind === "quote" ? { text: texts.quoteValidity(data.validUntil), margin: [0, 20, 0, 0] } : paymentBlock(data),
  );
  if (seller.contactName || seller.contactEmail || seller.contactPhone) {
    const contact = [seller.contactName, seller.contactPhone, seller.contactEmail].filter(Boolean).join(" · ");
    body.push({ text: `${texts.contact}: ${contact}`, fontSize: 9, color: muted, margin: [0, 8, 0, 0] });
  }
  if (content.notes !== "") {
    body.push({
      stack: [
        { text: invoiceLabels.notes, style: "caption" },
        { text: content.notes, margin: [0, 2, 0, 0] },
      ],
      margin: [0, 24, 0, 0],
    });
  }
  return {
    pageSize: "A4",
    pageMargins: [pageMarginX, 48, pageMarginX, 64],
    info: { title: documentTitle, author: seller.name, creator: site.name, subject: texts.documentSubject(data) },
    content: body,
    footer: footer(seller),
    defaultStyle: { font: "Roboto", fontSize: 10, lineHeight: 1.2, color: "#14232b" },
    styles: {
      title: { fontSize: 24, bold: true },
      caption: { fontSize: 8, color: muted, bold: true },
      tableHeader: { bold: true, fontSize: 9, color: muted },
    },
  };
}
