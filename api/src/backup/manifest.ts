import type { BlobArea } from "../storage/configured-blob-store.ts";

/**
 * A set's `manifest.json`: what it holds and what a restore must find again. Written last, so a
 * set with a manifest is complete. Blobs are kept once for all sets under `blobs/<sha256>`.
 */

export const manifestFormat = 1;

/** One row's blob: the content (from `offset` in the stored blob) as the row names it. */
export interface ManifestBlob {
  area: BlobArea;
  /** The blob id the row names (restored under the same id). */
  id: string;
  /** The file's, invoice's or release file's id. */
  row_id: number;
  /** The file's name, `Rechnung_<number>.pdf`, a release file's `mf-<name>/releases/<version>/<path>`. */
  name: string;
  /** Where the content starts in the stored blob (a large upload on disk keeps the form's start). */
  offset: number;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof manifestFormat;
  product: { name: string; version: string };
  set: string;
  /** The moment the database and the blob list were taken (the recovery point). */
  created_at: string;
  finished_at: string;
  database: {
    /** `postgres`: a `pg_dump` custom-format archive; `pglite`: the embedded data directory, gzipped. */
    kind: "postgres" | "pglite";
    key: string;
    size: number;
    sha256: string;
    server_version: string;
  };
  /** The newest migration applied (`schema_migrations`), e.g. `016`. */
  migration_level: string;
  /** Rows per table of the public schema at that moment. */
  row_counts: Record<string, number>;
  blobs: ManifestBlob[];
  totals: { blobs: number; blob_bytes: number };
  /** The audit chain's newest event when the set was taken, `<seq>:<sha-256 hex>` (issue 26); null before it. */
  auditChainHead: string | null;
}

export const setsPrefix = "sets/";
export const blobsPrefix = "blobs/";

export function manifestKey(set: string): string {
  return `${setsPrefix}${set}/manifest.json`;
}

export function blobKey(sha256: string): string {
  return `${blobsPrefix}${sha256}`;
}

/** A set's name from its time: `2025-03-01T02-30-00Z` (sorts by time, safe as a folder name). */
export function setNameOf(time: Date): string {
  return time
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
}

/** The time a set's name stands for; null when it is not a set name. */
export function timeOfSet(set: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(-\d+)?$/.exec(set);
  if (!match) return null;
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** The manifest's text as read, checked for the fields a restore relies on. */
export function parseManifest(text: string, set: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`the manifest of set ${set} is not JSON`);
  }
  const manifest = value as Partial<Manifest> | null;
  if (
    manifest?.format !== manifestFormat ||
    typeof manifest.migration_level !== "string" ||
    typeof manifest.created_at !== "string" ||
    !manifest.database ||
    typeof manifest.row_counts !== "object" ||
    !Array.isArray(manifest.blobs)
  ) {
    throw new Error(`the manifest of set ${set} is not a backup manifest of format ${manifestFormat}`);
  }
  return manifest as Manifest;
}
