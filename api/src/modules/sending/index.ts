/**
 * What the sending module offers the rest of the API: the only file of this folder they may import
 * (biome.json). `sendDocumentByMail` is the core every document's „Per E-Mail senden“ uses (recurring
 * invoices' „ausstellen und senden“, quotes and reminders next); `sendingService(deps).sendInvoiceByMail`
 * sends an issued invoice. Its Elysia plugin, `routes.ts`, is imported by api/src/app.ts alone.
 */
export {
  type DocumentMail,
  sendDocumentByMail,
  sendingService,
  writeDocumentMail,
  writeInvoiceMailToCustomer,
} from "./service.ts";
export { documentSendings } from "./store.ts";
