import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatEuro, site } from "@klarwerk/kit";
import type { Content, ContentTable } from "pdfmake/interfaces";
import { buildInvoiceDocument, invoicePageFooter } from "../src/invoice/pdf";
import { invoiceTotals } from "../src/invoice/totals";
import { item, makeInvoice } from "./fixtures";

const invoice = makeInvoice({
  id: 1_709_629_200_000,
  customer: "Müller & Söhne GmbH\nStraße 5\n12345 Köln",
  provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
  date: "2024-03-05",
  items: [item("Webdesign", 1, 1500), item("Hosting (monatlich)", 12, 9.99), item("SEO-Beratung", 2.5, 120)],
  discountPercent: 10,
  taxPercent: 19,
  extraFees: 25,
  notes: "Zahlbar innerhalb von 14 Tagen.",
});
const totals = invoiceTotals(invoice);
const doc = buildInvoiceDocument(invoice, totals);
const text = JSON.stringify(doc.content);

/** All tables in a content tree, depth first. */
function tables(content: Content): ContentTable[] {
  if (Array.isArray(content)) return content.flatMap(tables);
  if (typeof content !== "object" || content === null) return [];
  const own = "table" in content ? [content as ContentTable] : [];
  const children = [
    ...("columns" in content && Array.isArray(content.columns) ? content.columns : []),
    ...("stack" in content && Array.isArray(content.stack) ? content.stack : []),
  ];
  return [...own, ...children.flatMap(tables)];
}

function cellText(cell: unknown): string {
  if (typeof cell === "string") return cell;
  if (typeof cell === "object" && cell !== null && "text" in cell) return String(cell.text);
  return "";
}

describe("buildInvoiceDocument", () => {
  test("is A4 with a footer on every page", () => {
    expect(doc.pageSize).toBe("A4");
    expect(doc.footer).toBe(invoicePageFooter);
  });

  test("shows heading, invoice number, German date and both parties", () => {
    expect(text).toContain('"Rechnung"');
    expect(text).toContain(String(invoice.id));
    expect(text).toContain("05.03.2024");
    expect(text).toContain(JSON.stringify(invoice.customer));
    expect(text).toContain(JSON.stringify(invoice.provider));
  });

  test("has the items table with right-aligned amounts", () => {
    const table = tables(doc.content).find((candidate) => candidate.table.headerRows === 1);
    expect(table).toBeDefined();
    const body = table?.table.body ?? [];
    expect(body[0]?.map(cellText)).toEqual(["Beschreibung", "Anzahl", "Preis (€/Stück)", "Gesamt"]);
    expect(body.slice(1).map((row) => row.map(cellText))).toEqual([
      ["Webdesign", "1", formatEuro(150_000), formatEuro(150_000)],
      ["Hosting (monatlich)", "12", formatEuro(999), formatEuro(11_988)],
      ["SEO-Beratung", "2,5", formatEuro(12_000), formatEuro(30_000)],
    ]);
    for (const row of body) {
      for (const cell of row.slice(1)) expect(cell).toMatchObject({ alignment: "right" });
    }
  });

  test("has the summary lines with the screen's formatted values", () => {
    const summary = tables(doc.content).find(
      (candidate) => candidate.table.headerRows === undefined && candidate.table.body.length === 5,
    );
    expect(summary?.table.body.map((row) => row.map(cellText))).toEqual([
      ["Zwischensumme", "1.919,88\u00a0€"],
      ["Rabatt (10%)", "-191,99\u00a0€"],
      ["Sonstige Gebühren", "25,00\u00a0€"],
      ["MwSt. (19%)", "333,05\u00a0€"],
      ["Gesamt", "2.085,94\u00a0€"],
    ]);
  });

  test("prints the notes only when there are any", () => {
    expect(text).toContain("Zahlbar innerhalb von 14 Tagen.");
    const withoutNotes = JSON.stringify(buildInvoiceDocument({ ...invoice, notes: "  " }, totals).content);
    expect(withoutNotes).not.toContain("Notizen");
  });

  test("footer carries logo, company, website, copyright and the page count", () => {
    const footer = JSON.stringify(invoicePageFooter(2, 3));
    expect(footer).toContain("<svg");
    expect(footer).toContain(site.name);
    expect(footer).toContain(site.website);
    expect(footer).toContain(site.copyright);
    expect(footer).toContain("Seite 2 von 3");
    expect(footer).not.toMatch(/https?:\/\/(?!www\.w3\.org)[^"]*\.(png|jpe?g|svg)/);
  });

  test("is pure: the same input gives the same definition", () => {
    expect(JSON.stringify(buildInvoiceDocument(invoice, totals))).toBe(JSON.stringify(doc));
  });
});

test("no module of the invoice tool imports pdfmake or its fonts statically", () => {
  // The font module imports the font files; it is itself only ever imported dynamically.
  const fontModule = "pdf-fonts.ts";
  for (const folder of ["../src/invoice", "../src/components", "../src/routes", "../src/state"]) {
    const dir = join(import.meta.dir, folder);
    for (const file of readdirSync(dir)) {
      const source = readFileSync(join(dir, file), "utf8");
      expect(source, file).not.toMatch(/^import\s+[^;]*["']\.{1,2}\/(invoice\/)?pdf-fonts["']/m);
      if (file === fontModule) continue;
      expect(source, file).not.toMatch(/^import\s+(?!type\s)[^;]*from\s+["']pdfmake/m);
      expect(source, file).not.toMatch(/^import\s+["']pdfmake/m);
    }
  }
});
