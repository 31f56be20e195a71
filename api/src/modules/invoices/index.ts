/**
 * What the invoices module offers the rest of the API (other modules, tools, the start): the only file
 * of this folder they may import (biome.json). Its Elysia plugin, `routes.ts`, is imported by
 * api/src/app.ts alone, so that importing this file stays cheap (no routes, no PDF library).
 */
export { invoiceBlobArea, invoiceBlobStore, sweepInvoiceBlobs } from "./blobs.ts";
export { type InvoiceForMail, invoiceForMail, invoiceVisible } from "./mail-documents.ts";
export { invoiceBlobRows } from "./store.ts";
