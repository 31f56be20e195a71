/** The invoices module's public face (a Biome rule refuses deeper imports from outside). */
export { invoiceBlobArea, invoiceBlobStore, sweepInvoiceBlobs } from "./blobs.ts";
export { invoicesModule } from "./routes.ts";
export { invoiceBlobRows } from "./store.ts";
