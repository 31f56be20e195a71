/**
 * What the recurring invoices module offers the rest of the API (the start's daily job, tools,
 * tests): the only file of this folder they may import (biome.json). Its Elysia plugin,
 * `routes.ts`, is imported by api/src/app.ts alone.
 */
export {
  type RecurringDeps,
  type RunOptions,
  runDueRecurringInvoices,
  runRecurringInvoices,
  scheduleRecurringInvoices,
} from "./run.ts";
