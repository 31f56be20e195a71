// `bun run restore <set> --force <target>` onto a target that holds data: a set that is damaged,
// forged or from a newer migration level is refused with a German message before the target is
// touched (its rows and every blob as they were); a good set replaces the target completely, the
// old data set aside where the command says. On both databases and both blob stores.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { copyFile, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { startTestServer } from "../../../scripts/test-server.ts";
import type { Manifest } from "../../src/backup/manifest.ts";
import type { DiskBackupTarget } from "../../src/backup/target.ts";
import { openDatabase } from "../../src/db/open.ts";
import { blobStoresFor } from "../../src/storage/configured-blob-store.ts";
import { distinctBytes, storeKinds, upload } from "../storage/upload-helpers.ts";
import { callJson, overHttp } from "../support/http.ts";
import { uploadRelease } from "../support/releases.ts";
import { signedInOwner, uniqueEmail } from "../support/users.ts";
import {
  type BackupPlace,
  backupPlace,
  databaseKinds,
  emptySite,
  runScript,
  type Site,
  targetName,
} from "./support.ts";

const cases = databaseKinds.flatMap((database) => storeKinds.map((store) => [database, store] as const));

/** What a target holds: its rows that matter and every blob of every area with its SHA-256. */
async function contentsOf(site: Site): Promise<{ rows: unknown; blobs: string[] }> {
  const db = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
  let rows: unknown;
  try {
    rows = {
      customers: await db.sql`select id, name from customers order by id`,
      files: await db.sql`select id, original_name as name, blob_id from files order by id`,
      users: await db.sql`select id, email from users order by id`,
      migrations: await db.sql`select version from schema_migrations order by version`,
    };
  } finally {
    await db.close();
  }
  const stores = blobStoresFor({
    dataDir: site.dataDir,
    blobStore: site.s3 ? { kind: "s3", s3: site.s3.settings } : { kind: "disk" },
  });
  const blobs: string[] = [];
  try {
    for (const [area, store] of Object.entries(stores)) {
      for await (const page of store.list()) {
        for (const blob of page) {
          const { sha256 } = await store.digest(blob.id, 0, blob.size);
          blobs.push(`${area}/${blob.id} ${sha256}`);
        }
      }
    }
  } finally {
    for (const store of Object.values(stores)) await store.close();
  }
  return { rows, blobs: blobs.sort() };
}

/** The name `--force` takes: the database's, or the embedded database's DATA_DIR. */
describe.each(cases)("restore --force onto a target with data, on %s with the %s store", (database, store) => {
  let source: Site;
  let target: Site;
  let place: BackupPlace;
  let dir: string;
  let manifest: Manifest;
  let before: { rows: unknown; blobs: string[] };
  let forged = 0;

  beforeAll(async () => {
    source = await emptySite(database, store);
    target = await emptySite(database, store);
    place = await backupPlace("disk");
    dir = (place.target as DiskBackupTarget).root;
    const first = await startTestServer({
      dataDir: source.dataDir,
      quiet: true,
      embedded: source.databaseUrl === null,
      ...(source.databaseUrl ? { databaseUrl: source.databaseUrl } : {}),
      env: { ...source.s3?.env },
    });
    const app = overHttp(first.url);
    const owner = await signedInOwner(app);
    for (const [index, name] of ["Angebot Müller.pdf", "Vertrag.pdf"].entries()) {
      await upload(app, owner.token, { name, content: distinctBytes(30_000 + index, 3 + index) });
    }
    await uploadRelease(app, owner.token, "files", "4.0.0", "gesichert");
    await first.stop();
    const backup = await runScript("backup", [], { ...source.env, ...place.env });
    expect(backup.code).toBe(0);
    manifest = await place.manifest();

    // The target: live data of its own, none of it in the set.
    const second = await startTestServer({
      dataDir: target.dataDir,
      quiet: true,
      embedded: target.databaseUrl === null,
      ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
      env: { ...target.s3?.env },
    });
    const live = overHttp(second.url);
    const liveOwner = await signedInOwner(live);
    await upload(live, liveOwner.token, { name: "Lebend.pdf", content: distinctBytes(25_000, 99) });
    const customer = await callJson(live, "/api/customers", {
      token: liveOwner.token,
      json: { name: "Kundin am Ziel", email: uniqueEmail("ziel"), status: "angerufen" },
    });
    expect(customer.status).toBe(201);
    await second.stop();
    before = await contentsOf(target);
    expect(before.blobs.filter((blob) => blob.startsWith("files/")).length).toBe(1);
  }, 180_000);

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    await place?.drop();
  }, 60_000);

  /** A set of its own whose manifest is the good one changed by `change`. */
  async function forgedSet(change: (manifest: Manifest & Record<string, unknown>) => void): Promise<string> {
    forged++;
    const name = `2031-01-0${forged}T00-00-00Z`;
    const copy = structuredClone(manifest) as Manifest & Record<string, unknown>;
    copy.set = name;
    change(copy);
    await Bun.write(join(dir, "sets", name, "manifest.json"), JSON.stringify(copy));
    return name;
  }

  async function saved(path: string): Promise<() => Promise<void>> {
    await copyFile(path, `${path}.saved`);
    return async () => {
      await copyFile(`${path}.saved`, path);
      await rm(`${path}.saved`);
    };
  }

  async function flipByte(path: string, at: number): Promise<() => Promise<void>> {
    const undo = await saved(path);
    const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    await Bun.write(path, bytes);
    return undo;
  }

  /**
   * `restore <set> --force <target> …args`: refused, naming `expected`; the target as it was. A
   * forged set is unsigned: `--unsigned` lets its manifest reach the checks it is made to test.
   */
  async function refused(set: string, expected: string | RegExp, args: string[] = []) {
    const run = await runScript("restore", [set, "--force", targetName(target), ...args], {
      ...target.env,
      ...place.env,
    });
    expect(run.output).toMatch(expected);
    expect(run.output).toContain("Das Ziel ist unverändert.");
    expect(run.code).not.toBe(0);
    expect(await contentsOf(target)).toEqual(before);
    // Nothing of the attempt left beside the target.
    expect((await readdir(target.dataDir)).filter((name) => name.includes("restore"))).toEqual([]);
    if (target.databaseUrl) {
      const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
      try {
        const copies = await db.sql<{ datname: string }[]>`
          select datname from pg_database where datname like ${`${targetName(target)}_restore_%`}`;
        expect(copies.map((row) => row.datname)).toEqual([]);
      } finally {
        await db.close();
      }
    }
    return run;
  }

  test("a dump whose checksum is wrong: refused, the target untouched", async () => {
    const undo = await flipByte(join(dir, manifest.database.key), 200);
    try {
      await refused(manifest.set, `Der Datenbank-Dump ${manifest.database.key} ist beschädigt`);
    } finally {
      await undo();
    }
  }, 120_000);

  test("one blob altered: refused naming it, the target untouched", async () => {
    const file = manifest.blobs.find((blob) => blob.area === "files");
    if (!file) throw new Error("no file in the set");
    const undo = await flipByte(join(dir, "blobs", file.sha256), 10);
    try {
      await refused(manifest.set, `"${file.name}"`);
      await refused(manifest.set, "ist in der Sicherung verändert");
    } finally {
      await undo();
    }
  }, 120_000);

  test("one blob missing: refused naming it, the target untouched", async () => {
    const file = manifest.blobs.filter((blob) => blob.area === "files")[1];
    if (!file) throw new Error("no second file in the set");
    const path = join(dir, "blobs", file.sha256);
    const undo = await saved(path);
    await rm(path);
    try {
      await refused(manifest.set, `"${file.name}" (blob ${file.id}, SHA-256 ${file.sha256}) fehlt in der Sicherung`);
    } finally {
      await undo();
    }
  }, 120_000);

  test("a forged set is refused for its signature before its manifest is read", async () => {
    const set = await forgedSet((copy) => {
      copy.migration_level = "999";
    });
    const run = await refused(set, `Die Sicherung ${set} ist nicht signiert`);
    expect(run.output).not.toContain("Migrationsstand 999");
  }, 120_000);

  test("a set from a newer migration level: refused in German", async () => {
    const set = await forgedSet((copy) => {
      copy.migration_level = "999";
    });
    await refused(set, /Migrationsstand 999.*neuer als der dieser Version/, ["--unsigned"]);
  }, 120_000);

  test('a forged blob area "__proto__": refused as an unknown area, no TypeError', async () => {
    const set = await forgedSet((copy) => {
      const blob = copy.blobs[0] as unknown as Record<string, unknown>;
      blob.area = "__proto__";
    });
    const run = await refused(set, 'unbekannter Bereich "__proto__"', ["--unsigned"]);
    expect(run.output).not.toContain("TypeError");
  }, 120_000);

  test("a forged offset of 10^13: refused, no attempt to allocate it", async () => {
    const set = await forgedSet((copy) => {
      const blob = copy.blobs[0] as unknown as Record<string, unknown>;
      blob.offset = 10 ** 13;
    });
    await refused(set, "offset 10000000000000 liegt außerhalb", ["--unsigned"]);
  }, 120_000);

  test("an offset of 64 MiB is still accepted by the check, 64 MiB + 1 is not", async () => {
    const set = await forgedSet((copy) => {
      const blob = copy.blobs[0] as unknown as Record<string, unknown>;
      blob.offset = 64 * 1024 * 1024 + 1;
    });
    await refused(set, `offset ${64 * 1024 * 1024 + 1} liegt außerhalb`, ["--unsigned"]);
    const edge = await forgedSet((copy) => {
      const blob = copy.blobs[0] as unknown as Record<string, unknown>;
      blob.offset = 64 * 1024 * 1024;
    });
    // Within bounds: the shape passes, and the restored rows, checked beside the target, disagree.
    const run = await refused(edge, /die Zeile in der Datenbank nennt offset 0/, ["--unsigned"]);
    expect(run.output).not.toContain("liegt außerhalb");
  }, 120_000);

  test("a good set replaces the target completely; the old data is kept aside where the command says", async () => {
    const run = await runScript("restore", [manifest.set, "--force", targetName(target)], {
      ...target.env,
      ...place.env,
    });
    expect(run.output).toMatch(/RTO: \d+\.\d s/);
    expect(run.code).toBe(0);
    const after = await contentsOf(target);
    const expected = [...new Set(manifest.blobs.map((blob) => `${blob.area}/${blob.id} ${blob.sha256}`))].sort();
    // Blobs written under their id with a form's start: the id's whole blob differs from the
    // content's SHA-256 only when offset > 0, which the small uploads here never have.
    expect(after.blobs).toEqual(expected);
    const rows = after.rows as { files: { name: string }[]; customers: unknown[] };
    expect(rows.files.map((file) => file.name).sort()).toEqual(["Angebot Müller.pdf", "Vertrag.pdf"]);
    expect(rows.customers).toEqual([]);
    expect(run.output).toMatch(/Die bisherigen Daten liegen/);
    if (target.databaseUrl) {
      const aside = /Die bisherigen Daten liegen in der Datenbank "([^"]+)"/.exec(run.output)?.[1];
      expect(aside).toBeDefined();
      const url = new URL(target.databaseUrl);
      url.pathname = `/${aside}`;
      const old = await openDatabase({ databaseUrl: url.toString(), dataDir: target.dataDir });
      try {
        const customers = await old.sql<{ name: string }[]>`select name from customers`;
        expect(customers.map((row) => row.name)).toEqual(["Kundin am Ziel"]);
      } finally {
        await old.close();
        const admin = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
        await admin.sql.unsafe(`drop database if exists "${aside}" with (force)`);
        await admin.close();
      }
    }
    if (!target.databaseUrl || !target.s3) {
      // The old folders, moved aside whole.
      const aside = (await readdir(target.dataDir)).find((name) => name.startsWith("before-restore-"));
      expect(aside).toBeDefined();
      expect(run.output).toContain(join(target.dataDir, aside ?? ""));
    }
  }, 180_000);
});

describe.each(databaseKinds.filter((kind) => kind === "postgres"))("the database password on %s", (database) => {
  let site: Site;
  let restored: Site;
  let place: BackupPlace;
  let shims: string;
  let log: string;

  beforeAll(async () => {
    site = await emptySite(database, "disk");
    restored = await emptySite(database, "disk");
    place = await backupPlace("disk");
    shims = join(site.dataDir, "..", `klarwerk-pg-shims-${randomBytes(4).toString("hex")}`);
    log = join(shims, "calls.log");
    // A shim that records how it was called, then runs the real tool with exactly that.
    for (const tool of ["pg_dump", "pg_restore"]) {
      const real = Bun.which(tool);
      if (!real) throw new Error(`${tool} is not installed`);
      await Bun.write(
        join(shims, tool),
        `#!/bin/sh\nprintf '%s\\0' "${tool}" "$@" >> "${log}"\nprintf '\\nPGPASSWORD=%s\\n' "$PGPASSWORD" >> "${log}"\nexec "${real}" "$@"\n`,
      );
      await Bun.spawn(["chmod", "755", join(shims, tool)]).exited;
    }
    const server = await startTestServer({ dataDir: site.dataDir, quiet: true, databaseUrl: site.databaseUrl ?? "" });
    const app = overHttp(server.url);
    await signedInOwner(app);
    await server.stop();
  }, 60_000);

  afterAll(async () => {
    await site?.drop();
    await restored?.drop();
    await place?.drop();
    await rm(shims, { recursive: true, force: true });
  }, 60_000);

  function withPassword(url: string, password: string): string {
    const withIt = new URL(url);
    withIt.password = password;
    return withIt.toString();
  }

  test("pg_dump and pg_restore get it in their environment, never on their command line", async () => {
    const password = `Geheim-${randomBytes(6).toString("hex")}`;
    const path = `${shims}:${process.env.PATH ?? ""}`;
    const backup = await runScript("backup", [], {
      ...site.env,
      ...place.env,
      DATABASE_URL: withPassword(site.databaseUrl ?? "", password),
      PATH: path,
    });
    expect(backup.code).toBe(0);
    const restore = await runScript("restore", ["latest"], {
      ...restored.env,
      ...place.env,
      DATABASE_URL: withPassword(restored.databaseUrl ?? "", password),
      PATH: path,
    });
    expect(restore.code).toBe(0);
    const calls = await Bun.file(log).text();
    // Both tools ran (the version checks too), and with the dump and the restore proper.
    expect(calls).toContain("pg_dump\0--format=custom");
    expect(calls).toContain("pg_restore\0--no-owner");
    const argv = calls
      .split("\n")
      .filter((line) => !line.startsWith("PGPASSWORD="))
      .join("\n");
    expect(argv).not.toContain(password);
    const passed = calls.split("\n").filter((line) => line.startsWith("PGPASSWORD=") && line !== "PGPASSWORD=");
    expect(passed).toContain(`PGPASSWORD=${password}`);
  }, 120_000);
});
