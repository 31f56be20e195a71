const monthFormat = new Intl.DateTimeFormat("de-DE", { month: "short", timeZone: "UTC" });
const longMonthFormat = new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "UTC" });

const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** `2026-01` → `Jan.` (the chart's axis; the year is `month.slice(0, 4)`). */
export function shortMonth(month: string): string {
  return monthFormat.format(dateOf(month));
}

/** `2026-01` → `Januar 2026` (the table). */
export function longMonth(month: string): string {
  return longMonthFormat.format(dateOf(month));
}
