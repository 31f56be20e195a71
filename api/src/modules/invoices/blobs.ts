import type { Config } from "../../config.ts";
import type { Sql } from "../../db/open.ts";
import type { BlobAreaRows } from "../../storage/blob-area.ts";
import { type SweepAndCheck, sweepAndCheck } from "../../storage/blob-report.ts";
import type { BlobStore, PendingBlob } from "../../storage/blob-store.ts";
import { blobStoreFor } from "../../storage/configured-blob-store.ts";
import {
  allInvoiceBlobIds,
  invoiceAreaStillNames,
  invoiceBlobRows,
  recordInvoicePdfChecksum,
  referencedInvoiceBlobIds,
} from "./store.ts";

/**
 * Issued invoices' PDFs live in a store of their own (`DATA_DIR/invoices` or `invoices/` in the
 * bucket): the file area's sweep removes every blob no file row names.
 */
export function invoiceBlobStore(config: Pick<Config, "dataDir" | "blobStore">): BlobStore {
  return blobStoreFor(config, "invoices");
}

/** At start: removes PDFs no invoice names (an issue that crashed between writing and committing). */
export function sweepInvoiceBlobs(
  config: Pick<Config, "dataDir" | "blobStore">,
  sql: Sql,
  store: BlobStore = invoiceBlobStore(config),
): Promise<SweepAndCheck> {
  return sweepAndCheck(
    store,
    (ids) => referencedInvoiceBlobIds(sql, ids),
    () => allInvoiceBlobIds(sql),
  );
}

/** `bytes` written to a new blob; `commit()` puts it in place. */
export async function writeBlob(store: BlobStore, bytes: Uint8Array): Promise<PendingBlob> {
  await store.prepare();
  const blob = store.create();
  try {
    await blob.write(bytes);
    await blob.close();
  } catch (error) {
    await blob.discard();
    throw error;
  }
  return blob;
}

/** A stored PDF's bytes; null when the blob is missing. */
export async function readBlob(store: BlobStore, id: string): Promise<Uint8Array | null> {
  const size = await store.sizeOf(id);
  if (size === null) return null;
  return new Uint8Array(await new Response(store.content(id, 0, size)).arrayBuffer());
}

/** Issued invoices' PDFs, as the scrub and the checksum backfill read them. */
export function invoiceBlobArea(sql: Sql, store: BlobStore): BlobAreaRows {
  return {
    name: "invoices",
    store,
    rows: (page) => invoiceBlobRows(sql, page),
    // Issued invoices are never deleted, nor is their PDF replaced; a logo no longer used is.
    stillNames: (row) => invoiceAreaStillNames(sql, row),
    isReferenced: (ids) => referencedInvoiceBlobIds(sql, ids),
    recordChecksum: (row, size, sha256) => recordInvoicePdfChecksum(sql, row.id, size, sha256),
  };
}
