import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobStore, isBlobId } from "../../src/storage/blob-store.ts";

let root: string;
let store: BlobStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "klarwerk-blobs-"));
  store = new BlobStore(join(root, "blobs"));
  await store.prepare();
});

afterEach(() => rm(root, { recursive: true, force: true }));

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
    await blob.commit();
    expect(await readFile(store.pathOf(blob.id), "utf8")).toBe("Inhalt");
    expect(await readdir(join(root, "blobs", ".incoming"))).toEqual([]);
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
    expect(await readdir(join(root, "blobs", ".incoming"))).toEqual([]);
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

  test("sweep removes unfinished uploads and unreferenced blobs, keeps the rest", async () => {
    const kept = await write("bleibt");
    await kept.commit();
    const orphan = await write("verwaist");
    await orphan.commit();
    // What a crash leaves in the incoming folder: a half-written upload.
    await writeFile(join(root, "blobs", ".incoming", `${"f".repeat(32)}.part`), "halb");
    // Not a blob id: not the store's, not touched.
    await writeFile(join(root, "blobs", "README"), "fremd");

    const asked: string[][] = [];
    const result = await store.sweep(async (ids) => {
      asked.push(ids);
      return new Set(ids.filter((id) => id === kept.id));
    });

    expect(result).toEqual({ incoming: 1, orphans: 1 });
    expect(asked.flat().sort()).toEqual([kept.id, orphan.id].sort());
    expect((await readdir(join(root, "blobs"))).sort()).toEqual([".incoming", "README", kept.id].sort());
    expect(await readdir(join(root, "blobs", ".incoming"))).toEqual([]);
  });
});
