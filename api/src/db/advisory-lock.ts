import type { Sql } from "./open.ts";

/**
 * Runs `work` while this process holds the PostgreSQL session advisory lock `name`, or not at
 * all when another process holds it: one process at a time of a deployment, however many share
 * the database. The lock lives on one connection: a pool's connection reserved for it (with a
 * database server), or the embedded database's only connection, whose session is the process's
 * own. A process that dies loses its connection and with it the lock.
 *
 * Session locks stack within one session: the caller keeps one process from running `work` twice
 * at once (the embedded database has a single session).
 */
export async function whileLocked<T>(
  sql: Sql,
  name: string,
  work: () => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  const reserved = sql.options.max > 1 ? await sql.reserve() : null;
  const session = reserved ?? sql;
  try {
    const [row] = await session<{ locked: boolean }[]>`select pg_try_advisory_lock(hashtext(${name})) as locked`;
    if (!row?.locked) return { locked: false };
    try {
      return { locked: true, value: await work() };
    } finally {
      await session`select pg_advisory_unlock(hashtext(${name}))`;
    }
  } finally {
    reserved?.release();
  }
}
