/**
 * "Auswertung": what is owed (open items by age) and what was earned per month, as
 * `GET /api/invoices/report` answers it and the screens show it. Amounts in whole cents.
 */

/** How far past its due date an open item is; also the invoice list's `ageing` filter. */
export const ageingBuckets = ["not_due", "days_1_30", "days_31_60", "days_over_60"] as const;

export type AgeingBucket = (typeof ageingBuckets)[number];

export function isAgeingBucket(value: unknown): value is AgeingBucket {
  return typeof value === "string" && (ageingBuckets as readonly string[]).includes(value);
}

/** How many open items and their gross sum. */
export interface OpenItemsAmount {
  count: number;
  sum_cents: number;
}

/**
 * Issued invoices not paid and not cancelled (the list's statuses "Offen" and "Überfällig"), gross.
 * `buckets` add up to the whole; everything but `not_due` is overdue.
 */
export interface OpenItems extends OpenItemsAmount {
  overdue: OpenItemsAmount;
  buckets: Record<AgeingBucket, OpenItemsAmount>;
}

/**
 * One month's revenue, net, by invoice date; a Stornorechnung counts negative in its own month,
 * paid or open as the invoice it cancels.
 */
export interface RevenueMonth {
  /** `yyyy-mm`. */
  month: string;
  paid_cents: number;
  open_cents: number;
}

export interface InvoiceReport {
  /** The day (Europe/Berlin) the ageing was computed for, `yyyy-mm-dd`. */
  today: string;
  open_items: OpenItems;
  /** The last twelve months, oldest first, ending with the current one; months without invoices are 0. */
  revenue: RevenueMonth[];
}

/** The twelve months up to `today`'s, oldest first: `2026-11-28` → `2025-12` … `2026-11`. */
export function lastTwelveMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, index) => {
    const offset = month - 12 + index;
    const shifted = year + Math.floor(offset / 12);
    const inYear = ((offset % 12) + 12) % 12;
    return `${shifted}-${String(inYear + 1).padStart(2, "0")}`;
  });
}
