// `bun run restore` given a set's folder, as an operator copies it from `ls`: absolute, relative
// to where the command was typed, with or without the trailing slash; a folder outside
// BACKUP_DIR's sets is refused in German, naming BACKUP_DIR (exit 2), before anything is touched.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { type BackupPlace, backupPlace, emptySite, runScript, type Site } from "./support.ts";

const repoRoot = join(import.meta.dir, "../../..");

describe("bun run restore <folder of a set>", () => {
  let source: Site;
  let place: BackupPlace;
  let backupDir: string;
  let set: string;
  const targets: Site[] = [];

  beforeAll(async () => {
    source = await emptySite("pglite", "disk");
    place = await backupPlace("disk");
    backupDir = place.env.BACKUP_DIR ?? "";
    const backup = await runScript("backup", [], { ...source.env, ...place.env });
    expect(backup.code, backup.output).toBe(0);
    set = (await place.manifest()).set;
  }, 120_000);

  afterAll(async () => {
    for (const target of targets) await target.drop();
    await source?.drop();
    await place?.drop();
  });

  async function restoreInto(argument: string) {
    const target = await emptySite("pglite", "disk");
    targets.push(target);
    const run = await runScript("restore", [argument], {
      ...target.env,
      ...place.env,
    });
    return { run, target };
  }

  test("the copy a killed restore left in DATA_DIR is removed by the next; a running one's stays", async () => {
    const target = await emptySite("pglite", "disk");
    targets.push(target);
    const gone = Bun.spawn(["true"]);
    await gone.exited;
    const running = Bun.spawn(["sleep", "120"]);
    try {
      await mkdir(target.dataDir, { recursive: true });
      const abandoned = `restore-20261127010203-${gone.pid}.partial`;
      const inFlight = `restore-20261127010203-${running.pid}.partial`;
      for (const name of [abandoned, inFlight]) {
        await mkdir(join(target.dataDir, name, "pglite"), { recursive: true });
        await writeFile(join(target.dataDir, name, "pglite", "PG_VERSION"), "17");
      }
      const run = await runScript("restore", [set], { ...target.env, ...place.env });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(
        `Die Kopie einer abgebrochenen Wiederherstellung wurde entfernt: ${join(target.dataDir, abandoned)}`,
      );
      const left = (await readdir(target.dataDir)).filter((name) => name.endsWith(".partial"));
      expect(left).toEqual([inFlight]);
    } finally {
      running.kill();
    }
  }, 120_000);

  test("an absolute folder, with and without the trailing slash", async () => {
    for (const folder of [join(backupDir, "sets", set), `${join(backupDir, "sets", set)}/`]) {
      const { run } = await restoreInto(folder);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(`Sicherung ${set} wiederhergestellt`);
      expect(run.output).not.toContain("not a backup key");
    }
  }, 120_000);

  test("a folder relative to the repository's folder, where `bun run` runs it (../…/sets/<name>/)", async () => {
    const { run } = await restoreInto(`${relative(repoRoot, join(backupDir, "sets", set))}/`);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`Sicherung ${set} wiederhergestellt`);
  }, 60_000);

  test("a folder outside BACKUP_DIR's sets, or BACKUP_DIR itself: German error naming BACKUP_DIR, exit 2", async () => {
    const elsewhere = join(source.dataDir, "sets", set);
    await mkdir(elsewhere, { recursive: true });
    for (const folder of [elsewhere, backupDir, join(backupDir, "sets"), join(backupDir, "sets", set, "..", "..")]) {
      const { run, target } = await restoreInto(folder);
      expect(run.code, `${folder}: ${run.output}`).toBe(2);
      expect(run.output).toContain(`ist kein Ordner einer Sicherung in BACKUP_DIR (${backupDir})`);
      expect(run.output).not.toContain("not a backup key");
      expect((await readdir(target.dataDir)).filter((name) => !name.startsWith("."))).toEqual([]);
    }
  }, 60_000);

  test("a name that is neither a set's name nor a folder: German error, exit 2", async () => {
    const { run } = await restoreInto("gibt es nicht");
    expect(run.code, run.output).toBe(2);
    expect(run.output).toContain('"gibt es nicht" ist weder der Name einer Sicherung noch ein Ordner.');
  });

  test("an unknown set's name: German error listing the sets there, exit 2", async () => {
    const { run } = await restoreInto("2020-01-01T00-00-00Z");
    expect(run.code, run.output).toBe(2);
    expect(run.output).toContain('Es gibt keine Sicherung "2020-01-01T00-00-00Z"');
    expect(run.output).toContain(`Sicherungen in ${backupDir}: ${set}`);
  });
});
