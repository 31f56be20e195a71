import type { Config } from "../../config.ts";
import { whileLocked } from "../../db/advisory-lock.ts";
import type { Sql } from "../../db/open.ts";
import { type Schedule, scheduleEvery } from "../../lib/schedule-every.ts";
import type { BlobAreaRows } from "../../storage/blob-area.ts";
import { pacedReads } from "../../storage/blob-digest.ts";
import { type ScrubOptions, type ScrubReport, scrubBlobs } from "../../storage/blob-scrub.ts";
import { backfillChecksums } from "../../storage/checksum-backfill.ts";
import { fileBlobArea, fileBlobStore } from "../files/index.ts";
import { invoiceBlobArea, invoiceBlobStore } from "../invoices/index.ts";
import { releaseBlobArea, releaseBlobStore } from "../releases/index.ts";
import { backfillProgress, lastScrub, recordScrub } from "./store.ts";

/**
 * The blob store's upkeep, one process of a deployment at a time (a PostgreSQL advisory lock):
 * first the one-time checksum backfill (migration 014) until it is through, then the scrub when
 * the last one is a week old. Every API process looks every hour; `bun run verify-blobs` runs the
 * scrub at once under the same lock. Both read at `BLOB_SCRUB_MIB_PER_SECOND`.
 */

/** The advisory lock's name: backfill and scrub never run twice at once in a deployment. */
export const maintenanceLock = "klarwerk.blob-maintenance";

export const scrubIntervalMs = 7 * 24 * 60 * 60_000;

/** Every area of the configured store: the file area's files, issued invoices' PDFs, release files. */
export function blobAreas(config: Pick<Config, "dataDir" | "blobStore">, sql: Sql): BlobAreaRows[] {
  return [
    fileBlobArea(sql, fileBlobStore(config)),
    invoiceBlobArea(sql, invoiceBlobStore(config)),
    releaseBlobArea(sql, releaseBlobStore(config)),
  ];
}

export interface MaintenanceOptions {
  sql: Sql;
  areas: BlobAreaRows[];
  /** Bytes a second the backfill and the scrub may read. */
  bytesPerSecond: number;
  /** Scrub now whatever the last scrub's age (the command). */
  force?: boolean;
  intervalMs?: number;
  orphanGraceMs?: ScrubOptions["orphanGraceMs"];
  now?: () => number;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

/**
 * `busy` when another process holds the lock; otherwise the scrub's report, or null when none was
 * due. The report is recorded for `/api/health` and the dashboard.
 */
export async function runBlobMaintenance(options: MaintenanceOptions): Promise<"busy" | ScrubReport | null> {
  const { sql, areas, now = Date.now, log = () => {}, signal } = options;
  const pace = pacedReads(options.bytesPerSecond);
  const outcome = await whileLocked(sql, maintenanceLock, async () => {
    const backfill = await backfillChecksums(areas, backfillProgress(sql), { pace, signal });
    if (backfill.recorded + backfill.skipped > 0) {
      log(
        `Prüfsummen nachgetragen: ${backfill.recorded}; ${backfill.skipped} ohne (Datei fehlt oder hat eine andere Größe)`,
      );
    }
    const last = await lastScrub(sql);
    const due =
      options.force || !last || now() - Date.parse(last.finished_at) >= (options.intervalMs ?? scrubIntervalMs);
    if (!due) return null;
    const report = await scrubBlobs(areas, { pace, signal, now, orphanGraceMs: options.orphanGraceMs });
    await recordScrub(sql, report);
    return report;
  });
  return outcome.locked ? outcome.value : "busy";
}

const scrubKinds = { missing: "fehlt", changed: "verändert", orphaned: "ohne Eintrag" } as const;

/** One line per finding and a summary, for the log and the command. */
export function describeScrub(report: ScrubReport): string[] {
  const mib = (report.bytes_read / 1024 / 1024).toFixed(1);
  const seconds = ((report.finished_at.getTime() - report.started_at.getTime()) / 1000).toFixed(1);
  const lines = [
    `Speicherprüfung (${report.blob_store}): ${report.checked} geprüft (${mib} MiB gelesen in ${seconds} s), ` +
      `${report.without_checksum} nur nach Größe (noch ohne Prüfsumme); ` +
      `${report.missing} fehlen, ${report.changed} verändert, ${report.orphaned} ohne Eintrag`,
  ];
  for (const problem of report.problems) {
    const row = problem.row_id === null ? "keine Zeile" : `${problem.area} #${problem.row_id} "${problem.name}"`;
    const detail =
      problem.kind === "missing"
        ? "nicht gespeichert"
        : problem.kind === "orphaned"
          ? `${problem.found?.size ?? 0} Bytes`
          : problem.found?.sha256 == null
            ? `${problem.found?.size} Bytes gespeichert, ${problem.expected?.size} erwartet`
            : `SHA-256 ${problem.found.sha256}, erwartet ${problem.expected?.sha256}`;
    lines.push(`  ${scrubKinds[problem.kind].padEnd(12)} ${problem.area}/${problem.blob_id} (${row}): ${detail}`);
  }
  const unlisted = report.missing + report.changed + report.orphaned - report.problems.length;
  if (unlisted > 0) lines.push(`  … und ${unlisted} weitere`);
  return lines;
}

/**
 * In an API process: runs the upkeep a minute after start and then every hour (most runs find
 * the lock free, nothing to backfill and no scrub due, and end after two queries). Returns the
 * function that stops it: it ends a run in progress between two blobs and resolves once it has.
 */
export function scheduleBlobMaintenance(
  options: Omit<MaintenanceOptions, "force" | "signal" | "log">,
  { firstAfterMs = 60_000, everyMs = 60 * 60_000 }: Partial<Schedule> = {},
): () => Promise<void> {
  return scheduleEvery(
    "the blob store's upkeep",
    async (signal) => {
      const outcome = await runBlobMaintenance({ ...options, signal, log: (line) => console.log(`[api] ${line}`) });
      if (outcome !== null && outcome !== "busy") {
        const [summary, ...findings] = describeScrub(outcome);
        const log = findings.length > 0 ? console.error : console.log;
        log(`[api] ${summary}${findings.length > 0 ? `\n${findings.join("\n")}` : ""}`);
      }
    },
    { firstAfterMs, everyMs },
  );
}
