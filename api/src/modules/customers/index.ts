/**
 * What the customers module offers the rest of the API: the only file of this folder other
 * modules may import (biome.json). Its Elysia plugin, `routes.ts`, is imported by api/src/app.ts
 * alone. For „Als Kunde übernehmen“ (modules/contact-requests, decision 0095): the normal create
 * (its audit event staged in the same statement) and the look-ups by e-mail and id. For an upload
 * from a customer's page (modules/files, decision 0103): the link, made in the upload's transaction.
 */

export { purgeCustomerImports } from "./import-store.ts";
export { customersApiMessages } from "./messages.ts";
export { type FileLinkResult, linkFileLocked } from "./page-store.ts";
export {
  createCustomers,
  customerSearchHits,
  customersWithEmail,
  type Editor,
  lockedCustomerName,
} from "./store.ts";
