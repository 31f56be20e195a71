import { join } from "node:path";
import type { Config } from "../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { DiskBlobStore } from "./disk-blob-store.ts";
import { S3BlobStore, s3ClientOf } from "./s3-blob-store.ts";

/**
 * The stores of the API, kept apart: uploaded files, issued invoices' PDFs, and the files of
 * uploaded releases. The scrub reads all of them and a backup set carries all of them.
 */
export const blobAreaNames = ["files", "invoices", "releases"] as const;
export type BlobArea = (typeof blobAreaNames)[number];

/** Folders under `DATA_DIR` (the file area's predates the invoices and keeps its name). */
export const diskFolders: Record<BlobArea, string> = { files: "blobs", invoices: "invoices", releases: "releases" };

/**
 * The configured store of one area: a folder under `DATA_DIR`, or a key prefix (`files/`,
 * `invoices/`, `releases/`) in the one bucket `S3_BUCKET`. Each call is a store of its own (on
 * disk: with its own incoming folder).
 */
export function blobStoreFor(config: Pick<Config, "dataDir" | "blobStore">, area: BlobArea): BlobStore {
  if (config.blobStore.kind === "s3") {
    return new S3BlobStore(s3ClientOf(config.blobStore.s3), { prefix: `${area}/` });
  }
  return new DiskBlobStore(join(config.dataDir, diskFolders[area]));
}

/** Every area's store (a backup, a restore, the deferred deletes), each a store of its own. */
export function blobStoresFor(config: Pick<Config, "dataDir" | "blobStore">): Record<BlobArea, BlobStore> {
  return {
    files: blobStoreFor(config, "files"),
    invoices: blobStoreFor(config, "invoices"),
    releases: blobStoreFor(config, "releases"),
  };
}
