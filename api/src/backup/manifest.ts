import { type BlobArea, blobAreaNames } from "../storage/configured-blob-store.ts";
import { restoreMessages } from "./messages.ts";

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
  /** The audit chain's newest event when the set was taken, `<seq>:<sha-256 hex>`; null before there was a trail. */
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

/** A manifest that is not one (not JSON, a field missing, out of bounds or of the wrong kind). */
export class ManifestError extends Error {
  override name = "ManifestError";
}

/**
 * Where a blob's content may start at most: the form's start a large disk upload keeps is a few
 * KiB; a restore writes that many zero bytes, so a forged offset must not ask for terabytes.
 */
export const maxBlobOffset = 64 * 1024 * 1024;
/** 4 TiB: larger than any dump or file the product stores, small enough to stay an exact number. */
export const maxStoredSize = 2 ** 42;

const sha256Pattern = /^[0-9a-f]{64}$/;
const blobIdPattern = /^[0-9a-f]{32}$/;
const levelPattern = /^\d{3,}$/;
const tablePattern = /^[a-z_][a-z0-9_]*$/;
const keyPattern = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= max;
}

function checked<T>(ok: boolean, value: unknown, problem: string): T {
  if (!ok) throw new ManifestError(problem);
  return value as T;
}

function blobOf(value: unknown, index: number): ManifestBlob {
  const at = `blobs[${index}]`;
  if (!isObject(value)) throw new ManifestError(`${at} ist kein Objekt`);
  const area = value.area;
  // Looked up as own names of the list only: "__proto__" or "constructor" are no area.
  if (typeof area !== "string" || !(blobAreaNames as readonly string[]).includes(area)) {
    throw new ManifestError(`${at}: unbekannter Bereich ${JSON.stringify(String(area))}`);
  }
  const offset = value.offset;
  if (!isCount(offset, maxBlobOffset)) {
    throw new ManifestError(`${at}: offset ${String(offset)} liegt außerhalb von 0 bis ${maxBlobOffset}`);
  }
  const size = value.size;
  if (!isCount(size, maxStoredSize)) {
    throw new ManifestError(`${at}: size ${String(size)} liegt außerhalb von 0 bis ${maxStoredSize}`);
  }
  return {
    area: area as BlobArea,
    id: checked(typeof value.id === "string" && blobIdPattern.test(value.id), value.id, `${at}: id ist keine Blob-ID`),
    row_id: checked(
      isCount(value.row_id, Number.MAX_SAFE_INTEGER) && value.row_id > 0,
      value.row_id,
      `${at}: row_id ist keine Zeilennummer`,
    ),
    name: checked(typeof value.name === "string", value.name, `${at}: name fehlt`),
    offset,
    size,
    sha256: checked(
      typeof value.sha256 === "string" && sha256Pattern.test(value.sha256),
      value.sha256,
      `${at}: sha256 ist kein SHA-256`,
    ),
  };
}

function databaseOf(value: unknown): Manifest["database"] {
  if (!isObject(value)) throw new ManifestError("database ist kein Objekt");
  const { kind, key, size, sha256, server_version } = value;
  return {
    kind: checked(kind === "postgres" || kind === "pglite", kind, "database.kind ist weder postgres noch pglite"),
    key: checked(
      typeof key === "string" && keyPattern.test(key) && !key.split("/").includes(".."),
      key,
      "database.key ist kein Schlüssel der Sicherung",
    ),
    size: checked(isCount(size, maxStoredSize), size, `database.size ${String(size)} liegt außerhalb`),
    sha256: checked(typeof sha256 === "string" && sha256Pattern.test(sha256), sha256, "database.sha256 fehlt"),
    server_version: checked(typeof server_version === "string", server_version, "database.server_version fehlt"),
  };
}

function rowCountsOf(value: unknown): Record<string, number> {
  if (!isObject(value)) throw new ManifestError("row_counts ist kein Objekt");
  // No prototype: a table named like an Object method is looked up as what the manifest says.
  const counts: Record<string, number> = Object.create(null);
  for (const [table, count] of Object.entries(value)) {
    if (!tablePattern.test(table))
      throw new ManifestError(`row_counts: ${JSON.stringify(table)} ist kein Tabellenname`);
    if (!isCount(count, Number.MAX_SAFE_INTEGER))
      throw new ManifestError(`row_counts.${table}: ${String(count)} ist keine Anzahl`);
    counts[table] = count;
  }
  return counts;
}

/**
 * The manifest's text as read, every field a restore relies on checked for its kind and bounds
 * (a set may be forged: nothing of it is trusted before this), rebuilt from the checked values.
 */
export function parseManifest(text: string, set: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ManifestError(restoreMessages.manifestNotJson(set));
  }
  try {
    if (!isObject(value)) throw new ManifestError("kein Objekt");
    if (value.format !== manifestFormat) throw new ManifestError(`format ist nicht ${manifestFormat}`);
    const product = isObject(value.product) ? value.product : {};
    const createdAt = value.created_at;
    if (typeof createdAt !== "string" || Number.isNaN(Date.parse(createdAt)))
      throw new ManifestError("created_at ist keine Zeit");
    const level = value.migration_level;
    if (typeof level !== "string" || !levelPattern.test(level))
      throw new ManifestError(`migration_level ${JSON.stringify(String(level))} ist kein Migrationsstand`);
    if (!Array.isArray(value.blobs)) throw new ManifestError("blobs ist keine Liste");
    const blobs = value.blobs.map((blob, index) => blobOf(blob, index));
    const head = value.auditChainHead;
    return {
      format: manifestFormat,
      product: { name: String(product.name ?? ""), version: String(product.version ?? "") },
      set,
      created_at: createdAt,
      finished_at: typeof value.finished_at === "string" ? value.finished_at : createdAt,
      database: databaseOf(value.database),
      migration_level: level,
      row_counts: rowCountsOf(value.row_counts),
      blobs,
      totals: {
        blobs: blobs.length,
        blob_bytes: blobs.reduce((sum, blob) => sum + blob.size, 0),
      },
      auditChainHead: typeof head === "string" ? head : null,
    };
  } catch (error) {
    if (error instanceof ManifestError) throw new ManifestError(restoreMessages.manifestInvalid(set, error.message));
    throw error;
  }
}
