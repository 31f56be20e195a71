import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config.ts";
import type { Database, Sql } from "../db/open.ts";
import { openDatabase } from "../db/open.ts";
import type { AreaRow } from "../storage/blob-area.ts";
import { newSha256, pacedReads, type ReadPace } from "../storage/blob-digest.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import { type BlobArea, blobStoresFor } from "../storage/configured-blob-store.ts";
import { blobRows, type DatabaseState, readDatabaseState } from "./database-state.ts";
import {
  blobKey,
  type Manifest,
  type ManifestBlob,
  manifestFormat,
  manifestKey,
  setNameOf,
  setsPrefix,
} from "./manifest.ts";
import { checkPgToolVersion, pgToolConnection } from "./pg-tools.ts";
import { type BackupKey, signatureKey, signatureOf } from "./signature.ts";
import type { BackupTarget } from "./target.ts";

/**
 * `bun run backup` and the API's scheduled backup: one consistent set of the database and every
 * blob its rows name at one moment, written to the target (docs/decisions/0088-backups-and-restore.md,
 * "Backups").
 *
 * With a database server the moment is a REPEATABLE READ transaction: it exports its snapshot,
 * `pg_dump --snapshot` dumps exactly that, and the same transaction reads the blob list and the
 * row counts. The embedded database is dumped whole (a crash-consistent image of its data
 * directory, taken between two queries) and the list and counts are read from a copy started
 * from that very dump. Either way a blob the set lists was stored before its row committed; a
 * blob whose row is deleted meanwhile stays until the backup has finished (`storage/deferred-deletes.ts`).
 */

export interface BackupOptions {
  config: Pick<Config, "dataDir" | "blobStore" | "databaseUrl">;
  db: Database;
  target: BackupTarget;
  /** Bytes a second read from the blob store (`BACKUP_MIB_PER_SECOND`). */
  bytesPerSecond: number;
  /** What the set is signed with (never written into it). */
  key: BackupKey;
  now?: () => number;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface BackupResult {
  manifest: Manifest;
  /** Dump plus every blob the set lists. */
  sizeBytes: number;
  /** What this run wrote (blobs already in the target were not copied again). */
  copiedBytes: number;
  reusedBlobs: number;
  copiedBlobs: number;
  durationMs: number;
}

/** A blob row as a set lists it, found in the snapshot. */
type SnapshotBlob = { area: BlobArea; row: AreaRow };

export const productVersion: string = (await Bun.file(join(import.meta.dir, "../../package.json")).json()).version;

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { db, target, now = Date.now, signal, log = () => {} } = options;
  const started = now();
  const taken = new Date(now());
  const set = await freeSetName(target, taken);
  const snapshot = db.embedded
    ? await embeddedSnapshot(db, target, set, log)
    : await serverSnapshot(db.sql, options.config.databaseUrl ?? "", target, set, log);
  signal?.throwIfAborted();

  const stores = blobStoresFor(options.config);
  const pace = pacedReads(options.bytesPerSecond);
  const blobs: ManifestBlob[] = [];
  const inTarget = new Set<string>();
  let copiedBytes = 0;
  let copiedBlobs = 0;
  let reusedBlobs = 0;
  for (const { area, row } of snapshot.blobs) {
    signal?.throwIfAborted();
    const store = stores[area];
    const blob = await contentOf(store, area, row, pace, signal);
    blobs.push(blob);
    if (inTarget.has(blob.sha256)) continue;
    if ((await target.sizeOf(blobKey(blob.sha256))) === blob.size) {
      reusedBlobs++;
    } else {
      await copyBlob(store, target, blob, pace, signal);
      copiedBytes += blob.size;
      copiedBlobs++;
    }
    inTarget.add(blob.sha256);
  }

  const manifest: Manifest = {
    format: manifestFormat,
    product: { name: "klarwerk", version: productVersion },
    set,
    created_at: taken.toISOString(),
    finished_at: new Date(now()).toISOString(),
    database: snapshot.database,
    migration_level: snapshot.state.migrationLevel,
    row_counts: snapshot.state.rowCounts,
    blobs,
    totals: { blobs: blobs.length, blob_bytes: blobs.reduce((sum, blob) => sum + blob.size, 0) },
    auditChainHead: snapshot.state.auditChainHead,
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  // The signature before the manifest: a complete set is a signed one.
  await target.write(signatureKey(set), signatureOf(options.key, set, text));
  // Last: only now is the set complete.
  await target.write(manifestKey(set), text);
  const durationMs = Math.round(now() - started);
  log(
    `Sicherung ${set}: Datenbank ${mib(snapshot.database.size)} MiB, ${blobs.length} Dateien (${copiedBlobs} kopiert, ` +
      `${reusedBlobs} schon in ${target.description}), ${mib(copiedBytes)} MiB geschrieben in ${(durationMs / 1000).toFixed(1)} s`,
  );
  return {
    manifest,
    sizeBytes:
      snapshot.database.size + [...new Map(blobs.map((b) => [b.sha256, b.size])).values()].reduce((a, b) => a + b, 0),
    copiedBytes: copiedBytes + snapshot.database.size,
    reusedBlobs,
    copiedBlobs,
    durationMs,
  };
}

function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

/** The set's name from its time; `-2`, `-3`… when a set of the same second exists. */
async function freeSetName(target: BackupTarget, time: Date): Promise<string> {
  const base = setNameOf(time);
  const taken = new Set<string>();
  for await (const keys of target.list(`${setsPrefix}${base}`))
    for (const key of keys) taken.add(key.split("/")[1] ?? "");
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  return name;
}

interface Snapshot {
  database: Manifest["database"];
  state: DatabaseState;
  blobs: SnapshotBlob[];
}

async function collectBlobs(sql: Sql): Promise<SnapshotBlob[]> {
  const blobs: SnapshotBlob[] = [];
  for await (const { area, rows } of blobRows(sql)) for (const row of rows) blobs.push({ area, row });
  return blobs;
}

/**
 * A database server: pg_dump of an exported snapshot, while the transaction that exported it
 * reads the state and the blob list. The transaction stays open until the dump has finished.
 */
async function serverSnapshot(
  sql: Sql,
  databaseUrl: string,
  target: BackupTarget,
  set: string,
  log: (line: string) => void,
): Promise<Snapshot> {
  const reserved = await sql.reserve();
  try {
    await reserved`begin isolation level repeatable read, read only`;
    try {
      const [exported] = await reserved<{ id: string }[]>`select pg_export_snapshot() as id`;
      const state = await readDatabaseState(reserved);
      await checkPgToolVersion("pg_dump", state.serverVersion);
      const blobs = await collectBlobs(reserved);
      const key = `${setsPrefix}${set}/database.pgdump`;
      const connection = pgToolConnection(databaseUrl);
      const dump = Bun.spawn(["pg_dump", "--format=custom", `--snapshot=${exported?.id}`, "--dbname", connection.url], {
        env: connection.env,
        stdout: "pipe",
        stderr: "pipe",
      });
      const metered = meter(dump.stdout);
      const [written, stderr, code] = await Promise.allSettled([
        target.write(key, metered.stream),
        new Response(dump.stderr).text(),
        dump.exited,
      ]);
      if (code.status === "fulfilled" && code.value !== 0) {
        throw new Error(`pg_dump failed (${code.value}): ${stderr.status === "fulfilled" ? stderr.value.trim() : ""}`);
      }
      if (written.status === "rejected") throw written.reason;
      const { size, sha256 } = metered.result();
      log(`Datenbank gesichert (${mib(size)} MiB), Snapshot ${exported?.id}`);
      return {
        database: { kind: "postgres", key, size, sha256, server_version: state.serverVersion },
        state,
        blobs,
      };
    } finally {
      await reserved`rollback`.catch(() => {});
    }
  } finally {
    reserved.release();
  }
}

/**
 * The embedded database: its data directory dumped between two queries, then the state and the
 * blob list read from a throwaway copy started from that dump, so they describe the same moment.
 */
async function embeddedSnapshot(db: Database, target: BackupTarget, set: string, log: (line: string) => void) {
  if (!db.embedded) throw new Error("not the embedded database");
  const data = await db.embedded.dump("gzip");
  const key = `${setsPrefix}${set}/database.tar.gz`;
  await target.write(key, new Blob([data]));
  const sha256 = newSha256().update(new Uint8Array(data)).digest("hex");
  const copy = await openDatabase({ databaseUrl: null, dataDir: tmpdir() }, { memory: true, template: data });
  try {
    const state = await readDatabaseState(copy.sql);
    const blobs = await collectBlobs(copy.sql);
    log(`eingebettete Datenbank gesichert (${mib(data.byteLength)} MiB)`);
    return {
      database: { kind: "pglite" as const, key, size: data.byteLength, sha256, server_version: state.serverVersion },
      state,
      blobs,
    };
  } finally {
    await copy.close();
  }
}

/** The row's content as the set lists it; its checksum is computed now when the row has none yet. */
async function contentOf(
  store: BlobStore,
  area: BlobArea,
  row: AreaRow,
  pace: ReadPace,
  signal: AbortSignal | undefined,
): Promise<ManifestBlob> {
  const stored = await store.sizeOf(row.blobId);
  const what = `${area} #${row.id} "${row.name}" (blob ${row.blobId})`;
  if (stored === null) throw new Error(`${what} is not stored in the ${store.kind} store`);
  const size = row.size ?? stored - row.offset;
  if (stored - row.offset !== size) throw new Error(`${what} holds ${stored - row.offset} bytes, its row says ${size}`);
  const sha256 = row.sha256 ?? (await store.digest(row.blobId, row.offset, row.offset + size, { pace, signal })).sha256;
  return { area, id: row.blobId, row_id: row.id, name: row.name, offset: row.offset, size, sha256 };
}

/** Copies one blob's content into `blobs/<sha256>`, read at `pace`; refuses other bytes than listed. */
async function copyBlob(
  store: BlobStore,
  target: BackupTarget,
  blob: ManifestBlob,
  pace: ReadPace,
  signal: AbortSignal | undefined,
): Promise<void> {
  const content = store.content(blob.id, blob.offset, blob.offset + blob.size);
  const metered = meter(content instanceof Blob ? content.stream() : content, pace, signal);
  const key = blobKey(blob.sha256);
  await target.write(key, metered.stream);
  const copied = metered.result();
  if (copied.size !== blob.size || copied.sha256 !== blob.sha256) {
    await target.remove(key);
    throw new Error(
      `${blob.area} #${blob.row_id} "${blob.name}" (blob ${blob.id}) changed in the store: ` +
        `${copied.size} bytes with SHA-256 ${copied.sha256}, its row says ${blob.size} bytes with ${blob.sha256}`,
    );
  }
}

/**
 * The bytes of `source` as they pass on to a writer, counted and hashed, read no faster than
 * `pace`: the writer pulls, so one chunk at a time is held.
 */
export function meter(
  source: ReadableStream<Uint8Array>,
  pace?: ReadPace,
  signal?: AbortSignal,
): { stream: ReadableStream<Uint8Array>; result(): { size: number; sha256: string } } {
  const hasher = newSha256();
  let size = 0;
  let sha256: string | null = null;
  const reader = source.getReader();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        signal?.throwIfAborted();
        const { done, value } = await reader.read();
        if (done) {
          sha256 = hasher.digest("hex");
          controller.close();
          return;
        }
        hasher.update(value);
        size += value.length;
        controller.enqueue(value);
        await pace?.after(value.length);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    result() {
      if (sha256 === null) throw new Error("the stream was not read to its end");
      return { size, sha256 };
    },
  };
}
