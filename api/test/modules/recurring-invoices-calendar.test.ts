import { describe, expect, test } from "bun:test";
import { recurringRunDate, recurringRunIndexOnOrAfter, recurringServicePeriod } from "@klarwerk/kit";

/** The recurring invoices' calendar (kit): the anchor day kept, the periods a run bills. */

const dates = (firstOn: string, frequency: "monthly" | "quarterly" | "yearly", count: number) =>
  Array.from({ length: count }, (_, index) => recurringRunDate(firstOn, frequency, index));

describe("recurring runs' days", () => {
  test("the 31st keeps its anchor across February in a year without a leap day", () => {
    expect(dates("2027-01-31", "monthly", 5)).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
    ]);
  });

  test("and in a leap year: 29 February, then the 31st again", () => {
    expect(dates("2028-01-31", "monthly", 3)).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
  });

  test("over the year end: December → January", () => {
    expect(dates("2027-11-30", "monthly", 4)).toEqual(["2027-11-30", "2027-12-30", "2028-01-30", "2028-02-29"]);
    expect(dates("2027-12-31", "monthly", 3)).toEqual(["2027-12-31", "2028-01-31", "2028-02-29"]);
  });

  test("quarterly and yearly, 29 February → 28 February in the years between", () => {
    expect(dates("2027-11-30", "quarterly", 3)).toEqual(["2027-11-30", "2028-02-29", "2028-05-30"]);
    expect(dates("2028-02-29", "yearly", 5)).toEqual([
      "2028-02-29",
      "2029-02-28",
      "2030-02-28",
      "2031-02-28",
      "2032-02-29",
    ]);
  });

  test("the first run on or after a day", () => {
    expect(recurringRunIndexOnOrAfter("2027-01-31", "monthly", "2026-12-01")).toBe(0);
    expect(recurringRunIndexOnOrAfter("2027-01-31", "monthly", "2027-01-31")).toBe(0);
    expect(recurringRunIndexOnOrAfter("2027-01-31", "monthly", "2027-02-01")).toBe(1);
    expect(recurringRunIndexOnOrAfter("2027-01-31", "monthly", "2027-02-28")).toBe(1);
    expect(recurringRunIndexOnOrAfter("2027-01-31", "monthly", "2027-03-01")).toBe(2);
    expect(recurringRunIndexOnOrAfter("2027-01-15", "yearly", "2031-01-16")).toBe(5);
  });
});

describe("the Leistungszeitraum of a run", () => {
  test("the current month, quarter, year", () => {
    expect(recurringServicePeriod("2028-02-29", "monthly", "current")).toEqual({
      start: "2028-02-01",
      end: "2028-02-29",
    });
    expect(recurringServicePeriod("2027-05-15", "quarterly", "current")).toEqual({
      start: "2027-04-01",
      end: "2027-06-30",
    });
    expect(recurringServicePeriod("2027-05-15", "yearly", "current")).toEqual({
      start: "2027-01-01",
      end: "2027-12-31",
    });
  });

  test("the previous one, across the year end", () => {
    expect(recurringServicePeriod("2028-01-01", "monthly", "previous")).toEqual({
      start: "2027-12-01",
      end: "2027-12-31",
    });
    expect(recurringServicePeriod("2028-02-10", "quarterly", "previous")).toEqual({
      start: "2027-10-01",
      end: "2027-12-31",
    });
    expect(recurringServicePeriod("2028-03-01", "monthly", "previous")).toEqual({
      start: "2028-02-01",
      end: "2028-02-29",
    });
  });
});
