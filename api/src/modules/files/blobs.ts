import { join } from "node:path";
import type { Config } from "../../config.ts";
import type { Sql } from "../../db/open.ts";
import { BlobStore, type SweepResult } from "../../storage/blob-store.ts";
import { referencedBlobIds } from "./store.ts";

/** The file area's blobs live in `DATA_DIR/blobs` (docs/architecture.md, "Blob storage"). */
export function fileBlobStore(config: Pick<Config, "dataDir">): BlobStore {
  return new BlobStore(join(config.dataDir, "blobs"));
}

/** At start: removes half-written uploads and blobs no file row names (what a crash leaves). */
export function sweepFileBlobs(config: Pick<Config, "dataDir">, sql: Sql): Promise<SweepResult> {
  return fileBlobStore(config).sweep((ids) => referencedBlobIds(sql, ids));
}
