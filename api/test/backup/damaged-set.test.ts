// A set with one blob altered (a file's, a release file's), one blob missing, or a truncated dump:
// `bun run restore` and `bun run restore-drill` fail and name what is wrong; the drill's failure is
// recorded for admins and mailed to them. Undamaged, the drill serves a file and a release's
// manifest from the restored copy.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFile, truncate } from "node:fs/promises";
import { join } from "node:path";
import { startTestServer } from "../../../scripts/test-server.ts";
import type { DiskBackupTarget } from "../../src/backup/target.ts";
import { openDatabase } from "../../src/db/open.ts";
import { lastRun } from "../../src/modules/operations/store.ts";
import { distinctBytes, upload } from "../storage/upload-helpers.ts";
import { overHttp } from "../support/http.ts";
import { uploadRelease } from "../support/releases.ts";
import { signedInOwner } from "../support/users.ts";
import { type BackupPlace, backupPlace, databaseKinds, emptySite, runScript, type Site } from "./support.ts";

describe.each(databaseKinds)("a damaged set on %s", (database) => {
  let site: Site;
  let place: BackupPlace;
  const fresh: Site[] = [];
  let dir: string;
  let files: { name: string; sha256: string }[] = [];
  let releaseFiles: { name: string; sha256: string }[] = [];
  let dumpKey: string;

  beforeAll(async () => {
    site = await emptySite(database, "disk");
    place = await backupPlace("disk");
    dir = (place.target as DiskBackupTarget).root;
    const server = await startTestServer({
      dataDir: site.dataDir,
      quiet: true,
      embedded: site.databaseUrl === null,
      ...(site.databaseUrl ? { databaseUrl: site.databaseUrl } : {}),
    });
    const app = overHttp(server.url);
    const owner = await signedInOwner(app);
    for (const [index, name] of ["Angebot Müller.pdf", "Vertrag.pdf"].entries()) {
      await upload(app, owner.token, { name, content: distinctBytes(40_000 + index, 7 + index) });
    }
    await uploadRelease(app, owner.token, "files", "3.1.0", "gesichert");
    await server.stop();
    const backup = await runScript("backup", [], { ...site.env, ...place.env });
    expect(backup.code).toBe(0);
    const manifest = await place.manifest();
    files = manifest.blobs
      .filter((blob) => blob.area === "files")
      .map((blob) => ({ name: blob.name, sha256: blob.sha256 }));
    releaseFiles = manifest.blobs
      .filter((blob) => blob.area === "releases")
      .map((blob) => ({ name: blob.name, sha256: blob.sha256 }));
    dumpKey = manifest.database.key;
  }, 120_000);

  afterAll(async () => {
    for (const target of fresh) await target.drop();
    await site?.drop();
    await place?.drop();
    // A database drop takes a second on a loaded machine; the default 5 s did not fit five.
  }, 60_000);

  /** Restore into fresh targets and the drill, both with the set damaged by `damage` (undone after). */
  async function bothFail(damage: () => Promise<() => Promise<void>>) {
    const undo = await damage();
    try {
      const target = await emptySite(database, "disk");
      fresh.push(target);
      const restore = await runScript("restore", ["latest"], { ...target.env, ...place.env });
      const drill = await runScript("restore-drill", [], { ...site.env, ...place.env });
      return { restore, drill };
    } finally {
      await undo();
    }
  }

  async function saved(path: string): Promise<() => Promise<void>> {
    await copyFile(path, `${path}.saved`);
    return () => copyFile(`${path}.saved`, path);
  }

  /** Inverts byte `at` of the set's copy of a blob; returns the undo. */
  async function alterBlob(sha256: string, at: number): Promise<() => Promise<void>> {
    const path = join(dir, "blobs", sha256);
    const undo = await saved(path);
    const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    await Bun.write(path, bytes);
    return undo;
  }

  test("one blob altered: both fail naming the file", async () => {
    const file = files[0];
    if (!file) throw new Error("no file in the set");
    const { restore, drill } = await bothFail(() => alterBlob(file.sha256, 100));
    expect(restore.output).toContain(`"${file.name}"`);
    expect(restore.output).toContain("ist in der Sicherung verändert");
    expect(restore.code).toBe(1);
    expect(drill.output).toContain(`"${file.name}"`);
    expect(drill.output).toContain("ist in der Sicherung verändert");
    expect(drill.code).toBe(1);
  }, 120_000);

  test("one release file altered: both fail naming it", async () => {
    const file = releaseFiles.find((candidate) => candidate.name.endsWith("/remoteEntry.js"));
    if (!file) throw new Error("no release file in the set");
    expect(file.name).toBe("mf-files/releases/3.1.0/remoteEntry.js");
    const { restore, drill } = await bothFail(() => alterBlob(file.sha256, 3));
    for (const run of [restore, drill]) {
      expect(run.output).toContain(`releases #`);
      expect(run.output).toContain(`"${file.name}"`);
      expect(run.output).toContain("ist in der Sicherung verändert");
      expect(run.code).toBe(1);
    }
  }, 120_000);

  test("one blob missing: both fail naming the file", async () => {
    const file = files[1];
    if (!file) throw new Error("no second file in the set");
    const { restore, drill } = await bothFail(async () => {
      const path = join(dir, "blobs", file.sha256);
      const undo = await saved(path);
      await Bun.file(path).delete();
      return undo;
    });
    expect(restore.output).toContain(`"${file.name}"`);
    expect(restore.output).toContain("fehlt in der Sicherung");
    expect(restore.code).toBe(1);
    expect(drill.output).toContain("fehlt in der Sicherung");
    expect(drill.code).toBe(1);
  }, 120_000);

  test("a truncated dump: both fail naming it, before anything is written; admins read and get the drill's failure", async () => {
    const { restore, drill } = await bothFail(async () => {
      const path = join(dir, dumpKey);
      const undo = await saved(path);
      await truncate(path, Math.floor((Bun.file(path).size ?? 0) / 2));
      return undo;
    });
    expect(restore.output).toContain(`Der Datenbank-Dump ${dumpKey} ist beschädigt (abgeschnitten)`);
    expect(restore.code).toBe(1);
    expect(drill.output).toContain("ist beschädigt (abgeschnitten)");
    expect(drill.code).toBe(1);

    const db = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    try {
      const run = await lastRun(db.sql, "drill");
      expect(run).toMatchObject({ kind: "drill", result: "failed" });
      expect(run?.error).toContain("ist beschädigt (abgeschnitten)");
      const mails = await db.sql<{ subject: string; text_body: string }[]>`
        select subject, text_body from outbox where kind = 'backup-failed' order by id`;
      // One for each failed drill of this file's tests.
      expect(mails.length).toBe(4);
      expect(mails.at(-1)?.subject).toMatch(/^Die Wiederherstellungsprobe vom .+ ist fehlgeschlagen$/);
      expect(mails.at(-1)?.text_body).toContain("ist beschädigt (abgeschnitten)");
    } finally {
      await db.close();
    }
    // Undamaged again, the drill passes.
    const drillAgain = await runScript("restore-drill", [], { ...site.env, ...place.env });
    expect(drillAgain.output).toContain("Probe der Wiederherstellung gelungen");
    expect(drillAgain.output).toContain("SHA-256 wie in der Sicherung");
    expect(drillAgain.output).toContain("Release-Datei mf-files/releases/3.1.0/mf-manifest.json ausgeliefert");
    expect(drillAgain.code).toBe(0);
  }, 120_000);
});
