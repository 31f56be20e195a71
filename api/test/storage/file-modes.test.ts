// Another local account on the server must not read or write what the product keeps on disk: the
// embedded database, the JWT secret, uploaded files, invoice PDFs, release files and backup sets.
// The API and the commands run here as the operator starts them (a child process, with the usual
// umask 022 inherited), on a real disk and the real embedded database.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestServer } from "../../../scripts/test-server.ts";
import { DiskBackupTarget } from "../../src/backup/target.ts";
import { startEmbeddedServer } from "../../src/db/embedded.ts";
import { closedMarkerName, closeTree } from "../../src/lib/private-files.ts";
import { DiskBlobStore } from "../../src/storage/disk-blob-store.ts";
import { backupPlace, databaseKinds, emptySite, runScript, type Site } from "../backup/support.ts";
import { call, type Handler, overHttp } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany } from "../support/invoices.ts";
import { uploadRelease } from "../support/releases.ts";
import { login, signedInOwner, testOwner } from "../support/users.ts";
import { distinctBytes, upload } from "./upload-helpers.ts";

/**
 * Everything under `root` (and `root` itself) another account could reach: a folder other than
 * 0700, a file other than 0600, anything else (the database's socket) with a group or other bit.
 */
async function looseEntries(root: string): Promise<string[]> {
  const loose: string[] = [];
  const check = async (path: string) => {
    const info = await lstat(path);
    const mode = info.mode & 0o777;
    const tight = info.isDirectory() ? mode === 0o700 : info.isFile() ? mode === 0o600 : (mode & 0o077) === 0;
    if (!tight) loose.push(`${mode.toString(8)} ${path}`);
  };
  await check(root);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    await check(join(entry.parentPath, entry.name));
  }
  // The first few name the problem; thousands of PGlite's files would bury it.
  return loose.length > 8 ? [...loose.slice(0, 8), `… and ${loose.length - 8} more`] : loose;
}

/**
 * Every entry under `root` opened up as an older version left it: folders 0755, files 0644, the
 * database's 0666, and no marker (an older version wrote none).
 */
async function loosen(root: string): Promise<number> {
  await rm(join(root, closedMarkerName), { force: true });
  let count = 0;
  await chmod(root, 0o755);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(path, 0o755);
    else if (entry.isFile()) await chmod(path, path.includes("/pglite/") ? 0o666 : 0o644);
    else continue;
    count++;
  }
  return count;
}

/** The files of every kind the product stores: a small and a large upload, an invoice PDF, a release. */
async function storeOneOfEach(app: Handler): Promise<{ fileId: number; content: Uint8Array<ArrayBuffer> }> {
  const owner = await signedInOwner(app);
  const small = await upload(app, owner.token, { name: "klein.txt", content: "Hallo Welt" });
  expect(small.status).toBe(201);
  // Above the size from which a body is written to disk whole (the store's other way in).
  const content = distinctBytes(5 * 1024 * 1024, 7);
  const large = await upload(app, owner.token, { name: "gross.bin", content, type: "application/octet-stream" });
  expect(large.status).toBe(201);
  await saveCompany(app);
  const invoice = await createInvoice(app, owner.token, invoiceJson({ issue: true }));
  const pdf = await call(app, `/api/invoices/${invoice.id}/pdf`, { token: owner.token });
  expect(pdf.status).toBe(200);
  await pdf.arrayBuffer();
  await uploadRelease(app, owner.token, "dashboard", "2026.11.27-1", "rechte");
  return { fileId: large.body.file.id, content };
}

let umaskBefore = 0;
beforeAll(() => {
  // What an operator's shell usually has: the product must not rely on a stricter one.
  umaskBefore = process.umask(0o022);
});
afterAll(() => {
  process.umask(umaskBefore);
});

describe.each(databaseKinds)("files the API and `bun run backup` write, on %s", (database) => {
  let site: Site;
  let dataDir: string;
  let stored: { fileId: number; content: Uint8Array<ArrayBuffer> };
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    site = await emptySite(database, "disk");
    // A DATA_DIR that does not exist yet, as on a first start.
    dataDir = join(site.dataDir, "data");
  });

  afterAll(async () => {
    for (const drop of drops) await drop();
    await site?.drop();
  }, 60_000);

  function serve() {
    return startTestServer({
      dataDir,
      quiet: true,
      embedded: site.databaseUrl === null,
      ...(site.databaseUrl ? { databaseUrl: site.databaseUrl } : {}),
      // Unset: the API generates its secret into DATA_DIR/jwt-secret.
      env: { JWT_SECRET: "" },
    });
  }

  test("the API started on a fresh DATA_DIR keeps every file 0600 and every folder 0700, uploads included", async () => {
    const server = await serve();
    try {
      stored = await storeOneOfEach(overHttp(server.url));
      // While it runs (the database's lock and socket are there), and after it stopped.
      expect(await looseEntries(dataDir)).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(await looseEntries(dataDir)).toEqual([]);
    expect(await readdir(dataDir)).toEqual(
      expect.arrayContaining(["blobs", "invoices", "jwt-secret", "releases", ...(site.databaseUrl ? [] : ["pglite"])]),
    );
  }, 120_000);

  test("a DATA_DIR an older version left readable (0755, 0644, 0666) is closed at start, and serves as before", async () => {
    expect(await loosen(dataDir)).toBeGreaterThan(5);
    const server = await serve();
    try {
      expect(await looseEntries(dataDir)).toEqual([]);
      const app = overHttp(server.url);
      const owner = await login(app, testOwner);
      const download = await call(app, `/api/files/${stored.fileId}/download`, { token: owner.token });
      expect(download.status).toBe(200);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(stored.content);
    } finally {
      await server.stop();
    }
  }, 120_000);

  test("`bun run backup` writes its set 0600/0700 into a new BACKUP_DIR and closes sets an older version left open; `bun run restore` writes 0600/0700", async () => {
    const place = await backupPlace("disk");
    drops.push(place.drop);
    const backupDir = join(place.env.BACKUP_DIR as string, "sets-here");
    // One backup key for the set and its restore, as one installation has (the two sites' JWT
    // secrets differ, and the key is derived from it otherwise).
    const backupKey = { BACKUP_KEY: place.env.BACKUP_KEY as string };
    const env = { ...site.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, ...backupKey };
    const first = await runScript("backup", [], env);
    expect(first.output).toContain("geschrieben nach");
    expect(first.code).toBe(0);
    expect(await looseEntries(backupDir)).toEqual([]);
    expect(await looseEntries(dataDir)).toEqual([]);

    expect(await loosen(backupDir)).toBeGreaterThan(5);
    const second = await runScript("backup", [], env);
    expect(second.code).toBe(0);
    expect(await looseEntries(backupDir)).toEqual([]);

    // The set restored into a DATA_DIR that does not exist yet (a new database on a server).
    const restored = await emptySite(database, "disk");
    drops.push(restored.drop);
    const restoredDataDir = join(restored.dataDir, "data");
    const restore = await runScript("restore", ["latest"], {
      ...restored.env,
      DATA_DIR: restoredDataDir,
      BACKUP_DIR: backupDir,
      ...backupKey,
    });
    expect(restore.output).toContain("gegen ihr Manifest geprüft");
    expect(restore.code).toBe(0);
    expect(await looseEntries(restoredDataDir)).toEqual([]);
  }, 180_000);
});

describe("explicit modes, whatever the umask", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "klarwerk-modes-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function withUmask<T>(mask: number, run: () => Promise<T>): Promise<T> {
    const before = process.umask(mask);
    try {
      return await run();
    } finally {
      process.umask(before);
    }
  }

  test("the disk blob store creates its folders 0700 and its blobs 0600 under a umask of 000", async () => {
    const storeRoot = join(root, "store", "blobs");
    const store = new DiskBlobStore(storeRoot);
    await withUmask(0, async () => {
      await store.prepare();
      const pending = store.create();
      pending.write(new TextEncoder().encode("Hallo"));
      await pending.close();
      await pending.commit();
      const body = new Request("http://localhost/", { method: "POST", body: distinctBytes(64 * 1024, 3) });
      const whole = await store.writeBody?.(body);
      await whole?.commit();
      await store.sweepIncoming();
      expect(await looseEntries(join(root, "store"))).toEqual([]);
      await store.close();
    });
  });

  test("the backup folder creates its folders 0700 and its files 0600 under a umask of 000", async () => {
    const target = new DiskBackupTarget(join(root, "backups"));
    await withUmask(0, async () => {
      await target.write("sets/2026-11-27T20-00-00Z/manifest.json", "{}");
      await target.write("blobs/aa", new Blob(["Hallo"]));
      await target.write("sets/2026-11-27T20-00-00Z/database.dump", new Response("Daten").body as ReadableStream);
    });
    expect(await looseEntries(join(root, "backups"))).toEqual([]);
  });

  test("a start closes only the product's own entries, walks them once, and then closes only the folder", async () => {
    const shared = join(root, "shared");
    await mkdir(join(shared, "blobs", "aa"), { recursive: true });
    await mkdir(join(shared, "someone-else"));
    await writeFile(join(shared, "blobs", "aa", "blob"), "x");
    await writeFile(join(shared, "someone-else", "notes.txt"), "y");
    for (const path of ["", "blobs", "blobs/aa", "someone-else"]) await chmod(join(shared, path), 0o755);
    for (const path of ["blobs/aa/blob", "someone-else/notes.txt"]) await chmod(join(shared, path), 0o644);

    expect(closeTree(shared, ["blobs", "jwt-secret"])).toEqual({ changed: 4, failed: [], walked: true });
    const modeOf = async (path: string) => ((await lstat(join(shared, path))).mode & 0o777).toString(8);
    expect(await Promise.all(["", "blobs", "blobs/aa", "blobs/aa/blob", closedMarkerName].map(modeOf))).toEqual([
      "700",
      "700",
      "700",
      "600",
      "600",
    ]);
    expect(await Promise.all(["someone-else", "someone-else/notes.txt"].map(modeOf))).toEqual(["755", "644"]);

    // Marked: the next start closes the folder itself and walks nothing.
    await chmod(shared, 0o755);
    await chmod(join(shared, "blobs", "aa", "blob"), 0o644);
    expect(closeTree(shared, ["blobs"])).toEqual({ changed: 1, failed: [], walked: false });
    expect(await Promise.all(["", "blobs/aa/blob"].map(modeOf))).toEqual(["700", "644"]);
    expect(closeTree(join(root, "not-there"), ["blobs"])).toBeNull();
  });

  test("the embedded database's worker writes its files 0600 and folders 0700 under the API's umask", async () => {
    const dataDir = join(root, "pglite-data");
    await withUmask(0o077, async () => {
      const server = await startEmbeddedServer({ dataDir });
      await server.stop();
    });
    expect(await looseEntries(dataDir)).toEqual([]);
  }, 120_000);
});

test("every entry point (the API, each command) sets the owner-only umask before any other module runs", async () => {
  const root = join(import.meta.dir, "../../..");
  const scripts = [
    ...Object.values((await Bun.file(join(root, "package.json")).json()).scripts as Record<string, string>),
    ...Object.values((await Bun.file(join(root, "api/package.json")).json()).scripts as Record<string, string>).map(
      (script) => script.replace("src/", "api/src/"),
    ),
  ];
  const entryPoints = [...new Set(scripts.flatMap((script) => script.match(/api\/src\/[\w-]+\.ts/g) ?? []))].sort();
  expect(entryPoints).toEqual(
    expect.arrayContaining(["api/src/main.ts", "api/src/run-backup.ts", "api/src/run-restore.ts"]),
  );
  const late: string[] = [];
  for (const entryPoint of entryPoints) {
    const firstImport = (await Bun.file(join(root, entryPoint)).text()).match(/^import .*$/m)?.[0];
    if (firstImport !== 'import "./private-umask.ts";') late.push(`${entryPoint}: ${firstImport}`);
  }
  expect(late).toEqual([]);
});
