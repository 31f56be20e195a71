import type { ResolvedConfig } from "../config.ts";
import { whileLocked } from "../db/advisory-lock.ts";
import type { Database } from "../db/open.ts";
import { scheduleEvery } from "../lib/schedule-every.ts";
import { blobStoresFor } from "../storage/configured-blob-store.ts";
import { runDeferredDeletions } from "../storage/deferred-deletes.ts";
import { type BackupResult, createBackup } from "./create.ts";
import { type DrillResult, runDrill } from "./drill.ts";
import { closeInterruptedRuns, finishRun, mailAdminsAboutFailure, type RunKind, slotTaken, startRun } from "./runs.ts";
import { latestSlot, slotGraceMs } from "./schedule.ts";
import { planPrune, prune } from "./sets.ts";
import { backupKeyOf } from "./signature.ts";
import { type BackupTarget, backupTargetFor } from "./target.ts";

/**
 * Backups and drills as jobs: one at a time per deployment (a PostgreSQL advisory lock; in the
 * embedded database's single session, a flag of the process), each recorded in `backup_runs`, a
 * failure mailed to every admin. The API runs one per `BACKUP_SCHEDULE` slot: the backup, the
 * pruning of old sets, then the drill.
 */

export const backupLock = "klarwerk.backup";

/** What a job needs of the configuration: with the JWT secret resolved (the backup key may derive from it). */
export type JobConfig = Pick<
  ResolvedConfig,
  | "databaseUrl"
  | "dataDir"
  | "blobStore"
  | "backupTarget"
  | "backupSchedule"
  | "backupBytesPerSecond"
  | "webRoot"
  | "publicUrl"
  | "backupKey"
  | "jwtSecret"
>;

export interface JobOptions {
  config: JobConfig;
  db: Database;
  target?: BackupTarget;
  log?: (line: string) => void;
  now?: () => number;
  signal?: AbortSignal;
  /**
   * Called once the run's `running` row is committed: from then on every process's status shows
   * it. „Jetzt sichern“ answers only then, so the card's first read after the press already sees
   * the backup going on and keeps asking (before, it could read neither and stop asking).
   */
  onRecorded?: () => void;
}

/** The embedded database has one session, in which advisory locks stack: this process's own guard. */
let runningHere = false;

/** Runs `work` under the backup lock; `busy` when another run holds it. */
export async function withBackupLock<T>(db: Database, work: () => Promise<T>): Promise<T | "busy"> {
  if (runningHere) return "busy";
  runningHere = true;
  try {
    const outcome = await whileLocked(db.sql, backupLock, async () => {
      await closeInterruptedRuns(db.sql);
      return work();
    });
    return outcome.locked ? outcome.value : "busy";
  } finally {
    runningHere = false;
  }
}

export type Recorded<T> = { ok: true; value: T; runId: number } | { ok: false; error: string; runId: number } | null;

/**
 * One run of `kind`, recorded: null when the slot already has one. A failure is recorded with its
 * message and mailed to every admin.
 */
async function recorded<T>(
  options: JobOptions,
  kind: RunKind,
  slot: Date | null,
  work: () => Promise<T>,
  details: (value: T) => { set: string; sizeBytes?: number; copiedBytes?: number; durationMs: number },
): Promise<Recorded<T>> {
  const { db, config, now = Date.now, log = () => {} } = options;
  const started = now();
  const runId = await startRun(db.sql, kind, slot);
  if (runId === null) return null;
  options.onRecorded?.();
  try {
    const value = await work();
    await finishRun(db.sql, runId, { ok: true, ...details(value) });
    return { ok: true, value, runId };
  } catch (error) {
    if (options.signal?.aborted) {
      // The process is shutting down: no failure of the product, nothing to mail.
      await finishRun(db.sql, runId, {
        ok: false,
        error: "Abgebrochen: der Prozess wurde beendet.",
        durationMs: Math.round(now() - started),
      });
      return { ok: false, error: "aborted", runId };
    }
    const message = error instanceof Error ? error.message : String(error);
    await finishRun(db.sql, runId, { ok: false, error: message, durationMs: Math.round(now() - started) });
    const mailed = await mailAdminsAboutFailure(
      db.sql,
      { kind, startedAt: new Date(started), error: message },
      config.publicUrl,
    );
    log(
      `${kind === "drill" ? "Probe der Wiederherstellung" : "Sicherung"} fehlgeschlagen (${mailed} Admin(s) benachrichtigt): ${message}`,
    );
    return { ok: false, error: message, runId };
  }
}

export function backupNow(options: JobOptions, slot: Date | null = null): Promise<Recorded<BackupResult>> {
  const { config, db, log, now, signal } = options;
  const target = options.target ?? backupTargetFor(config.backupTarget);
  return recorded(
    options,
    "backup",
    slot,
    async () => {
      try {
        return await createBackup({
          config,
          db,
          target,
          bytesPerSecond: config.backupBytesPerSecond,
          key: backupKeyOf(config),
          log,
          now,
          signal,
        });
      } finally {
        // Blobs whose rows went while the backup copied may go now.
        await runDeferredDeletions(db.sql, blobStoresFor(config));
      }
    },
    (result) => ({
      set: result.manifest.set,
      sizeBytes: result.sizeBytes,
      copiedBytes: result.copiedBytes,
      durationMs: result.durationMs,
    }),
  );
}

export function drillNow(options: JobOptions, slot: Date | null = null): Promise<Recorded<DrillResult>> {
  const target = options.target ?? backupTargetFor(options.config.backupTarget);
  return recorded(
    options,
    "drill",
    slot,
    () =>
      runDrill({
        config: options.config,
        target,
        key: backupKeyOf(options.config),
        log: options.log,
        now: options.now,
        live: options.db.sql,
      }),
    (result) => ({ set: result.restore.manifest.set, durationMs: result.durationMs }),
  );
}

/**
 * After a backup that succeeded, scheduled or on demand (under the backup lock): the sets the
 * retention rule (7 daily, 4 weekly, 12 monthly) no longer keeps go, with every blob no kept set
 * lists. Ten presses of „Jetzt sichern“ in a day leave one set of that day, not ten.
 */
export async function pruneSets(target: BackupTarget, now: number, log: (line: string) => void): Promise<void> {
  const plan = await planPrune(target, now);
  if (plan.sets.length + plan.blobs.length === 0) return;
  await prune(target, plan);
  log(
    `${plan.sets.length} Sicherung(en) und ${plan.blobs.length} Datei(en), die keine aufbewahrte Sicherung mehr nennt, entfernt`,
  );
}

/**
 * The scheduled job for the latest slot, if it is due and not taken: backup, prune, drill (the
 * drill also when the backup failed: it then proves the last good set).
 */
export async function runScheduledBackup(options: JobOptions): Promise<"off" | "done" | "taken" | "busy"> {
  const { config, db, now = Date.now, log = () => {} } = options;
  const slot = latestSlot(config.backupSchedule, now());
  if (!slot) return "off";
  if (now() - slot.getTime() > slotGraceMs(config.backupSchedule)) return "taken";
  if ((await slotTaken(db.sql, "backup", slot)) && (await slotTaken(db.sql, "drill", slot))) return "taken";
  // A slot from before the deployment's database existed is not caught up (a fresh install, a test).
  const [born] = await db.sql<{ at: Date | null }[]>`select min(applied_at) as at from schema_migrations`;
  if (!born?.at || born.at.getTime() > slot.getTime()) return "taken";
  const target = options.target ?? backupTargetFor(config.backupTarget);
  const outcome = await withBackupLock(db, async () => {
    const backup = await backupNow({ ...options, target }, slot);
    if (backup?.ok) await pruneSets(target, now(), log);
    const drill = await drillNow({ ...options, target }, slot);
    return backup === null && drill === null ? "taken" : "done";
  });
  return outcome;
}

/**
 * In an API process: looks every minute whether a slot is due (most looks end after one query).
 * Returns the function that stops it; a job in progress is awaited.
 */
export function scheduleBackups(options: Omit<JobOptions, "signal" | "log">, everyMs = 60_000): () => Promise<void> {
  if (options.config.backupSchedule.kind === "off") return async () => {};
  return scheduleEvery(
    "the scheduled backup",
    (signal) => runScheduledBackup({ ...options, signal, log: (line) => console.log(`[api] ${line}`) }),
    { firstAfterMs: Math.min(everyMs, 5_000), everyMs },
  );
}
