import { describe, expect, test } from "bun:test";
import {
  type BaseRate,
  baseRatesStale,
  defaultInterest,
  defaultReminderSettings,
  type EarlierReminder,
  lastBaseRateChange,
  reminderFigures,
} from "../src/index";

/** The published Basiszinssätze the migration seeds (Deutsche Bundesbank). */
const rates: BaseRate[] = [
  { validFrom: "2023-01-01", ratePercent: 1.62 },
  { validFrom: "2023-07-01", ratePercent: 3.12 },
  { validFrom: "2024-01-01", ratePercent: 3.62 },
  { validFrom: "2024-07-01", ratePercent: 3.37 },
  { validFrom: "2025-01-01", ratePercent: 2.27 },
  { validFrom: "2025-07-01", ratePercent: 1.27 },
];

describe("default interest (§ 288 BGB): simple, actual days / 365, split at base-rate changes, rounded once", () => {
  test("across a base-rate change: due 15.6.2025, reminded 15.8.2025, split at 1.7.", () => {
    // 1.000,00 € at 9 points: 16.6.–30.6. 15 days at 11,27 %, 1.7.–15.8. 46 days at 10,27 %.
    const result = defaultInterest(100_000, "2025-06-15", "2025-08-15", 9, rates);
    expect(result?.periods).toEqual([
      { from: "2025-06-16", to: "2025-06-30", days: 15, basePercent: 2.27, ratePercent: 11.27 },
      { from: "2025-07-01", to: "2025-08-15", days: 46, basePercent: 1.27, ratePercent: 10.27 },
    ]);
    // 100000 × (1127 × 15 + 1027 × 46) / 3 650 000 = 17,5745… € → 17,57 €.
    expect(result?.cents).toBe(1_757);
  });

  test("rounded once, commercially: 100,00 € over the same days is 1,76 € (1,75745…), not 0,46 + 1,29", () => {
    expect(defaultInterest(10_000, "2025-06-15", "2025-08-15", 9, rates)?.cents).toBe(176);
  });

  test("across a year end: due 15.12.2024, reminded 15.1.2025", () => {
    const result = defaultInterest(100_000, "2024-12-15", "2025-01-15", 9, rates);
    expect(result?.periods.map((period) => [period.from, period.to, period.days, period.ratePercent])).toEqual([
      ["2024-12-16", "2024-12-31", 16, 12.37],
      ["2025-01-01", "2025-01-15", 15, 11.27],
    ]);
    // 100000 × (1237 × 16 + 1127 × 15) / 3 650 000 = 10,05412… €.
    expect(result?.cents).toBe(1_005);
  });

  test("a leap year counts 29 February, still over 365", () => {
    // 2024: 1.2.–31.3. are 60 days (29 days in February), at 3,62 + 5 = 8,62 % for a consumer.
    const result = defaultInterest(365_000, "2024-01-31", "2024-03-31", 5, rates);
    expect(result?.periods).toEqual([
      { from: "2024-02-01", to: "2024-03-31", days: 60, basePercent: 3.62, ratePercent: 8.62 },
    ]);
    // 365000 × 862 × 60 / 3 650 000 = 5 172 cents exactly.
    expect(result?.cents).toBe(5_172);
  });

  test("nothing before the day after the due date; unknown rate: null", () => {
    expect(defaultInterest(10_000, "2025-08-15", "2025-08-15", 9, rates)).toEqual({ cents: 0, periods: [] });
    expect(defaultInterest(10_000, "2022-06-15", "2023-01-15", 9, rates)).toBeNull();
  });
});

describe("fees and the flat fee per level", () => {
  const base = {
    dueDate: "2025-06-15",
    openCents: 10_000,
    settings: { ...defaultReminderSettings, feeReminderCents: 0, feeFirstCents: 500, feeSecondCents: 1_000 },
    rates,
  };
  const earlier = (...levels: [1 | 2 | 3, number, number][]): EarlierReminder[] =>
    levels.map(([level, feeCents, flatFeeCents]) => ({ level, feeCents, flatFeeCents }));

  test("the Zahlungserinnerung: its fee (0 € by default) and no interest", () => {
    const figures = reminderFigures({ ...base, level: 1, remindedOn: "2025-07-01", consumer: false, earlier: [] });
    expect(figures).toMatchObject({
      feeCents: 0,
      flatFeeCents: 0,
      interestCents: 0,
      interestPoints: null,
      totalCents: 10_000,
      payBy: "2025-07-11",
    });
  });

  test("the 1. Mahnung between businesses: fee, 40 € flat fee, 9 points", () => {
    const figures = reminderFigures({
      ...base,
      level: 2,
      remindedOn: "2025-08-15",
      consumer: false,
      earlier: earlier([1, 0, 0]),
    });
    expect(figures).toMatchObject({ feeCents: 500, flatFeeCents: 4_000, interestCents: 176, interestPoints: 9 });
    expect(figures?.totalCents).toBe(10_000 + 500 + 4_000 + 176);
  });

  test("the 1. Mahnung to a consumer: fee, no flat fee, 5 points", () => {
    const figures = reminderFigures({
      ...base,
      level: 2,
      remindedOn: "2025-08-15",
      consumer: true,
      earlier: earlier([1, 0, 0]),
    });
    // 10000 × (727 × 15 + 627 × 46) / 3 650 000 = 1,0889… €.
    expect(figures).toMatchObject({ feeCents: 500, flatFeeCents: 0, interestCents: 109, interestPoints: 5 });
  });

  test("the 2. Mahnung: the flat fee once per invoice, earlier costs carried forward", () => {
    const figures = reminderFigures({
      ...base,
      level: 3,
      remindedOn: "2025-09-01",
      consumer: false,
      earlier: earlier([1, 0, 0], [2, 500, 4_000]),
    });
    expect(figures).toMatchObject({ feeCents: 1_000, flatFeeCents: 0, earlierCostsCents: 4_500 });
  });

  test("the flat fee off in the settings; interest in the Zahlungserinnerung when set", () => {
    const settings = { ...base.settings, flatFee: false, reminderInterest: true };
    const first = reminderFigures({
      ...base,
      settings,
      level: 1,
      remindedOn: "2025-08-15",
      consumer: false,
      earlier: [],
    });
    expect(first).toMatchObject({ interestCents: 176, interestPoints: 9 });
    const second = reminderFigures({
      ...base,
      settings,
      level: 2,
      remindedOn: "2025-08-30",
      consumer: false,
      earlier: earlier([1, 0, 0]),
    });
    expect(second?.flatFeeCents).toBe(0);
  });
});

describe("whether the base rate may be out of date", () => {
  test("the last change day is 1 January or 1 July", () => {
    expect(lastBaseRateChange("2026-06-30")).toBe("2026-01-01");
    expect(lastBaseRateChange("2026-07-01")).toBe("2026-07-01");
  });

  test("stale once a change day passed without a newer rate", () => {
    expect(baseRatesStale(rates, "2025-12-31")).toBe(false);
    expect(baseRatesStale(rates, "2026-01-01")).toBe(true);
    expect(baseRatesStale([], "2026-01-01")).toBe(true);
  });
});
