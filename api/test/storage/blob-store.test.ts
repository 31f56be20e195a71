import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isBlobId } from "../../src/storage/blob-store.ts";
import { DiskBlobStore } from "../../src/storage/disk-blob-store.ts";
import { currentOwner, type ProcessOwner } from "../../src/storage/process-owner.ts";

let root: string;
let store: DiskBlobStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "klarwerk-blobs-"));
  store = new DiskBlobStore(join(root, "blobs"));
  await store.prepare();
});

afterEach(async () => {
  await store.close();
  await rm(root, { recursive: true, force: true });
});

/** The files being received, in every store's incoming folder (owner files left out). */
async function incomingFiles(): Promise<string[]> {
  const entries = await readdir(join(root, "blobs", ".incoming"), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name !== "owner.json")
    .map((entry) => entry.name)
    .sort();
}

async function write(content: string) {
  const blob = store.create();
  blob.write(Buffer.from(content));
  await blob.close();
  return blob;
}

describe("BlobStore", () => {
  test("a blob is invisible until committed, then stored under its random id", async () => {
    const blob = await write("Inhalt");
    expect(isBlobId(blob.id)).toBe(true);
    expect(await readdir(join(root, "blobs"))).toEqual([".incoming"]);
    expect(await incomingFiles()).toEqual([`${blob.id}.part`]);
    await blob.commit();
    expect(await readFile(store.pathOf(blob.id), "utf8")).toBe("Inhalt");
    expect(await incomingFiles()).toEqual([]);
    expect(await store.sizeOf(blob.id)).toBe(6);
  });

  test("discard removes the blob before and after commit", async () => {
    const pending = await write("a");
    await pending.discard();
    const committed = await write("b");
    await committed.commit();
    await committed.discard();
    await committed.discard();
    expect((await readdir(join(root, "blobs"))).sort()).toEqual([".incoming"]);
    expect(await incomingFiles()).toEqual([]);
  });

  test("ids are new every time", async () => {
    const blobs = await Promise.all(Array.from({ length: 20 }, () => write("")));
    expect(new Set(blobs.map((blob) => blob.id)).size).toBe(20);
    await Promise.all(blobs.map((blob) => blob.discard()));
  });

  test.each(["../secret", "..", "", "abc", "A".repeat(32), `${"a".repeat(31)}/`, `/etc/passwd`])(
    "%p is no blob id: no path is ever made of it",
    (id) => {
      expect(isBlobId(id)).toBe(false);
      expect(() => store.pathOf(id)).toThrow();
    },
  );

  test("large writes arrive whole and in order, with their size", async () => {
    const blob = store.create();
    const piece = new Uint8Array(300_000);
    for (let index = 0; index < 10; index++) blob.write(piece.fill(index));
    await blob.close();
    await blob.commit();
    const stored = new Uint8Array(await readFile(store.pathOf(blob.id)));
    expect(blob.size).toBe(3_000_000);
    expect(stored.length).toBe(3_000_000);
    for (let index = 0; index < 10; index++) expect(stored[index * 300_000 + 123]).toBe(index);
  });

  test("sizes at and around the 1 MiB write piece arrive whole, however the bytes are cut", async () => {
    const mebibyte = 1024 * 1024;
    for (const size of [0, 1, mebibyte - 1, mebibyte, mebibyte + 1, 5 * mebibyte + 7]) {
      const content = new Uint8Array(size);
      crypto.getRandomValues(content.subarray(0, Math.min(size, 65536)));
      for (let at = 65536; at < size; at += 65536) content.copyWithin(at, 0, Math.min(65536, size - at));
      content.forEach((_, index) => {
        if (index % 4099 === 0) content[index] = index % 251;
      });
      const blob = store.create();
      // Cuts of every size, as a network delivers them.
      for (let at = 0, cut = 1; at < size; at += cut, cut = (cut * 7 + 13) % 300_000 || 1) {
        await blob.write(content.subarray(at, Math.min(size, at + cut)));
      }
      await blob.close();
      await blob.commit();
      expect(blob.size).toBe(size);
      expect(Buffer.compare(await readFile(store.pathOf(blob.id)), content)).toBe(0);
      await blob.discard();
    }
  });

  test("a missing blob has no size and removing it is fine", async () => {
    const id = "0".repeat(32);
    expect(await store.sizeOf(id)).toBeNull();
    await store.remove(id);
  });
});

/** An hour ago: older than any claim or blob may be and still be in use. */
const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);

/** What another store's incoming folder looks like: its owner file and a half-written upload. */
async function incomingFolder(instance: string, owner: ProcessOwner | null, age: Date | null = null): Promise<string> {
  const dir = join(root, "blobs", ".incoming", instance);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${"e".repeat(32)}.part`), "halb");
  if (owner) await writeFile(join(dir, "owner.json"), JSON.stringify(owner));
  if (age) {
    for (const name of await readdir(dir)) await utimes(join(dir, name), age, age);
    await utimes(dir, age, age);
  }
  return dir;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}

/** The PID of a process that has ended. */
async function endedPid(): Promise<number> {
  const child = Bun.spawn(["true"]);
  await child.exited;
  return child.pid;
}

const nothingReferenced = async () => new Set<string>();

describe("sweeping a store that several processes share", () => {
  test("a store receives into a folder of its own, claimed by this process and renewed", async () => {
    const quick = new DiskBlobStore(join(root, "other-blobs"), { heartbeatMs: 20, staleAfterMs: 1000 });
    try {
      await quick.prepare();
      const blob = quick.create();
      blob.write(Buffer.from("x"));
      await blob.close();
      const [own, ...more] = await readdir(join(root, "other-blobs", ".incoming"));
      expect(more).toEqual([]);
      expect((await readdir(join(root, "other-blobs", ".incoming", own ?? ""))).sort()).toEqual(
        [`${blob.id}.part`, "owner.json"].sort(),
      );
      const ownerFile = join(root, "other-blobs", ".incoming", own ?? "", "owner.json");
      expect(JSON.parse(await readFile(ownerFile, "utf8"))).toEqual(currentOwner());
      const before = (await stat(ownerFile)).mtimeMs;
      await Bun.sleep(120);
      expect((await stat(ownerFile)).mtimeMs).toBeGreaterThan(before);
      await blob.discard();
    } finally {
      await quick.close();
    }
  });

  test("a store whose incoming folder was removed under it makes it again for the next upload", async () => {
    const quick = new DiskBlobStore(join(root, "removed-blobs"), { heartbeatMs: 20, staleAfterMs: 1000 });
    try {
      await quick.prepare();
      await rm(join(root, "removed-blobs", ".incoming"), { recursive: true, force: true });
      // A few heartbeats find the folder gone.
      await Bun.sleep(100);
      await quick.prepare();
      const blob = quick.create();
      blob.write(Buffer.from("wieder da"));
      await blob.close();
      await blob.commit();
      expect(await readFile(quick.pathOf(blob.id), "utf8")).toBe("wieder da");
      const [own] = await readdir(join(root, "removed-blobs", ".incoming"));
      expect(
        JSON.parse(await readFile(join(root, "removed-blobs", ".incoming", own ?? "", "owner.json"), "utf8")),
      ).toEqual(currentOwner());
    } finally {
      await quick.close();
    }
  });

  test("another store's upload in flight is never swept, however old its claim looks", async () => {
    const other = new DiskBlobStore(join(root, "blobs"));
    try {
      await other.prepare();
      const inFlight = other.create();
      inFlight.write(Buffer.from("kommt noch"));
      const folder = join(root, "blobs", ".incoming");
      for (const name of await readdir(folder)) await utimes(join(folder, name), anHourAgo, anHourAgo);
      expect(await store.sweep(nothingReferenced)).toMatchObject({ incoming: 0, orphans: 0 });
      inFlight.write(Buffer.from(" und fertig"));
      await inFlight.close();
      await inFlight.commit();
      expect(await readFile(other.pathOf(inFlight.id), "utf8")).toBe("kommt noch und fertig");
    } finally {
      await other.close();
    }
  });

  test("the folder of a process of this machine that has ended goes at once", async () => {
    const dir = await incomingFolder("0123456789abcdef", { ...currentOwner(), pid: await endedPid() });
    expect(await store.sweepIncoming()).toBe(1);
    expect(await exists(dir)).toBe(false);
  });

  test("a PID that now belongs to another process does not keep a folder", async () => {
    const owner = currentOwner();
    if (owner.started === null) return; // No start times to compare outside Linux.
    const dir = await incomingFolder("0123456789abcdef", { ...owner, started: owner.started - 1 });
    expect(await store.sweepIncoming()).toBe(1);
    expect(await exists(dir)).toBe(false);
  });

  test("another machine's folder stays while its claim is renewed and goes once it runs out", async () => {
    const elsewhere: ProcessOwner = { machine: "anderer-rechner||", pid: 4242, started: 1 };
    const fresh = await incomingFolder("1111111111111111", elsewhere);
    const stale = await incomingFolder("2222222222222222", elsewhere, anHourAgo);
    expect(await store.sweepIncoming()).toBe(1);
    expect(await exists(fresh)).toBe(true);
    expect(await exists(stale)).toBe(false);
  });

  test("what is not a live store's goes once it is stale: a folder without a claim, an older version's parts", async () => {
    const unclaimedFresh = await incomingFolder("3333333333333333", null);
    const unclaimedOld = await incomingFolder("4444444444444444", null, anHourAgo);
    const legacyFresh = join(root, "blobs", ".incoming", `${"a".repeat(32)}.part`);
    const legacyOld = join(root, "blobs", ".incoming", `${"b".repeat(32)}.part`);
    await writeFile(legacyFresh, "neu");
    await writeFile(legacyOld, "alt");
    await utimes(legacyOld, anHourAgo, anHourAgo);
    expect(await store.sweepIncoming()).toBe(2);
    expect(await exists(unclaimedFresh)).toBe(true);
    expect(await exists(unclaimedOld)).toBe(false);
    expect(await exists(legacyFresh)).toBe(true);
    expect(await exists(legacyOld)).toBe(false);
  });

  test("sweep removes blobs no row names once they are stale, keeps the rest", async () => {
    const kept = await write("bleibt");
    await kept.commit();
    const orphan = await write("verwaist");
    await orphan.commit();
    await utimes(store.pathOf(orphan.id), anHourAgo, anHourAgo);
    // Just moved into place: its row may be a moment away (another process between commit and insert).
    const arriving = await write("gleich mit Zeile");
    await arriving.commit();
    await incomingFolder("5555555555555555", { ...currentOwner(), pid: await endedPid() });
    // Not a blob id: not the store's, not touched.
    await writeFile(join(root, "blobs", "README"), "fremd");
    await utimes(join(root, "blobs", "README"), anHourAgo, anHourAgo);

    const asked: string[][] = [];
    const result = await store.sweep(async (ids) => {
      asked.push(ids);
      return new Set(ids.filter((id) => id === kept.id));
    });

    expect(result).toMatchObject({ incoming: 1, orphans: 1 });
    expect(asked.flat().sort()).toEqual([kept.id, orphan.id, arriving.id].sort());
    expect((await readdir(join(root, "blobs"))).sort()).toEqual([".incoming", "README", kept.id, arriving.id].sort());
    expect(await incomingFiles()).toEqual([]);
  });

  test("close removes the store's own folder", async () => {
    const blob = await write("x");
    await blob.commit();
    await store.close();
    expect(await readdir(join(root, "blobs", ".incoming"))).toEqual([]);
  });
});
