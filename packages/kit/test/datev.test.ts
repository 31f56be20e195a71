import { describe, expect, test } from "bun:test";
import { datevMessages, datevPeriodProblem, fiscalYearStart, lastFullQuarter } from "../src/datev";

describe("lastFullQuarter", () => {
  test.each([
    ["2026-01-01", "2025-10-01", "2025-12-31"],
    ["2026-03-31", "2025-10-01", "2025-12-31"],
    ["2026-04-01", "2026-01-01", "2026-03-31"],
    ["2026-07-01", "2026-04-01", "2026-06-30"],
    ["2026-12-31", "2026-07-01", "2026-09-30"],
  ])("on %s is %s to %s", (today, from, to) => {
    expect(lastFullQuarter(today)).toEqual({ from, to });
  });
});

describe("the export's period", () => {
  test.each([
    ["2026-01-01", 1, "2026-01-01"],
    ["2025-12-31", 1, "2025-01-01"],
    ["2026-06-30", 7, "2025-07-01"],
    ["2026-07-01", 7, "2026-07-01"],
  ])("%s lies in the Wirtschaftsjahr (from month %d) beginning %s", (day, month, start) => {
    expect(fiscalYearStart(day, month)).toBe(start);
  });

  test.each([
    [{ from: "2026-01-01", to: "2026-12-31" }, 1, null],
    [{ from: "2026-01-01", to: "2026-01-01" }, 1, null],
    [{ from: "2025-12-31", to: "2026-01-01" }, 1, datevMessages.periodAcrossFiscalYears],
    [{ from: "2025-12-31", to: "2026-01-01" }, 7, null],
    [{ from: "2026-01-02", to: "2026-01-01" }, 1, datevMessages.periodReversed],
    [{ from: "2026-02-29", to: "2026-03-01" }, 1, datevMessages.periodInvalid],
    [{ from: "2028-02-29", to: "2028-03-01" }, 1, null],
    [{ from: "2026-01-01" }, 1, datevMessages.periodInvalid],
    [{ from: "2099-12-31", to: "2100-01-01" }, 7, datevMessages.periodOutOfRange],
  ])("%o (from month %d): %s", (period, month, problem) => {
    expect(datevPeriodProblem(period, month)).toBe(problem);
  });
});
