import { join } from "node:path";
import type { Config } from "../../config.ts";
import type { Sql } from "../../db/open.ts";
import { type SweepAndCheck, sweepAndCheck } from "../../storage/blob-report.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { DiskBlobStore } from "../../storage/disk-blob-store.ts";
import { S3BlobStore, s3ClientOf } from "../../storage/s3-blob-store.ts";
import { allReleaseBlobIds, referencedReleaseBlobs } from "./store.ts";

/**
 * The files of uploaded releases, one blob each: `DATA_DIR/releases` or `releases/` in the bucket
 * `S3_BUCKET`, so every API machine serves the same files. Not (yet) a blob area of the scrub and
 * the backups (docs/architecture.md, "Releases and rollout": a release can be uploaded again).
 */
export function releaseBlobStore(config: Pick<Config, "dataDir" | "blobStore">): BlobStore {
  if (config.blobStore.kind === "s3") return new S3BlobStore(s3ClientOf(config.blobStore.s3), { prefix: "releases/" });
  return new DiskBlobStore(join(config.dataDir, "releases"));
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
