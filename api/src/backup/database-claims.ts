import postgres from "postgres";

/**
 * Databases a restore or a drill creates beside the target on the server (a copy, a throwaway)
 * and the claims that tell a running one's from a killed one's. The claim is a session-level
 * advisory lock on a connection of its own, held from before the database exists until the work
 * ends; it dies with the session, on whichever machine the process ran. A database nobody claims
 * is left over and may go. Considered: a process id in the name (it cannot tell a process on
 * another machine) and an age (it cannot tell a slow restore from a dead one).
 */

export function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** A connection to the server's maintenance database, from which databases are created and renamed. */
export async function adminConnection(databaseUrl: string, avoid: string[]): Promise<postgres.Sql> {
  let last: unknown = null;
  for (const name of ["postgres", "template1"].filter((candidate) => !avoid.includes(candidate))) {
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      await sql`select 1`;
      return sql;
    } catch (error) {
      last = error;
      await sql.end({ timeout: 5 });
    }
  }
  throw last instanceof Error ? last : new Error(String(last));
}

/** The lock that claims `database` for the restore (`copy`) or the drill (`drill`) working in it. */
export function claimKey(kind: "copy" | "drill", database: string): string {
  return `klarwerk.${kind === "copy" ? "restore-copy" : "drill"}:${database}`;
}

/** Takes the claim and holds it until the returned connection ends. */
export async function claimDatabase(databaseUrl: string, avoid: string[], key: string): Promise<postgres.Sql> {
  const claim = await adminConnection(databaseUrl, avoid);
  try {
    await claim`select pg_advisory_lock(hashtext(${key}))`;
    return claim;
  } catch (error) {
    await claim.end({ timeout: 5 });
    throw error;
  }
}

/**
 * Drops the unclaimed databases `claimsOf` names and logs each by `removed`; a failure is only
 * logged by `kept` (the leftovers stay until the next run), never the caller's failure.
 */
export async function dropAbandoned(
  admin: postgres.Sql,
  claimsOf: (database: string) => string[] | null,
  log: (line: string) => void,
  messages: { removed(database: string): string; kept(reason: string): string },
): Promise<void> {
  try {
    for (const database of await dropUnclaimed(admin, claimsOf)) log(messages.removed(database));
  } catch (error) {
    log(messages.kept(error instanceof Error ? error.message : String(error)));
  }
}

/**
 * Drops each database of the server that `claimsOf` names claims for (null: not one of these)
 * and none of whose claims is held; a claimed one is left alone. Returns the names dropped.
 * `admin` holds one connection, so the locks taken meanwhile are that session's.
 */
export async function dropUnclaimed(
  admin: postgres.Sql,
  claimsOf: (database: string) => string[] | null,
): Promise<string[]> {
  const dropped: string[] = [];
  for (const { datname } of await admin<{ datname: string }[]>`select datname from pg_database`) {
    const keys = claimsOf(datname);
    if (!keys) continue;
    const taken: string[] = [];
    try {
      for (const key of keys) {
        const [claim] = await admin<{ free: boolean }[]>`select pg_try_advisory_lock(hashtext(${key})) as free`;
        if (!claim?.free) break;
        taken.push(key);
      }
      if (taken.length < keys.length) continue;
      await admin.unsafe(`drop database if exists ${quoted(datname)} with (force)`);
      dropped.push(datname);
    } finally {
      for (const key of taken) await admin`select pg_advisory_unlock(hashtext(${key}))`;
    }
  }
  return dropped;
}
