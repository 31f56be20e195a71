import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { StoredFile } from "@klarwerk/kit";
import { fileBlobStore, sweepFileBlobs } from "../../src/modules/files/blobs.ts";
import type { BlobStore } from "../../src/storage/blob-store.ts";
import { type FilesTest, fileRowCount, startFilesTest, storeKinds, upload } from "../storage/upload-helpers.ts";
import { createTestApp } from "../support/app.ts";
import { call, callJson } from "../support/http.ts";
import { signedInOwner } from "../support/users.ts";

/**
 * The files API on each blob store: the same requests, the same answers. The S3 store is a real
 * S3-protocol server (s3rver) on a random port.
 */
describe.each(storeKinds)("the files API on the %s store", (kind) => {
  let files: FilesTest;
  let store: BlobStore;

  beforeAll(async () => {
    files = await startFilesTest({ userName: "Sven Speicher", store: kind });
    store = fileBlobStore(files.config);
  });
  afterAll(() => files.stop());

  const blobIdOf = (fileId: number) => files.blobIdOf(fileId);

  async function uploaded(
    name: string,
    content: Uint8Array<ArrayBuffer>,
    type = "application/octet-stream",
  ): Promise<StoredFile> {
    const answer = await upload(files.app, files.token, { name, content, type });
    expect(answer.status).toBe(201);
    return answer.body.file;
  }

  function download(id: number, headers: Record<string, string> = {}) {
    return call(files.app, `/api/files/${id}/download`, { token: files.token, headers });
  }

  function random(length: number): Uint8Array<ArrayBuffer> {
    const bytes = new Uint8Array(length);
    for (let at = 0; at < length; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(length, at + 65536)));
    return bytes;
  }

  test("the store is the configured one", () => {
    expect(files.config.blobStore.kind).toBe(kind);
    expect(store.kind).toBe(kind);
  });

  test("small and large uploads download byte for byte, under their UTF-8 name", async () => {
    for (const size of [1000, 9 * 1024 * 1024 + 11]) {
      const bytes = random(size);
      const file = await uploaded("Präsentation März.bin", bytes);
      expect(file.size).toBe(size);
      const answer = await download(file.id);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-length")).toBe(String(size));
      expect(answer.headers.get("content-disposition")).toContain("filename*=UTF-8''Pr%C3%A4sentation%20M%C3%A4rz.bin");
      expect(Buffer.compare(new Uint8Array(await answer.arrayBuffer()), bytes)).toBe(0);
      expect(await store.sizeOf(await blobIdOf(file.id))).toBeGreaterThanOrEqual(size);
    }
  });

  test("Range: a slice, a suffix, and 416 outside the file", async () => {
    const bytes = random(6 * 1024 * 1024);
    const file = await uploaded("teil.bin", bytes);
    const slice = await download(file.id, { range: "bytes=1000-1999" });
    expect(slice.status).toBe(206);
    expect(slice.headers.get("content-range")).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.compare(new Uint8Array(await slice.arrayBuffer()), bytes.subarray(1000, 2000))).toBe(0);
    const suffix = await download(file.id, { range: "bytes=-10" });
    expect(suffix.status).toBe(206);
    expect(Buffer.compare(new Uint8Array(await suffix.arrayBuffer()), bytes.subarray(bytes.length - 10))).toBe(0);
    const outside = await download(file.id, { range: `bytes=${bytes.length}-` });
    expect(outside.status).toBe(416);
  });

  test("an image previews inline, with Range", async () => {
    const png = random(5000);
    const file = await uploaded("bild.png", png, "image/png");
    const whole = await call(files.app, `/api/files/${file.id}/preview`, { token: files.token });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-disposition")).toStartWith("inline;");
    expect(Buffer.compare(new Uint8Array(await whole.arrayBuffer()), png)).toBe(0);
    const part = await call(files.app, `/api/files/${file.id}/preview`, {
      token: files.token,
      headers: { range: "bytes=0-99" },
    });
    expect(part.status).toBe(206);
    expect(Buffer.compare(new Uint8Array(await part.arrayBuffer()), png.subarray(0, 100))).toBe(0);
  });

  test("DELETE keeps the blob in the trash; „Endgültig löschen“ removes row and blob", async () => {
    const file = await uploaded("weg.txt", new TextEncoder().encode("weg"));
    const blobId = await blobIdOf(file.id);
    expect(await store.sizeOf(blobId)).toBe(3);
    const answer = await call(files.app, `/api/files/${file.id}`, { method: "DELETE", token: files.token });
    expect(answer.status).toBe(204);
    expect(await store.sizeOf(blobId)).toBe(3);
    const [deletion] = await files.db.sql<{ id: number }[]>`
      select id::int as id from file_deletions where kind = 'file' and item_id = ${file.id}`;
    const admin = await signedInOwner(files.app);
    const purge = await call(files.app, `/api/trash/${deletion?.id}`, { method: "DELETE", token: admin.token });
    expect(purge.status).toBe(204);
    expect(await store.sizeOf(blobId)).toBeNull();
    const [row] = await files.db.sql`select 1 from files where id = ${file.id}`;
    expect(row).toBeUndefined();
  });

  test("an upload that breaks off leaves no row, no blob and no unfinished multipart upload", async () => {
    const rowsBefore = await fileRowCount(files.db.sql);
    const storedBefore = (await sweepFileBlobs(files.config, files.db.sql, store)).stored;
    const boundary = "----gebrochen";
    const header = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gross.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) controller.enqueue(header);
        // 12 MiB: past the first multipart part on S3.
        else if (sent <= 12) controller.enqueue(random(1024 * 1024));
        else {
          await Bun.sleep(200);
          controller.error(new Error("connection reset"));
        }
        sent++;
      },
    });
    const answer = await callJson(files.app, "/api/files/upload", {
      body,
      token: files.token,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(answer.status).toBe(400);
    expect(await fileRowCount(files.db.sql)).toBe(rowsBefore);
    const storedAfter = (await sweepFileBlobs(files.config, files.db.sql, store)).stored;
    expect([...storedAfter].sort()).toEqual([...storedBefore].sort());
    if (files.s3) expect(await files.s3.unfinishedUploads()).toEqual([]);
  });

  test("a row whose blob is gone is reported by the sweep and in /api/health for admins only", async () => {
    const file = await uploaded("verloren.txt", new TextEncoder().encode("verloren"));
    const blobId = await blobIdOf(file.id);
    await store.remove(blobId);
    const swept = await sweepFileBlobs(files.config, files.db.sql, store);
    expect(swept.missing).toEqual([blobId]);

    const app = createTestApp(files.db.sql, files.config, { blobReport: { missing: { files: swept.missing } } });
    const owner = await signedInOwner(app);
    const forAdmin = await callJson<{ status: string; details?: unknown }>(app, "/api/health", { token: owner.token });
    expect(forAdmin.body).toEqual({
      status: "ok",
      details: {
        blob_store: kind,
        missing_blobs: { files: [blobId] },
        operations: {
          blob_check: null,
          checksum_backfill: { finished: true, remaining: 0 },
          mail_delivery: { configured: false, retrying: 0, failing_since: null, last_error: null, failed: 0 },
          backup: null,
          restore_drill: null,
          backup_running: null,
        },
      },
    });
    const forStaff = await callJson(app, "/api/health", { token: files.token });
    expect(forStaff.body).toEqual({ status: "ok" });
    const forAnyone = await callJson(app, "/api/health");
    expect(forAnyone.body).toEqual({ status: "ok" });
    const gone = await download(file.id);
    expect(gone.status).toBe(404);
  });
});
