import { describe, expect, test } from "bun:test";
import {
  type CompanySettings,
  checkCompanySettings,
  defaultCompanySettings,
  isIban,
  providerBlock,
} from "../src/company";
import {
  addDays,
  emptyInvoiceContent,
  formatInvoiceNumber,
  type InvoiceContent,
  invoiceContentProblem,
  invoiceDateMessages,
  invoiceFieldMessages,
  invoiceFormMessages,
  invoiceIssueMessages,
  invoiceIssueProblem,
  invoiceSummaryRows,
  invoiceTotals,
  isIsoDate,
  issueDateProblem,
  normalizeInvoiceContent,
  parseAddressBlock,
  type TaxCase,
  taxExemptionNote,
  todayInGermany,
} from "../src/invoices";

const company: CompanySettings = {
  ...defaultCompanySettings,
  taxNumber: "12/345/67890",
  iban: "DE02120300000000202051",
};

function content(overrides: Partial<InvoiceContent> = {}): InvoiceContent {
  return {
    ...emptyInvoiceContent("2026-03-05", providerBlock(company)),
    recipient: "Müller & Söhne GmbH\nHauptstraße 5\n80331 München",
    items: [{ description: "Beratung", quantity: 2, unitPriceCents: 10_000 }],
    ...overrides,
  };
}

describe("invoiceTotals in cents", () => {
  test.each([
    { name: "19 %", tax: 19, discount: 0, fees: 0, lines: [[2, 10_000]], expected: [20_000, 0, 0, 3_800, 23_800] },
    { name: "7 %", tax: 7, discount: 0, fees: 0, lines: [[3, 333]], expected: [999, 0, 0, 70, 1_069] },
    { name: "0 %", tax: 0, discount: 0, fees: 0, lines: [[1, 50_000]], expected: [50_000, 0, 0, 0, 50_000] },
    {
      name: "10 % discount, 25 € fees, 19 %",
      tax: 19,
      discount: 10,
      fees: 2_500,
      lines: [
        [1, 150_000],
        [12, 999],
        [2.5, 12_000],
      ],
      expected: [191_988, 19_199, 2_500, 33_305, 208_594],
    },
    {
      name: "12,5 % discount and 7 % (half cents round up)",
      tax: 7,
      discount: 12.5,
      fees: 0,
      lines: [[1, 10_000]],
      expected: [10_000, 1_250, 0, 613, 9_363],
    },
    {
      name: "VAT of x.5 cents rounds up",
      tax: 19,
      discount: 0,
      fees: 0,
      lines: [[1, 250]],
      expected: [250, 0, 0, 48, 298],
    },
  ])("$name", ({ tax, discount, fees, lines, expected }) => {
    const totals = invoiceTotals({
      items: lines.map(([quantity = 0, unitPriceCents = 0]) => ({ quantity, unitPriceCents })),
      discountPercent: discount,
      taxPercent: tax,
      extraFeesCents: fees,
    });
    expect([totals.subtotalCents, totals.discountCents, totals.feesCents, totals.taxCents, totals.totalCents]).toEqual([
      ...expected,
    ]);
    expect(totals.netCents).toBe(totals.subtotalCents - totals.discountCents + totals.feesCents);
  });

  test("negated quantities and fees give exactly the negated totals (a cancellation invoice)", () => {
    const original = {
      items: [{ quantity: 1.5, unitPriceCents: 99 }],
      discountPercent: 33.33,
      taxPercent: 19,
      extraFeesCents: 1,
    };
    const totals = invoiceTotals(original);
    const negated = invoiceTotals({
      ...original,
      items: original.items.map((item) => ({ ...item, quantity: -item.quantity })),
      extraFeesCents: -original.extraFeesCents,
    });
    expect(negated.totalCents).toBe(-totals.totalCents);
    expect(negated.taxCents).toBe(-totals.taxCents);
    expect(negated.discountCents).toBe(-totals.discountCents);
  });

  test("summary rows read as the spec prints them", () => {
    const invoice = {
      items: [{ quantity: 1, unitPriceCents: 10_000 }],
      discountPercent: 7.5,
      taxPercent: 19,
      extraFeesCents: 0,
    };
    expect(invoiceSummaryRows(invoice, invoiceTotals(invoice)).map((row) => row.label)).toEqual([
      "Zwischensumme",
      "Rabatt (7,5%)",
      "Sonstige Gebühren",
      "MwSt. (19%)",
      "Gesamt",
    ]);
  });
});

describe("address blocks", () => {
  test("name, street and `12345 Ort`, further lines kept", () => {
    expect(parseAddressBlock("  Beispiel AG \nz. Hd. Frau Kurz\nHauptstraße 1\n\n80331 München\nDeutschland")).toEqual({
      name: "Beispiel AG",
      streetLines: ["z. Hd. Frau Kurz", "Hauptstraße 1"],
      postalCode: "80331",
      city: "München",
      countryCode: "DE",
      extraLines: ["Deutschland"],
    });
    expect(parseAddressBlock("Wiener Werk GmbH\nRing 3\n1010 Wien\nÖsterreich")?.countryCode).toBe("AT");
  });

  test("without street or postal line there is no address", () => {
    expect(parseAddressBlock("Beispiel AG\n80331 München")).toBeNull();
    expect(parseAddressBlock("Beispiel AG\nHauptstraße 1")).toBeNull();
    expect(parseAddressBlock("")).toBeNull();
  });
});

describe("issuing", () => {
  test("the spec's messages come first, in its order", () => {
    expect(invoiceIssueProblem(content({ recipient: " " }), company)).toBe(invoiceFormMessages.customerRequired);
    expect(invoiceIssueProblem(content({ provider: "" }), company)).toBe(invoiceFormMessages.providerRequired);
    expect(
      invoiceIssueProblem(content({ items: [{ description: "x", quantity: 1, unitPriceCents: 0 }] }), company),
    ).toBe(invoiceFormMessages.itemRequired);
  });

  test("each missing field is named", () => {
    expect(invoiceIssueProblem(content({ recipient: "Beispiel AG" }), company)).toBe(
      invoiceIssueMessages.recipientAddressMissing,
    );
    expect(invoiceIssueProblem(content({ provider: "Klarwerk" }), company)).toBe(
      invoiceIssueMessages.providerAddressMissing,
    );
    expect(invoiceIssueProblem(content(), { ...company, taxNumber: null, vatId: null })).toBe(
      invoiceIssueMessages.providerTaxIdMissing,
    );
    expect(invoiceIssueProblem(content(), { ...company, contactEmail: null })).toBe(
      invoiceIssueMessages.providerContactMissing,
    );
    expect(invoiceIssueProblem(content({ taxPercent: 0 }), company)).toBe(invoiceIssueMessages.taxCaseMissing);
    expect(
      invoiceIssueProblem(content({ taxPercent: 0, taxExemptionReason: "Kleinunternehmer gemäß § 19 UStG" }), company),
    ).toBe(invoiceIssueMessages.taxCaseMissing);
    expect(invoiceIssueProblem(content({ taxPercent: 0, taxCase: "small-business" }), company)).toBeNull();
    expect(invoiceIssueProblem(content(), company)).toBeNull();
  });

  test("each tax case at 0 % asks for the USt-IdNr it needs", () => {
    const withVat = { ...company, vatId: "DE123456789" };
    const zero = (taxCase: TaxCase, recipientVatId: string | null = null) =>
      content({ taxPercent: 0, taxCase, recipientVatId });
    expect(invoiceIssueProblem(zero("reverse-charge"), company)).toBe(invoiceIssueMessages.recipientVatIdRequired);
    expect(invoiceIssueProblem(zero("reverse-charge", "ATU12345678"), company)).toBeNull();
    expect(invoiceIssueProblem(zero("intra-community-supply", "ATU12345678"), company)).toBe(
      invoiceIssueMessages.providerVatIdRequired,
    );
    expect(invoiceIssueProblem(zero("intra-community-supply"), withVat)).toBe(
      invoiceIssueMessages.recipientVatIdRequired,
    );
    expect(invoiceIssueProblem(zero("intra-community-supply", "ATU12345678"), withVat)).toBeNull();
    expect(invoiceIssueProblem(zero("export"), company)).toBe(invoiceIssueMessages.providerVatIdRequired);
    expect(invoiceIssueProblem(zero("export"), withVat)).toBeNull();
    // The case goes with 0 % only; the note is the law's wording, § 19's replaced by a reason typed.
    expect(normalizeInvoiceContent(content({ taxPercent: 19, taxCase: "export" })).taxCase).toBeNull();
    expect(taxExemptionNote(zero("reverse-charge"))).toBe("Steuerschuldnerschaft des Leistungsempfängers");
    expect(taxExemptionNote({ ...zero("export"), taxExemptionReason: "Ware nach Norwegen" })).toBe(
      "Steuerfreie Ausfuhrlieferung. Ware nach Norwegen",
    );
    expect(taxExemptionNote({ ...zero("small-business"), taxExemptionReason: "Kleinunternehmer" })).toBe(
      "Kleinunternehmer",
    );
    expect(taxExemptionNote(content())).toBeNull();
  });
});

describe("dates", () => {
  test("an invoice's dates lie in 2000-2099 and are calendar days", () => {
    expect(invoiceContentProblem(content({ issueDate: "0000-01-01" }))).toBe(
      invoiceFieldMessages.dateOutOfRange("Rechnungsdatum"),
    );
    expect(invoiceFieldMessages.dateOutOfRange("Rechnungsdatum")).toBe(
      "„Rechnungsdatum“ muss zwischen dem 01.01.2000 und dem 31.12.2099 liegen.",
    );
    expect(invoiceContentProblem(content({ serviceDate: "9999-12-31" }))).toBe(
      invoiceFieldMessages.dateOutOfRange("Leistungsdatum"),
    );
    expect(invoiceContentProblem(content({ issueDate: "2100-02-29" }))).toBe(
      invoiceFieldMessages.dateInvalid("Rechnungsdatum"),
    );
    expect(invoiceContentProblem(content({ issueDate: "2000-01-01" }))).toBeNull();
    expect(invoiceContentProblem(content({ issueDate: "2099-12-31" }))).toBeNull();
  });

  test("issued today or a few days back in the same year, not before the latest, never ahead", () => {
    const rules = { today: "2026-03-10", maxBackdateDays: 5, latestIssued: "2026-03-06" };
    expect(issueDateProblem("2026-03-10", rules)).toBeNull();
    expect(issueDateProblem("2026-03-06", rules)).toBeNull();
    expect(issueDateProblem("2026-03-05", rules)).toBe(invoiceDateMessages.beforeLatest("2026-03-06"));
    expect(issueDateProblem("2026-03-05", { ...rules, latestIssued: null })).toBeNull();
    expect(issueDateProblem("2026-03-04", { ...rules, latestIssued: null })).toBe(invoiceDateMessages.tooOld(5));
    expect(issueDateProblem("2026-03-07", { ...rules, latestIssued: "2026-03-08" })).toBe(
      invoiceDateMessages.beforeLatest("2026-03-08"),
    );
    expect(invoiceDateMessages.beforeLatest("2026-03-08")).toContain("(08.03.2026)");
    expect(issueDateProblem("2026-03-11", rules)).toBe(invoiceDateMessages.inFuture);
    expect(issueDateProblem("2025-12-31", { ...rules, today: "2026-01-02" })).toBe(invoiceDateMessages.otherYear);
    expect(issueDateProblem("2026-03-09", { ...rules, maxBackdateDays: 0 })).toBe(invoiceDateMessages.tooOld(0));
  });
});

describe("field rules", () => {
  test("dates, periods and bounds", () => {
    expect(invoiceContentProblem(content())).toBeNull();
    expect(invoiceContentProblem(content({ issueDate: "2026-02-30" }))).toBe(
      invoiceFieldMessages.dateInvalid("Rechnungsdatum"),
    );
    expect(invoiceContentProblem(content({ servicePeriodStart: "2026-03-01" }))).toBe(
      invoiceFieldMessages.periodIncomplete,
    );
    expect(invoiceContentProblem(content({ servicePeriodStart: "2026-03-02", servicePeriodEnd: "2026-03-01" }))).toBe(
      invoiceFieldMessages.periodReversed,
    );
    expect(invoiceContentProblem(content({ paymentTermDays: 366 }))).toBe(invoiceFieldMessages.paymentTermInvalid);
    expect(invoiceContentProblem(content({ taxPercent: 101 }))).toBe(
      invoiceFieldMessages.percentInvalid("Mehrwertsteuer (%)"),
    );
    expect(invoiceContentProblem(content({ items: [{ description: "x", quantity: 1, unitPriceCents: 1.5 }] }))).toBe(
      invoiceFieldMessages.priceInvalid,
    );
    expect(invoiceContentProblem(content({ recipientVatId: "DE12" }))).toBe(invoiceFieldMessages.recipientVatIdInvalid);
  });

  test("normalizing trims texts and keeps the exemption reason only at 0 %", () => {
    const normalized = normalizeInvoiceContent(
      content({ recipient: " A\nB \n", recipientVatId: " de 123456789 ", taxExemptionReason: "x", notes: " n " }),
    );
    expect(normalized.recipient).toBe("A\nB");
    expect(normalized.recipientVatId).toBe("DE123456789");
    expect(normalized.taxExemptionReason).toBeNull();
    expect(normalized.notes).toBe("n");
  });

  test("dates and numbers", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
    expect(todayInGermany(new Date("2026-03-04T23:30:00Z"))).toBe("2026-03-05");
    expect(formatInvoiceNumber(2026, 1)).toBe("2026-0001");
    expect(formatInvoiceNumber(2026, 12_345)).toBe("2026-12345");
  });
});

describe("company settings", () => {
  test("IBANs are checked by their check digits", () => {
    expect(isIban("DE02 1203 0000 0000 2020 51")).toBe(true);
    expect(isIban("DE03120300000000202051")).toBe(false);
  });

  test("the defaults come from the site config and pass the rules", () => {
    const check = checkCompanySettings(defaultCompanySettings);
    expect(check.ok).toBe(true);
    expect(providerBlock(defaultCompanySettings)).toBe("Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin");
  });

  test("bad values are named", () => {
    const check = checkCompanySettings({ ...defaultCompanySettings, iban: "DE00 1234", vatId: "123", postalCode: "1" });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors).sort()).toEqual(["iban", "postalCode", "vatId"]);
  });
});
