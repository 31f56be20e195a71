import { describe, expect, test } from "bun:test";
import { euroSpace, formatDecimal, formatEuro, parseEuroInput, parseNumberInput, readDecimalInput } from "../src/money";

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

describe("reading typed amounts", () => {
  test.each([
    ["199,90", "199.90"],
    ["199.90", "199.90"],
    ["199.9", "199.9"],
    ["1.999,50", "1999.50"],
    ["1.999", "1999"],
    ["1.999.000", "1999000"],
    ["1.999.50", "1999.50"],
    ["12.345.678,9", "12345678.9"],
    ["7,5", "7.5"],
    [",5", "0.5"],
    ["5,", "5"],
    ["0", "0"],
    [" 42 € ", "42"],
    ["-3,10", "-3.10"],
  ])("readDecimalInput(%p) = %p", (typed, decimal) => {
    expect(readDecimalInput(typed)).toBe(decimal);
  });

  test.each([[""], ["abc"], ["1,2,3"], ["19.9999"], ["1.99.9"], ["0.125"], ["1,9a"], ["€"], ["1 999"]])(
    "readDecimalInput(%p) is not a number",
    (typed) => {
      expect(readDecimalInput(typed)).toBeNull();
    },
  );

  test('"199.90" bills 199,90 € and "1.999,50" one thousand nine hundred ninety-nine euros fifty', () => {
    expect(parseEuroInput("199.90")).toBe(19_990);
    expect(parseEuroInput("199,90")).toBe(19_990);
    expect(parseEuroInput("1.999,50")).toBe(199_950);
    expect(parseEuroInput("0,005")).toBe(1);
    expect(parseEuroInput("zwölf")).toBeNull();
    expect(formatEuro(parseEuroInput("199.90") ?? 0)).toBe(`199,90${nbsp}€`);
  });

  test("quantities and percentages", () => {
    expect(parseNumberInput("1,5")).toBe(1.5);
    expect(parseNumberInput("7.5")).toBe(7.5);
    expect(parseNumberInput("1.000")).toBe(1000);
    expect(parseNumberInput("")).toBeNull();
  });
});
