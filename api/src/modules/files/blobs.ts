import type { Config } from "../../config.ts";
import type { Sql } from "../../db/open.ts";
import type { BlobAreaRows } from "../../storage/blob-area.ts";
import { type SweepAndCheck, sweepAndCheck } from "../../storage/blob-report.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { blobStoreFor } from "../../storage/configured-blob-store.ts";
import { defaultBlobStoreTiming } from "../../storage/disk-blob-store.ts";
import { allFileBlobIds, fileBlobRows, fileNamesBlob, recordFileChecksum, referencedBlobIds } from "./store.ts";

/**
 * The file area's blobs: `DATA_DIR/blobs` or `files/` in the bucket
 * (docs/decisions/0087-blob-storage-and-the-scrub.md, "Blob storage"). On disk each store receives uploads
 * into an incoming folder of its own, so every API process (and every app of a test) has its own.
 */
export function fileBlobStore(config: Pick<Config, "dataDir" | "blobStore">): BlobStore {
  return blobStoreFor(config, "files");
}

/**
 * At start: removes what crashed processes left (on disk their incoming folders; blobs no file
 * row names), never what another process is still receiving, and finds rows whose blob is gone.
 */
export function sweepFileBlobs(
  config: Pick<Config, "dataDir" | "blobStore">,
  sql: Sql,
  store: BlobStore = fileBlobStore(config),
): Promise<SweepAndCheck> {
  return sweepAndCheck(
    store,
    (ids) => referencedBlobIds(sql, ids),
    () => allFileBlobIds(sql),
  );
}

/**
 * While the server runs: the incoming folders of processes that ended since, every few minutes
 * (a process on another machine is known to have ended only once its claim runs out). Returns
 * the function that stops it.
 */
export function scheduleIncomingSweep(store: BlobStore): () => void {
  const timer = setInterval(() => {
    store
      .sweepIncoming()
      .then((removed) => {
        if (removed > 0) console.log(`[api] removed ${removed} unfinished upload(s) of ended processes`);
      })
      .catch((error: unknown) => console.error("[api] could not sweep the incoming uploads:", error));
  }, defaultBlobStoreTiming.staleAfterMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The file area's rows and blobs, as the scrub and the checksum backfill read them. */
export function fileBlobArea(sql: Sql, store: BlobStore): BlobAreaRows {
  return {
    name: "files",
    store,
    rows: (page) => fileBlobRows(sql, page),
    stillNames: (row) => fileNamesBlob(sql, row.id, row.blobId),
    isReferenced: (ids) => referencedBlobIds(sql, ids),
    recordChecksum: (row, _size, sha256) => recordFileChecksum(sql, row.id, sha256),
  };
}
