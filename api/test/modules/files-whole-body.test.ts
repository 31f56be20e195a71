// Large uploads (declared length ≥ 4 MiB): on disk written whole and the file part found from the
// body's two ends (upload.ts, receiveWhole); into the bucket streamed through the parser like any
// other. The same bodies get the same answers on both. Through a real server, as browsers send them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { StoredFile } from "@klarwerk/kit";
import { serverBodyLimitBytes } from "../../src/http/body-policy.ts";
import { wholeBodyMinBytes } from "../../src/modules/files/upload.ts";
import { type FilesTest, fileRowCount, startFilesTest, storeKinds } from "../storage/upload-helpers.ts";

const uploadMaxBytes = 6 * 1024 * 1024;

describe.each(storeKinds)("a large upload on the %s store", (kind) => {
  let files: FilesTest;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    files = await startFilesTest({ env: { UPLOAD_MAX_BYTES: String(uploadMaxBytes) }, store: kind });
    token = files.token;
    const server = files.app.listen({ port: 0, hostname: "127.0.0.1", maxRequestBodySize: serverBodyLimitBytes });
    origin = `http://127.0.0.1:${server.server?.port}`;
  });
  afterAll(async () => {
    await files.app.stop();
    await files.stop();
  });

  const boundary = "----KlarwerkFormBoundary7MA4YWxkTrZu0gW";

  interface Part {
    headers: string[];
    content: Uint8Array | string;
  }

  function filePart(content: Uint8Array, name = "gross.bin", type = "application/octet-stream"): Part {
    return {
      headers: [`Content-Disposition: form-data; name="file"; filename="${name}"`, `Content-Type: ${type}`],
      content,
    };
  }

  function fieldPart(name: string, value: string): Part {
    return { headers: [`Content-Disposition: form-data; name="${name}"`], content: value };
  }

  function form(parts: Part[], { close = true } = {}): Uint8Array<ArrayBuffer> {
    const pieces: Buffer[] = [];
    for (const part of parts) {
      pieces.push(Buffer.from(`--${boundary}\r\n${part.headers.join("\r\n")}\r\n\r\n`));
      pieces.push(Buffer.from(part.content));
      pieces.push(Buffer.from("\r\n"));
    }
    if (close) pieces.push(Buffer.from(`--${boundary}--\r\n`));
    const joined = Buffer.concat(pieces);
    const bytes = new Uint8Array(joined.length);
    bytes.set(joined);
    return bytes;
  }

  /** `size` bytes that differ everywhere, so a misplaced byte shows. */
  function content(size: number): Uint8Array<ArrayBuffer> {
    const bytes = new Uint8Array(size);
    for (let at = 0; at < size; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65536)));
    return bytes;
  }

  async function post(
    body: Uint8Array<ArrayBuffer>,
  ): Promise<{ status: number; json: { file?: StoredFile; code?: string; message?: string } }> {
    const answer = await fetch(`${origin}/api/files/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      body: new Blob([body]),
    });
    return {
      status: answer.status,
      json: (await answer.json()) as { file?: StoredFile; code?: string; message?: string },
    };
  }

  async function download(id: number, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${origin}/api/files/${id}/download`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  }

  async function expectNothingKept(rowsBefore: number, blobsBefore: string[]): Promise<void> {
    expect(await fileRowCount(files.db.sql)).toBe(rowsBefore);
    expect(await files.blobFiles()).toEqual(blobsBefore);
  }

  describe("as a browser or curl sends it", () => {
    test("a folder sent after the file (as curl -F does) is honoured; the bytes come back exactly, also by Range", async () => {
      const folder = await fetch(`${origin}/api/folders`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: `Groß ${crypto.randomUUID().slice(0, 8)}` }),
      });
      const { folder: created } = (await folder.json()) as { folder: { id: number } };
      const bytes = content(wholeBodyMinBytes + 12345);
      const answer = await post(form([filePart(bytes), fieldPart("folder_id", String(created.id))]));
      expect(answer.status).toBe(201);
      expect(answer.json.file).toMatchObject({ size: bytes.length, folder_id: created.id, original_name: "gross.bin" });
      const id = answer.json.file?.id ?? 0;

      const whole = await download(id);
      // Bun 1.4 sends a streamed body chunked, whatever length we set (see files-ranges.test.ts).
      if (kind === "disk") expect(whole.headers.get("content-length")).toBe(String(bytes.length));
      expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), Buffer.from(bytes))).toBe(0);
      const range = await download(id, { range: "bytes=0-99" });
      expect(range.status).toBe(206);
      expect(new Uint8Array(await range.arrayBuffer())).toEqual(bytes.subarray(0, 100));
      const last = await download(id, { range: "bytes=-10" });
      expect(new Uint8Array(await last.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
    });

    test("an image's preview starts at its first byte", async () => {
      const bytes = content(wholeBodyMinBytes);
      bytes.set([0x89, 0x50, 0x4e, 0x47], 0);
      const answer = await post(form([fieldPart("folder_id", ""), filePart(bytes, "bild.png", "image/png")]));
      expect(answer.status).toBe(201);
      const preview = await fetch(`${origin}/api/files/${answer.json.file?.id}/preview`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(preview.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await preview.arrayBuffer()), Buffer.from(bytes))).toBe(0);
    });

    // A body that breaks RFC 2046 (its file contains the boundary; a browser picks one that the
    // file does not): on disk the file's end is found from the body's end, so the bytes stay in
    // the file; streamed into the bucket, the parser ends the file at that delimiter and refuses
    // the malformed part after it, keeping nothing.
    test("file bytes that look like the form's end: kept in the file on disk, a 400 streamed into the bucket", async () => {
      const bytes = content(wholeBodyMinBytes + 1000);
      const lookalike = Buffer.from(`\r\n--${boundary}\r\nkeine Kopfzeile\r\n\r\n`);
      bytes.set(lookalike, bytes.length - 500);
      const rows = await fileRowCount(files.db.sql);
      const blobs = await files.blobFiles();
      const answer = await post(form([filePart(bytes)]));
      if (kind === "s3") {
        expect(answer).toEqual({
          status: 400,
          json: { code: "bad-request", message: "Die Anfrage konnte nicht gelesen werden." },
        });
        await expectNothingKept(rows, blobs);
        return;
      }
      expect(answer.status).toBe(201);
      expect(answer.json.file?.size).toBe(bytes.length);
      const whole = await download(answer.json.file?.id ?? 0);
      expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), Buffer.from(bytes))).toBe(0);
    });

    test("a second file after the first → 400; nothing kept", async () => {
      const rows = await fileRowCount(files.db.sql);
      const blobs = await files.blobFiles();
      const answer = await post(form([filePart(content(wholeBodyMinBytes)), filePart(content(10), "zwei.bin")]));
      expect(answer).toEqual({
        status: 400,
        json: { code: "bad-request", message: "Bitte laden Sie genau eine Datei pro Anfrage hoch." },
      });
      await expectNothingKept(rows, blobs);
    });

    test("a form that never ends → 400; unknown fields after the file → 400; nothing kept", async () => {
      const rows = await fileRowCount(files.db.sql);
      const blobs = await files.blobFiles();
      const unfinished = await post(form([filePart(content(wholeBodyMinBytes))], { close: false }));
      expect(unfinished).toEqual({
        status: 400,
        json: {
          code: "bad-request",
          message: "Die Übertragung wurde unterbrochen. Bitte laden Sie die Datei erneut hoch.",
        },
      });
      const unknown = await post(form([filePart(content(wholeBodyMinBytes)), fieldPart("admin", "1")]));
      expect(unknown.status).toBe(400);
      await expectNothingKept(rows, blobs);
    });

    test("a file over UPLOAD_MAX_BYTES by less than the form's allowance → 413; nothing kept", async () => {
      const rows = await fileRowCount(files.db.sql);
      const blobs = await files.blobFiles();
      const answer = await post(form([filePart(content(uploadMaxBytes + 1))]));
      expect(answer).toEqual({
        status: 413,
        json: { code: "payload-too-large", message: "Die Datei ist zu groß. Erlaubt sind höchstens 6 MB." },
      });
      await expectNothingKept(rows, blobs);
      // Exactly the limit is fine.
      expect((await post(form([filePart(content(uploadMaxBytes))]))).status).toBe(201);
    });
  });
});
