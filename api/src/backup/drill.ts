import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type postgres from "postgres";
import type { Config } from "../config.ts";
import { openDatabase, type Queries } from "../db/open.ts";
import { hashPassword } from "../modules/auth/index.ts";
import {
  type LedgerEntry,
  LedgerError,
  ledgerFilePath,
  ledgerMessages,
  readLedger,
  readLedgerFile,
} from "../modules/privacy/index.ts";
import { digestOf } from "../storage/blob-digest.ts";
import { adminConnection, claimDatabase, claimKey, dropAbandoned, quoted } from "./database-claims.ts";
import type { Manifest, ManifestBlob } from "./manifest.ts";
import { restoreMessages } from "./messages.ts";
import { type LedgerSource, RestoreError, type RestoreResult, restoreSet } from "./restore.ts";
import type { BackupKey } from "./signature.ts";
import type { BackupTarget } from "./target.ts";

/**
 * The restore drill (`bun run restore-drill`, and the API daily after its backup): the newest set,
 * refused unless signed with the deployment's backup key, restored into a throwaway database (on the same server, or an embedded one in a temporary
 * folder) and a temporary blob folder, verified like any restore, then the API started on them:
 * `/api/health` must answer, and the set's data must be served: a file downloaded byte for byte
 * (signed in), a release's manifest as the shell fetches it, or else the customer count. The
 * throwaway copies are dropped either way.
 */

export interface DrillOptions {
  config: Pick<Config, "databaseUrl" | "webRoot" | "dataDir">;
  target: BackupTarget;
  /** The deployment's backup key: the drill proves only a set signed with it (no `--unsigned`). */
  key: BackupKey;
  /**
   * The running deployment's database: its erasure ledger (and the copy in its `DATA_DIR`) is
   * replayed on the throwaway copy as a restore would, so the drill proves that too.
   */
  live?: Queries;
  log?: (line: string) => void;
  now?: () => number;
}

export interface DrillResult {
  restore: RestoreResult;
  durationMs: number;
  /** What the signed-in call checked. */
  checked: string;
}

const apiMain = join(import.meta.dir, "../main.ts");

export async function runDrill(options: DrillOptions): Promise<DrillResult> {
  const { config, target, now = Date.now, log = () => {} } = options;
  const started = now();
  const name = throwawayName(config.databaseUrl);
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
  const server = config.databaseUrl ? await throwawayDatabase(config.databaseUrl, name, log) : null;
  try {
    const drillConfig = { databaseUrl: server?.url ?? null, dataDir, blobStore: { kind: "disk" } as const };
    const ledgers = await liveLedgers(options.live ?? null, config.dataDir);
    const restore = await restoreSet({
      config: drillConfig,
      target,
      set: "latest",
      key: options.key,
      remedy: "drill",
      now,
      log,
      ledgers,
    });
    log(
      `Probe: Sicherung ${restore.manifest.set} wiederhergestellt und geprüft in ${(restore.durationMs / 1000).toFixed(1)} s`,
    );
    const account = await addDrillAdmin(drillConfig);
    const checked = await checkApi(drillConfig, config.webRoot, account, restore.manifest, restore.ledger);
    log(`Probe: die API hat auf der wiederhergestellten Kopie geantwortet (${checked})`);
    return { restore, durationMs: Math.round(now() - started), checked };
  } finally {
    await server?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The running deployment's erasure ledger: its table and its copy in `DATA_DIR`; damage stops the drill. */
async function liveLedgers(live: Queries | null, dataDir: string): Promise<LedgerSource[]> {
  try {
    const sources: LedgerSource[] = [
      { name: ledgerMessages.fileSource(ledgerFilePath(dataDir)), entries: await readLedgerFile(dataDir) },
    ];
    if (live) {
      const which = "der laufenden Datenbank";
      sources.push({ name: ledgerMessages.databaseSource(which), entries: await readLedger(live, which) });
    }
    return sources;
  } catch (error) {
    if (error instanceof LedgerError) throw new RestoreError("latest", [error.message]);
    throw error;
  }
}

/** The newest contact request an entry of the ledger names: the API on the copy must not serve it. */
function erasedRequest(ledger: readonly LedgerEntry[]): number | null {
  for (const entry of [...ledger].reverse()) {
    const rows = entry.rows.find((named) => named.table === "contact_requests" && !named.set);
    if (rows?.ids[0] !== undefined) return rows.ids[0];
  }
  return null;
}

/**
 * This deployment's mark in its drills' database names: 8 hex digits of the SHA-256 of its
 * database's name (two deployments on one server never share a database). A drill drops only
 * the abandoned drill databases that carry its own deployment's mark: another deployment's on a
 * shared server, and those named before drills carried a mark, are never its to take for
 * abandoned (their claims may be where it cannot see them).
 */
export function drillPrefix(databaseUrl: string): string {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const deployment = createHash("sha256").update(database).digest("hex");
  return `klarwerk_drill_${deployment.slice(0, 8)}_`;
}

/** A name for the throwaway database or folder: `klarwerk_drill_<deployment>_<random>`. */
function throwawayName(databaseUrl: string | null): string {
  return `${databaseUrl ? drillPrefix(databaseUrl) : "klarwerk_drill_"}${randomBytes(6).toString("hex")}`;
}

/** This deployment's drill databases, or a restore's copy beside one: the claims that keep each. */
function drillClaims(prefix: string): (database: string) => string[] | null {
  return (database) => {
    if (!database.startsWith(prefix)) return null;
    const [, random, copy] = /^([0-9a-f]{12})(_restore_\d{14})?$/.exec(database.slice(prefix.length)) ?? [];
    if (!random) return null;
    const target = `${prefix}${random}`;
    return copy ? [claimKey("drill", target), claimKey("copy", database)] : [claimKey("drill", target)];
  };
}

/**
 * A new database on the same server, dropped afterwards (with any connection left to it). Claimed
 * while the drill runs: a drill killed before it could drop its databases leaves them unclaimed,
 * and the next drill drops them.
 */
async function throwawayDatabase(serverUrl: string, name: string, log: (line: string) => void) {
  const claim = await claimDatabase(serverUrl, claimKey("drill", name));
  let admin: postgres.Sql | null = null;
  try {
    admin = await adminConnection(serverUrl, [name]);
    await dropAbandoned(admin, serverUrl, drillClaims(drillPrefix(serverUrl)), log, {
      removed: restoreMessages.abandonedDrillRemoved,
      kept: restoreMessages.abandonedDrillKept,
    });
    // From template0: a claim held in template1 (a server without `postgres`) would refuse template1 as a template.
    await admin.unsafe(`create database ${quoted(name)} template template0`);
  } catch (error) {
    await admin?.end({ timeout: 5 });
    await claim.end({ timeout: 5 });
    throw error;
  }
  const connection = admin;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await connection.unsafe(`drop database if exists ${quoted(name)} with (force)`);
      } finally {
        await connection.end({ timeout: 5 });
        await claim.end({ timeout: 5 });
      }
    },
  };
}

interface DrillAccount {
  email: string;
  password: string;
}

/** An active admin only the drill knows, added to the throwaway copy (never to the real database). */
async function addDrillAdmin(config: { databaseUrl: string | null; dataDir: string }): Promise<DrillAccount> {
  const account = {
    email: `restore-drill-${randomBytes(4).toString("hex")}@example.com`,
    password: `Probe-${randomBytes(12).toString("base64url")}-Wiederherstellung`,
  };
  const db = await openDatabase(config);
  try {
    await db.sql`
      insert into users (name, email, password_hash, role, status)
      values ('Wiederherstellungsprobe', ${account.email}, ${await hashPassword(account.password)}, 'admin', 'active')`;
  } finally {
    await db.close();
  }
  return account;
}

/** What `url` serves, refused unless its SHA-256 is the one the set lists for `blob`. */
async function servedAsInSet(
  url: string,
  headers: Record<string, string>,
  blob: ManifestBlob,
): Promise<{ size: number; sha256: string }> {
  const answer = await fetch(url, { headers });
  if (!answer.ok || !answer.body)
    throw new Error(`${blob.area} #${blob.row_id} "${blob.name}" antwortete ${answer.status}`);
  const got = await digestOf(answer.body);
  if (got.sha256 !== blob.sha256) {
    throw new Error(
      `${blob.area} #${blob.row_id} "${blob.name}" kommt mit SHA-256 ${got.sha256}, die Sicherung nennt ${blob.sha256}`,
    );
  }
  return got;
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = probe.port ?? 0;
  probe.stop(true);
  return port;
}

/**
 * The API started on the copy as `bun start` starts it, with nothing of the real deployment's
 * settings: no SMTP (no mail leaves a drill), no schedule, a secret of its own.
 */
async function checkApi(
  config: { databaseUrl: string | null; dataDir: string },
  webRoot: string,
  account: DrillAccount,
  manifest: Manifest,
  ledger: readonly LedgerEntry[],
): Promise<string> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? tmpdir(),
    TMPDIR: tmpdir(),
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: config.dataDir,
    WEB_ROOT: webRoot,
    JWT_SECRET: randomBytes(32).toString("hex"),
    BACKUP_SCHEDULE: "off",
    BLOB_STORE: "disk",
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
  };
  const child = Bun.spawn(["bun", apiMain], { env, stdout: "ignore", stderr: "pipe" });
  const stderr = new Response(child.stderr).text();
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`Die API startete nicht auf der wiederhergestellten Kopie: ${(await stderr).trim()}`);
      const answer = await fetch(`${base}/api/health`).catch(() => null);
      if (answer?.ok) break;
      if (Date.now() > deadline)
        throw new Error("Die API auf der wiederhergestellten Kopie beantwortete /api/health nicht binnen 60 s");
      await Bun.sleep(200);
    }
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(account),
    });
    if (!login.ok)
      throw new Error(
        `Die Anmeldung auf der wiederhergestellten Kopie schlug fehl: ${login.status} ${await login.text()}`,
      );
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const checked: string[] = [];
    const erased = erasedRequest(ledger);
    if (erased !== null) {
      const answer = await fetch(`${base}/api/requests/${erased}`, { headers });
      if (answer.status !== 404)
        throw new Error(
          `Die Kontaktanfrage #${erased} ist laut Löschprotokoll gelöscht, die API auf der Kopie antwortete aber ${answer.status}`,
        );
      checked.push(`Kontaktanfrage #${erased} aus dem Löschprotokoll nicht mehr vorhanden (404)`);
    }
    // A blob the ledger erased is no longer served: the drill asks for one that stayed.
    const erasedBlobs = new Set(ledger.flatMap((entry) => entry.blobs.map((blob) => `${blob.area}/${blob.id}`)));
    const kept = manifest.blobs.filter((blob) => !erasedBlobs.has(`${blob.area}/${blob.id}`));
    const file = kept.find((blob) => blob.area === "files");
    if (file) {
      const got = await servedAsInSet(`${base}/api/files/${file.row_id}/download`, headers, file);
      checked.push(`Datei #${file.row_id} heruntergeladen, ${got.size} Bytes, SHA-256 wie in der Sicherung`);
    }
    // A release file is named by the path it is served under `/remotes/`; its manifest is what
    // the shell asks for first.
    const release = kept.find((blob) => blob.area === "releases" && blob.name.endsWith("/mf-manifest.json"));
    if (release) {
      const path = release.name.split("/").map(encodeURIComponent).join("/");
      const got = await servedAsInSet(`${base}/remotes/${path}`, {}, release);
      checked.push(`Release-Datei ${release.name} ausgeliefert, ${got.size} Bytes, SHA-256 wie in der Sicherung`);
    }
    if (checked.length > (erased === null ? 0 : 1)) return checked.join("; ");
    const list = await fetch(`${base}/api/customers?limit=1`, { headers });
    if (!list.ok) throw new Error(`Die Kundenliste antwortete ${list.status}`);
    const { total } = (await list.json()) as { total: number };
    const expected = manifest.row_counts.customers ?? 0;
    // Customers the ledger deleted are not in the copy any more: then fewer, never more.
    const customersErased = ledger.some((entry) => entry.rows.some((rows) => rows.table === "customers" && !rows.set));
    if (total > expected || (total !== expected && !customersErased))
      throw new Error(`Die Kundenliste zählt ${total}, die Sicherung enthält ${expected}`);
    return [...checked, `Kundenliste: ${total} wie in der Sicherung`].join("; ");
  } finally {
    child.kill("SIGTERM");
    const exited = await Promise.race([child.exited, Bun.sleep(10_000).then(() => null)]);
    if (exited === null) {
      child.kill("SIGKILL");
      await child.exited;
    }
  }
}
