import { describe, expect, test } from "bun:test";
import { formatGermanDate, isoDate } from "../src/invoice/dates";
import { euroSpace, formatDecimal, formatEuro } from "../src/invoice/format";

const nbsp = "\u00a0";

describe("formatEuro", () => {
  test.each([
    [123_456, `1.234,56${nbsp}€`],
    [0, `0,00${nbsp}€`],
    [-0, `0,00${nbsp}€`],
    [5, `0,05${nbsp}€`],
    [99, `0,99${nbsp}€`],
    [100, `1,00${nbsp}€`],
    [100_000_000, `1.000.000,00${nbsp}€`],
    [123_456_789_012, `1.234.567.890,12${nbsp}€`],
    [99_999_999_000_000, `999.999.990.000,00${nbsp}€`],
    [-1_050, `-10,50${nbsp}€`],
    [-123_456, `-1.234,56${nbsp}€`],
  ])("formatEuro(%p) = %p", (cents, text) => {
    expect(formatEuro(cents)).toBe(text);
  });

  test("separates amount and € with a no-break space", () => {
    expect(euroSpace).toBe("\u00a0");
    expect(formatEuro(123_456).replace(euroSpace, " ")).toBe("1.234,56 €");
  });

  test("matches Intl de-DE EUR for amounts a float still holds exactly", () => {
    const intl = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
    for (const cents of [0, 1, 10, 999, 1_000, 123_456, 1_000_000, 99_999_999, -1, -123_456, 12_345_678_901]) {
      expect(formatEuro(cents)).toBe(intl.format(cents / 100));
    }
  });

  test("refuses fractional cents", () => {
    expect(() => formatEuro(1.5)).toThrow(RangeError);
  });
});

describe("formatDecimal", () => {
  test.each([
    [1, "1"],
    [1.5, "1,5"],
    [7.25, "7,25"],
    [19, "19"],
    [1_000_000, "1.000.000"],
    [0.001, "0,001"],
    [1234.5, "1.234,5"],
    [-2.5, "-2,5"],
  ])("formatDecimal(%p) = %p", (value, text) => {
    expect(formatDecimal(value)).toBe(text);
  });
});

describe("dates", () => {
  test("formatGermanDate turns yyyy-mm-dd into dd.mm.yyyy", () => {
    expect(formatGermanDate("2024-03-05")).toBe("05.03.2024");
    expect(formatGermanDate("2024-12-31")).toBe("31.12.2024");
    expect(formatGermanDate("")).toBe("");
    expect(formatGermanDate("05.03.2024")).toBe("05.03.2024");
  });

  test("isoDate takes the local calendar day", () => {
    expect(isoDate(new Date(2024, 0, 5, 0, 30))).toBe("2024-01-05");
    expect(isoDate(new Date(2024, 11, 31, 23, 59))).toBe("2024-12-31");
  });
});
