import { join } from "node:path";
import type { Config } from "../../config.ts";
import type { Sql } from "../../db/open.ts";
import { BlobStore, defaultBlobStoreTiming, type SweepResult } from "../../storage/blob-store.ts";
import { referencedBlobIds } from "./store.ts";

/**
 * The file area's blobs live in `DATA_DIR/blobs` (docs/architecture.md, "Blob storage"). Each
 * store receives uploads into an incoming folder of its own, so every API process (and every
 * app of a test) has its own.
 */
export function fileBlobStore(config: Pick<Config, "dataDir">): BlobStore {
  return new BlobStore(join(config.dataDir, "blobs"));
}

/**
 * At start: removes what crashed processes left (their incoming folders, blobs no file row names),
 * never what another process sharing the DATA_DIR is still receiving.
 */
export function sweepFileBlobs(config: Pick<Config, "dataDir">, sql: Sql): Promise<SweepResult> {
  return fileBlobStore(config).sweep((ids) => referencedBlobIds(sql, ids));
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
