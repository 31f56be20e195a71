import type { BlobAreaRows } from "./blob-area.ts";
import { type ReadPace, unpaced } from "./blob-digest.ts";

/**
 * Checksums for rows stored before they were kept (migration 014): each such row's blob is read
 * once, at a bounded rate, and its size and SHA-256 recorded. A blob that is missing, or whose
 * size already differs from its row, gets none (the scrub reports it; a checksum of broken bytes
 * would only hide the damage). Progress is saved after every row, so a process that stops midway
 * leaves the rest to the next start; once an area is through it is never read for this again.
 */

export interface BackfillProgress {
  /** The last row id done in `area`, and whether the area is through. */
  load(area: string): Promise<{ afterId: number; finished: boolean }>;
  save(area: string, afterId: number, finished: boolean): Promise<void>;
}

export interface BackfillResult {
  /** Rows that got their checksum. */
  recorded: number;
  /** Rows left without one (blob missing or of another size). */
  skipped: number;
  bytesRead: number;
}

export async function backfillChecksums(
  areas: BlobAreaRows[],
  progress: BackfillProgress,
  { pace = unpaced, signal }: { pace?: ReadPace; signal?: AbortSignal } = {},
): Promise<BackfillResult> {
  const result: BackfillResult = { recorded: 0, skipped: 0, bytesRead: 0 };
  for (const area of areas) {
    let { afterId, finished } = await progress.load(area.name);
    while (!finished) {
      const rows = await area.rows({ afterId, limit: 100, withoutChecksum: true });
      finished = rows.length === 0;
      for (const row of rows) {
        signal?.throwIfAborted();
        const blobSize = await area.store.sizeOf(row.blobId);
        const contentSize = blobSize === null ? null : blobSize - row.offset;
        if (contentSize === null || contentSize < 0 || (row.size !== null && contentSize !== row.size)) {
          result.skipped++;
        } else {
          const content = await area.store.digest(row.blobId, row.offset, row.offset + contentSize, { pace, signal });
          result.bytesRead += content.size;
          if (content.size === contentSize && (await area.recordChecksum(row, content.size, content.sha256))) {
            result.recorded++;
          } else {
            result.skipped++;
          }
        }
        afterId = row.id;
        await progress.save(area.name, afterId, false);
      }
    }
    await progress.save(area.name, afterId, true);
  }
  return result;
}
