// A set is signed with a key kept outside the backup target (BACKUP_KEY, else one derived from
// JWT_SECRET): whoever can write BACKUP_DIR (or the bucket) but has not the key cannot make a set
// that restores. A file or the dump changed with its SHA-256 rewritten in manifest.json, a set
// copied under a newer name, a set signed under another key and an unsigned one (as every set
// made before sets were signed is) are refused in German before the target is touched; `--unsigned`
// restores an unsigned set when the operator says so. The drill refuses what restore refuses.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { cp, readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Manifest } from "../../src/backup/manifest.ts";
import type { DiskBackupTarget } from "../../src/backup/target.ts";
import { sha256HexOf } from "../../src/storage/blob-digest.ts";
import { distinctBytes, upload } from "../storage/upload-helpers.ts";
import { overHttp } from "../support/http.ts";
import { signedInOwner } from "../support/users.ts";
import { type BackupPlace, backupPlace, databaseKinds, emptySite, runScript, type Site, serveSite } from "./support.ts";

describe.each(databaseKinds)("signed sets on %s", (database) => {
  let source: Site;
  let place: BackupPlace;
  let dir: string;
  let manifest: Manifest;
  const fresh: Site[] = [];

  beforeAll(async () => {
    source = await emptySite(database, "disk");
    place = await backupPlace("disk");
    dir = (place.target as DiskBackupTarget).root;
    const server = await serveSite(source);
    const app = overHttp(server.url);
    const owner = await signedInOwner(app);
    await upload(app, owner.token, { name: "Vertrag.pdf", content: distinctBytes(20_000, 5) });
    await server.stop();
    const backup = await runScript("backup", [], { ...source.env, ...place.env });
    expect(backup.code, backup.output).toBe(0);
    manifest = await place.manifest();
  }, 120_000);

  afterAll(async () => {
    for (const site of fresh) await site.drop();
    await source?.drop();
    await place?.drop();
  }, 60_000);

  /** `restore <set> …args` into a fresh empty target, with `env` over the target's and the place's. */
  async function restore(set: string, args: string[] = [], env: Record<string, string> = {}) {
    const target = await emptySite(database, "disk");
    fresh.push(target);
    return runScript("restore", [set, ...args], { ...target.env, ...place.env, ...env });
  }

  function refusedWith(run: { code: number; output: string }, expected: string) {
    expect(run.output).toContain(expected);
    expect(run.output).toContain("Das Ziel ist unverändert.");
    expect(run.code).toBe(1);
  }

  const setDir = (set: string) => join(dir, "sets", set);
  const manifestPath = (set: string) => join(setDir(set), "manifest.json");

  /** A copy of the good set under `name` (its manifest's text as written), removed after `use`. */
  async function copyOfSet(name: string, use: () => Promise<void>) {
    await cp(setDir(manifest.set), setDir(name), { recursive: true });
    try {
      await use();
    } finally {
      await rm(setDir(name), { recursive: true, force: true });
    }
  }

  test("a file's bytes changed, its SHA-256 rewritten in manifest.json: refused, and by the drill", async () => {
    await copyOfSet("2031-02-01T00-00-00Z", async () => {
      const set = "2031-02-01T00-00-00Z";
      const text = await readFile(manifestPath(set), "utf8");
      const file = manifest.blobs.find((blob) => blob.area === "files");
      if (!file) throw new Error("no file in the set");
      const bytes = new Uint8Array(await Bun.file(join(dir, "blobs", file.sha256)).arrayBuffer());
      bytes[100] = (bytes[100] ?? 0) ^ 0xff;
      const forged = sha256HexOf(bytes);
      await Bun.write(join(dir, "blobs", forged), bytes);
      await Bun.write(manifestPath(set), text.replaceAll(file.sha256, forged));
      refusedWith(await restore(set), "passt nicht zu ihrem Manifest");
      // The newest set now: the drill proves it and refuses it too.
      const drill = await runScript("restore-drill", [], { ...source.env, ...place.env });
      expect(drill.output).toContain("passt nicht zu ihrem Manifest");
      expect(drill.code).toBe(1);
    });
  }, 180_000);

  test("a flipped byte in the dump with its SHA-256 recomputed in manifest.json: refused", async () => {
    await copyOfSet("2031-02-02T00-00-00Z", async () => {
      const set = "2031-02-02T00-00-00Z";
      const key = manifest.database.key.replace(manifest.set, set);
      const path = join(dir, key);
      const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
      bytes[bytes.length - 40] = (bytes[bytes.length - 40] ?? 0) ^ 0xff;
      await Bun.write(path, bytes);
      const text = await readFile(manifestPath(set), "utf8");
      await Bun.write(
        manifestPath(set),
        text.replaceAll(manifest.database.sha256, sha256HexOf(bytes)).replaceAll(manifest.set, set),
      );
      refusedWith(await restore(set), "passt nicht zu ihrem Manifest");
    });
  }, 120_000);

  test("a good set copied under a newer name (to pass for the latest): refused", async () => {
    await copyOfSet("2031-02-03T00-00-00Z", async () => {
      refusedWith(await restore("latest"), "passt nicht zu ihrem Manifest");
    });
  }, 120_000);

  test("an unsigned set (as made before sets were signed): refused without --unsigned, restored with it", async () => {
    await copyOfSet("2031-02-04T00-00-00Z", async () => {
      const set = "2031-02-04T00-00-00Z";
      await rm(join(setDir(set), "signature.json"));
      const text = await readFile(manifestPath(set), "utf8");
      await Bun.write(manifestPath(set), text.replaceAll(manifest.set, set));
      const refused = await restore(set);
      refusedWith(refused, `Die Sicherung ${set} ist nicht signiert`);
      expect(refused.output).toContain("--unsigned");
      const run = await restore(set, ["--unsigned"]);
      expect(run.output).toContain("--unsigned");
      expect(run.output).toMatch(/RTO: \d+\.\d s/);
      expect(run.code, run.output).toBe(0);
    });
  }, 180_000);

  test("a set signed under another key (the key was changed): refused, saying how to go on", async () => {
    const run = await restore(manifest.set, [], { BACKUP_KEY: randomBytes(32).toString("hex") });
    refusedWith(run, "mit einem anderen Schlüssel signiert");
    expect(run.output).toContain("--unsigned");
    expect(run.output).toContain("BACKUP_KEY");
  }, 120_000);

  test("the good set restores; its key is nowhere in BACKUP_DIR", async () => {
    const run = await restore(manifest.set);
    expect(run.output).toMatch(/RTO: \d+\.\d s/);
    expect(run.code, run.output).toBe(0);
    const key = place.env.BACKUP_KEY;
    expect(key).toBeDefined();
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const content = await readFile(join(entry.parentPath, entry.name));
      expect(content.includes(key ?? "")).toBe(false);
    }
  }, 120_000);

  test("without BACKUP_KEY the key is derived from JWT_SECRET: another secret refuses the set, the same restores it", async () => {
    const derived = await backupPlace("disk");
    try {
      const env = { ...derived.env, BACKUP_KEY: "" };
      const backup = await runScript("backup", [], { ...source.env, ...env });
      expect(backup.code, backup.output).toBe(0);
      const set = (await derived.manifest()).set;
      const target = await emptySite(database, "disk");
      fresh.push(target);
      const other = await runScript("restore", [set], { ...target.env, ...env });
      refusedWith(other, "mit einem anderen Schlüssel signiert");
      const same = await runScript("restore", [set], {
        ...target.env,
        ...env,
        JWT_SECRET: source.env.JWT_SECRET ?? "",
      });
      expect(same.code, same.output).toBe(0);
    } finally {
      await derived.drop();
    }
  }, 180_000);
});
