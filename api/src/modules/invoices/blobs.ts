import { join } from "node:path";
import type { Config } from "../../config.ts";
import type { Sql } from "../../db/open.ts";
import { BlobStore, type PendingBlob, type SweepResult } from "../../storage/blob-store.ts";
import { referencedInvoiceBlobIds } from "./store.ts";

/**
 * Issued invoices' PDFs live in `DATA_DIR/invoices`, a store of their own: the file area's
 * start-up sweep removes every blob no file row names.
 */
export function invoiceBlobStore(config: Pick<Config, "dataDir">): BlobStore {
  return new BlobStore(join(config.dataDir, "invoices"));
}

/** At start: removes PDFs no invoice names (an issue that crashed between writing and committing). */
export function sweepInvoiceBlobs(config: Pick<Config, "dataDir">, sql: Sql): Promise<SweepResult> {
  return invoiceBlobStore(config).sweep((ids) => referencedInvoiceBlobIds(sql, ids));
}

/** `bytes` written to a new blob in the incoming folder; `commit()` puts it in place. */
export async function writeBlob(store: BlobStore, bytes: Uint8Array): Promise<PendingBlob> {
  await store.prepare();
  const blob = store.create();
  try {
    blob.write(bytes);
    await blob.close();
  } catch (error) {
    await blob.discard();
    throw error;
  }
  return blob;
}
