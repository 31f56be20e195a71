import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "../db/open.ts";
import { createPrivateFile } from "../lib/private-files.ts";
import type { BackupRequests } from "../modules/operations/index.ts";
import { backupNow, type JobConfig, withBackupLock } from "./job.ts";

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
 */

export const operatorTokenName = "operator-token.json";

export interface OperatorToken {
  /** Where the API listens (`http://127.0.0.1:3000`). */
  url: string;
  token: string;
}

export function backupRequests({
  config,
  db,
  log = (line) => console.log(`[api] ${line}`),
}: {
  config: JobConfig;
  db: Database;
  log?: (line: string) => void;
}): BackupRequests {
  const token = randomBytes(32).toString("base64url");
  const tokenPath = join(config.dataDir, operatorTokenName);
  let published = false;
  let running: Promise<unknown> = Promise.resolve();
  // At shutdown a backup in progress stops as the scheduled one does (recorded as aborted, not mailed).
  const shutdown = new AbortController();

  return {
    async start() {
      let began!: () => void;
      const started = new Promise<"started">((resolve) => {
        began = () => resolve("started");
      });
      const run = withBackupLock(db, async () => {
        began();
        const outcome = await backupNow({ config, db, log, signal: shutdown.signal });
        if (outcome?.ok) log(`Sicherung auf Anfrage: ${outcome.value.manifest.set} geschrieben`);
        return outcome;
      }).catch((error: unknown) => {
        log(`Sicherung auf Anfrage fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
      running = Promise.all([running, run]);
      return Promise.race([started, run.then((outcome) => (outcome === "busy" ? "busy" : "started"))]);
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
