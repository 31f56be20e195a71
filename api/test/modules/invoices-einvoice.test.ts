import { afterAll, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addDays,
  type CompanySettings,
  defaultCompanySettings,
  type InvoiceContent,
  invoiceTotals,
  taxCaseInfo,
  taxCases,
} from "@klarwerk/kit";
import { facturXPdf, xrechnungXml } from "../../src/modules/invoices/einvoice.ts";
import { renderPdf } from "../../src/modules/invoices/pdf-render.ts";
import type { InvoiceDocumentData } from "../../src/modules/invoices/types.ts";
import { validateFolder } from "../support/einvoice-validator.ts";

/**
 * Seeded random invoices, each made into the e-invoices the product gives out (the Factur-X XML
 * inside the PDF, and the XRechnung) and run through the team's validator in batches: the CII
 * schema, the EN 16931 rules, and for the XRechnung the German rules. Every one must pass with
 * zero failed rules. A failing case can be replayed from its seed and index.
 */

const seed = 20260305;
const count = 200;

function seededRandom(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = seededRandom(seed);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
const integer = (max: number) => Math.floor(random() * max);

const descriptions = [
  "Beratung",
  "Webdesign & Umsetzung",
  "Hosting <Premium>",
  "Größenänderung „Logo“",
  "Workshop (½ Tag)",
  "Wartung – März",
  "SEO-Analyse; 3 Seiten",
];
const recipients = [
  "Müller & Söhne GmbH\nHauptstraße 5\n80331 München",
  "Stadtverwaltung Musterstadt\nAmt für Digitales\nRathausplatz 1\n12345 Musterstadt",
  "Bäckerei Korn\nz. Hd. Frau Korn\nBrotweg 7a\n04109 Leipzig\nDeutschland",
  "Wiener Werk GmbH\nRing 3\n1010 Wien\nÖsterreich",
];

function randomSeller(): CompanySettings {
  const ids = pick(["vat", "tax", "both"] as const);
  return {
    ...defaultCompanySettings,
    vatId: ids === "tax" ? null : "DE123456789",
    taxNumber: ids === "vat" ? null : "12/345/67890",
    registerNumber: random() < 0.5 ? defaultCompanySettings.registerNumber : null,
    iban: random() < 0.8 ? "DE02120300000000202051" : null,
    bic: random() < 0.5 ? "BYLADEM1001" : null,
    bankName: "Beispielbank",
  };
}

function randomInvoice(index: number): InvoiceDocumentData {
  const exempt = random() < 0.3;
  // Every tax case at 0 %, and null: a 0 % invoice issued before the cases (coded E).
  const taxCase = exempt ? pick([null, ...taxCases]) : null;
  const needs = taxCase === null ? null : taxCaseInfo[taxCase];
  const period = random() < 0.3;
  const issueDate = `2026-${String(1 + integer(12)).padStart(2, "0")}-${String(1 + integer(28)).padStart(2, "0")}`;
  const content: InvoiceContent = {
    customerId: null,
    recipient: pick(recipients),
    recipientVatId: needs?.needsRecipientVatId || random() < 0.3 ? "ATU12345678" : null,
    buyerReference: random() < 0.3 ? "04011000-12345-03" : null,
    provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
    issueDate,
    serviceDate: !period && random() < 0.5 ? "2026-01-15" : null,
    servicePeriodStart: period ? "2026-01-01" : null,
    servicePeriodEnd: period ? "2026-01-31" : null,
    paymentTermDays: pick([0, 7, 14, 14, 30]),
    items: Array.from({ length: 1 + integer(8) }, () => ({
      description: `${pick(descriptions)} ${integer(100)}`,
      quantity: random() < 0.7 ? 1 + integer(20) : Number((random() * 40 + 0.001).toFixed(pick([1, 2, 3]))),
      unitPriceCents: 1 + integer(pick([1_000, 100_000, 10_000_000])),
    })),
    discountPercent: pick([0, 0, 5, 10, 12.5, 33.33, 100]),
    taxPercent: exempt ? 0 : pick([19, 19, 7]),
    taxCase,
    taxExemptionReason:
      exempt && (taxCase === null || random() < 0.3)
        ? pick(["Kleinunternehmer gemäß § 19 UStG", "Steuerfrei nach § 4 Nr. 21 UStG"])
        : null,
    extraFeesCents: pick([0, 0, 499, integer(50_000)]),
    notes: random() < 0.5 ? "Vielen Dank für Ihren Auftrag." : "",
  };
  const cancellation = random() < 0.15;
  const final: InvoiceContent = cancellation
    ? {
        ...content,
        items: content.items.map((item) => ({ ...item, quantity: -item.quantity })),
        extraFeesCents: -content.extraFeesCents,
      }
    : content;
  return {
    kind: cancellation ? "cancellation" : "invoice",
    number: `2026-${String(index + 1).padStart(4, "0")}`,
    content: final,
    totals: invoiceTotals(final),
    dueDate: addDays(issueDate, final.paymentTermDays),
    seller: needs?.needsProviderVatId ? { ...randomSeller(), vatId: "DE123456789" } : randomSeller(),
    cancels: cancellation ? { number: "2025-0099", issueDate: "2025-12-01" } : null,
  };
}

const dir = await mkdtemp(join(tmpdir(), "einvoice-batch-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function extractFacturX(pdfPath: string, xmlPath: string): Promise<void> {
  const child = Bun.spawn(["pdfdetach", "-save", "1", "-o", xmlPath, pdfPath], { stdout: "ignore", stderr: "pipe" });
  if ((await child.exited) !== 0) throw new Error(`pdfdetach failed on ${pdfPath}`);
}

test(`${count} seeded random invoices (seed ${seed}) pass EN 16931 as Factur-X and XRechnung`, async () => {
  const facturX = join(dir, "factur-x");
  const pdfs = join(dir, "pdf");
  const xrechnung = join(dir, "xrechnung");
  await Promise.all([mkdir(facturX), mkdir(pdfs), mkdir(xrechnung)]);
  // The e-invoice is made around any PDF: one small page stands in for the invoice's own.
  const page = await renderPdf({ content: "Rechnung", defaultStyle: { font: "Roboto" } });
  const kinds = { invoice: 0, cancellation: 0 };
  const cases = new Map<string, number>();
  for (let index = 0; index < count; index++) {
    const data = randomInvoice(index);
    kinds[data.kind]++;
    const taxCase = data.content.taxPercent === 0 ? String(data.content.taxCase) : "standard";
    cases.set(taxCase, (cases.get(taxCase) ?? 0) + 1);
    const name = `${String(index).padStart(3, "0")}-${data.kind}`;
    const pdf = join(pdfs, `${name}.pdf`);
    await writeFile(pdf, await facturXPdf(data, page));
    await extractFacturX(pdf, join(facturX, `${name}.xml`));
    await writeFile(join(xrechnung, `${name}.xml`), await xrechnungXml(data));
  }
  expect(kinds.cancellation).toBeGreaterThan(10);
  // Every tax case is among them, and 0 % invoices from before the cases.
  expect([...cases.keys()].sort()).toEqual([
    "export",
    "intra-community-supply",
    "null",
    "reverse-charge",
    "small-business",
    "standard",
  ]);

  const failed = (results: Map<string, string[]>) =>
    [...results]
      .filter(([, failures]) => failures.length > 0)
      .map(([name, failures]) => `${name}: ${failures.join("; ")}`);
  const [facturXResults, xrechnungResults] = await Promise.all([
    validateFolder(facturX),
    validateFolder(xrechnung, { xrechnung: true }),
  ]);
  expect(facturXResults.size).toBe(count);
  expect(xrechnungResults.size).toBe(count);
  expect(failed(facturXResults)).toEqual([]);
  expect(failed(xrechnungResults)).toEqual([]);
}, 240_000);

test("the batch validator finds broken invoices", async () => {
  const broken = join(dir, "broken");
  await mkdir(broken);
  const xml = await xrechnungXml(randomInvoice(0));
  // No invoice number (BR-02), and no buyer reference for XRechnung (BR-DE-15).
  await writeFile(join(broken, "no-number.xml"), xml.replace(/(<rsm:ExchangedDocument>\s*<ram:ID>)[^<]*/, "$1"));
  await writeFile(join(broken, "no-reference.xml"), xml.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, ""));
  await writeFile(join(broken, "not-cii.xml"), "<Invoice/>");
  const results = await validateFolder(broken, { xrechnung: true });
  expect(results.get("no-number.xml")?.join(" ")).toContain("BR-02");
  expect(results.get("no-reference.xml")?.join(" ")).toContain("BR-DE-15");
  expect(results.get("not-cii.xml")?.join(" ")).toContain("XSD");
}, 60_000);
