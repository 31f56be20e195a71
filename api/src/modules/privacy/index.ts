// The privacy module's public face. This branch adds only the erasure ledger and the retention
// job; the cases, search and Auskunft add their exports here.
export * from "./ledger.ts";
export * from "./retention.ts";
