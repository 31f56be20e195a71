import postgres from "postgres";
import type { Config } from "../config.ts";
import { type ChangeFeed, embeddedChangeFeed } from "./change-feed.ts";
import { type EmbeddedServer, startEmbeddedServer } from "./embedded.ts";

/** The query function every module receives. */
export type Sql = postgres.Sql<{ int8: number }>;

/** The query function inside `sql.begin(...)`. */
export type Transaction = postgres.TransactionSql<{ int8: number }>;

/** Either: for statements that run alone or as part of a caller's transaction. */
export type Queries = Sql | Transaction;

export interface Database {
  sql: Sql;
  /**
   * The connections for saves that can wait on other writers' locks (the audit chain's head, a
   * count's row) until they commit. postgres.js sends a query to a busy connection behind the one
   * it runs (pipelining), so a read sharing a connection with such a save waits as long as the
   * save (under the staff's mixed load the searches' p99 was the creates':
   * docs/decisions/0031-customer-creates-group-commit.md). With a
   * server a pool of its own; embedded, the one connection there is.
   */
  writes: Sql;
  /** The embedded server when there is no DATABASE_URL, else null. */
  embedded: EmbeddedServer | null;
  /**
   * The embedded database's change feed: its one connection LISTENs, so every committed change
   * reaches the caches through the tables' triggers (`embeddedChangeFeed`). Null for a server,
   * where a feed needs a connection of its own (`listenForChanges`).
   */
  changes: ChangeFeed | null;
  /** Ends the driver and, for the embedded database, stops PGlite. Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Embedded only: keep the database in memory (tests); DATA_DIR is not touched. */
  memory?: boolean;
  /** Embedded only: start from this dump (`embedded.dump()`) instead of an empty cluster. */
  template?: ArrayBuffer;
}

/** Small pools win on two cores (measured: pool 1 ~27k req/s, pool 10 ~14k). */
const serverPoolSize = 4;
/** Saves wait for each other's commits more than for a CPU: a few connections queue them. */
const writePoolSize = 2;

/**
 * int8 (bigint ids, count(*)) arrives as a string by default. Ids and counts here stay far below
 * 2^53, so numbers are safe, and they match the `id: number` the browser expects.
 */
const int8AsNumber: postgres.PostgresType<number> = {
  to: 20,
  from: [20],
  serialize: (value: number) => String(value),
  parse: (value: string) => Number(value),
};

/** Options for every connection, to a server or to the embedded database. */
const driverOptions = {
  // postgres.js prints every NOTICE ("relation already exists, skipping") unless told otherwise.
  onnotice: () => {},
  types: { int8: int8AsNumber },
};

/**
 * The server's settings for the reads' connections. Every statement is planned for its own
 * values: a prepared statement's generic plan (after five runs PostgreSQL may keep one) plans the
 * customer search for no term in particular, and read the whole table backwards for a rare one
 * (51 ms where the trigram index answers in 1). Planning each time costs ~0.1 ms.
 */
export const readConnectionSettings = { plan_cache_mode: "force_custom_plan" } as const;

/**
 * Connects to `DATABASE_URL` when set; otherwise starts the embedded PGlite and connects to it
 * through the same driver, so every module runs the same SQL against both.
 */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  options: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const sql = postgres(config.databaseUrl, {
      ...driverOptions,
      max: serverPoolSize,
      connection: readConnectionSettings,
    });
    const writes = postgres(config.databaseUrl, { ...driverOptions, max: writePoolSize });
    const close = once(async () => {
      await Promise.all([sql.end({ timeout: 5 }), writes.end({ timeout: 5 })]);
    });
    return { sql, writes, embedded: null, changes: null, close };
  }

  const server = await startEmbeddedServer({
    dataDir: options.memory ? undefined : config.dataDir,
    template: options.template,
  });
  const feed = embeddedChangeFeed();
  const sql = postgres({
    ...driverOptions,
    ...feed.connection,
    path: server.socketPath,
    user: "postgres",
    database: "postgres",
    // The socket server serves one connection at a time: a second one would be refused, and
    // replacing a connection (max_lifetime defaults to 30-60 minutes) races the old one's
    // teardown. So: exactly one connection that lives as long as the process.
    max: 1,
    max_lifetime: 0,
    idle_timeout: 0,
  });
  const close = once(async () => {
    try {
      await feed.feed.close();
      await sql.end({ timeout: 5 });
    } finally {
      await server.stop();
    }
  });
  try {
    await feed.start((statement) => sql.unsafe(statement));
  } catch (error) {
    await close();
    throw error;
  }
  return { sql, writes: sql, embedded: server, changes: feed.feed, close };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => {
    running ??= fn();
    return running;
  };
}
