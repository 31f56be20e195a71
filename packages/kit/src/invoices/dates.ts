/** The dates an invoice carries: what is a date, which dates an invoice may have, and today in Germany. */
import { invoiceDateMessages, invoiceFieldMessages } from "./messages";
import { invoiceDateRange } from "./types";

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date as `yyyy-mm-dd` (not `2026-02-30`). */
export function isIsoDate(value: string): boolean {
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `isIsoDate` within `invoiceDateRange`. */
export function isInvoiceDate(value: string): boolean {
  return isIsoDate(value) && value >= invoiceDateRange.min && value <= invoiceDateRange.max;
}

/** Why a typed date is no date an invoice may carry (`label` names the field), or null. */
export function invoiceDateFieldProblem(value: string, label: string): string | null {
  if (!isIsoDate(value)) return invoiceFieldMessages.dateInvalid(label);
  if (!isInvoiceDate(value)) return invoiceFieldMessages.dateOutOfRange(label);
  return null;
}

/** How many days before the day it is issued an invoice may be dated, unless configured. */
export const defaultInvoiceMaxBackdateDays = 5;

/**
 * Why an invoice cannot be issued with `issueDate`, or null: it is dated the day it is issued,
 * or at most `maxBackdateDays` before within the same year, and never before the latest issued
 * invoice (`latestIssued`), so that number order and date order agree; never in the future.
 */
export function issueDateProblem(
  issueDate: string,
  { today, maxBackdateDays, latestIssued }: { today: string; maxBackdateDays: number; latestIssued: string | null },
): string | null {
  if (issueDate > today) return invoiceDateMessages.inFuture;
  if (issueDate.slice(0, 4) !== today.slice(0, 4)) return invoiceDateMessages.otherYear;
  if (issueDate < addDays(today, -maxBackdateDays)) return invoiceDateMessages.tooOld(maxBackdateDays);
  if (latestIssued !== null && issueDate < latestIssued) return invoiceDateMessages.beforeLatest(latestIssued);
  return null;
}

/** `2026-03-05` + 14 → `2026-03-19`. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const berlinDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in Germany as `yyyy-mm-dd`, whatever the machine's time zone: due dates pass at Berlin midnight. */
export function todayInGermany(now: Date = new Date()): string {
  return berlinDate.format(now);
}
