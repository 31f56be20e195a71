import { describe, expect, test } from "bun:test";
import { divideRounded, parseDecimal, toCents } from "@klarwerk/kit";
import { invoiceLineRows, invoiceSummaryRows } from "../src/shared/model/summary";
import {
  type EuroInvoice,
  invoiceTotals,
  invoiceTotalsOrNull,
  item,
  makeInvoice,
  parsePrintedEuro,
  seededRandom,
} from "./fixtures";

interface Case {
  name: string;
  invoice: EuroInvoice;
  lines: number[];
  subtotal: number;
  discount: number;
  fees: number;
  tax: number;
  total: number;
}

const cases: Case[] = [
  {
    name: "0.1 + 0.2 is exactly 0,30 €",
    invoice: makeInvoice({ items: [item("a", 1, 0.1), item("b", 1, 0.2)] }),
    lines: [10, 20],
    subtotal: 30,
    discount: 0,
    fees: 0,
    tax: 0,
    total: 30,
  },
  {
    name: "0.33 × 3 is 0,99 €",
    invoice: makeInvoice({ items: [item("a", 3, 0.33)] }),
    lines: [99],
    subtotal: 99,
    discount: 0,
    fees: 0,
    tax: 0,
    total: 99,
  },
  {
    name: "1 000 000 × 999 999,99 € with 19 % keeps every cent",
    invoice: makeInvoice({ items: [item("a", 1_000_000, 999_999.99)], taxPercent: 19 }),
    lines: [99_999_999_000_000],
    subtotal: 99_999_999_000_000,
    discount: 0,
    fees: 0,
    tax: 18_999_999_810_000,
    total: 118_999_998_810_000,
  },
  {
    name: "a discount of exactly x.5 cents rounds up (1,01 € × 50 % = 50,5 ct → 51 ct)",
    invoice: makeInvoice({ items: [item("a", 1, 1.01)], discountPercent: 50 }),
    lines: [101],
    subtotal: 101,
    discount: 51,
    fees: 0,
    tax: 0,
    total: 50,
  },
  {
    name: "half a cent of discount rounds up (0,01 € × 50 %)",
    invoice: makeInvoice({ items: [item("a", 1, 0.01)], discountPercent: 50 }),
    lines: [1],
    subtotal: 1,
    discount: 1,
    fees: 0,
    tax: 0,
    total: 0,
  },
  {
    name: "VAT of exactly x.5 cents rounds up (2,50 € × 19 % = 47,5 ct → 48 ct)",
    invoice: makeInvoice({ items: [item("a", 1, 2.5)], taxPercent: 19 }),
    lines: [250],
    subtotal: 250,
    discount: 0,
    fees: 0,
    tax: 48,
    total: 298,
  },
  {
    name: "VAT just below half a cent rounds down (2,49 € × 19 % = 47,31 ct)",
    invoice: makeInvoice({ items: [item("a", 1, 2.49)], taxPercent: 19 }),
    lines: [249],
    subtotal: 249,
    discount: 0,
    fees: 0,
    tax: 47,
    total: 296,
  },
  {
    name: "decimal percentage 7,5 % on 3,33 € (24,975 ct → 25 ct)",
    invoice: makeInvoice({ items: [item("a", 1, 3.33)], taxPercent: 7.5 }),
    lines: [333],
    subtotal: 333,
    discount: 0,
    fees: 0,
    tax: 25,
    total: 358,
  },
  {
    name: "decimal discount 12,5 % and 7 % VAT",
    invoice: makeInvoice({ items: [item("a", 1, 100)], discountPercent: 12.5, taxPercent: 7 }),
    lines: [10_000],
    subtotal: 10_000,
    discount: 1_250,
    fees: 0,
    tax: 613,
    total: 9_363,
  },
  {
    name: "100 % discount leaves the fees, which are taxed",
    invoice: makeInvoice({ items: [item("a", 2, 25)], discountPercent: 100, taxPercent: 19, extraFees: 10 }),
    lines: [5_000],
    subtotal: 5_000,
    discount: 5_000,
    fees: 1_000,
    tax: 190,
    total: 1_190,
  },
  {
    name: "100 % VAT doubles the net",
    invoice: makeInvoice({ items: [item("a", 1, 12.34)], taxPercent: 100 }),
    lines: [1_234],
    subtotal: 1_234,
    discount: 0,
    fees: 0,
    tax: 1_234,
    total: 2_468,
  },
  {
    name: "0 % everything",
    invoice: makeInvoice({ items: [item("a", 4, 2.5)] }),
    lines: [1_000],
    subtotal: 1_000,
    discount: 0,
    fees: 0,
    tax: 0,
    total: 1_000,
  },
  {
    name: "fees 0.1 + 0.2 style and half-cent fees (12,345 € → 12,35 €)",
    invoice: makeInvoice({ items: [item("a", 1, 1)], extraFees: 12.345 }),
    lines: [100],
    subtotal: 100,
    discount: 0,
    fees: 1_235,
    tax: 0,
    total: 1_335,
  },
  {
    name: "2.675 (binary 2.67499…) is read as the decimal it was typed as → 2,68 €",
    invoice: makeInvoice({ items: [item("a", 1, 2.675)] }),
    lines: [268],
    subtotal: 268,
    discount: 0,
    fees: 0,
    tax: 0,
    total: 268,
  },
  {
    name: "fractional quantities: 1,5 × 0,99 € = 1,485 € → 1,49 €; 0,333 × 3 € = 0,999 € → 1,00 €",
    invoice: makeInvoice({ items: [item("a", 1.5, 0.99), item("b", 0.333, 3)] }),
    lines: [149, 100],
    subtotal: 249,
    discount: 0,
    fees: 0,
    tax: 0,
    total: 249,
  },
  {
    name: "a realistic invoice: 10 % discount, 25 € fees, 19 % VAT",
    invoice: makeInvoice({
      items: [item("Webdesign", 1, 1500), item("Hosting", 12, 9.99), item("SEO", 2.5, 120)],
      discountPercent: 10,
      taxPercent: 19,
      extraFees: 25,
    }),
    lines: [150_000, 11_988, 30_000],
    subtotal: 191_988,
    discount: 19_199,
    fees: 2_500,
    tax: 33_305,
    total: 208_594,
  },
  {
    name: "no items at all is zero",
    invoice: makeInvoice({ taxPercent: 19, discountPercent: 10 }),
    lines: [],
    subtotal: 0,
    discount: 0,
    fees: 0,
    tax: 0,
    total: 0,
  },
];

describe("invoiceTotals", () => {
  test.each(cases)("$name", (c) => {
    const totals = invoiceTotals(c.invoice);
    expect(totals.lines.map((line) => line.totalCents)).toEqual(c.lines);
    expect(totals.subtotalCents).toBe(c.subtotal);
    expect(totals.discountCents).toBe(c.discount);
    expect(totals.feesCents).toBe(c.fees);
    expect(totals.netCents).toBe(c.subtotal - c.discount + c.fees);
    expect(totals.taxCents).toBe(c.tax);
    expect(totals.totalCents).toBe(c.total);
  });

  test("unit prices are whole cents", () => {
    const totals = invoiceTotals(makeInvoice({ items: [item("a", 2, 0.1), item("b", 1, 999_999.99)] }));
    expect(totals.lines.map((line) => line.unitCents)).toEqual([10, 99_999_999]);
  });

  test("non-finite input is refused, not computed", () => {
    expect(() => invoiceTotals(makeInvoice({ items: [item("a", 1, Number.NaN)] }))).toThrow(RangeError);
    expect(() => invoiceTotals(makeInvoice({ extraFees: Number.POSITIVE_INFINITY }))).toThrow(RangeError);
  });

  test("totals beyond 2^53 cents are refused rather than rounded", () => {
    expect(() => invoiceTotals(makeInvoice({ items: [item("a", 1e9, 1e9)] }))).toThrow(RangeError);
  });

  test("invoiceTotalsOrNull gives null where invoiceTotals refuses, the totals otherwise", () => {
    expect(invoiceTotalsOrNull(makeInvoice({ items: [item("a", 1e9, 1e9)] }))).toBeNull();
    expect(invoiceTotalsOrNull(makeInvoice({ items: [item("a", 1, Number.NaN)] }))).toBeNull();
    const invoice = makeInvoice({ items: [item("a", 3, 0.33)], taxPercent: 19 });
    expect(invoiceTotalsOrNull(invoice)).toEqual(invoiceTotals(invoice));
  });

  test("printed amounts add up, over 2000 seeded random invoices", () => {
    const random = seededRandom(20240305);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const decimals = (value: number, places: number) => Number(value.toFixed(places));
    for (let run = 0; run < 2000; run++) {
      const items = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, index) =>
        item(
          `Artikel ${index}`,
          random() < 0.7 ? 1 + Math.floor(random() * 50) : decimals(random() * 40, pick([1, 2, 3])),
          decimals(random() * pick([10, 1_000, 100_000]), pick([2, 2, 2, 3])),
        ),
      );
      const invoice = makeInvoice({
        items,
        discountPercent: pick([0, 0, 5, 10, 12.5, 33.33, 100, decimals(random() * 100, 2)]),
        taxPercent: pick([0, 7, 19, 19, 7.5, decimals(random() * 100, 3)]),
        extraFees: pick([0, 0, 4.99, decimals(random() * 500, 2)]),
      });
      const totals = invoiceTotals(invoice);
      const summary = invoiceSummaryRows(invoice, totals);
      const printed = Object.fromEntries(summary.map((row) => [row.key, parsePrintedEuro(row.amount)]));
      const printedLines = invoiceLineRows(invoice.items, totals).map((row) => parsePrintedEuro(row.total));
      const context = JSON.stringify(invoice);

      // Gesamt = printed net + printed MwSt., where net = Zwischensumme − Rabatt + Gebühren as printed.
      const printedNet = (printed.subtotal ?? 0) + (printed.discount ?? 0) + (printed.fees ?? 0);
      expect(printed.total, context).toBe(printedNet + (printed.tax ?? 0));
      expect(printed.subtotal, context).toBe(printedLines.reduce((sum, cents) => sum + cents, 0));
      expect(printedNet, context).toBe(totals.netCents);

      // Each rounded amount is within half a cent of the exact value (float is fine for this bound).
      const discountExact = (totals.subtotalCents * invoice.discountPercent) / 100;
      const taxExact = (totals.netCents * invoice.taxPercent) / 100;
      expect(Math.abs(totals.discountCents - discountExact), context).toBeLessThanOrEqual(0.5 + 1e-6);
      expect(Math.abs(totals.taxCents - taxExact), context).toBeLessThanOrEqual(0.5 + 1e-6);
    }
  });
});

describe("decimal helpers", () => {
  test.each([
    [0.1, 10n],
    [0.2, 20n],
    [0.1 + 0.2, 30n],
    [1.005, 101n],
    [2.675, 268n],
    [0.004, 0n],
    [0.005, 1n],
    [1e-7, 0n],
    [1e21, 100000000000000000000000n],
    ["12,5".replace(",", "."), 1250n],
    [-1.005, -101n],
  ] as const)("toCents(%p) = %p", (value, cents) => {
    expect(toCents(value)).toBe(cents);
  });

  test("parseDecimal reads the shortest spelling exactly", () => {
    expect(parseDecimal(7.5)).toEqual({ units: 75n, scale: 1 });
    expect(parseDecimal("1.5e3")).toEqual({ units: 1500n, scale: 0 });
    expect(parseDecimal(".5")).toEqual({ units: 5n, scale: 1 });
    expect(() => parseDecimal("")).toThrow(RangeError);
    expect(() => parseDecimal("abc")).toThrow(RangeError);
    expect(() => parseDecimal(Number.NaN)).toThrow(RangeError);
  });

  test("divideRounded rounds halves away from zero", () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(divideRounded(5n, 3n)).toBe(2n);
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });
});
