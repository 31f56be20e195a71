import { describe, expect, test } from "bun:test";
import { invoiceRestrictedUntil, invoiceRetentionYears, privacyErasureLine } from "../src/privacy";

describe("the erasure plan's dates and lines", () => {
  test("an issued invoice is kept until 31 December, eight years after the year of issue (§ 147 Abs. 3, 4 AO)", () => {
    expect(invoiceRetentionYears).toBe(8);
    expect(invoiceRestrictedUntil("2025-03-04")).toBe("2033-12-31");
    expect(invoiceRestrictedUntil("2025-01-01")).toBe("2033-12-31");
    expect(invoiceRestrictedUntil("2025-12-31")).toBe("2033-12-31");
    expect(invoiceRestrictedUntil("2024-02-29")).toBe("2032-12-31");
  });

  test("a line reads as the closing note shows it", () => {
    expect(privacyErasureLine({ label: "Rechnung 2025-014", action: "restrict", until: "2033-12-31" })).toBe(
      "Rechnung 2025-014: eingeschränkt bis 31.12.2033",
    );
    expect(privacyErasureLine({ label: "Kunde „Müller Bau“ (Nr. 7)", action: "anonymise", until: null })).toBe(
      "Kunde „Müller Bau“ (Nr. 7): wird anonymisiert",
    );
    expect(privacyErasureLine({ label: "Kontaktanfrage Nr. 4 vom 03.11.2026", action: "erase", until: null })).toBe(
      "Kontaktanfrage Nr. 4 vom 03.11.2026: wird gelöscht",
    );
  });
});
