import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config.ts";
import { type Database, openDatabase } from "../db/open.ts";
import { newSha256 } from "../storage/blob-digest.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { type BlobArea, blobStoresFor } from "../storage/configured-blob-store.ts";
import { meter } from "./create.ts";
import { isEmptyDatabase, readDatabaseState } from "./database-state.ts";
import { blobKey, type Manifest, type ManifestBlob } from "./manifest.ts";
import { checkPgToolVersion, pgToolEnv } from "./pg-tools.ts";
import { readManifest, resolveSet } from "./sets.ts";
import type { BackupTarget } from "./target.ts";

/**
 * `bun run restore <set|latest>` and the drill: a set put back into an empty database and an
 * empty blob store (the configured ones, or the drill's throwaway copies), then verified against
 * its manifest: the dump's checksum before anything is written, the migration level, the rows per
 * table, and every blob's size and SHA-256 as read back from the store.
 */

export type RestoreConfig = Pick<Config, "databaseUrl" | "dataDir" | "blobStore">;

export interface RestoreOptions {
  config: RestoreConfig;
  target: BackupTarget;
  /** A set's name, or `latest`. */
  set: string;
  /** `--force <name>`: overwrite a target that is not empty, when `name` is the target's. */
  force?: string | null;
  now?: () => number;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** How long the restore took, verification included (the recovery time). */
  durationMs: number;
  /** How old the set was when the restore finished (the recovery point). */
  ageMs: number;
}

/** A restore that found the set damaged or the result different from the manifest; `problems` name each. */
export class RestoreError extends Error {
  constructor(
    readonly set: string,
    readonly problems: string[],
  ) {
    super(`restore of set ${set} failed:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "RestoreError";
  }
}

/** Problems listed at most; the count says how many more. */
const maxProblems = 20;

/** What `--force` must name: the database's name, or the embedded database's `DATA_DIR`. */
export function restoreTargetName(config: RestoreConfig): string {
  return config.databaseUrl ? decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1)) : config.dataDir;
}

export async function restoreSet(options: RestoreOptions): Promise<RestoreResult> {
  const { config, target, now = Date.now, log = () => {} } = options;
  const started = now();
  const set = await resolveSet(target, options.set);
  const manifest = await readManifest(target, set);
  const kind = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.database.kind !== kind) {
    throw new Error(
      `set ${set} holds a ${manifest.database.kind === "postgres" ? "PostgreSQL server's" : "embedded database's"} ` +
        `dump; restore it with ${manifest.database.kind === "postgres" ? "DATABASE_URL set" : "DATABASE_URL unset"}`,
    );
  }
  const stores = blobStoresFor(config);
  await ensureEmpty(config, stores, options.force ?? null, log);

  const scratch = await mkdtemp(join(tmpdir(), "klarwerk-restore-"));
  let db: Database | null = null;
  try {
    const dumpPath = join(scratch, "database");
    await fetchDump(target, manifest, dumpPath);
    db = await restoreDatabase(config, manifest, dumpPath);
    log(`restored the database of set ${set} (migration ${manifest.migration_level})`);
    const problems = await restoreBlobs(target, manifest, stores);
    problems.push(...(await verify(db, manifest, stores)));
    if (problems.length > 0) throw new RestoreError(set, limited(problems));
  } finally {
    await db?.close();
    for (const store of Object.values(stores)) await store.close();
    await rm(scratch, { recursive: true, force: true });
  }
  const finished = now();
  return {
    manifest,
    durationMs: Math.round(finished - started),
    ageMs: Math.round(finished - Date.parse(manifest.created_at)),
  };
}

function limited(problems: string[]): string[] {
  if (problems.length <= maxProblems) return problems;
  return [...problems.slice(0, maxProblems), `… and ${problems.length - maxProblems} more`];
}

/** Refuses a target that holds anything, unless `--force` names it; then empties it. */
async function ensureEmpty(
  config: RestoreConfig,
  stores: Record<BlobArea, BlobStore>,
  force: string | null,
  log: (line: string) => void,
): Promise<void> {
  const name = restoreTargetName(config);
  const found: string[] = [];
  const pgliteDir = join(config.dataDir, "pglite");
  if (config.databaseUrl) {
    const db = await openDatabase(config);
    try {
      if (!(await isEmptyDatabase(db.sql))) found.push(`the database "${name}" has tables`);
    } finally {
      await db.close();
    }
  } else if ((await readdir(pgliteDir).catch(() => [])).length > 0) {
    found.push(`the embedded database in ${pgliteDir} exists`);
  }
  for (const [area, store] of Object.entries(stores)) {
    for await (const page of store.list()) {
      if (page.length > 0) found.push(`the ${store.kind} store of ${area} holds blobs`);
      break;
    }
  }
  if (found.length === 0) return;
  if (force !== name) {
    throw new Error(
      `the target is not empty (${found.join("; ")}). A restore replaces everything in it: ` +
        `to do so, run it with --force ${JSON.stringify(name)}`,
    );
  }
  log(`--force ${name}: emptying the target (${found.join("; ")})`);
  if (config.databaseUrl) {
    const db = await openDatabase(config);
    try {
      await db.sql`drop schema public cascade`;
      await db.sql`create schema public`;
    } finally {
      await db.close();
    }
  } else {
    await rm(pgliteDir, { recursive: true, force: true });
  }
  for (const store of Object.values(stores)) {
    for await (const page of store.list()) for (const blob of page) await store.remove(blob.id);
  }
}

/** The dump to a local file, refused unless its size and SHA-256 are the manifest's. */
async function fetchDump(target: BackupTarget, manifest: Manifest, path: string): Promise<void> {
  const { key, size, sha256 } = manifest.database;
  if ((await target.sizeOf(key)) === null)
    throw new RestoreError(manifest.set, [`the database dump ${key} is missing`]);
  const metered = meter(target.read(key));
  await Bun.write(path, new Response(metered.stream));
  const got = metered.result();
  if (got.size !== size || got.sha256 !== sha256) {
    throw new RestoreError(manifest.set, [
      `the database dump ${key} is damaged${got.size < size ? " (truncated)" : ""}: ${got.size} bytes with SHA-256 ` +
        `${got.sha256}, the manifest says ${size} bytes with ${sha256}`,
    ]);
  }
}

async function restoreDatabase(config: RestoreConfig, manifest: Manifest, dumpPath: string): Promise<Database> {
  if (!config.databaseUrl) {
    const data = await Bun.file(dumpPath).arrayBuffer();
    return openDatabase({ databaseUrl: null, dataDir: config.dataDir }, { template: data });
  }
  await checkPgToolVersion("pg_restore", manifest.database.server_version);
  const child = Bun.spawn(
    ["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", "--dbname", config.databaseUrl, dumpPath],
    { env: pgToolEnv(), stdout: "ignore", stderr: "pipe" },
  );
  const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new RestoreError(manifest.set, [`pg_restore failed (${code}): ${stderr.trim()}`]);
  return openDatabase(config);
}

function describe(blob: ManifestBlob): string {
  return `${blob.area} #${blob.row_id} "${blob.name}" (blob ${blob.id}, SHA-256 ${blob.sha256})`;
}

/**
 * Every blob of the set back into its store under its id, the content after `offset` zero bytes
 * (the form's start a large upload kept on disk is not part of the content and not in the set).
 */
async function restoreBlobs(
  target: BackupTarget,
  manifest: Manifest,
  stores: Record<BlobArea, BlobStore>,
): Promise<string[]> {
  const problems: string[] = [];
  const done = new Set<string>();
  for (const blob of manifest.blobs) {
    const id = `${blob.area}/${blob.id}`;
    if (done.has(id)) continue;
    done.add(id);
    const key = blobKey(blob.sha256);
    if ((await target.sizeOf(key)) === null) {
      problems.push(`${describe(blob)} is missing from the set (${key})`);
      continue;
    }
    const store = stores[blob.area];
    await store.prepare();
    const pending = store.create(blob.id);
    const hasher = newSha256();
    let size = 0;
    try {
      if (blob.offset > 0) await pending.write(new Uint8Array(blob.offset));
      for await (const chunk of target.read(key)) {
        hasher.update(chunk);
        size += chunk.length;
        await pending.write(chunk);
      }
      await pending.close();
    } catch (error) {
      await pending.discard();
      throw error;
    }
    const sha256 = hasher.digest("hex");
    if (size !== blob.size || sha256 !== blob.sha256) {
      await pending.discard();
      problems.push(`${describe(blob)} is altered in the set: ${size} bytes with SHA-256 ${sha256}`);
      continue;
    }
    await pending.commit();
  }
  return problems;
}

/** The restored database and stores against the manifest. */
async function verify(db: Database, manifest: Manifest, stores: Record<BlobArea, BlobStore>): Promise<string[]> {
  const problems: string[] = [];
  const state = await readDatabaseState(db.sql);
  if (state.migrationLevel !== manifest.migration_level) {
    problems.push(`migration level ${state.migrationLevel}, the manifest says ${manifest.migration_level}`);
  }
  const tables = new Set([...Object.keys(manifest.row_counts), ...Object.keys(state.rowCounts)]);
  for (const table of [...tables].sort()) {
    const expected = manifest.row_counts[table];
    const found = state.rowCounts[table];
    if (expected !== found)
      problems.push(`table ${table} has ${found ?? "no"} rows, the manifest says ${expected ?? "none"}`);
  }
  for (const blob of manifest.blobs) {
    const store = stores[blob.area];
    const stored = await store.sizeOf(blob.id);
    if (stored === null) {
      // Already named when it could not be restored.
      if (!problems.some((problem) => problem.includes(blob.sha256))) problems.push(`${describe(blob)} is not stored`);
      continue;
    }
    const read = await store.digest(blob.id, blob.offset, stored);
    if (read.size !== blob.size || read.sha256 !== blob.sha256) {
      problems.push(`${describe(blob)} reads back as ${read.size} bytes with SHA-256 ${read.sha256}`);
    }
  }
  return problems;
}

/** A name for a throwaway database or folder: `klarwerk_drill_<random>`. */
export function throwawayName(): string {
  return `klarwerk_drill_${randomBytes(6).toString("hex")}`;
}
