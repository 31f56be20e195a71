/**
 * Every invoice query's key starts with this (lists, single invoices, the Auswertung), so a write
 * refreshes them all: the invoices' own, and the quotes', reminders' and recurring runs' that make
 * or change invoices.
 */
export const invoicesKey = ["invoices"] as const;
