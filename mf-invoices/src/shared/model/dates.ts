/** Calendar dates of invoices: `yyyy-mm-dd` in the data, `dd.mm.yyyy` on screen and paper. */

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local calendar date of `date` as `yyyy-mm-dd` (not UTC: an invoice made at 00:30 keeps its day). */
export function isoDate(date: Date): string {
  const year = String(date.getFullYear()).padStart(4, "0");
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

/**
 * `2024-03-05` → `05.03.2024`. Done on the string, so no time zone can shift the day.
 * Anything that is not `yyyy-mm-dd` comes back unchanged.
 */
export function formatGermanDate(iso: string): string {
  const match = isoDatePattern.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return `${day}.${month}.${year}`;
}
