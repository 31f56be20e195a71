/**
 * Invoices, split by concern: the data and limits (types), the cases without VAT (tax-cases), the
 * German messages and labels (messages), dates (dates), the calculation (totals), address blocks
 * (address) and the rules for saving and issuing (rules). Imported as one: `@klarwerk/kit`.
 */
export * from "./address";
export * from "./dates";
export * from "./messages";
export * from "./quotes";
export * from "./recurring";
export * from "./reminders";
export * from "./report";
export * from "./rules";
export * from "./tax-cases";
export * from "./totals";
export * from "./types";
