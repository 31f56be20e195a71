import type { BlobStore, IsReferenced } from "./blob-store.ts";
import type { BlobArea } from "./configured-blob-store.ts";

/**
 * A kind of row that names blobs in one store: the file area's files (`files`), issued invoices'
 * PDFs (`invoices`). The scrub and the checksum backfill see only this; each module says how its
 * rows are read and where a checksum is recorded.
 */
export interface BlobAreaRows {
  /** In reports and in the backfill's progress. */
  readonly name: BlobArea;
  readonly store: BlobStore;
  /** A page of the rows with a blob, by id. */
  rows(page: AreaRowsPage): Promise<AreaRow[]>;
  /** Whether the row still exists and names this blob (a file deleted meanwhile is no finding). */
  stillNames(row: AreaRow): Promise<boolean>;
  /** Of these blob ids, the ones a row names. */
  isReferenced: IsReferenced;
  /** Records the content's size and SHA-256 for a row that has none yet; false when it already had one. */
  recordChecksum(row: AreaRow, size: number, sha256: string): Promise<boolean>;
}

/** Up to `limit` rows after `afterId`; only those without a checksum when `withoutChecksum`. */
export interface AreaRowsPage {
  afterId: number;
  limit: number;
  withoutChecksum?: boolean;
}

/** A row as the scrub checks it. */
export interface AreaRow {
  id: number;
  /** What people call it: the file's name, `Rechnung_<number>.pdf`. */
  name: string;
  blobId: string;
  /** Where the content begins in the blob (a large upload on disk keeps the form's start). */
  offset: number;
  /** The content's length; null when not recorded (an invoice issued before sizes were kept). */
  size: number | null;
  /** The content's SHA-256 (hex); null until recorded (rows older than checksums, before the backfill). */
  sha256: string | null;
}
