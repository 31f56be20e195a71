// Every byte of an upload kept, on each blob store, through Bun's real HTTP server: files at and
// around the S3 part size (5 MiB) and the disk's whole-body threshold (4 MiB), sent with a
// Content-Length and chunked. A socket matters: only requests Bun's server read from one get
// their chunks freed after parsing (src/modules/files/upload.ts), and that release once cost
// the S3 store hundreds of kilobytes of every file larger than one part.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { serverBodyLimitBytes } from "../../src/http/body-policy.ts";
import {
  distinctBytes,
  type FilesTest,
  framings,
  sha256Base64,
  startFilesTest,
  storeKinds,
  uploadRequest,
} from "../storage/upload-helpers.ts";

const mebibyte = 1024 * 1024;
const sizes = [0, 1, 5 * mebibyte - 1, 5 * mebibyte, 5 * mebibyte + 1, 10 * mebibyte + 3, 64 * mebibyte + 7];

const source = distinctBytes(Math.max(...sizes));

/** Where two byte arrays first differ, or -1. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) if (a[index] !== b[index]) return index;
  return a.length === b.length ? -1 : length;
}

describe.each(storeKinds)("every byte of an upload over a socket on the %s store", (kind) => {
  let files: FilesTest;
  let base: string;

  beforeAll(async () => {
    files = await startFilesTest({ store: kind });
    const server = files.app.listen({ port: 0, hostname: "127.0.0.1", maxRequestBodySize: serverBodyLimitBytes });
    base = `http://127.0.0.1:${server.server?.port}`;
  });
  afterAll(async () => {
    await files.app.stop();
    await files.stop();
  });

  for (const framing of framings) {
    test.each(sizes)(
      `${framing}: %d bytes arrive, are stored and come back whole`,
      async (size) => {
        const content = source.subarray(0, size);
        const digest = sha256Base64(content);
        const { body, headers } = uploadRequest(content, `daten-${size}.bin`, framing);
        const answer = await fetch(`${base}/api/files/upload`, {
          method: "POST",
          headers: { ...headers, authorization: `Bearer ${files.token}` },
          body,
        });
        expect(answer.status).toBe(201);
        const { file } = (await answer.json()) as { file: { id: number; size: number } };
        expect(file.size).toBe(size);

        const [row] = await files.db.sql<{ blob_id: string; blob_offset: number }[]>`
        select blob_id, blob_offset from files where id = ${file.id}`;
        expect(await files.store.sizeOf(row?.blob_id ?? "")).toBe((row?.blob_offset ?? 0) + size);
        const stored = await files.blobBytes(file.id);
        expect({ size: stored.length, firstDifference: firstDifference(stored, content) }).toEqual({
          size,
          firstDifference: -1,
        });
        expect(sha256Base64(stored)).toBe(digest);
        const [kept] = await files.db.sql<{ sha256: string }[]>`select sha256 from files where id = ${file.id}`;
        expect(kept?.sha256).toBe(Buffer.from(digest, "base64").toString("hex"));

        const download = await fetch(`${base}/api/files/${file.id}/download`, {
          headers: { authorization: `Bearer ${files.token}` },
        });
        expect(download.status).toBe(200);
        expect(download.headers.get("repr-digest")).toBe(`sha-256=:${digest}:`);
        const downloaded = new Uint8Array(await download.arrayBuffer());
        expect({ size: downloaded.length, firstDifference: firstDifference(downloaded, content) }).toEqual({
          size,
          firstDifference: -1,
        });
      },
      60_000,
    );
  }
});
