/**
 * The running product's own state as admins see it ("Betrieb": `GET /api/health` details with an
 * admin's token, and the dashboard's notice): the last check of the stored files, the last backup
 * and the last tested restore (the drill). Times are ISO 8601 strings.
 */

/** What the scrub can find: a row's blob not stored, stored with other bytes, or stored for no row. */
export const blobCheckFindings = ["missing", "changed", "orphaned"] as const;
export type BlobCheckFinding = (typeof blobCheckFindings)[number];

/** One finding, with what identifies it for people (the row and its name) and for the store (the blob). */
export interface BlobCheckProblem {
  kind: BlobCheckFinding;
  /** `files` (the file area), `invoices` (issued invoices' PDFs) or `releases` (uploaded releases' files). */
  area: string;
  blob_id: string;
  /** The file's, invoice's or release file's id; null for an orphan. */
  row_id: number | null;
  /** The file's name, `Rechnung_<number>.pdf` or `mf-<name>/releases/<version>/<path>`; null for an orphan. */
  name: string | null;
  /** What the row records (null for an orphan). */
  expected: { size: number | null; sha256: string | null } | null;
  /** What the store holds (null when missing). */
  found: { size: number; sha256: string | null } | null;
}

/** The last finished check of every stored blob (`bun run verify-blobs` or the API's weekly run). */
export interface BlobCheck {
  started_at: string;
  finished_at: string;
  blob_store: "disk" | "s3";
  /** Files, invoice PDFs and release files looked at. */
  checked: number;
  bytes_read: number;
  /** Of those, how many had no checksum yet and were checked by size only. */
  without_checksum: number;
  missing: number;
  changed: number;
  orphaned: number;
  /** The first findings; the counts are complete. */
  problems: BlobCheckProblem[];
}

/** The one-time backfill of checksums for files and PDFs stored before checksums were kept. */
export interface ChecksumBackfill {
  finished: boolean;
  /** Rows still without a checksum (their blob missing or changed, once finished). */
  remaining: number;
}

/**
 * How the outbox is getting its mails out. A wrong SMTP password, a server that wants STARTTLS
 * or cannot be reached keeps mails waiting (they are retried); admins read why here.
 */
export interface MailDelivery {
  /** Whether SMTP_URL is set (without it mails wait until it is). */
  configured: boolean;
  /** Mails waiting to be tried again after at least one failed attempt. */
  retrying: number;
  /** When the oldest of them first failed; null when none does. */
  failing_since: string | null;
  /** The latest failure's reason among them (the SMTP server's answer); null when none. */
  last_error: string | null;
  /** Mails given up (a recipient refused, or 24 hours of failures): an admin may send them again. */
  failed: number;
}

/** A finished backup (`bun run backup`, the API's schedule) or restore drill. */
export interface BackupRun {
  kind: "backup" | "drill";
  started_at: string;
  finished_at: string;
  result: "ok" | "failed";
  /** What went wrong (failed runs only). */
  error: string | null;
  /** The set written, or the set the drill restored. */
  set: string | null;
  /** The set's size: its dump and every file it lists (backups only). */
  size_bytes: number | null;
  duration_ms: number;
}

export interface OperationsStatus {
  /** Null until the first check has finished. */
  blob_check: BlobCheck | null;
  checksum_backfill: ChecksumBackfill;
  mail_delivery: MailDelivery;
  /** The last finished backup ("Letzte Sicherung"); null before the first. */
  backup: BackupRun | null;
  /** The last finished restore drill ("Letzte geprüfte Wiederherstellung"); null before the first. */
  restore_drill: BackupRun | null;
  /**
   * A backup going on now (in any API process): since when; null when none. The card shows it
   * and asks again until it has finished, so „Jetzt sichern“ shows its result without a reload.
   */
  backup_running: { started_at: string } | null;
}

/** `POST /api/operations/backup` („Jetzt sichern“): the backup began in the API process. */
export interface BackupStartedAnswer {
  status: "started";
}

/** `GET /api/health`; `details` only for an admin's bearer token. */
export interface HealthAnswer {
  status: "ok";
  details?: {
    blob_store: "disk" | "s3";
    /** Per store: blob ids rows name that the start-up sweep did not find stored. */
    missing_blobs: Record<string, string[]>;
    operations: OperationsStatus;
  };
}

/** The total of a check's findings. */
export function blobCheckProblemCount(check: Pick<BlobCheck, "missing" | "changed" | "orphaned">): number {
  return check.missing + check.changed + check.orphaned;
}
