import { randomBytes } from "node:crypto";
import type { ReadPace } from "./blob-digest.ts";

/**
 * The blob store: one interface, two implementations chosen by `BLOB_STORE` (`disk-blob-store.ts`
 * on the local disk, `s3-blob-store.ts` in an S3-compatible bucket;
 * docs/decisions/0087-blob-storage-and-the-scrub.md, "Blob storage"). Uploads, downloads, invoice PDFs,
 * deletes and the sweep only ever see this.
 */

/** Blob ids are 128 random bits in hex: the only names a store ever reads or writes. */
const blobIdPattern = /^[0-9a-f]{32}$/;

export function isBlobId(value: string): boolean {
  return blobIdPattern.test(value);
}

export function newBlobId(): string {
  return randomBytes(16).toString("hex");
}

/** The store holds other than what was written (a bucket's object shorter than the bytes sent). */
export class IncompleteBlobError extends Error {
  override name = "IncompleteBlobError";
}

/** A blob on its way in: `commit()` makes it the stored blob, `discard()` leaves nothing. */
export interface IncomingBlob {
  readonly id: string;
  /** Puts the complete blob in place; only then may a row point at it. */
  commit(): Promise<void>;
  /** Removes whatever was written. Safe after a failed write and safe to call twice. */
  discard(): Promise<void>;
}

/** A blob being written: `write` its bytes in order, `close()`, then `commit()`; or `discard()`. */
export interface PendingBlob extends IncomingBlob {
  /** Bytes written so far. */
  readonly size: number;
  /**
   * Takes the bytes. The caller may change or free them once the returned promise has settled
   * (at once when nothing is returned): until then the store may still read them. The promise is
   * also the backpressure: write the next bytes only once it has settled (it rejects when the
   * store failed).
   */
  write(bytes: Uint8Array): void | Promise<void>;
  /** Writes out what is buffered and finishes the blob; rejects when it could not be stored. */
  close(): Promise<void>;
  /** SHA-256 (hex) of every byte written, computed as they passed; null until `close()` resolved. */
  readonly sha256: string | null;
}

/** A request body written to a blob whole, as it arrived (see `BlobStore.writeBody`). */
export interface WrittenBody extends IncomingBlob {
  /** Bytes stored. */
  readonly size: number;
  /** Bytes `start` up to `end` (exclusive). */
  read(start: number, end: number): Promise<Uint8Array>;
  /** Drops everything after the first `length` bytes. */
  truncate(length: number): Promise<void>;
  /** SHA-256 (hex) of bytes `start` up to `end` (exclusive), read back from what was stored. */
  sha256(start: number, end: number): Promise<string>;
}

/** A stored blob as a listing of the store shows it. */
export interface ListedBlob {
  id: string;
  size: number;
  /** When it was last written, by the store's clock (ms since the epoch). */
  modifiedMs: number;
}

/** A stored blob's bytes for a response: a file Bun sends itself, or a stream. */
export type BlobContent = Blob | ReadableStream<Uint8Array>;

export interface SweepResult {
  /** Half-written uploads (and other files) removed from abandoned incoming folders. */
  incoming: number;
  /** Complete blobs that no row named (a crash between storing and inserting, or a failed delete). */
  orphans: number;
  /** Every blob id the sweep found stored (kept or not): rows naming none of them lack their blob. */
  stored: ReadonlySet<string>;
}

/** Of these blob ids, the ones a row names. */
export type IsReferenced = (ids: string[]) => Promise<Set<string>>;

export interface BlobStore {
  /** `disk` or `s3`: for logs and tests. */
  readonly kind: "disk" | "s3";
  /** Readies the store for `create` and `writeBody` (idempotent). */
  prepare(): Promise<void>;
  /** Starts a new blob under a random id (or `id`: a restore puts blobs back under theirs); `prepare()` first. */
  create(id?: string): PendingBlob;
  /**
   * Only where a whole request body is cheaper to store first and cut afterwards (the disk); a
   * store without it receives every upload through the streaming parser into `create()`.
   */
  writeBody?: (request: Request) => Promise<WrittenBody>;
  /** Size of a stored blob, or null when it is missing. */
  sizeOf(id: string): Promise<number | null>;
  /** Bytes `start` up to `end` (exclusive) of a stored blob, read as the client takes them. */
  content(id: string, start: number, end: number): BlobContent;
  /**
   * Size and SHA-256 (hex) of bytes `start` up to `end` of a stored blob, read at `pace` (the
   * scrub, the checksum backfill); `signal` ends the read between two pieces.
   */
  digest(
    id: string,
    start: number,
    end: number,
    options?: { pace?: ReadPace; signal?: AbortSignal },
  ): Promise<{ size: number; sha256: string }>;
  /** Deletes a stored blob; a blob that is already gone is fine. */
  remove(id: string): Promise<void>;
  /** Every complete blob, in pages (incoming, unfinished ones are not blobs yet). */
  list(): AsyncGenerator<ListedBlob[]>;
  /** Removes what crashes left behind (see each implementation for its rules). */
  sweep(isReferenced: IsReferenced): Promise<SweepResult>;
  /** The cheap part of the sweep, run every few minutes: unfinished uploads of ended processes. */
  sweepIncoming(): Promise<number>;
  /** At shutdown, after the last upload. */
  close(): Promise<void>;
}
