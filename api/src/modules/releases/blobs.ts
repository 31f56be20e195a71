import type { Config } from "../../config.ts";
import type { Sql } from "../../db/open.ts";
import type { BlobAreaRows } from "../../storage/blob-area.ts";
import { type SweepAndCheck, sweepAndCheck } from "../../storage/blob-report.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { blobStoreFor } from "../../storage/configured-blob-store.ts";
import { allReleaseBlobIds, referencedReleaseBlobs, releaseBlobRows, releaseFileNamesBlob } from "./store.ts";

/**
 * The files of uploaded releases, one blob each: `DATA_DIR/releases` or `releases/` in the bucket
 * `S3_BUCKET`, so every API machine serves the same files. A blob area like the file area's: the
 * scrub re-reads them and a backup set carries them (docs/architecture.md, "Releases and rollout").
 */
export function releaseBlobStore(config: Pick<Config, "dataDir" | "blobStore">): BlobStore {
  return blobStoreFor(config, "releases");
}

/** At start: the files of uploads that a crash cut off (no row names them), as for the file area. */
export function sweepReleaseBlobs(
  config: Pick<Config, "dataDir" | "blobStore">,
  sql: Sql,
  store: BlobStore = releaseBlobStore(config),
): Promise<SweepAndCheck> {
  return sweepAndCheck(
    store,
    (ids) => referencedReleaseBlobs(sql, ids),
    () => allReleaseBlobIds(sql),
  );
}

/** The release files' rows and blobs, as the scrub and the checksum backfill read them. */
export function releaseBlobArea(sql: Sql, store: BlobStore): BlobAreaRows {
  return {
    name: "releases",
    store,
    rows: (page) => releaseBlobRows(sql, page),
    // A release is immutable, but an admin may delete it (and its files) while the scrub reads.
    stillNames: (row) => releaseFileNamesBlob(sql, row.id, row.blobId),
    isReferenced: (ids) => referencedReleaseBlobs(sql, ids),
    // Every release file was stored with its size and SHA-256 (migration 026 says so): none to record.
    recordChecksum: async () => false,
  };
}
