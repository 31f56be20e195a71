// A restore killed after it created its copy beside the target database (`<target>_restore_<stamp>`)
// left that database on the server. The next restore of the same target drops every such copy no
// running restore claims, and leaves one that is claimed (another restore still at work), and
// the databases of other targets. The restore drill does the same with the throwaway databases of
// its own deployment's drills that were killed, and leaves another deployment's alone.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { drillPrefix } from "../../src/backup/drill.ts";
import { type BackupPlace, backupPlace, emptySite, runScript, type Site } from "./support.ts";

const serverUrl = process.env.DATABASE_URL;

/** A session in the database every claim of the server is taken in (the maintenance database `postgres`). */
function claimsSession(): postgres.Sql {
  const url = new URL(serverUrl ?? "");
  url.pathname = "/postgres";
  return postgres(url.toString(), { max: 1, onnotice: () => {} });
}

describe.if(serverUrl !== undefined)("restore and restore drill on PostgreSQL: what killed ones left", () => {
  let source: Site;
  let place: BackupPlace;
  let set: string;
  let admin: postgres.Sql;
  const sites: Site[] = [];

  beforeAll(async () => {
    admin = postgres(serverUrl ?? "", { max: 1, onnotice: () => {} });
    source = await emptySite("postgres", "disk");
    place = await backupPlace("disk");
    const backup = await runScript("backup", [], { ...source.env, ...place.env });
    expect(backup.code, backup.output).toBe(0);
    set = (await place.manifest()).set;
  }, 120_000);

  afterAll(async () => {
    for (const site of sites) await site.drop();
    await source?.drop();
    await place?.drop();
    await admin?.end({ timeout: 5 });
  });

  const databaseOf = (site: Site) => decodeURIComponent(new URL(site.databaseUrl ?? "").pathname.slice(1));
  const existing = async (names: string[]) =>
    (await admin<{ datname: string }[]>`select datname from pg_database where datname in ${admin(names)}`)
      .map((row) => row.datname)
      .sort();

  test("an unclaimed copy is dropped and named; a claimed one and another target's stay", async () => {
    const target = await emptySite("postgres", "disk");
    const other = await emptySite("postgres", "disk");
    sites.push(target, other);
    const abandoned = `${databaseOf(target)}_restore_20261127010203`;
    const claimed = `${databaseOf(target)}_restore_20261127010204`;
    const othersCopy = `${databaseOf(other)}_restore_20261127010203`;
    for (const name of [abandoned, claimed, othersCopy]) await admin.unsafe(`create database "${name}"`);
    // The running restore's claim: its lock on a session of its own, as the restore holds it.
    const running = claimsSession();
    try {
      await running`select pg_advisory_lock(hashtext(${`klarwerk.restore-copy:${claimed}`}))`;
      const run = await runScript("restore", [set], { ...target.env, ...place.env });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(`Die Datenbank einer abgebrochenen Wiederherstellung wurde entfernt: ${abandoned}`);
      expect(run.output).not.toContain(claimed);
      expect(await existing([abandoned, claimed, othersCopy])).toEqual([claimed, othersCopy].sort());
      // The restore's own copy became the target, and no copy of it is left.
      const left = await admin<{ datname: string }[]>`
        select datname from pg_database where datname like ${`${databaseOf(target)}%`} order by datname`;
      expect(left.map((row) => row.datname)).toEqual([databaseOf(target), claimed].sort());
    } finally {
      await running.end({ timeout: 5 });
      for (const name of [claimed, othersCopy]) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    }
  }, 120_000);

  test("once the claiming session is gone (the restore was killed), the next restore drops its copy", async () => {
    const target = await emptySite("postgres", "disk");
    sites.push(target);
    const copy = `${databaseOf(target)}_restore_20261127010205`;
    await admin.unsafe(`create database "${copy}"`);
    const killed = claimsSession();
    await killed`select pg_advisory_lock(hashtext(${`klarwerk.restore-copy:${copy}`}))`;
    await killed.end({ timeout: 5 });
    const run = await runScript("restore", [set], { ...target.env, ...place.env });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`Die Datenbank einer abgebrochenen Wiederherstellung wurde entfernt: ${copy}`);
    expect(await existing([copy])).toEqual([]);
  }, 120_000);

  test("a drill leaves another deployment's drill databases alone, claimed or not", async () => {
    // Another deployment on the same server: its drill's throwaway (named as drills were named
    // before they carried their deployment, and as they are named now) and the copy beside it,
    // claimed where this drill cannot see it, or its process killed: not this drill's to drop.
    const othersOld = "klarwerk_drill_0000000beef0";
    const othersOldCopy = `${othersOld}_restore_20261127010203`;
    const othersNew = "klarwerk_drill_0badc0de_0000000beef1";
    const othersNewCopy = `${othersNew}_restore_20261127010203`;
    const names = [othersOld, othersOldCopy, othersNew, othersNewCopy];
    for (const name of names) await admin.unsafe(`create database "${name}"`);
    try {
      const run = await runScript("restore-drill", [], { ...source.env, ...place.env });
      expect(run.code, run.output).toBe(0);
      for (const name of names) expect(run.output).not.toContain(name);
      expect(await existing(names)).toEqual([...names].sort());
    } finally {
      for (const name of names) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    }
  }, 180_000);

  test("a killed drill's throwaway and its copy are dropped by the next drill; a running drill's stay", async () => {
    // Named as this deployment names its drills' databases.
    const prefix = drillPrefix(source.databaseUrl ?? "");
    const killed = `${prefix}00000000dead`;
    const killedCopy = `${killed}_restore_20261127010203`;
    const running = `${prefix}00000000a11e`;
    const runningCopy = `${running}_restore_20261127010203`;
    const names = [killed, killedCopy, running, runningCopy];
    for (const name of names) await admin.unsafe(`create database "${name}"`);
    const runningDrill = claimsSession();
    try {
      await runningDrill`select pg_advisory_lock(hashtext(${`klarwerk.drill:${running}`}))`;
      const run = await runScript("restore-drill", [], { ...source.env, ...place.env });
      expect(run.code, run.output).toBe(0);
      for (const name of [killed, killedCopy]) {
        expect(run.output).toContain(
          `Die Datenbank einer abgebrochenen Wiederherstellungsprobe wurde entfernt: ${name}`,
        );
      }
      const left = await admin<{ datname: string }[]>`
        select datname from pg_database where datname in ${admin(names)} order by datname`;
      expect(left.map((row) => row.datname)).toEqual([running, runningCopy].sort());
    } finally {
      await runningDrill.end({ timeout: 5 });
      for (const name of names) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    }
  }, 180_000);
});
