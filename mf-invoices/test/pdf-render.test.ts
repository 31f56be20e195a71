import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatEuro, site } from "@klarwerk/kit";
import { invoicePdfBlob } from "../src/invoice/pdf";
import { invoiceTotals } from "../src/invoice/totals";
import type { Invoice } from "../src/invoice/types";
import { item, makeInvoice } from "./fixtures";

// Renders real PDFs with the same pdfmake browser build the page loads (it runs in Bun as is)
// and reads them back with poppler's pdftotext.

const dir = mkdtempSync(join(tmpdir(), "invoice-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function render(invoice: Invoice, name: string): Promise<{ text: string; pages: number; bytes: number }> {
  const blob = await invoicePdfBlob(invoice);
  expect(blob.type).toBe("application/pdf");
  const path = join(dir, name);
  await Bun.write(path, blob);
  const text = Bun.spawnSync(["pdftotext", "-enc", "UTF-8", path, "-"]).stdout.toString();
  const info = Bun.spawnSync(["pdfinfo", path]).stdout.toString();
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  // pdftotext keeps the no-break space of "1,00 €"; compare on plain spaces.
  return { text: text.replaceAll("\u00a0", " "), pages, bytes: blob.size };
}

const plain = (value: string) => value.replaceAll("\u00a0", " ");

describe("invoice PDF", () => {
  test("renders umlauts, ß, € and every part of the invoice", async () => {
    const invoice = makeInvoice({
      id: 1_709_629_200_000,
      customer: "Müller & Söhne GmbH, Straße 5\n50667 Köln",
      provider: "Klarwerk Digital GmbH\nLindenstraße 14, 10969 Berlin",
      items: [item("Größenänderung der Bühne", 2, 49.5), item("Übersetzung ins Französische", 1, 1234.56)],
      discountPercent: 7.5,
      taxPercent: 19,
      extraFees: 12.34,
      notes: "Zahlbar innerhalb von 14 Tagen – vielen Dank für Ihr Vertrauen!",
    });
    const totals = invoiceTotals(invoice);
    const { text, pages } = await render(invoice, "umlauts.pdf");

    expect(pages).toBe(1);
    expect(text).toContain("Rechnung");
    expect(text).toContain("05.03.2024");
    expect(text).toContain(String(invoice.id));
    expect(text).toContain("Müller & Söhne GmbH, Straße 5");
    expect(text).toContain("50667 Köln");
    expect(text).toContain("Klarwerk Digital GmbH");
    expect(text).toContain("Lindenstraße 14, 10969 Berlin");
    for (const header of ["Beschreibung", "Anzahl", "Preis (€/Stück)", "Gesamt"]) expect(text).toContain(header);
    for (const { description } of invoice.items) expect(text).toContain(description);
    for (const label of ["Zwischensumme", "Rabatt (7,5%)", "Sonstige Gebühren", "MwSt. (19%)"])
      expect(text).toContain(label);
    expect(text).toContain(plain(formatEuro(totals.subtotalCents)));
    expect(text).toContain(plain(formatEuro(-totals.discountCents)));
    expect(text).toContain(plain(formatEuro(totals.taxCents)));
    expect(text).toContain(plain(formatEuro(totals.totalCents)));
    expect(plain(formatEuro(totals.totalCents))).toBe("1.482,60 €"); // 133.356 − 10.002 + 1.234 = 124.588 ct net; 19 % = 23.672 ct;
    expect(text).toContain("vielen Dank für Ihr Vertrauen");
    expect(text).toContain(site.website);
    expect(text).toContain(site.copyright);
  }, 30_000);

  test("a 100-item invoice spans pages with the footer on each", async () => {
    const invoice = makeInvoice({
      customer: "Müller & Söhne GmbH, Straße 5",
      provider: "Klarwerk Digital GmbH",
      items: Array.from({ length: 100 }, (_, index) =>
        item(`Position ${index + 1}: Änderung`, index + 1, 9.99 + index),
      ),
      taxPercent: 19,
    });
    await invoicePdfBlob(makeInvoice({ items: [item("Aufwärmen", 1, 1)] })); // pdfmake already loaded: time the document alone
    const started = performance.now();
    const { text, pages, bytes } = await render(invoice, "hundred.pdf");
    const elapsed = performance.now() - started;
    console.log(`100-item invoice: ${elapsed.toFixed(0)} ms for PDF + pdftotext, ${pages} pages, ${bytes} bytes`);

    const generation = performance.now();
    await invoicePdfBlob(invoice);
    console.log(`100-item invoice: ${(performance.now() - generation).toFixed(0)} ms to generate the PDF alone`);

    expect(pages).toBeGreaterThan(1);
    expect(text.split(site.website).length - 1).toBe(pages);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
    expect(text).toContain("Position 100: Änderung");
    expect(text).toContain(plain(formatEuro(invoiceTotals(invoice).totalCents)));
  }, 60_000);
});
