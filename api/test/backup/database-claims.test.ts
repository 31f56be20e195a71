// The claims that keep a restore's copy and a drill's throwaway database from another process's
// cleanup are advisory locks, and PostgreSQL keeps those per database. Whatever database a process
// works through (its target may be the server's `postgres` database), a claim one takes is seen by
// every other's cleanup: a claimed database is never dropped, an unclaimed one is.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { adminConnection, claimDatabase, claimKey, dropUnclaimed } from "../../src/backup/database-claims.ts";

const serverUrl = process.env.DATABASE_URL;

/** The server's URL with another database. */
function through(database: string): string {
  const url = new URL(serverUrl ?? "");
  url.pathname = `/${database}`;
  return url.toString();
}

describe.if(serverUrl !== undefined)("claims on PostgreSQL, across the database a process works through", () => {
  let admin: postgres.Sql;
  const made: string[] = [];

  beforeAll(() => {
    admin = postgres(serverUrl ?? "", { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    for (const name of made) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end({ timeout: 5 });
  });

  async function database(name: string): Promise<string> {
    await admin.unsafe(`create database "${name}"`);
    made.push(name);
    return name;
  }

  const exists = async (name: string) =>
    (await admin<{ n: number }[]>`select count(*)::int as n from pg_database where datname = ${name}`)[0]?.n === 1;

  /** Claims `copy` as the restore of `target` does, and runs the cleanup another process (of `other`) runs. */
  async function claimedThenCleaned(target: string, other: string, copy: string): Promise<string[]> {
    const claim = await claimDatabase(through(target), claimKey("copy", copy));
    try {
      const cleaner = await adminConnection(through(other), [other]);
      try {
        return await dropUnclaimed(cleaner, through(other), (name) =>
          name === copy ? [claimKey("copy", copy)] : null,
        );
      } finally {
        await cleaner.end({ timeout: 5 });
      }
    } finally {
      await claim.end({ timeout: 5 });
    }
  }

  test("a copy claimed by the restore of a target named postgres is not dropped by a process working through another database", async () => {
    const copy = await database(`postgres_restore_${Date.now()}`.slice(0, 40));
    const other = await database(`klarwerk_claims_other_${Date.now()}`);
    expect(await claimedThenCleaned("postgres", other, copy)).toEqual([]);
    expect(await exists(copy)).toBe(true);
  }, 30_000);

  test("and the other way round: a claim taken through another database holds against a process of the target postgres", async () => {
    const other = await database(`klarwerk_claims_other_${Date.now()}`);
    const copy = await database(`${other}_restore_20261127010203`);
    expect(await claimedThenCleaned(other, "postgres", copy)).toEqual([]);
    expect(await exists(copy)).toBe(true);
  }, 30_000);

  test("once the claim is gone, the same cleanup drops the database", async () => {
    const copy = await database(`postgres_restore_${Date.now() + 1}`.slice(0, 40));
    const cleaner = await adminConnection(through("postgres"), ["postgres"]);
    try {
      expect(
        await dropUnclaimed(cleaner, through("postgres"), (name) => (name === copy ? [claimKey("copy", copy)] : null)),
      ).toEqual([copy]);
    } finally {
      await cleaner.end({ timeout: 5 });
    }
    expect(await exists(copy)).toBe(false);
  }, 30_000);
});
