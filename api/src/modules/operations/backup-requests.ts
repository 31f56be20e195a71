/**
 * What the operations routes need of on-demand backups (`POST /api/operations/backup`). The
 * backup layer builds on the modules, so it implements this port (backup/on-demand.ts) and
 * app.ts passes it in.
 */
export interface BackupRequests {
  /**
   * Starts one backup in this process, or says why not: `busy` while one (or a drill) runs here
   * or in another process; `too-soon` within the cooldown after the last on-demand backup of the
   * deployment; `no-space` when the backup folder has less free space than the rule asks.
   */
  start(): Promise<BackupStart>;
  /** Whether `presented` is this process's operator token (compared in constant time). */
  isOperatorToken(presented: string | null): boolean;
  /** Writes the operator token for `bun run backup` (embedded database only); removed by `stop`. */
  publishOperatorToken(url: string): Promise<void>;
  /** Removes the operator token, stops a backup still running and awaits it. */
  stop(): Promise<void>;
}

export type BackupStart =
  | { outcome: "started" }
  | { outcome: "busy" }
  /** Failed before its run was recorded (the database or the backup folder's free space): nothing began. */
  | { outcome: "not-begun" }
  /** The next on-demand backup may start at `nextAt`, `retryAfterSeconds` from now. */
  | { outcome: "too-soon"; nextAt: Date; retryAfterSeconds: number }
  /** `freeBytes` in the backup folder, below `neededBytes` (twice the last set). */
  | { outcome: "no-space"; freeBytes: number; neededBytes: number };

/**
 * „Jetzt sichern“ at most once in this time, counted per deployment (`backup_runs`): every press
 * writes a full set, and a stolen admin session or the operator token must not fill the backup
 * folder (issue 45: one every 4 s wrote 10 sets, 50 MB, in a minute).
 */
export const onDemandBackupCooldownMs = 10 * 60 * 1000;

/**
 * A new set needs at least this many times the last set's size free in the backup folder (the
 * message says „das Doppelte“).
 */
export const backupSpaceFactor = 2;
