import {
  type CompanySettings,
  companyFieldLabels,
  formatDate,
  formatIban,
  invoiceLabels,
  invoiceLineRows,
  invoiceSummaryRows,
  providerBlock,
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

/** Millimetres in PDF points. */
const mm = (value: number) => (value * 72) / 25.4;

/** A4 in points, as pdfmake's "A4". */
const pageWidth = 595.28;

/**
 * DIN 5008 Form B: the window's left edge 20 mm from the page's, its top (Zusatz- und Vermerkzone,
 * 17.7 mm, then the Anschriftzone, 27.3 mm) 45 mm from the top, 85 mm wide.
 */
export const addressWindow = { left: mm(20), top: mm(45), width: mm(85), noteZone: mm(17.7), height: mm(45) } as const;

/** The Informationsblock beside the window (DIN 5008: 125 mm from the left, from 50 mm down). */
const infoBlock = { left: mm(125), top: mm(50) } as const;

/** Where the letter's text begins on the first page: below the window. */
const letterTop = addressWindow.top + addressWindow.height + mm(8);

/** The page's margins: the footer's columns need the bottom 30 mm. */
export const pageMargins: [number, number, number, number] = [pageMarginX, 48, pageMarginX, mm(30)];

/** The logo as the PDF embeds it: a data URL (PNG or JPEG) and its size in pixels. */
export interface PdfLogo {
  image: string;
  width: number;
  height: number;
}

/** The letterhead's logo, top right within 60 × 22 mm, kept in proportion. */
function logoContent(logo: PdfLogo): Content {
  const box = { width: mm(60), height: mm(22) };
  const scale = Math.min(box.width / logo.width, box.height / logo.height);
  const width = logo.width * scale;
  const height = logo.height * scale;
  return { image: logo.image, width, height, absolutePosition: { x: pageWidth - pageMarginX - width, y: mm(12) } };
}

/** The sender line above the address: „Klarwerk Digital GmbH · Lindenstraße 14 · 10969 Berlin“. */
export function senderLine(seller: CompanySettings): string {
  return [seller.name, seller.street, `${seller.postalCode} ${seller.city}`.trim()]
    .filter((part) => part !== "")
    .join(" · ");
}

/**
 * The first page's letterhead: the logo (when one is set), the window with the sender line in
 * small type over a rule and the recipient's address, the Informationsblock beside it; then a
 * spacer, so the letter's text begins below the window.
 */
export function letterhead(seller: CompanySettings, logo: PdfLogo | null, recipient: string, info: Content): Content[] {
  const { left, top, width, noteZone } = addressWindow;
  return [
    ...(logo === null ? [] : [logoContent(logo)]),
    {
      absolutePosition: { x: left, y: top + noteZone - mm(5) },
      columns: [
        {
          width,
          stack: [
            { text: senderLine(seller), fontSize: 7, color: muted },
            { canvas: [{ type: "line", x1: 0, y1: 1, x2: width, y2: 1, lineWidth: 0.5, lineColor: muted }] },
          ],
        },
      ],
    },
    { absolutePosition: { x: left, y: top + noteZone + mm(1) }, columns: [{ width, text: recipient }] },
    { absolutePosition: { x: infoBlock.left, y: infoBlock.top }, columns: [{ width: "auto", stack: [info] }] },
    { text: "", margin: [0, letterTop - pageMargins[1], 0, 0] },
  ];
}

type Margins = [number, number, number, number];

/**
 * The „Dienstleister“ block, when the invoice's provider text says other than the letterhead
 * (sender line and footer: name, address, tax numbers, register); otherwise nothing twice.
 */
export function providerUnlessLetterhead(provider: string, seller: CompanySettings): Content[] {
  if (provider.trim() === providerBlock(seller)) return [];
  return [{ stack: [party(invoiceLabels.provider, provider, [])], margin: [0, 8, 0, 0] }];
}

/** The bank account's parts: bank, IBAN in groups, BIC (the payment block's line and the footer). */
function bankParts(seller: CompanySettings): string[] {
  return [
    seller.bankName,
    seller.iban ? `IBAN ${formatIban(seller.iban)}` : null,
    seller.bic ? `BIC ${seller.bic}` : null,
  ].filter((part): part is string => part !== null && part !== "");
}

/**
 * The footer's columns from the company's own data: name and address (and website); Geschäftsführung
 * and Handelsregister; USt-IdNr and Steuernummer; the bank. Columns without data stay empty, never
 * a fixed year: the site's "© 2024" said nothing true on a later invoice.
 */
export function footerColumns(seller: CompanySettings): string[][] {
  const managingDirectors = seller.managingDirectors ?? null;
  return [
    [seller.name, seller.street, `${seller.postalCode} ${seller.city}`.trim(), seller.website ?? site.website],
    [
      ...(managingDirectors ? [`${companyFieldLabels.managingDirectors}:`, managingDirectors] : []),
      // „HRB 245871 B, Amtsgericht Charlottenburg“ on two lines, as a narrow column reads it.
      ...(seller.registerNumber ? seller.registerNumber.split(/,\s*/) : []),
    ],
    [
      ...(seller.vatId ? [`${texts.providerVatId} ${seller.vatId}`] : []),
      ...(seller.taxNumber ? [`${texts.providerTaxNumber} ${seller.taxNumber}`] : []),
    ],
    bankParts(seller),
  ].map((lines) => lines.filter((line) => line !== ""));
}

export function footer(seller: CompanySettings) {
  const columns = footerColumns(seller);
  return (currentPage: number, pageCount: number): Content => ({
    margin: [pageMarginX, 10, pageMarginX, 0],
    stack: [
      {
        canvas: [
          { type: "line", x1: 0, y1: 0, x2: pageWidth - 2 * pageMarginX, y2: 0, lineWidth: 0.5, lineColor: rule },
        ],
      },
      {
        columns: columns.map((lines, index) => ({
          width: "*",
          stack: lines.map((line, row) => ({ text: line, bold: index === 0 && row === 0 })),
        })),
        columnGap: 10,
        margin: [0, 5, 0, 0],
      },
      { text: pageLabel(currentPage, pageCount), alignment: "right", margin: [0, 4, 0, 0] },
    ],
    fontSize: 7,
    lineHeight: 1.15,
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
  return {
    text: [{ text: `${texts.bankAccount}: `, bold: true }, bankParts(seller).join(" · ")],
    margin: [0, 4, 0, 0],
  };
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

/** An invoice's, a Stornorechnung's or an Angebot's document: one layout, with the letterhead's logo when set. */
export function invoiceDocument(data: DocumentData, logo: PdfLogo | null): TDocumentDefinitions {
  const { content, seller } = data;
  const title = texts.title(data.kind);
  const documentTitle = texts.documentTitle(data);
  const recipientExtra = [
    ...(content.recipientVatId ? [`${texts.recipientVatId}: ${content.recipientVatId}`] : []),
    ...(content.buyerReference ? [`${texts.buyerReference}: ${content.buyerReference}`] : []),
  ];
  const info: Content = { table: { body: headerRows(data) }, layout: "noBorders" };
  const body: Content[] = [
    ...letterhead(seller, logo, content.recipient, info),
    { text: title, style: "title" },
    ...providerUnlessLetterhead(content.provider, seller),
    ...recipientExtra.map((line) => ({ text: line, fontSize: 9, margin: [0, 4, 0, 0] as Margins })),
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
    pageMargins,
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
