import { describe, expect, test } from "bun:test";
import { formatGermanDate, isoDate } from "../src/shared/model/dates";

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
