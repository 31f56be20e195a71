// Downloads and previews through Bun's real HTTP server, which answers `Range` by itself for a
// whole-file body unless the app decides first (src/modules/files/serve.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { StoredFile } from "@klarwerk/kit";
import { filesApiMessages } from "../../src/modules/files/messages.ts";
import { type FilesTest, startFilesTest, storeKinds } from "../storage/upload-helpers.ts";

interface UploadedImage {
  id: number;
  bytes: Uint8Array<ArrayBuffer>;
  offset: number;
}

describe.each(storeKinds)("previews and downloads answer Range alike on the %s store", (kind) => {
  let files: FilesTest;
  let base: string;
  let token: string;
  const uploads: Record<"small" | "large", UploadedImage | null> = { small: null, large: null };

  beforeAll(async () => {
    files = await startFilesTest({ store: kind });
    token = files.token;
    const server = files.app.listen({ port: 0, hostname: "127.0.0.1" });
    base = `http://127.0.0.1:${server.server?.port}`;
    uploads.small = await uploadImage(1000);
    uploads.large = await uploadImage(4 * 1024 * 1024 + 123);
  });
  afterAll(async () => {
    await files.app.stop();
    await files.stop();
  });

  function uploaded(label: "small" | "large"): UploadedImage {
    const image = uploads[label];
    if (!image) throw new Error(`the ${label} image was not uploaded`);
    return image;
  }

  /** An image of `size` bytes whose every byte says where it is. */
  function imageBytes(size: number): Uint8Array<ArrayBuffer> {
    const bytes = new Uint8Array(size);
    for (let index = 0; index < size; index++) bytes[index] = (index * 7 + 3) % 256;
    return bytes;
  }

  async function uploadImage(size: number): Promise<UploadedImage> {
    const bytes = imageBytes(size);
    const form = new FormData();
    form.append("file", new File([bytes], `bild-${size}.png`, { type: "image/png" }));
    const response = await fetch(`${base}/api/files/upload`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(201);
    const { file } = (await response.json()) as { file: StoredFile };
    const [row] = await files.db.sql<{ blob_offset: number }[]>`select blob_offset from files where id = ${file.id}`;
    return { id: file.id, bytes, offset: row?.blob_offset ?? -1 };
  }

  function get(path: string, range: string): Promise<Response> {
    return fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, range } });
  }

  describe("for files stored either way", () => {
    test("on disk, the two files are stored both ways: streamed (offset 0) and written whole (offset > 0); in the bucket both streamed", () => {
      expect(uploaded("small").offset).toBe(0);
      if (kind === "disk") expect(uploaded("large").offset).toBeGreaterThan(0);
      else expect(uploaded("large").offset).toBe(0);
    });

    for (const [label, key] of [
      ["small", "small"],
      ["≥ 4 MiB", "large"],
    ] as const) {
      for (const route of ["preview", "download"] as const) {
        const path = () => `/api/files/${uploaded(key).id}/${route}`;

        test(`${route}, ${label}: bytes=0-0 is a 206 of the first byte`, async () => {
          const file = uploaded(key);
          const response = await get(path(), "bytes=0-0");
          expect(response.status).toBe(206);
          expect(response.headers.get("content-range")).toBe(`bytes 0-0/${file.bytes.length}`);
          expect(response.headers.get("content-type")).toBe("image/png");
          expect(new Uint8Array(await response.arrayBuffer())).toEqual(file.bytes.subarray(0, 1));
        });

        test(`${route}, ${label}: bytes=-0 is a JSON 416, never an empty image`, async () => {
          const file = uploaded(key);
          const response = await get(path(), "bytes=-0");
          expect(response.status).toBe(416);
          expect(response.headers.get("content-type")).toStartWith("application/json");
          expect(response.headers.get("content-range")).toBe(`bytes */${file.bytes.length}`);
          expect(await response.json()).toEqual({
            code: "range-not-satisfiable",
            message: filesApiMessages.rangeNotSatisfiable,
          });
        });

        test(`${route}, ${label}: the unit in any case; a Range this server does not read gets the whole file`, async () => {
          const file = uploaded(key);
          const upper = await get(path(), "Bytes=1-2");
          expect(upper.status).toBe(206);
          expect(new Uint8Array(await upper.arrayBuffer())).toEqual(file.bytes.subarray(1, 3));
          for (const range of ["bytes=0 -0", "bytes=0-0,2-3", "bytes=5-2", "items=0-1"]) {
            const response = await get(path(), range);
            expect(response.status, range).toBe(200);
            expect(new Uint8Array(await response.arrayBuffer()), range).toEqual(file.bytes);
          }
        });
      }
    }

    // RFC 9530: Repr-Digest is the whole file's (the selected representation), also on a 206 and
    // HEAD; the strong ETag derived from it lets a resumed download check it still gets the same file.
    for (const key of ["small", "large"] as const) {
      test(`${key}: Repr-Digest and ETag of the whole file on 200, 206 and HEAD; If-Range and If-None-Match by that tag`, async () => {
        const file = uploaded(key);
        const digest = `sha-256=:${new Bun.CryptoHasher("sha256").update(file.bytes).digest("base64")}:`;
        const path = `${base}/api/files/${file.id}/download`;
        const authorization = `Bearer ${token}`;
        const whole = await fetch(path, { headers: { authorization } });
        const etag = whole.headers.get("etag") ?? "";
        expect({ status: whole.status, digest: whole.headers.get("repr-digest") }).toEqual({ status: 200, digest });
        expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
        expect(new Uint8Array(await whole.arrayBuffer())).toEqual(file.bytes);

        const part = await fetch(path, { headers: { authorization, range: "bytes=2-9" } });
        expect([part.status, part.headers.get("repr-digest"), part.headers.get("etag")]).toEqual([206, digest, etag]);
        await part.arrayBuffer();
        const head = await fetch(path, { method: "HEAD", headers: { authorization } });
        expect([head.status, head.headers.get("repr-digest"), head.headers.get("etag")]).toEqual([200, digest, etag]);

        const resumed = await fetch(path, { headers: { authorization, range: "bytes=2-9", "if-range": etag } });
        expect(resumed.status).toBe(206);
        expect(new Uint8Array(await resumed.arrayBuffer())).toEqual(file.bytes.subarray(2, 10));
        for (const other of ['"anderer-stand"', `W/${etag}`, "Tue, 24 Nov 2026 10:00:00 GMT"]) {
          const stale = await fetch(path, { headers: { authorization, range: "bytes=2-9", "if-range": other } });
          expect(stale.status, other).toBe(200);
          expect(new Uint8Array(await stale.arrayBuffer()), other).toEqual(file.bytes);
        }

        const unchanged = await fetch(path, { headers: { authorization, "if-none-match": `"x", ${etag}` } });
        expect([unchanged.status, unchanged.headers.get("etag"), await unchanged.text()]).toEqual([304, etag, ""]);
        const changed = await fetch(path, { headers: { authorization, "if-none-match": '"x"' } });
        expect(changed.status).toBe(200);
        await changed.arrayBuffer();
      });
    }

    test("without Range the whole file; its length from disk, none from the bucket (Bun 1.4)", async () => {
      for (const file of [uploaded("small"), uploaded("large")]) {
        const response = await fetch(`${base}/api/files/${file.id}/preview`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(200);
        // Bun's server drops the Content-Length we set on a streamed body and sends it chunked
        // (oven-sh/bun#10507; docs/stack-facts.md). Once this fails, Bun sends the length:
        // expect it on both stores and drop the note.
        if (kind === "disk") expect(response.headers.get("content-length")).toBe(String(file.bytes.length));
        else expect(response.headers.get("transfer-encoding")).toBe("chunked");
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(file.bytes);
      }
    });
  });
});
