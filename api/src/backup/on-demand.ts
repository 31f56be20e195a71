import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "../db/open.ts";
import { createPrivateFile } from "../lib/private-files.ts";
import {
  type BackupRequests,
  type BackupStart,
  backupSpaceFactor,
  onDemandBackupCooldownMs,
} from "../modules/operations/index.ts";
import { backupNow, type JobConfig, pruneSets, withBackupLock } from "./job.ts";
import { type BackupTarget, backupTargetFor } from "./target.ts";

/**
 * „Jetzt sichern“: one backup in the running API process, as the schedule runs it (the same lock,
 * the same record in `backup_runs`, the same mail on failure), asked for by an admin on the
 * dashboard or by `bun run backup` on this machine.
 *
 * The embedded database belongs to the API process, so `bun run backup` cannot open it while the
 * API runs. The API then writes a token of its own to `DATA_DIR/operator-token.json` (0600, the
 * API's account only; a new one each start, removed at shutdown) with its address; the command
 * reads it and presents it as its bearer token. Whoever can read that file can already read the
 * database beside it, so it grants nothing more than the data folder does: one backup, nothing else.
 *
 * Each press writes a full set, so (issue 45) it is held to one per 10 minutes per deployment,
 * counted in `backup_runs` under the backup lock (every process sees the same rows), its set is
 * followed by the same pruning as a scheduled one, and it is refused before it starts when the
 * backup folder has less free space than twice the last set (a bucket has no free space to
 * measure: there only the cooldown and the pruning hold).
 */

export const operatorTokenName = "operator-token.json";

export interface OperatorToken {
  /** Where the API listens (`http://127.0.0.1:3000`). */
  url: string;
  token: string;
}

/**
 * Why an on-demand backup may not start now, or null: within the cooldown after the deployment's
 * last backup outside the schedule (`slot` null: „Jetzt sichern“, `bun run backup`), whatever its
 * outcome, timed by the database's clock, the one every process shares; or too little free space.
 * Asked under the backup lock, so two processes cannot both find the cooldown over.
 */
export async function onDemandRefusal(db: Database, target: BackupTarget): Promise<BackupStart | null> {
  const cooldown = `${onDemandBackupCooldownMs} milliseconds`;
  const [last] = await db.sql<{ next_at: Date; too_soon: boolean; seconds_left: number }[]>`
    select started_at + ${cooldown}::interval as next_at,
           started_at + ${cooldown}::interval > now() as too_soon,
           ceil(extract(epoch from (started_at + ${cooldown}::interval - now())))::int as seconds_left
    from backup_runs where kind = 'backup' and slot is null
    order by started_at desc limit 1`;
  if (last?.too_soon) return { outcome: "too-soon", nextAt: last.next_at, retryAfterSeconds: last.seconds_left };

  const freeBytes = await target.freeBytes();
  if (freeBytes === null) return null;
  const [set] = await db.sql<{ size_bytes: number }[]>`
    select size_bytes from backup_runs
    where kind = 'backup' and result = 'ok' and size_bytes is not null
    order by finished_at desc limit 1`;
  const neededBytes = backupSpaceFactor * (set?.size_bytes ?? 0);
  return freeBytes < neededBytes ? { outcome: "no-space", freeBytes, neededBytes } : null;
}

export function backupRequests({
  config,
  db,
  log = (line) => console.log(`[api] ${line}`),
  target = backupTargetFor(config.backupTarget),
}: {
  config: JobConfig;
  db: Database;
  log?: (line: string) => void;
  /** Where the sets go; by default the configured BACKUP_DIR or bucket. */
  target?: BackupTarget;
}): BackupRequests {
  const token = randomBytes(32).toString("base64url");
  const tokenPath = join(config.dataDir, operatorTokenName);
  let published = false;
  let running: Promise<unknown> = Promise.resolve();
  // At shutdown a backup in progress stops as the scheduled one does (recorded as aborted, not mailed).
  const shutdown = new AbortController();

  return {
    async start() {
      let decided!: (start: BackupStart) => void;
      const decision = new Promise<BackupStart>((resolve) => {
        decided = resolve;
      });
      const run = withBackupLock(db, async () => {
        const refusal = await onDemandRefusal(db, target);
        if (refusal) {
          decided(refusal);
          return null;
        }
        const outcome = await backupNow({
          config,
          db,
          target,
          log,
          signal: shutdown.signal,
          onRecorded: () => decided({ outcome: "started" }),
        });
        if (outcome?.ok) {
          log(`Sicherung auf Anfrage: ${outcome.value.manifest.set} geschrieben`);
          await pruneSets(target, Date.now(), log);
        }
        return outcome;
      }).catch((error: unknown) => {
        log(`Sicherung auf Anfrage fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
      running = Promise.all([running, run]);
      return Promise.race([
        decision,
        // Busy, or failed before its row was recorded (the database, or `statfs` on the backup
        // folder; logged above): no backup began, and a 202 would have the card wait for nothing.
        run.then((outcome): BackupStart => ({ outcome: outcome === "busy" ? "busy" : "not-begun" })),
      ]);
    },
    isOperatorToken(presented) {
      if (presented === null) return false;
      const given = Buffer.from(presented);
      const expected = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async publishOperatorToken(url) {
      const part = `${tokenPath}.${randomBytes(6).toString("hex")}.part`;
      await createPrivateFile(part);
      await Bun.write(part, JSON.stringify({ url, token } satisfies OperatorToken));
      await rename(part, tokenPath);
      published = true;
    },
    async stop() {
      if (published) await rm(tokenPath, { force: true });
      shutdown.abort();
      await running;
    },
  };
}

/** The running API's operator token in `dataDir`, or null when no API published one there. */
export async function readOperatorToken(dataDir: string): Promise<OperatorToken | null> {
  const text = await readFile(join(dataDir, operatorTokenName), "utf8").catch(() => null);
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "url" in parsed &&
      "token" in parsed &&
      typeof parsed.url === "string" &&
      typeof parsed.token === "string"
    ) {
      return { url: parsed.url, token: parsed.token };
    }
  } catch {
    // A half-written or foreign file: as if there were none.
  }
  return null;
}
