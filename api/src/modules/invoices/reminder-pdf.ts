import {
  type CompanySettings,
  formatDate,
  formatEuro,
  interestDescription,
  invoiceLabels,
  type ReminderFigures,
  reminderLabels,
  reminderLevelLabels,
  site,
} from "@klarwerk/kit";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { girocodePayload } from "./girocode.ts";
import { invoiceDocumentTexts } from "./messages.ts";
import {
  bankLine,
  footer,
  letterhead,
  muted,
  type PdfLogo,
  pageMargins,
  providerUnlessLetterhead,
  rule,
  withGirocode,
} from "./pdf-document.ts";
import { renderPdf } from "./pdf-render.ts";
import type { InvoiceDocumentData } from "./types.ts";

/** What a reminder's letter is made from: the issued invoice, the figures, today's company data. */
export interface ReminderDocumentData {
  invoice: InvoiceDocumentData;
  figures: ReminderFigures;
  /** Paid so far (partial payments), in cents. */
  paidCents: number;
  /** The company settings now (bank, contact), the invoice keeps its own provider text. */
  seller: CompanySettings;
  /** The letterhead's logo now; null when none is set. */
  logo: PdfLogo | null;
}

/** The friendly German text per level. */
function letterText(data: ReminderDocumentData): string[] {
  const { invoice, figures } = data;
  const invoiceRef = `unsere Rechnung ${invoice.number} vom ${formatDate(invoice.content.issueDate)}`;
  const payBy = formatDate(figures.payBy);
  if (figures.level === 1) {
    return [
      "Sehr geehrte Damen und Herren,",
      `sicher ist es Ihrer Aufmerksamkeit entgangen: Für ${invoiceRef} konnten wir bis heute keinen vollständigen Zahlungseingang feststellen. Die Zahlung war am ${formatDate(invoice.dueDate)} fällig.`,
      `Wir bitten Sie freundlich, den offenen Betrag bis zum ${payBy} zu überweisen. Sollten Sie die Zahlung inzwischen veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.`,
    ];
  }
  if (figures.level === 2) {
    return [
      "Sehr geehrte Damen und Herren,",
      `leider haben wir für ${invoiceRef} trotz unserer Zahlungserinnerung noch keinen vollständigen Zahlungseingang erhalten. Die Zahlung war am ${formatDate(invoice.dueDate)} fällig; seitdem befinden Sie sich im Zahlungsverzug.`,
      `Bitte überweisen Sie den unten genannten Gesamtbetrag bis zum ${payBy}. Sollten Sie die Zahlung inzwischen veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.`,
    ];
  }
  return [
    "Sehr geehrte Damen und Herren,",
    `trotz Zahlungserinnerung und 1. Mahnung ist ${invoiceRef} noch immer nicht vollständig bezahlt. Die Zahlung war am ${formatDate(invoice.dueDate)} fällig.`,
    `Wir fordern Sie letztmalig auf, den unten genannten Gesamtbetrag bis zum ${payBy} zu überweisen. Geht die Zahlung bis dahin nicht ein, werden wir die Forderung ohne weitere Ankündigung gerichtlich geltend machen oder einem Inkassodienst übergeben. Sollten Sie die Zahlung inzwischen veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.`,
  ];
}

function headerRows(data: ReminderDocumentData): TableCell[][] {
  const row = (label: string, value: string): TableCell[] => [{ text: `${label}:`, style: "caption" }, value];
  return [
    row(reminderLabels.remindedOn, formatDate(data.figures.remindedOn)),
    row(invoiceLabels.number, data.invoice.number),
    row(reminderLabels.payBy, formatDate(data.figures.payBy)),
  ];
}

/** The table: the invoice (number, date, due date, open amount), then fee, flat fee, interest, total. */
function amountsTable(data: ReminderDocumentData): Content {
  const { invoice, figures } = data;
  const header: TableCell[] = [
    { text: invoiceLabels.number, style: "tableHeader" },
    { text: invoiceLabels.issueDate, style: "tableHeader" },
    { text: invoiceLabels.dueDate, style: "tableHeader" },
    { text: "Rechnungsbetrag", style: "tableHeader", alignment: "right" },
    { text: reminderLabels.openAmount, style: "tableHeader", alignment: "right" },
  ];
  const amount = (cents: number) => ({ text: formatEuro(cents), alignment: "right" as const, noWrap: true });
  const rows: TableCell[][] = [
    [
      invoice.number,
      formatDate(invoice.content.issueDate),
      formatDate(invoice.dueDate),
      amount(invoice.totals.totalCents),
      amount(figures.openCents),
    ],
  ];
  const extra: [string, number][] = [];
  if (data.paidCents > 0)
    extra.push([`Bereits gezahlt (in ${reminderLabels.openAmount.toLowerCase()} berücksichtigt)`, -data.paidCents]);
  const costs: [string, number][] = [[reminderLabels.openAmount, figures.openCents]];
  if (figures.earlierCostsCents > 0) costs.push([reminderLabels.earlierCosts, figures.earlierCostsCents]);
  if (figures.feeCents > 0) costs.push([reminderLabels.fee, figures.feeCents]);
  if (figures.flatFeeCents > 0) costs.push([`${reminderLabels.flatFee} (§ 288 Abs. 5 BGB)`, figures.flatFeeCents]);
  if (figures.interestPoints !== null) costs.push([reminderLabels.interest, figures.interestCents]);
  const summary: TableCell[][] = [
    ...costs.map(([label, cents]) => [{ text: label }, amount(cents)]),
    [
      { text: reminderLabels.total, bold: true, fontSize: 12 },
      { ...amount(figures.totalCents), bold: true, fontSize: 12 },
    ],
  ];
  return {
    stack: [
      {
        table: { headerRows: 1, widths: ["auto", "auto", "auto", "*", "auto"], body: [header, ...rows] },
        layout: {
          hLineWidth: (index, node) => (index === 1 || index === node.table.body.length ? 0.8 : 0.4),
          vLineWidth: () => 0,
          hLineColor: () => rule,
          paddingTop: () => 3,
          paddingBottom: () => 3,
        },
      },
      ...extra.map(([label, cents]) => ({
        text: `${label}: ${formatEuro(-cents)}`,
        fontSize: 9,
        color: muted,
        margin: [0, 4, 0, 0] as [number, number, number, number],
      })),
      {
        columns: [
          { text: "", width: "*" },
          {
            width: "auto",
            table: { widths: ["auto", 90], body: summary },
            layout: {
              hLineWidth: (index, node) => (index === node.table.body.length - 1 ? 0.8 : 0),
              vLineWidth: () => 0,
              hLineColor: () => rule,
              paddingTop: () => 2,
              paddingBottom: () => 2,
            },
          },
        ],
        margin: [0, 10, 0, 0],
      },
    ],
    margin: [0, 10, 0, 0],
  };
}

function paymentBlock(data: ReminderDocumentData): Content {
  const { seller, figures, invoice } = data;
  const lines: Content[] = [
    { text: `Bitte überweisen Sie ${formatEuro(figures.totalCents)} bis zum ${formatDate(figures.payBy)}.` },
  ];
  if (seller.iban) {
    lines.push(bankLine(seller));
    lines.push({ text: `Verwendungszweck: ${invoice.number}`, margin: [0, 2, 0, 0] });
  }
  // The greeting beside the GiroCode, in the height the code takes anyway: the letter stays on one
  // page above the letterhead's footer (below the code, it went to a second page).
  lines.push({ text: "Mit freundlichen Grüßen", margin: [0, 12, 0, 0] });
  lines.push({ text: seller.contactName || seller.name, margin: [0, 4, 0, 0] });
  if (seller.contactName || seller.contactEmail || seller.contactPhone) {
    const contact = [seller.contactName, seller.contactPhone, seller.contactEmail].filter(Boolean).join(" · ");
    lines.push({
      text: `${invoiceDocumentTexts.contact}: ${contact}`,
      fontSize: 9,
      color: muted,
      margin: [0, 4, 0, 0],
    });
  }
  const payload = girocodePayload({
    seller,
    content: invoice.content,
    number: invoice.number,
    totals: { ...invoice.totals, totalCents: figures.totalCents },
  });
  return withGirocode(lines, payload);
}

/** The reminder letter as a pdfmake document in the invoice's layout. Pure: same data, same document. */
export function reminderDocument(data: ReminderDocumentData): TDocumentDefinitions {
  const { invoice, figures, seller } = data;
  const title = reminderLevelLabels[figures.level];
  const [salutation, ...paragraphs] = letterText(data);
  const info: Content = { table: { body: headerRows(data) }, layout: "noBorders" };
  const body: Content[] = [
    ...letterhead(seller, data.logo, invoice.content.recipient, info),
    { text: title, style: "title", fontSize: 18 },
    ...providerUnlessLetterhead(invoice.content.provider, seller),
    // Spaced (here and in the tables) so that a letter with interest, its payment block, GiroCode
    // and greeting fits one page above the letterhead's footer: with the invoice's spacing the
    // payment block and the greeting went to a second page.
    { text: salutation ?? "", margin: [0, 12, 0, 0] },
    ...paragraphs.map((text) => ({ text, margin: [0, 6, 0, 0] as [number, number, number, number] })),
    amountsTable(data),
  ];
  if (figures.interestPoints !== null && figures.interestPeriods.length > 0) {
    body.push({
      text: `${reminderLabels.interest}: ${interestDescription(figures)}, auf ${formatEuro(figures.openCents)}, Zinstage/365.`,
      fontSize: 9,
      color: muted,
      margin: [0, 8, 0, 0],
    });
  }
  body.push(paymentBlock(data));
  return {
    pageSize: "A4",
    pageMargins,
    info: {
      title: `${title} zu Rechnung ${invoice.number}`,
      author: seller.name,
      creator: site.name,
      subject: `${title} vom ${formatDate(figures.remindedOn)} zu Rechnung ${invoice.number}`,
    },
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

export function renderReminderPdf(data: ReminderDocumentData): Promise<Uint8Array> {
  return renderPdf(reminderDocument(data));
}
