import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type postgres from "postgres";
import type { Config } from "../config.ts";
import { latestMigrationLevel, migrate } from "../db/migrate.ts";
import { type Database, openDatabase } from "../db/open.ts";
import { isProcessRunning } from "../lib/process-running.ts";
import {
  type LedgerEntry,
  LedgerError,
  ledgerFilePath,
  ledgerMessages,
  mergeLedgers,
  type ReplayCounts,
  readLedger,
  readLedgerFile,
  removeErasedBlobs,
  replayLedger,
  writeLedgerFile,
} from "../modules/privacy/index.ts";
import { newSha256 } from "../storage/blob-digest.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { type BlobArea, blobAreaNames, blobStoresFor, diskFolders } from "../storage/configured-blob-store.ts";
import { meter } from "./create.ts";
import { adminConnection, claimDatabase, claimKey, dropAbandoned, quoted } from "./database-claims.ts";
import { blobRows, isEmptyDatabase, readDatabaseState } from "./database-state.ts";
import { blobKey, type Manifest, type ManifestBlob, ManifestError, parseManifest } from "./manifest.ts";
import { restoreMessages, type SignatureRemedy } from "./messages.ts";
import { checkPgToolVersion, pgToolConnection } from "./pg-tools.ts";
import { readManifestText, resolveSet } from "./sets.ts";
import { type BackupKey, signatureKey, signatureProblem } from "./signature.ts";
import type { BackupTarget } from "./target.ts";

/**
 * `bun run restore <set|latest>` and the drill. Nothing of the target is touched before the whole
 * set is proven: its signature (unless `--unsigned`), the manifest's shape and bounds, its migration level against this code's, the
 * dump's checksum and every blob's SHA-256. The set is then put back *beside* the target (a new
 * database on the same server or a folder under `DATA_DIR`; on S3 only blob ids the bucket does
 * not hold yet) and verified there: the migration level, the rows per table, each row's blob and
 * every blob read back. Only then is it swapped in by renames; the old data is set aside, not
 * deleted (a bucket's blobs the set does not know go after the swap).
 */

export type RestoreConfig = Pick<Config, "databaseUrl" | "dataDir" | "blobStore">;

export interface RestoreOptions {
  config: RestoreConfig;
  target: BackupTarget;
  /** A set's name, or `latest`. */
  set: string;
  /** `--force <name>`: replace a target that is not empty, when `name` is the target's. */
  force?: string | null;
  /** The key the set's signature must be made with (`signature.ts`). */
  key: BackupKey;
  /** `--unsigned`: the signature is not checked (a set from before sets were signed). */
  unsigned?: boolean;
  /** What a refused signature's message tells the operator to do. */
  remedy?: SignatureRemedy;
  now?: () => number;
  log?: (line: string) => void;
  /**
   * Erasure ledgers besides the target's own (its database and `DATA_DIR` copy) and the set's:
   * the drill's throwaway target has none, so it hands over the running deployment's.
   */
  ledgers?: LedgerSource[];
}

/** One place the erasure ledger was read from, named for the operator. */
export interface LedgerSource {
  name: string;
  entries: LedgerEntry[];
}

export interface RestoreResult {
  manifest: Manifest;
  /** How long the restore took, verification included (the recovery time). */
  durationMs: number;
  /** How old the set was when the restore finished (the recovery point). */
  ageMs: number;
  /** Where the target's previous data was set aside: operator lines, German. */
  setAside: string[];
  /** The erasure ledger replayed on the restored data before anything could serve it. */
  replayed: ReplayCounts;
  /** The merged ledger that was replayed (the drill checks one of its erasures through the API). */
  ledger: LedgerEntry[];
}

/**
 * A restore that found the set damaged or the result different from the manifest; `problems`
 * name each. `targetUnchanged`: nothing of the target was touched.
 */
export class RestoreError extends Error {
  constructor(
    readonly set: string,
    readonly problems: string[],
    readonly targetUnchanged = true,
  ) {
    super(
      `${restoreMessages.refused(set)}\n${problems.map((problem) => `  - ${problem}`).join("\n")}\n` +
        (targetUnchanged ? restoreMessages.targetUnchanged : restoreMessages.targetSwitched),
    );
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
  const text = await readManifestText(target, set);
  // Before anything of the set is believed, even its manifest's shape: it is this key's.
  if (options.unsigned) log(restoreMessages.notChecked(set));
  else {
    const signature = await target.readText(signatureKey(set));
    const problem = signatureProblem(options.key, set, text, signature, options.remedy ?? "restore");
    if (problem !== null) throw new RestoreError(set, [problem]);
  }
  let manifest: Manifest;
  try {
    manifest = parseManifest(text, set);
  } catch (error) {
    if (error instanceof ManifestError) throw new RestoreError(set, [error.message]);
    throw error;
  }
  const kind = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.database.kind !== kind) {
    throw new RestoreError(set, [restoreMessages.wrongKind(set, manifest.database.kind)]);
  }
  const known = await latestMigrationLevel();
  if (Number(manifest.migration_level) > Number(known)) {
    throw new RestoreError(set, [restoreMessages.newerLevel(set, manifest.migration_level, known)]);
  }

  const stores = blobStoresFor(config);
  const stamp = stampOf(new Date(now()));
  const scratch = await mkdtemp(join(tmpdir(), "klarwerk-restore-"));
  let staging: Staging | null = null;
  let swapped = false;
  let replay: Replay;
  try {
    const held = await inspectTarget(config, stores, options.force ?? null, log);
    const ledgers = [...(options.ledgers ?? []), ...(await targetLedgers(config, held, set, log))];
    const dumpPath = join(scratch, "database");
    await fetchDump(target, manifest, dumpPath);
    staging = await openStaging(config, stores, stamp, log);
    const staged = await stageBlobs(target, manifest, staging);
    if (staged.problems.length > 0) throw new RestoreError(set, limited(staged.problems));
    const db = await restoreDatabase(staging, manifest, dumpPath);
    try {
      log(
        `Datenbank der Sicherung ${set} (Migrationsstand ${manifest.migration_level}) neben dem Ziel wiederhergestellt`,
      );
      const problems = await verify(db, manifest, staging.stores, staged.conflicts);
      if (problems.length > 0) throw new RestoreError(set, limited(problems));
      replay = await replayOnCopy(db, set, ledgers, staging);
    } finally {
      await db.close();
    }
    swapped = true;
    const setAside = await swap(config, staging, stores, manifest, staged.conflicts, held, stamp, target);
    if (staging.live) {
      // The bucket is the target's own: the set's copies of erased blobs go only now, after the swap.
      try {
        await removeErasedBlobs(stores, replay.ledger, replay.counts, replay.found);
      } catch (error) {
        throw new RestoreError(set, [error instanceof Error ? error.message : String(error)], false);
      }
    }
    await mkdir(config.dataDir, { recursive: true });
    await writeLedgerFile(config.dataDir, replay.ledger);
    log(ledgerMessages.replayed(replay.counts));
    const finished = now();
    return {
      manifest,
      durationMs: Math.round(finished - started),
      ageMs: Math.round(finished - Date.parse(manifest.created_at)),
      setAside,
      replayed: replay.counts,
      ledger: replay.ledger,
    };
  } catch (error) {
    if (staging && !swapped) await staging.discard();
    throw error;
  } finally {
    await staging?.release();
    for (const store of Object.values(stores)) await store.close();
    if (staging) for (const store of Object.values(staging.stores)) await store.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The erasure ledger of the target as it is: its copy in `DATA_DIR` and, when the target holds a
 * database, that database's table. A damaged entry stops the restore before the target is
 * touched; a database that cannot be read at all (the reason for many a restore) leaves the copy
 * in `DATA_DIR`, and the operator is told.
 */
async function targetLedgers(
  config: RestoreConfig,
  held: TargetHolds,
  set: string,
  log: (line: string) => void,
): Promise<LedgerSource[]> {
  const sources: LedgerSource[] = [];
  try {
    sources.push({
      name: ledgerMessages.fileSource(ledgerFilePath(config.dataDir)),
      entries: await readLedgerFile(config.dataDir),
    });
  } catch (error) {
    if (error instanceof LedgerError) throw new RestoreError(set, [error.message]);
    throw error;
  }
  if (!held.database) return sources;
  const which = "der bisherigen Datenbank";
  try {
    const db = await openDatabase(config);
    try {
      sources.push({ name: ledgerMessages.databaseSource(which), entries: await readLedger(db.sql, which) });
    } finally {
      await db.close();
    }
  } catch (error) {
    if (error instanceof LedgerError) throw new RestoreError(set, [error.message]);
    log(
      ledgerMessages.unreadableTarget(
        error instanceof Error ? error.message : String(error),
        ledgerFilePath(config.dataDir),
      ),
    );
  }
  return sources;
}

interface Replay {
  ledger: LedgerEntry[];
  counts: ReplayCounts;
  /** Entries that still found rows in the set. */
  found: Set<string>;
}

/**
 * On the verified copy, before anything can serve it: the schema brought to this version's level
 * (as the API would at its start; a set from before the ledger has no table for it), every ledger
 * merged with the set's own, every entry replayed, and on a staging folder the erased blobs
 * removed. A damaged or contradictory entry, or one that cannot be replayed, stops the restore.
 */
async function replayOnCopy(db: Database, set: string, sources: LedgerSource[], staging: Staging): Promise<Replay> {
  try {
    await migrate(db.sql);
    const own = {
      name: ledgerMessages.databaseSource("der Sicherung"),
      entries: await readLedger(db.sql, "der Sicherung"),
    };
    const ledger = mergeLedgers([own, ...sources]);
    const { counts, found } = await replayLedger(db.sql, ledger);
    if (!staging.live) await removeErasedBlobs(staging.stores, ledger, counts, found);
    return { ledger, counts, found };
  } catch (error) {
    if (error instanceof LedgerError) throw new RestoreError(set, [error.message]);
    throw error;
  }
}

function limited(problems: string[]): string[] {
  if (problems.length <= maxProblems) return problems;
  return [...problems.slice(0, maxProblems), restoreMessages.more(problems.length - maxProblems)];
}

/** `20261127205201`: names the copy beside the target and the old data set aside. */
function stampOf(time: Date): string {
  return time
    .toISOString()
    .replace(/\.\d{3}Z$/, "")
    .replace(/\D/g, "");
}

/** What the target holds; refused unless empty or `--force` names it. */
interface TargetHolds {
  database: boolean;
  /** Areas whose store holds blobs. */
  areas: Set<BlobArea>;
}

async function inspectTarget(
  config: RestoreConfig,
  stores: Record<BlobArea, BlobStore>,
  force: string | null,
  log: (line: string) => void,
): Promise<TargetHolds> {
  const name = restoreTargetName(config);
  const found: string[] = [];
  const held: TargetHolds = { database: false, areas: new Set() };
  const pgliteDir = join(config.dataDir, "pglite");
  if (config.databaseUrl) {
    const db = await openDatabase(config);
    try {
      held.database = !(await isEmptyDatabase(db.sql));
    } finally {
      await db.close();
    }
    if (held.database) found.push(restoreMessages.databaseHasTables(name));
  } else if ((await readdir(pgliteDir).catch(() => [])).length > 0) {
    held.database = true;
    found.push(restoreMessages.embeddedExists(pgliteDir));
  }
  for (const area of blobAreaNames) {
    const store = stores[area];
    for await (const page of store.list()) {
      if (page.length > 0) {
        held.areas.add(area);
        found.push(restoreMessages.storeHoldsBlobs(store.kind, area));
      }
      break;
    }
  }
  if (found.length > 0 && force !== name) throw new Error(restoreMessages.targetNotEmpty(found, name));
  if (found.length > 0)
    log(`--force ${name}: die Sicherung ersetzt das Ziel, sobald sie geprüft ist (${found.join("; ")})`);
  return held;
}

/** Where the set is put back before the swap. */
interface Staging {
  /** The copy's folder under DATA_DIR (its embedded database, its disk stores), or null. */
  dir: string | null;
  /** The copy's database on the server, or null (embedded: in `dir`). */
  database: { name: string; url: string } | null;
  stores: Record<BlobArea, BlobStore>;
  /** Blobs written into the live bucket (S3 has no folder to stage in); removed when discarded. */
  written: { area: BlobArea; id: string }[];
  /** Whether `stores` are the target's own (S3): then only ids the bucket lacks are written. */
  live: boolean;
  discard(): Promise<void>;
  /** Ends the claim on the copy's database (the restore is over, swapped or discarded). */
  release(): Promise<void>;
}

/** A database name with `suffix`, the target's name cut to keep it within PostgreSQL's 63 bytes. */
function besideName(name: string, suffix: string): string {
  let base = name;
  while (base.length > 0 && Buffer.byteLength(`${base}${suffix}`) > 63) base = base.slice(0, -1);
  if (base.length === 0) throw new Error(restoreMessages.nameTooLong(name));
  return `${base}${suffix}`;
}

/**
 * Copies a restore left under `DATA_DIR` when it was killed before it could discard them: named
 * by the process that staged them, they are removed once that process is gone. A copy of another
 * running restore (or of one before copies were named by process) is left alone.
 */
async function removeAbandonedStagings(dataDir: string, log: (line: string) => void): Promise<void> {
  for (const name of await readdir(dataDir).catch(() => [])) {
    const pid = /^restore-\d{14}-(\d+)\.partial$/.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || isProcessRunning(Number(pid))) continue;
    await rm(join(dataDir, name), { recursive: true, force: true });
    log(restoreMessages.abandonedStagingRemoved(join(dataDir, name)));
  }
}

/** `<target>_restore_<stamp>`'s suffix, as long as every stamp's. */
const copySuffixLength = "_restore_".length + 14;

/** Whether `database` is a restore's copy beside `target` (`besideName(target, "_restore_<stamp>")`). */
export function isCopyOf(target: string, database: string): boolean {
  const base = besideName(target, "_restore_00000000000000").slice(0, -copySuffixLength);
  return database.slice(0, -copySuffixLength) === base && /_restore_\d{14}$/.test(database);
}

async function openStaging(
  config: RestoreConfig,
  stores: Record<BlobArea, BlobStore>,
  stamp: string,
  log: (line: string) => void,
): Promise<Staging> {
  const onDisk = config.blobStore.kind === "disk";
  const dir = !config.databaseUrl || onDisk ? join(config.dataDir, `restore-${stamp}-${process.pid}.partial`) : null;
  if (dir) {
    await removeAbandonedStagings(config.dataDir, log);
    await mkdir(dir, { recursive: true });
  }
  let database: Staging["database"] = null;
  let claim: postgres.Sql | null = null;
  if (config.databaseUrl) {
    const target = restoreTargetName(config);
    const name = besideName(target, `_restore_${stamp}`);
    let admin: postgres.Sql | null = null;
    try {
      // Claimed before it exists, so no other restore's cleanup can take it for abandoned.
      claim = await claimDatabase(config.databaseUrl, claimKey("copy", name));
      admin = await adminConnection(config.databaseUrl, [target]);
      // Copies beside this target that killed restores left; one that cannot be removed is only
      // left over: the restore goes on, and says so.
      await dropAbandoned(
        admin,
        config.databaseUrl,
        (database) => (isCopyOf(target, database) ? [claimKey("copy", database)] : null),
        log,
        { removed: restoreMessages.abandonedCopyRemoved, kept: restoreMessages.abandonedCopyKept },
      );
      await admin.unsafe(`create database ${quoted(name)} template template0`);
    } catch (error) {
      if (dir) await rm(dir, { recursive: true, force: true });
      await claim?.end({ timeout: 5 });
      claim = null;
      throw new Error(
        restoreMessages.cannotCreateDatabase(name, error instanceof Error ? error.message : String(error)),
      );
    } finally {
      await admin?.end({ timeout: 5 });
    }
    const url = new URL(config.databaseUrl);
    url.pathname = `/${encodeURIComponent(name)}`;
    database = { name, url: url.toString() };
  }
  const staging: Staging = {
    dir,
    database,
    stores: onDisk && dir ? blobStoresFor({ dataDir: dir, blobStore: config.blobStore }) : stores,
    written: [],
    live: !onDisk,
    async discard() {
      if (staging.live) for (const { area, id } of staging.written) await stores[area].remove(id).catch(() => {});
      if (database && config.databaseUrl) {
        const admin = await adminConnection(config.databaseUrl, [restoreTargetName(config)]);
        try {
          await admin.unsafe(`drop database if exists ${quoted(database.name)} with (force)`);
        } finally {
          await admin.end({ timeout: 5 });
        }
      }
      if (dir) await rm(dir, { recursive: true, force: true });
    },
    async release() {
      await claim?.end({ timeout: 5 });
      claim = null;
    },
  };
  return staging;
}

/** The dump to a local file, refused unless its size and SHA-256 are the manifest's. */
async function fetchDump(target: BackupTarget, manifest: Manifest, path: string): Promise<void> {
  const { key, size, sha256 } = manifest.database;
  if ((await target.sizeOf(key)) === null) throw new RestoreError(manifest.set, [restoreMessages.dumpMissing(key)]);
  const metered = meter(target.read(key));
  await Bun.write(path, new Response(metered.stream));
  const got = metered.result();
  if (got.size !== size || got.sha256 !== sha256) {
    throw new RestoreError(manifest.set, [
      restoreMessages.dumpDamaged(key, got.size < size, got.size, got.sha256, size, sha256),
    ]);
  }
}

async function restoreDatabase(staging: Staging, manifest: Manifest, dumpPath: string): Promise<Database> {
  if (!staging.database) {
    const data = await Bun.file(dumpPath).arrayBuffer();
    return openDatabase({ databaseUrl: null, dataDir: staging.dir ?? "" }, { template: data });
  }
  await checkPgToolVersion("pg_restore", manifest.database.server_version);
  const connection = pgToolConnection(staging.database.url);
  const child = Bun.spawn(
    ["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", "--dbname", connection.url, dumpPath],
    { env: connection.env, stdout: "ignore", stderr: "pipe" },
  );
  const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new RestoreError(manifest.set, [restoreMessages.pgRestoreFailed(code, stderr.trim())]);
  return openDatabase({ databaseUrl: staging.database.url, dataDir: staging.dir ?? tmpdir() });
}

function describe(blob: ManifestBlob): string {
  return `${blob.area} #${blob.row_id} "${blob.name}" (blob ${blob.id}, SHA-256 ${blob.sha256})`;
}

/** Zero bytes written a MiB at a time (a blob's form start is never held whole). */
const zeroChunk = new Uint8Array(1024 * 1024);

/** Whether the live store already holds exactly this blob (an older set of the same deployment). */
async function holdsAlready(store: BlobStore, blob: ManifestBlob): Promise<"same" | "other" | "none"> {
  const stored = await store.sizeOf(blob.id);
  if (stored === null) return "none";
  if (stored !== blob.offset + blob.size) return "other";
  const read = await store.digest(blob.id, blob.offset, stored);
  return read.sha256 === blob.sha256 ? "same" : "other";
}

/**
 * The set's copy of `blob` read and hashed, and written into `store` under its id when given
 * (committed only when its size and SHA-256 are the manifest's).
 */
async function copyBlob(
  target: BackupTarget,
  blob: ManifestBlob,
  store: BlobStore | null,
): Promise<{ size: number; sha256: string }> {
  const hasher = newSha256();
  let size = 0;
  if (!store) {
    for await (const chunk of target.read(blobKey(blob.sha256))) {
      hasher.update(chunk);
      size += chunk.length;
    }
    return { size, sha256: hasher.digest("hex") };
  }
  await store.prepare();
  const pending = store.create(blob.id);
  try {
    for (let left = blob.offset; left > 0; left -= zeroChunk.length) {
      await pending.write(left >= zeroChunk.length ? zeroChunk : zeroChunk.subarray(0, left));
    }
    for await (const chunk of target.read(blobKey(blob.sha256))) {
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
  if (size === blob.size && sha256 === blob.sha256) await pending.commit();
  else await pending.discard();
  return { size, sha256 };
}

/**
 * Every blob of the set read and hashed; written into the staging stores under its id (after
 * `offset` zero bytes: the form's start a large disk upload keeps is not content and not in the
 * set). Into a live bucket only ids it lacks are written: an id it holds with the same bytes
 * stays, one with other bytes is a conflict, replaced only after the swap.
 */
async function stageBlobs(
  target: BackupTarget,
  manifest: Manifest,
  staging: Staging,
): Promise<{ problems: string[]; conflicts: ManifestBlob[] }> {
  const problems: string[] = [];
  const conflicts: ManifestBlob[] = [];
  const done = new Set<string>();
  for (const blob of manifest.blobs) {
    const id = `${blob.area}/${blob.id}`;
    if (done.has(id)) continue;
    done.add(id);
    const key = blobKey(blob.sha256);
    if ((await target.sizeOf(key)) === null) {
      problems.push(restoreMessages.blobMissing(describe(blob), key));
      continue;
    }
    const store = staging.stores[blob.area];
    const held = staging.live ? await holdsAlready(store, blob) : "none";
    // An id the live bucket holds already is proven like every other blob of the set, not written now.
    const got = await copyBlob(target, blob, held === "none" ? store : null);
    if (got.size !== blob.size || got.sha256 !== blob.sha256) {
      problems.push(restoreMessages.blobAltered(describe(blob), got.size, got.sha256));
      continue;
    }
    if (held === "none" && staging.live) staging.written.push({ area: blob.area, id: blob.id });
    if (held === "other") conflicts.push(blob);
  }
  return { problems, conflicts };
}

/** The restored copy against the manifest: level, rows per table, each row's blob, each blob read back. */
async function verify(
  db: Database,
  manifest: Manifest,
  stores: Record<BlobArea, BlobStore>,
  conflicts: ManifestBlob[],
): Promise<string[]> {
  const problems: string[] = [];
  const state = await readDatabaseState(db.sql);
  if (state.migrationLevel !== manifest.migration_level) {
    problems.push(restoreMessages.migrationLevel(state.migrationLevel, manifest.migration_level));
  }
  const tables = new Set([...Object.keys(manifest.row_counts), ...Object.keys(state.rowCounts)]);
  for (const table of [...tables].sort()) {
    const expected = Object.hasOwn(manifest.row_counts, table) ? manifest.row_counts[table] : undefined;
    const found = Object.hasOwn(state.rowCounts, table) ? state.rowCounts[table] : undefined;
    if (expected !== found) problems.push(restoreMessages.rowCount(table, found, expected));
  }
  const listed = new Map(manifest.blobs.map((blob) => [`${blob.area}#${blob.row_id}`, blob]));
  const seen = new Set<string>();
  for await (const { area, rows } of blobRows(db.sql)) {
    for (const row of rows) {
      const blob = listed.get(`${area}#${row.id}`);
      if (!blob) {
        problems.push(restoreMessages.rowNotInManifest(area, row.id, row.blobId));
        continue;
      }
      seen.add(`${area}#${row.id}`);
      if (row.blobId !== blob.id || row.offset !== blob.offset || (row.size !== null && row.size !== blob.size)) {
        problems.push(restoreMessages.rowMismatch(describe(blob), row));
      }
    }
  }
  for (const [key, blob] of listed) if (!seen.has(key)) problems.push(restoreMessages.rowMissing(describe(blob)));
  const replacedLater = new Set(conflicts.map((blob) => `${blob.area}/${blob.id}`));
  for (const blob of manifest.blobs) {
    if (replacedLater.has(`${blob.area}/${blob.id}`)) continue;
    const store = stores[blob.area];
    const stored = await store.sizeOf(blob.id);
    if (stored === null) {
      problems.push(restoreMessages.blobNotStored(describe(blob)));
      continue;
    }
    const read = await store.digest(blob.id, blob.offset, stored);
    if (read.size !== blob.size || read.sha256 !== blob.sha256) {
      problems.push(restoreMessages.blobReadsBack(describe(blob), read.size, read.sha256));
    }
  }
  return problems;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}

/**
 * The verified copy takes the target's place. A server's database: the target closed to new
 * connections, its sessions ended, renamed aside, the copy renamed to its name. Folders under
 * `DATA_DIR` (the embedded database, disk stores): the target's moved aside into
 * `before-restore-<time>`, the copy's moved in. A bucket: blobs whose id held other bytes
 * replaced, then the blobs the set does not know removed.
 */
async function swap(
  config: RestoreConfig,
  staging: Staging,
  stores: Record<BlobArea, BlobStore>,
  manifest: Manifest,
  conflicts: ManifestBlob[],
  held: TargetHolds,
  stamp: string,
  target: BackupTarget,
): Promise<string[]> {
  const setAside: string[] = [];
  if (staging.database && config.databaseUrl) {
    const name = restoreTargetName(config);
    const aside = besideName(name, `_old_${stamp}`);
    await swapDatabases(
      config.databaseUrl,
      manifest.set,
      { name, copy: staging.database.name, aside },
      staging.dir,
      config.dataDir,
      stamp,
    );
    const admin = await adminConnection(config.databaseUrl, [name]);
    try {
      if (held.database) {
        await admin.unsafe(`alter database ${quoted(aside)} with allow_connections true`);
        setAside.push(restoreMessages.databaseAside(aside));
      } else {
        await admin.unsafe(`drop database if exists ${quoted(aside)} with (force)`);
      }
    } finally {
      await admin.end({ timeout: 5 });
    }
  }
  if (staging.dir) {
    const asideDir = join(config.dataDir, `before-restore-${stamp}`);
    await mkdir(asideDir, { recursive: true });
    const folders = [
      ...(config.databaseUrl ? [] : ["pglite"]),
      ...(config.blobStore.kind === "disk" ? blobAreaNames.map((area) => diskFolders[area]) : []),
    ];
    for (const folder of folders) {
      const live = join(config.dataDir, folder);
      const copied = join(staging.dir, folder);
      // A store the set put nothing into was never made (the database's folder always is).
      if (folder !== "pglite") await mkdir(copied, { recursive: true });
      if (await exists(live)) await rename(live, join(asideDir, folder));
      await rename(copied, live);
    }
    await rm(staging.dir, { recursive: true, force: true });
    const keep = held.areas.size > 0 && config.blobStore.kind === "disk";
    if (keep || (!config.databaseUrl && held.database)) setAside.push(restoreMessages.folderAside(asideDir));
    else await rm(asideDir, { recursive: true, force: true });
  }
  if (staging.live) {
    const problems: string[] = [];
    for (const blob of conflicts) {
      const got = await copyBlob(target, blob, stores[blob.area]);
      if (got.size !== blob.size || got.sha256 !== blob.sha256)
        problems.push(restoreMessages.blobAltered(describe(blob), got.size, got.sha256));
    }
    if (problems.length > 0) throw new RestoreError(manifest.set, problems, false);
    const known = new Set(manifest.blobs.map((blob) => `${blob.area}/${blob.id}`));
    let removed = 0;
    for (const area of blobAreaNames) {
      const extra: string[] = [];
      for await (const page of stores[area].list())
        for (const blob of page) if (!known.has(`${area}/${blob.id}`)) extra.push(blob.id);
      for (const id of extra) await stores[area].remove(id);
      removed += extra.length;
    }
    if (removed > 0) setAside.push(restoreMessages.bucketReplaced(removed));
  }
  return setAside;
}

/**
 * Renames the target aside and the copy into its place, in one short step from the maintenance
 * database. Sessions that end slowly are waited for a few seconds; when the renames still fail,
 * the copy stays and the error says how to switch by hand.
 */
async function swapDatabases(
  databaseUrl: string,
  set: string,
  { name, copy, aside }: { name: string; copy: string; aside: string },
  stagingDir: string | null,
  dataDir: string,
  stamp: string,
): Promise<void> {
  const admin = await adminConnection(databaseUrl, [name, copy]);
  try {
    let last: unknown = null;
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        await admin.unsafe(`alter database ${quoted(name)} with allow_connections false`);
        await admin`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname in (${name}, ${copy}) and pid <> pg_backend_pid()`;
        await admin.unsafe(`alter database ${quoted(name)} rename to ${quoted(aside)}`);
        try {
          await admin.unsafe(`alter database ${quoted(copy)} rename to ${quoted(name)}`);
        } catch (error) {
          await admin.unsafe(`alter database ${quoted(aside)} rename to ${quoted(name)}`);
          throw error;
        }
        return;
      } catch (error) {
        last = error;
        await admin.unsafe(`alter database ${quoted(name)} with allow_connections true`).catch(() => {});
        await Bun.sleep(250);
      }
    }
    const steps = [
      `alter database ${quoted(name)} rename to ${quoted(aside)};`,
      `alter database ${quoted(copy)} rename to ${quoted(name)};`,
    ];
    if (stagingDir) {
      steps.push(`mkdir ${JSON.stringify(join(dataDir, `before-restore-${stamp}`))}`);
      for (const folder of blobAreaNames.map((area) => diskFolders[area])) {
        steps.push(
          `mv ${JSON.stringify(join(dataDir, folder))} ${JSON.stringify(join(dataDir, `before-restore-${stamp}`))}/`,
        );
        steps.push(`mv ${JSON.stringify(join(stagingDir, folder))} ${JSON.stringify(join(dataDir, folder))}`);
      }
    }
    throw new RestoreError(set, [
      restoreMessages.swapFailed(last instanceof Error ? last.message : String(last), steps),
    ]);
  } finally {
    await admin.end({ timeout: 5 });
  }
}
