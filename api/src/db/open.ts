import postgres from "postgres";
import type { Config } from "../config.ts";
import { type EmbeddedServer, startEmbeddedServer } from "./embedded.ts";

/** The query function every module receives. */
export type Sql = postgres.Sql<{ int8: number }>;

/** The query function inside `sql.begin(...)`. */
export type Transaction = postgres.TransactionSql<{ int8: number }>;

/** Either: for statements that run alone or as part of a caller's transaction. */
export type Queries = Sql | Transaction;

export interface Database {
  sql: Sql;
  /** The embedded server when there is no DATABASE_URL, else null. */
  embedded: EmbeddedServer | null;
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
 * Connects to `DATABASE_URL` when set; otherwise starts the embedded PGlite and connects to it
 * through the same driver, so every module runs the same SQL against both.
 */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  options: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const sql = postgres(config.databaseUrl, { ...driverOptions, max: serverPoolSize });
    return { sql, embedded: null, close: once(() => sql.end({ timeout: 5 })) };
  }

  const server = await startEmbeddedServer({
    dataDir: options.memory ? undefined : config.dataDir,
    template: options.template,
  });
  const sql = postgres({
    ...driverOptions,
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
  return {
    sql,
    embedded: server,
    close: once(async () => {
      try {
        await sql.end({ timeout: 5 });
      } finally {
        await server.stop();
      }
    }),
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => {
    running ??= fn();
    return running;
  };
}
