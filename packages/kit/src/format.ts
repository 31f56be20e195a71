/**
 * German formatting of dates, counts and file sizes for everything the product shows (screens,
 * PDFs, e-mails); dates always in Berlin time so server, browser and tests agree whatever the
 * machine's zone is.
 */
const timeZone = "Europe/Berlin";

const dateFormat = new Intl.DateTimeFormat("de-DE", { timeZone, day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("de-DE", {
  timeZone,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "05.03.2025, 14:07". An ISO timestamp, epoch milliseconds or a Date; a value that is not a date
 * comes back unchanged rather than as "Invalid Date".
 */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : String(value);
}

/**
 * "05.03.2025". A plain "yyyy-mm-dd" is read as UTC midnight, which is the same calendar day in
 * Berlin (always ahead of UTC), so date-only values never shift by a day.
 */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : String(value);
}

const countFormat = new Intl.NumberFormat("de-DE");

/** A count as the screens show it: "1.234" (German digit grouping). */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

const kilobyte = 1024;
const megabyte = 1024 * 1024;
const oneDecimal = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A file size as the file area shows it: "512 B" below 1 KB, "1,5 KB" with one
 * decimal below 1 MB, "2,35 MB" with two decimals above (1 KB = 1024 bytes).
 */
export function formatFileSize(bytes: number): string {
  if (bytes < kilobyte) return `${bytes} B`;
  if (bytes < megabyte) return `${oneDecimal.format(bytes / kilobyte)} KB`;
  return `${twoDecimals.format(bytes / megabyte)} MB`;
}

const gigabyte = 1024 * megabyte;

/**
 * A size limit as people say it: "1 GB", "500 MB", "64 KB" when it is a whole number of that
 * unit (a limit is a round number; "1.024,00 MB" reads as a measurement), else as a file size.
 */
export function formatSizeLimit(bytes: number): string {
  for (const [unit, size] of [
    ["GB", gigabyte],
    ["MB", megabyte],
    ["KB", kilobyte],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${formatCount(bytes / size)} ${unit}`;
  }
  return formatFileSize(bytes);
}
