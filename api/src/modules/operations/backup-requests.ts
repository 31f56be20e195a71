/**
 * What the operations routes need of on-demand backups (`POST /api/operations/backup`). The
 * backup layer builds on the modules, so it implements this port (backup/on-demand.ts) and
 * app.ts passes it in.
 */
export interface BackupRequests {
  /** Starts one backup in this process: `busy` while one (or a drill) runs here or in another process. */
  start(): Promise<"started" | "busy">;
  /** Whether `presented` is this process's operator token (compared in constant time). */
  isOperatorToken(presented: string | null): boolean;
  /** Writes the operator token for `bun run backup` (embedded database only); removed by `stop`. */
  publishOperatorToken(url: string): Promise<void>;
  /** Removes the operator token, stops a backup still running and awaits it. */
  stop(): Promise<void>;
}
