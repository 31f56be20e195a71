import { createHash } from "node:crypto";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import postgres from "postgres";
import { type ChangeFeed, listenForChanges } from "../../src/db/change-feed.ts";
import { migrate, migrationsDir } from "../../src/db/migrate.ts";
import { type Database, openDatabase, type Sql } from "../../src/db/open.ts";

export interface TestDatabase {
  sql: Sql;
  /** The database as the app opened it (`openDatabase`): what backups need (the embedded server). */
  database: Database;
  /** The server database's URL, for other processes (benches); null for the embedded one. */
  url: string | null;
  /**
   * A change feed of this database, as `bun start` makes one: LISTEN on its own connection to a
   * server (closed by `drop()`), the embedded database's own (its one connection LISTENs: every
   * call returns that feed).
   */
  openChangeFeed(): Promise<ChangeFeed>;
  /**
   * Another connection pool on this database, as a second API process has one (closed by
   * `drop()`). The embedded database takes one connection: there it is `sql` itself.
   */
  connectAgain(): Promise<Sql>;
  /** Closes the connection and removes the database (server) or stops PGlite (embedded). */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own (`{ migrated: false }`: empty, for migration tests). With
 * DATABASE_URL: a new database on that server, named `klarwerk_test_<pid>_<random>` and dropped
 * by `drop()`. Without: an in-memory PGlite behind the same worker, socket and driver the app uses.
 */
export async function createTestDatabase({
  migrated = true,
  kind,
}: {
  migrated?: boolean;
  kind?: DatabaseKind;
} = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (kind === "embedded" || !serverUrl) return createEmbeddedDatabase(migrated);
  return createServerDatabase(serverUrl, migrated);
}

/** The embedded PGlite, or the server DATABASE_URL names. */
export type DatabaseKind = "embedded" | "server";

/**
 * Every database the product supports that this run can reach: the embedded one always, the
 * server with DATABASE_URL. For tests whose answers must agree on both (`describe.each`).
 */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ["embedded", "server"] : ["embedded"];
}

async function createServerDatabase(serverUrl: string, migrated: boolean): Promise<TestDatabase> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `klarwerk_test_${process.pid}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
  const feeds: ChangeFeed[] = [];
  const openChangeFeed = async () => {
    const feed = await listenForChanges(url.toString());
    feeds.push(feed);
    return feed;
  };
  const pools: (() => Promise<void>)[] = [];
  const connectAgain = async () => {
    const pool = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    pools.push(pool.close);
    return pool.sql;
  };
  const drop = async () => {
    try {
      await Promise.all(feeds.map((feed) => feed.close()));
      await Promise.all(pools.map((close) => close()));
      await db.close();
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  };
  try {
    if (migrated) await migrate(db.sql);
  } catch (error) {
    await drop();
    throw error;
  }
  return { sql: db.sql, database: db, url: url.toString(), openChangeFeed, connectAgain, drop };
}

/**
 * initdb takes ~2 s per PGlite; starting from a dump of a migrated database takes ~0.3 s. The
 * dump is cached in the temp directory under a key of the PGlite version and the migrations, so
 * every test file (and later run) after the first starts fast.
 */
async function templateKey(): Promise<string> {
  const hash = createHash("sha256");
  const pgliteEntry = Bun.resolveSync("@electric-sql/pglite", import.meta.dir);
  const pglite = (await Bun.file(join(dirname(pgliteEntry), "../package.json")).json()) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const name of (await readdir(migrationsDir)).sort()) {
    hash.update(`${name}\n`);
    hash.update(await readFile(join(migrationsDir, name)));
  }
  return hash.digest("hex").slice(0, 16);
}

async function loadTemplate(): Promise<{ path: string; data: ArrayBuffer | null }> {
  const path = join(tmpdir(), `klarwerk-pglite-template-${await templateKey()}.tar`);
  const file = Bun.file(path);
  return { path, data: (await file.exists()) ? await file.arrayBuffer() : null };
}

function embeddedFeed(db: Database): ChangeFeed {
  if (!db.changes) throw new Error("the embedded database has a change feed of its own");
  return db.changes;
}

async function createEmbeddedDatabase(migrated: boolean): Promise<TestDatabase> {
  const template = migrated ? await loadTemplate() : { path: "", data: null };
  const db = await openDatabase(
    { databaseUrl: null, dataDir: tmpdir() },
    { memory: true, template: template.data ?? undefined },
  );
  try {
    if (!migrated) {
      return {
        sql: db.sql,
        database: db,
        url: null,
        openChangeFeed: async () => embeddedFeed(db),
        connectAgain: async () => db.sql,
        drop: db.close,
      };
    }
    await migrate(db.sql);
    if (!template.data && db.embedded) {
      const dump = await db.embedded.dump();
      // Written under a temporary name, then renamed: a concurrent reader never sees half a file.
      const partial = `${template.path}.${process.pid}.partial`;
      await writeFile(partial, new Uint8Array(dump));
      await rename(partial, template.path);
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    sql: db.sql,
    database: db,
    url: null,
    openChangeFeed: async () => embeddedFeed(db),
    connectAgain: async () => db.sql,
    drop: db.close,
  };
}
