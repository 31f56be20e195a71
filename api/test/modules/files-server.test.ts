// The file area through the real server process (`api/src/main.ts`), on each blob store: what
// only its start-up and Bun's HTTP server decide: the sweep at start, bodies over Bun's 128 MiB
// default, HEAD.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../../../scripts/test-server.ts";
import { s3ClientOf } from "../../src/storage/s3-blob-store.ts";
import { storedBlobs, storedBlobsSettled, storeKinds } from "../storage/upload-helpers.ts";
import { overHttp } from "../support/http.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";
import { registerAndLogin } from "../support/users.ts";

const leftoverUpload = ".incoming/0123456789abcdef0123456789abcdef.part";
const orphanBlob = "fedcba9876543210fedcba9876543210";
const uploadMaxBytes = 160 * 1024 * 1024;

describe.each(storeKinds)("the API server on the %s store", (kind) => {
  let dataDir: string;
  let s3: TestS3 | null = null;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "klarwerk-files-server-"));
    if (kind === "disk") {
      // What a crash an hour ago left: a half-written upload (as versions before per-process
      // incoming folders wrote it) and a blob whose row was never committed. A crashed process's
      // own incoming folder: test/modules/files-shared-data-dir.test.ts.
      await mkdir(join(dataDir, "blobs", ".incoming"), { recursive: true });
      await writeFile(join(dataDir, "blobs", leftoverUpload), "halb");
      await writeFile(join(dataDir, "blobs", orphanBlob), "verwaist");
      const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
      for (const file of [leftoverUpload, orphanBlob]) await utimes(join(dataDir, "blobs", file), anHourAgo, anHourAgo);
    } else {
      // In the bucket: an object whose row was never committed, two days ago (orphans go after a
      // day there). An unfinished multipart upload is the bucket's lifecycle rule's to remove.
      s3 = await startTestS3();
      await s3ClientOf(s3.settings).write(`files/${orphanBlob}`, "verwaist");
      await s3.ageObject(`files/${orphanBlob}`, new Date(Date.now() - 2 * 24 * 60 * 60 * 1000));
    }
    server = await startTestServer({
      dataDir,
      quiet: true,
      env: { UPLOAD_MAX_BYTES: String(uploadMaxBytes), ...s3?.env },
    });
    ({ token } = await registerAndLogin(overHttp(server.url), { name: "Sven Server" }));
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * Sends only a request's head (a body is declared but never sent) over a raw socket and reads the
   * answer: what a client gets for the length it declares, before it sends a byte of the body.
   */
  async function answerToHead(head: string): Promise<{ status: number; body: string }> {
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const received = new Promise<string>((resolve, reject) => {
      socket.on("data", (chunk) => {
        chunks.push(chunk);
        const text = Buffer.concat(chunks).toString("utf8");
        const end = text.indexOf("\r\n\r\n");
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1];
        if (end >= 0 && length !== undefined && Buffer.byteLength(text) >= end + 4 + Number(length)) resolve(text);
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });
    socket.write(`${head}\r\n\r\n`);
    const text = await received;
    socket.destroy();
    const end = text.indexOf("\r\n\r\n");
    return { status: Number(text.slice(9, 12)), body: end >= 0 ? text.slice(end + 4) : "" };
  }

  function uploadForm(content: Blob, name: string): FormData {
    const form = new FormData();
    form.append("file", new File([content], name, { type: "application/octet-stream" }));
    return form;
  }

  describe("files", () => {
    test("sweeps a crash's leftovers at start", async () => {
      expect(await storedBlobs({ dataDir, s3 })).toEqual([]);
    });

    test("takes an upload over Bun's default 128 MiB body limit and serves it back with Range and HEAD", async () => {
      const size = 130 * 1024 * 1024;
      const content = new Uint8Array(size);
      for (let offset = 0; offset < size; offset += 4096) content[offset] = (offset / 4096) % 251;
      const answer = await fetch(`${server.url}/api/files/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: uploadForm(new Blob([content]), "gross.bin"),
      });
      expect(answer.status).toBe(201);
      const { file } = (await answer.json()) as { file: { id: number; size: number } };
      expect(file.size).toBe(size);

      const download = `${server.url}/api/files/${file.id}/download`;
      const head = await fetch(download, { method: "HEAD", headers: { authorization: `Bearer ${token}` } });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(size));
      expect(head.headers.get("content-disposition")).toContain('filename="gross.bin"');

      const range = await fetch(download, {
        headers: { authorization: `Bearer ${token}`, range: `bytes=${size - 8192}-${size - 4097}` },
      });
      expect(range.status).toBe(206);
      expect(new Uint8Array(await range.arrayBuffer())).toEqual(content.slice(size - 8192, size - 4096));

      const whole = await fetch(download, { headers: { authorization: `Bearer ${token}` } });
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(content);
    }, 60_000);

    test("a file over UPLOAD_MAX_BYTES gets the 413 and its German message", async () => {
      const answer = await fetch(`${server.url}/api/files/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: uploadForm(new Blob([new Uint8Array(uploadMaxBytes + 1)]), "zu-gross.bin"),
      });
      expect(answer.status).toBe(413);
      expect(await answer.json()).toEqual({
        code: "payload-too-large",
        message: "Die Datei ist zu groß. Erlaubt sind höchstens 160 MB.",
      });
      expect((await storedBlobsSettled({ dataDir, s3 })).filter((name) => name.startsWith(".incoming/"))).toEqual([]);
    }, 60_000);

    // Bun answers a declared length over its own body limit with an empty 413 before any handler
    // runs; the server leaves the limits to the routes, so the client learns why, in German.
    test("a declared length far beyond any limit gets the 413 with its German message, upload or JSON", async () => {
      const tenGibibytes = 10 * 1024 * 1024 * 1024;
      const upload = await answerToHead(
        [
          "POST /api/files/upload HTTP/1.1",
          `Host: ${new URL(server.url).host}`,
          `Authorization: Bearer ${token}`,
          "Content-Type: multipart/form-data; boundary=grenze",
          `Content-Length: ${tenGibibytes}`,
        ].join("\r\n"),
      );
      expect(upload.status).toBe(413);
      expect(JSON.parse(upload.body)).toEqual({
        code: "payload-too-large",
        message: "Die Datei ist zu groß. Erlaubt sind höchstens 160 MB.",
      });

      const json = await answerToHead(
        [
          "POST /api/customers HTTP/1.1",
          `Host: ${new URL(server.url).host}`,
          `Authorization: Bearer ${token}`,
          "Content-Type: application/json",
          `Content-Length: ${tenGibibytes}`,
        ].join("\r\n"),
      );
      expect(json.status).toBe(413);
      expect(JSON.parse(json.body)).toEqual({ code: "payload-too-large", message: "Die Anfrage ist zu groß." });
    });
  });
});
