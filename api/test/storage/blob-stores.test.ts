import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, checkBlobStore, loadConfig } from "../../src/config.ts";
import { sweepAndCheck } from "../../src/storage/blob-report.ts";
import { type BlobStore, isBlobId, type PendingBlob } from "../../src/storage/blob-store.ts";
import { DiskBlobStore } from "../../src/storage/disk-blob-store.ts";
import { S3BlobStore, s3ClientOf } from "../../src/storage/s3-blob-store.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";

/** A store to test, and how to make everything in it look a day old. */
interface StoreFixture {
  store: BlobStore;
  /** Blob ids stored (complete) right now, read past the store's own interface. */
  storedIds(): Promise<string[]>;
  /** Multipart uploads left unfinished (none on disk). */
  unfinished(): Promise<string[]>;
  ageEverything(): Promise<void>;
  stop(): Promise<void>;
}

const oneDayMs = 24 * 60 * 60_000;

async function diskFixture(): Promise<StoreFixture> {
  const root = await mkdtemp(join(tmpdir(), "klarwerk-blobs-"));
  const blobs = join(root, "blobs");
  const store = new DiskBlobStore(blobs);
  await store.prepare();
  const storedIds = async () => (await readdir(blobs)).filter(isBlobId).sort();
  return {
    store,
    storedIds,
    unfinished: async () => [],
    async ageEverything() {
      const past = new Date(Date.now() - oneDayMs - 60_000);
      for (const id of await storedIds()) await utimes(join(blobs, id), past, past);
    },
    async stop() {
      await store.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function s3Fixture(): Promise<StoreFixture> {
  const s3 = await startTestS3();
  let clockShiftMs = 0;
  const client = s3ClientOf(s3.settings);
  const store = new S3BlobStore(client, { prefix: "files/", now: () => Date.now() + clockShiftMs });
  return {
    store,
    async storedIds() {
      const page = await client.list({ prefix: "files/" });
      return (page.contents ?? []).map((object) => object.key.slice("files/".length)).sort();
    },
    unfinished: () => s3.unfinishedUploads(),
    async ageEverything() {
      clockShiftMs = oneDayMs + 60_000;
    },
    stop: () => s3.stop(),
  };
}

/** Bytes that differ at every position, so a shifted or cut range shows. */
function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(length, at + 65536)));
  return bytes;
}

async function write(store: BlobStore, bytes: Uint8Array, chunk = 256 * 1024): Promise<PendingBlob> {
  await store.prepare();
  const blob = store.create();
  for (let at = 0; at < bytes.length; at += chunk) await blob.write(bytes.subarray(at, at + chunk));
  await blob.close();
  return blob;
}

async function read(store: BlobStore, id: string, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await new Response(store.content(id, start, end)).arrayBuffer());
}

describe.each([
  ["disk", diskFixture],
  ["s3", s3Fixture],
] as const)("the %s blob store", (kind, makeFixture) => {
  let fixture: StoreFixture;
  let store: BlobStore;
  beforeAll(async () => {
    fixture = await makeFixture();
    store = fixture.store;
  });
  afterAll(() => fixture.stop());

  test("a blob larger than two multipart parts comes back byte for byte, and in ranges", async () => {
    const bytes = randomBytes(19 * 1024 * 1024 + 7);
    const blob = await write(store, bytes);
    await blob.commit();
    expect(isBlobId(blob.id)).toBe(true);
    expect(await store.sizeOf(blob.id)).toBe(bytes.length);
    expect(Buffer.compare(await read(store, blob.id, 0, bytes.length), bytes)).toBe(0);
    const start = 8 * 1024 * 1024 - 3;
    const end = 16 * 1024 * 1024 + 5;
    expect(Buffer.compare(await read(store, blob.id, start, end), bytes.subarray(start, end))).toBe(0);
    await store.remove(blob.id);
    expect(await store.sizeOf(blob.id)).toBeNull();
  });

  // The upload frees each request chunk once its write has settled (upload.ts, release()): a
  // store still reading the caller's bytes after that loses them (as the S3 store once did: chunks
  // waiting in the stream's queue were detached there). Chunks from 1 byte to 1.3 MiB, as Bun's server
  // hands them over, across three parts.
  test("is done with the bytes once write() has settled: bytes freed or changed then stay stored", async () => {
    const bytes = randomBytes(11 * 1024 * 1024 + 3);
    const lengths = [1, 7, 65_536, 1_300_000, 131_072, 3, 524_288, 95_232];
    await store.prepare();
    const blob = store.create();
    for (let at = 0, step = 0; at < bytes.length; step++) {
      const length = Math.min(bytes.length - at, lengths[step % lengths.length] ?? 1);
      const chunk = Buffer.from(bytes.slice(at, at + length));
      await blob.write(chunk);
      chunk.fill(0);
      (chunk.buffer as unknown as { transfer(length: number): ArrayBuffer }).transfer(0);
      at += length;
    }
    await blob.close();
    await blob.commit();
    expect(await store.sizeOf(blob.id)).toBe(bytes.length);
    expect(Buffer.compare(await read(store, blob.id, 0, bytes.length), bytes)).toBe(0);
    await store.remove(blob.id);
  });

  test("an empty blob is stored empty", async () => {
    const blob = await write(store, new Uint8Array(0));
    await blob.commit();
    expect(await store.sizeOf(blob.id)).toBe(0);
    expect((await read(store, blob.id, 0, 0)).length).toBe(0);
    await store.remove(blob.id);
  });

  test("a blob discarded mid-upload leaves no object and no unfinished multipart upload", async () => {
    await store.prepare();
    const before = await fixture.storedIds();
    const blob = store.create();
    // Past the first multipart part, so that S3 has an upload to abort.
    const bytes = randomBytes(11 * 1024 * 1024);
    for (let at = 0; at < bytes.length; at += 1024 * 1024) await blob.write(bytes.subarray(at, at + 1024 * 1024));
    await Bun.sleep(200);
    if (kind === "s3") expect((await fixture.unfinished()).length).toBe(1);
    await blob.discard();
    await blob.discard();
    expect(await fixture.storedIds()).toEqual(before);
    expect(await store.sizeOf(blob.id)).toBeNull();
    expect(await fixture.unfinished()).toEqual([]);
  });

  test("a blob discarded after commit is gone; removing a missing blob is fine", async () => {
    const blob = await write(store, new TextEncoder().encode("weg damit"));
    await blob.commit();
    await blob.discard();
    expect(await store.sizeOf(blob.id)).toBeNull();
    await store.remove(blob.id);
  });

  test("the sweep removes blobs no row names only once they are old, and reports rows whose blob is missing", async () => {
    const named = await write(store, new TextEncoder().encode("hat eine Zeile"));
    await named.commit();
    const orphan = await write(store, new TextEncoder().encode("hat keine"));
    await orphan.commit();
    const ghost = "0123456789abcdef0123456789abcdef";
    const isReferenced = async (ids: string[]) => new Set(ids.filter((id) => id === named.id));
    const rows = async function* () {
      yield [named.id, ghost];
    };

    const young = await sweepAndCheck(store, isReferenced, rows);
    expect(young.orphans).toBe(0);
    expect(young.missing).toEqual([ghost]);
    expect([...young.stored].sort()).toEqual([named.id, orphan.id].sort());

    await fixture.ageEverything();
    const old = await sweepAndCheck(store, isReferenced, rows);
    expect(old.orphans).toBe(1);
    expect(old.missing).toEqual([ghost]);
    expect(await fixture.storedIds()).toEqual([named.id]);
    expect(await store.sizeOf(orphan.id)).toBeNull();
  });
});

describe("a bucket that cannot be reached stops the start", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3.stop());

  async function problemsWith(env: Record<string, string>): Promise<string[]> {
    const config = loadConfig({ NODE_ENV: "test", ...s3.env, ...env });
    try {
      await checkBlobStore(config, 5000);
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.problems;
    }
  }

  test("the bucket that exists passes", async () => {
    expect(await problemsWith({})).toEqual([]);
  });

  test("an unknown bucket or an endpoint nobody answers on is named in the message", async () => {
    const [unknownBucket] = await problemsWith({ S3_BUCKET: "gibt-es-nicht" });
    expect(unknownBucket).toContain('S3_BUCKET "gibt-es-nicht"');
    expect(unknownBucket).toContain("cannot be reached");
    const closed = Bun.serve({ port: 0, fetch: () => new Response() });
    const port = closed.port;
    await closed.stop(true);
    const [noServer] = await problemsWith({ S3_ENDPOINT: `http://127.0.0.1:${port}` });
    expect(noServer).toContain(`S3_ENDPOINT http://127.0.0.1:${port} cannot be reached`);
  });

  test("BLOB_STORE=s3 without its settings is refused at once", () => {
    expect(() => loadConfig({ NODE_ENV: "test", BLOB_STORE: "s3" })).toThrow(
      /S3_ENDPOINT is required with BLOB_STORE=s3[\s\S]*S3_BUCKET is required/,
    );
    expect(() => loadConfig({ NODE_ENV: "test", BLOB_STORE: "ftp" })).toThrow(/BLOB_STORE must be "disk" or "s3"/);
  });
});
