import type { BlobCheck, BlobCheckProblem as ScrubProblem } from "@klarwerk/kit";
import type { AreaRow, BlobAreaRows } from "./blob-area.ts";
import { type ReadPace, unpaced } from "./blob-digest.ts";
import type { BlobStore } from "./blob-store.ts";

/**
 * The scrub: every row's blob re-read from the configured store and compared with the row (size
 * and SHA-256), then every stored blob looked up among the rows. It finds what no upload or
 * download would notice: a blob missing (a store restored from an older backup, an object deleted
 * by hand), changed (a flipped bit on disk, a truncated object) or orphaned (stored, named by no
 * row). It reads at a bounded rate (`pace`) so that the portal never waits for it, and changes
 * nothing: an admin decides what to do with a finding.
 */

/** What a scrub found: the kit's `BlobCheck` (as admins read it), its times as dates. */
export type ScrubReport = Omit<BlobCheck, "started_at" | "finished_at" | "blob_store"> & {
  started_at: Date;
  finished_at: Date;
  blob_store: BlobStore["kind"];
};

export interface ScrubOptions {
  /** How fast blobs are read (default: no limit). */
  pace?: ReadPace;
  /**
   * A blob no row names counts as an orphan once it is this old: a blob is stored before its row
   * is inserted, so a young one may still be waiting for it (default one hour).
   */
  orphanGraceMs?: number;
  now?: () => number;
  /** Findings kept with ids and names (default 100). */
  maxProblems?: number;
  /** Ends the scrub between two blobs (at shutdown). */
  signal?: AbortSignal;
}

const pageSize = 200;

export async function scrubBlobs(areas: BlobAreaRows[], options: ScrubOptions = {}): Promise<ScrubReport> {
  const { pace = unpaced, orphanGraceMs = 60 * 60_000, now = Date.now, maxProblems = 100, signal } = options;
  const report: ScrubReport = {
    started_at: new Date(now()),
    finished_at: new Date(now()),
    blob_store: areas[0]?.store.kind ?? "disk",
    checked: 0,
    bytes_read: 0,
    without_checksum: 0,
    missing: 0,
    changed: 0,
    orphaned: 0,
    problems: [],
  };
  const found = (problem: ScrubProblem) => {
    report[problem.kind]++;
    if (report.problems.length < maxProblems) report.problems.push(problem);
  };

  for (const area of areas) {
    for (let afterId = 0; ; ) {
      const rows = await area.rows({ afterId, limit: pageSize });
      if (rows.length === 0) break;
      for (const row of rows) {
        signal?.throwIfAborted();
        const problem = await checkRow(area, row, pace, report, signal);
        // A row deleted (and its blob with it) while the scrub passed is no finding.
        if (problem && (await area.stillNames(row))) found(problem);
      }
      afterId = rows[rows.length - 1]?.id ?? afterId;
    }
  }

  const cutoff = now() - orphanGraceMs;
  for (const area of areas) {
    for await (const blobs of area.store.list()) {
      signal?.throwIfAborted();
      const known = await area.isReferenced(blobs.map((blob) => blob.id));
      for (const blob of blobs) {
        if (known.has(blob.id) || !(blob.modifiedMs <= cutoff)) continue;
        found({
          kind: "orphaned",
          area: area.name,
          blob_id: blob.id,
          row_id: null,
          name: null,
          expected: null,
          found: { size: blob.size, sha256: null },
        });
      }
    }
  }
  report.finished_at = new Date(now());
  return report;
}

/** One row's blob against the row: null when it holds what the row says. */
async function checkRow(
  area: BlobAreaRows,
  row: AreaRow,
  pace: ReadPace,
  report: ScrubReport,
  signal: AbortSignal | undefined,
): Promise<ScrubProblem | null> {
  report.checked++;
  const problem = (found: ScrubProblem["found"]): ScrubProblem => ({
    kind: found === null ? "missing" : "changed",
    area: area.name,
    blob_id: row.blobId,
    row_id: row.id,
    name: row.name,
    expected: { size: row.size, sha256: row.sha256 },
    found,
  });
  const blobSize = await area.store.sizeOf(row.blobId);
  if (blobSize === null) return problem(null);
  const contentSize = blobSize - row.offset;
  if (row.size !== null && contentSize !== row.size) return problem({ size: Math.max(0, contentSize), sha256: null });
  if (row.sha256 === null) {
    report.without_checksum++;
    return null;
  }
  let content: { size: number; sha256: string };
  try {
    content = await area.store.digest(row.blobId, row.offset, blobSize, { pace, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    // Removed while it was read (its row deleted meanwhile, or by hand): missing, not a failed scrub.
    if ((await area.store.sizeOf(row.blobId)) === null) return problem(null);
    throw error;
  }
  report.bytes_read += content.size;
  return content.size === contentSize && content.sha256 === row.sha256 ? null : problem(content);
}
