import postgres from "postgres";

/**
 * Databases a restore or a drill creates beside the target on the server (a copy, a throwaway)
 * and the claims that tell a running one's from a killed one's. The claim is a session-level
 * advisory lock on a connection of its own, held from before the database exists until the work
 * ends; it dies with the session, on whichever machine the process ran. A database nobody claims
 * is left over and may go. Considered: a process id in the name (it cannot tell a process on
 * another machine) and an age (it cannot tell a slow restore from a dead one).
 *
 * PostgreSQL keeps advisory locks per database, so every claim is taken, and every cleanup looks
 * for claims, in one database of the server whatever database the process works through: the
 * maintenance database `postgres` (`template1` only on a server without it). A claim taken through
 * the database a process happened to connect to (its target's neighbour when the target is
 * `postgres`) was invisible to a process connected elsewhere, which then dropped a running copy.
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

/**
 * A connection to the database all claims of the server are taken in (see above). Never avoided:
 * a restore whose target is `postgres` claims there too; its swap ends the sessions on `postgres`,
 * and with them any claim held there (docs/decisions/0070-backup-claims-and-signed-sets.md).
 */
export function claimsConnection(serverUrl: string): Promise<postgres.Sql> {
  return adminConnection(serverUrl, []);
}

/** Takes the claim and holds it until the returned connection ends. */
export async function claimDatabase(serverUrl: string, key: string): Promise<postgres.Sql> {
  const claim = await claimsConnection(serverUrl);
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
  serverUrl: string,
  claimsOf: (database: string) => string[] | null,
  log: (line: string) => void,
  messages: { removed(database: string): string; kept(reason: string): string },
): Promise<void> {
  try {
    for (const database of await dropUnclaimed(admin, serverUrl, claimsOf)) log(messages.removed(database));
  } catch (error) {
    log(messages.kept(error instanceof Error ? error.message : String(error)));
  }
}

/**
 * Drops each database of the server that `claimsOf` names claims for (null: not one of these)
 * and none of whose claims is held; a claimed one is left alone. Returns the names dropped.
 * The claims are tried, and held while the database is dropped, on a connection of their own to
 * the claims database (one session: the locks taken meanwhile are its own); `admin` drops.
 */
export async function dropUnclaimed(
  admin: postgres.Sql,
  serverUrl: string,
  claimsOf: (database: string) => string[] | null,
): Promise<string[]> {
  const dropped: string[] = [];
  const claims = await claimsConnection(serverUrl);
  try {
    for (const { datname } of await admin<{ datname: string }[]>`select datname from pg_database`) {
      const keys = claimsOf(datname);
      if (!keys) continue;
      const taken: string[] = [];
      try {
        for (const key of keys) {
          const [claim] = await claims<{ free: boolean }[]>`select pg_try_advisory_lock(hashtext(${key})) as free`;
          if (!claim?.free) break;
          taken.push(key);
        }
        if (taken.length < keys.length) continue;
        await admin.unsafe(`drop database if exists ${quoted(datname)} with (force)`);
        dropped.push(datname);
      } finally {
        for (const key of taken) await claims`select pg_advisory_unlock(hashtext(${key}))`;
      }
    }
  } finally {
    await claims.end({ timeout: 5 });
  }
  return dropped;
}
