import { afterAll, beforeAll, describe, expect, onTestFinished, spyOn, test } from "bun:test";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FileListing, StoredFile } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import type { ResolvedConfig } from "../../src/config.ts";
import { s3ClientOf } from "../../src/storage/s3-blob-store.ts";
import {
  type FilesTest,
  fileRowCount,
  startFilesTest,
  storeKinds,
  upload,
  uploadParts,
} from "../storage/upload-helpers.ts";
import type { TestDatabase } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { registerAndLogin } from "../support/users.ts";

// Every request on both blob stores: the local disk, and a bucket on an s3rver of its own.
describe.each(storeKinds)("the files API on the %s store", (kind) => {
  let files: FilesTest;
  let db: TestDatabase;
  let config: ResolvedConfig;
  let app: App;
  let token: string;

  beforeAll(async () => {
    files = await startFilesTest({ userName: "Ute Upload", store: kind });
    ({ db, config, app, token } = files);
  });
  afterAll(() => files.stop());

  async function newFolder(parentId: number | null = null): Promise<number> {
    const answer = await callJson<{ folder: { id: number } }>(app, "/api/folders", {
      json: { name: `Ordner ${crypto.randomUUID().slice(0, 8)}`, parent_id: parentId },
      token,
    });
    expect(answer.status).toBe(201);
    return answer.body.folder.id;
  }

  function listFiles(query = "") {
    return callJson<FileListing & { message?: string }>(app, `/api/files${query}`, {
      token,
    });
  }

  async function uploaded(input: Parameters<typeof upload>[2] = {}): Promise<StoredFile> {
    const answer = await upload(app, token, input);
    expect(answer.status).toBe(201);
    return answer.body.file;
  }

  /** Whether the store still holds a blob. */
  async function blobExists(blobId: string): Promise<boolean> {
    return (await files.store.sizeOf(blobId)) !== null;
  }

  async function removeBlobOf(fileId: number): Promise<void> {
    await files.store.remove(await files.blobIdOf(fileId));
  }

  /** How many downloads of the file the audit trail names. */
  async function recordedDownloads(fileId: number): Promise<number> {
    const [row] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from audit_events where action = 'file.downloaded' and object_id = ${String(fileId)}`;
    return row?.count ?? 0;
  }

  describe("POST /api/files/upload", () => {
    test("stores the file at the root level: 201 with the file, the bytes in the blob store", async () => {
      const content = "Erste Zeile\nZweite Zeile\n";
      const answer = await upload(app, token, { name: "notizen.txt", type: "text/plain", content });
      expect(answer.status).toBe(201);
      expect(answer.body.file).toEqual({
        id: expect.any(Number),
        original_name: "notizen.txt",
        mime_type: "text/plain",
        size: Buffer.byteLength(content),
        created_at: expect.any(String),
        uploader_name: "Ute Upload",
        folder_id: null,
      });
      expect(new TextDecoder().decode(await files.blobBytes(answer.body.file.id))).toBe(content);
      // Stored under a random id, never under the user's name, and nothing left half-written.
      const stored = await files.blobFiles();
      expect(stored.every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);
    });

    test("stores the file in the folder given", async () => {
      const folderId = await newFolder();
      const file = await uploaded({ name: "im-ordner.txt", folderId });
      expect(file.folder_id).toBe(folderId);
      const inFolder = await listFiles(`?folder_id=${folderId}`);
      expect(inFolder.body.files.map((entry) => entry.id)).toEqual([file.id]);
      const root = await listFiles();
      expect(root.body.files.map((entry) => entry.id)).not.toContain(file.id);
    });

    test("keeps UTF-8 names whole", async () => {
      for (const name of ["Präsentation März ü.pdf", "日本語のファイル.txt", "Bericht „final“ (2) 😀.docx"]) {
        const file = await uploaded({ name, type: "application/pdf" });
        expect(file.original_name).toBe(name);
      }
    });

    test("binary content arrives byte for byte, an empty file too", async () => {
      const bytes = crypto.getRandomValues(new Uint8Array(300_000));
      // The boundary's own bytes inside the content must not confuse the parser.
      bytes.set(new TextEncoder().encode("\r\n------WebKitFormBoundary"), 1000);
      const file = await uploaded({ name: "daten.bin", type: "application/octet-stream", content: bytes });
      expect(file.size).toBe(bytes.length);
      expect(await files.blobBytes(file.id)).toEqual(bytes);

      const empty = await uploaded({ name: "leer.txt", content: "" });
      expect(empty.size).toBe(0);
    });

    test("the declared type is stored in lower case; a missing or malformed one as application/octet-stream", async () => {
      for (const [declared, stored] of [
        ["Content-Type: IMAGE/PNG", "image/png"],
        ["Content-Type: text/plain; charset=utf-8", "text/plain"],
        ["Content-Type: <script>", "application/octet-stream"],
        ["X-Nothing: here", "application/octet-stream"],
      ] as const) {
        const answer = await uploadParts(app, token, [
          { headers: ['Content-Disposition: form-data; name="file"; filename="x.dat"', declared], content: "abc" },
        ]);
        expect(answer.body.file.mime_type).toBe(stored);
      }
    });

    test("a name sent as RFC 8187 filename* wins over the plain one; paths are cut off", async () => {
      for (const [disposition, stored] of [
        [`filename="Prasentation.pdf"; filename*=UTF-8''Pr%C3%A4sentation%20M%C3%A4rz.pdf`, "Präsentation März.pdf"],
        ['filename="C:\\Users\\erika\\Bericht.docx"', "Bericht.docx"],
        ['filename="../../etc/passwd"', "passwd"],
        ['filename="Angebot %22Final%22.pdf"', 'Angebot "Final".pdf'],
      ] as const) {
        const answer = await uploadParts(app, token, [
          { headers: [`Content-Disposition: form-data; name="file"; ${disposition}`], content: "abc" },
        ]);
        expect(answer.body.file.original_name).toBe(stored);
      }
    });

    test("a folder that does not exist → 404, and nothing is kept", async () => {
      const rowsBefore = await fileRowCount(db.sql);
      const blobsBefore = await files.blobFiles();
      const answer = await upload(app, token, { folderId: 987654321 });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: "folder-not-found", message: "Diesen Ordner gibt es nicht." } as never);
      expect(await fileRowCount(db.sql)).toBe(rowsBefore);
      expect(await files.blobFiles()).toEqual(blobsBefore);
    });

    test.each(["abc", "-1", "../etc", "1.5"])("folder_id=%p → 400, and nothing is kept", async (folderId) => {
      const rowsBefore = await fileRowCount(db.sql);
      const blobsBefore = await files.blobFiles();
      const answer = await upload(app, token, { folderId });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: "invalid-id", message: "Die Ordnernummer ist ungültig." } as never);
      expect(await fileRowCount(db.sql)).toBe(rowsBefore);
      expect(await files.blobFiles()).toEqual(blobsBefore);
    });

    test("a body that is not multipart → 400", async () => {
      for (const [type, body] of [
        ["application/octet-stream", "roh"],
        ["application/json", '{"file":"x"}'],
      ] as const) {
        const answer = await callJson(app, "/api/files/upload", { body, token, headers: { "content-type": type } });
        expect(answer.status).toBe(400);
      }
      const noBoundary = await callJson(app, "/api/files/upload", {
        body: "x",
        token,
        headers: { "content-type": "multipart/form-data" },
      });
      expect(noBoundary.status).toBe(400);
      expect(noBoundary.body).toEqual({
        code: "bad-request",
        message: "Bitte senden Sie die Datei als multipart/form-data.",
      });
    });

    test("a form without a file → 400", async () => {
      const form = new FormData();
      form.append("folder_id", "");
      const answer = await callJson(app, "/api/files/upload", { body: form, token });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: "file-missing", message: "Bitte wählen Sie eine Datei aus." });
    });

    test("a file part without a name (nothing chosen) → 400", async () => {
      const answer = await uploadParts(app, token, [
        { headers: ['Content-Disposition: form-data; name="file"; filename=""'], content: "" },
      ]);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: "file-missing", message: "Bitte wählen Sie eine Datei aus." } as never);
    });

    test("two files in one request, a file under another field, or unknown fields → 400; nothing kept", async () => {
      const rowsBefore = await fileRowCount(db.sql);
      const two = new FormData();
      two.append("file", new File(["a"], "a.txt"));
      two.append("file", new File(["b"], "b.txt"));
      const otherField = new FormData();
      otherField.append("anhang", new File(["a"], "a.txt"));
      const unknownField = new FormData();
      unknownField.append("owner", "1");
      unknownField.append("file", new File(["a"], "a.txt"));
      for (const body of [two, otherField, unknownField]) {
        const answer = await callJson(app, "/api/files/upload", { body, token });
        expect(answer.status).toBe(400);
        expect(typeof answer.body.message).toBe("string");
      }
      expect(await fileRowCount(db.sql)).toBe(rowsBefore);
      expect((await files.blobFiles()).filter((name) => name.startsWith(".incoming/"))).toEqual([]);
    });

    test("a file name over 255 characters → 422", async () => {
      const answer = await upload(app, token, { name: `${"a".repeat(252)}.txt` });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        code: "validation",
        message: "Der Dateiname darf höchstens 255 Zeichen lang sein.",
      } as never);
    });

    test("without a token → 401 and nothing is stored", async () => {
      const rowsBefore = await fileRowCount(db.sql);
      const form = new FormData();
      form.append("file", new File(["x"], "x.txt"));
      const answer = await callJson(app, "/api/files/upload", { body: form });
      expect(answer.status).toBe(401);
      expect(await fileRowCount(db.sql)).toBe(rowsBefore);
    });
  });

  describe("the upload size limit (UPLOAD_MAX_BYTES)", () => {
    let small: FilesTest;

    beforeAll(async () => {
      small = await startFilesTest({ env: { UPLOAD_MAX_BYTES: "1000" }, store: kind });
    });

    afterAll(() => small.stop());

    test("a file of exactly the limit is accepted", async () => {
      const answer = await upload(small.app, small.token, { content: "x".repeat(1000) });
      expect(answer.status).toBe(201);
      expect(answer.body.file.size).toBe(1000);
    });

    test("one byte more → 413 with a German message; no row, no blob", async () => {
      const rowsBefore = await fileRowCount(small.db.sql);
      const blobsBefore = await small.blobFiles();
      const answer = await upload(small.app, small.token, { content: "x".repeat(1001) });
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({
        code: "payload-too-large",
        message: "Die Datei ist zu groß. Erlaubt sind höchstens 1000 B.",
      } as never);
      expect(await fileRowCount(small.db.sql)).toBe(rowsBefore);
      expect(await small.blobFiles()).toEqual(blobsBefore);
    });

    test("a declared length far over the limit → 413 before the body is read", async () => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      const answer = await callJson(small.app, "/api/files/upload", {
        body,
        token: small.token,
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(10 * 1024 ** 3) },
      });
      expect(answer.status).toBe(413);
      expect(pulled).toBeLessThanOrEqual(1);
    });

    test("the list tells the client the limit", async () => {
      const answer = await callJson<{ max_upload_bytes: number }>(small.app, "/api/files", { token: small.token });
      expect(answer.body.max_upload_bytes).toBe(1000);
      expect((await listFiles()).body.max_upload_bytes).toBe(1024 ** 3);
    });
  });

  describe("streamed bodies elsewhere", () => {
    // The server's body limit is raised to the largest upload; other routes must not buffer that much.
    test("a multipart or octet-stream body to another API route is held to the JSON limit", async () => {
      const big = new Uint8Array(2 * 1024 * 1024);
      for (const type of ["multipart/form-data; boundary=x", "application/octet-stream"]) {
        for (const path of ["/api/folders", "/api/login", "/api/files/1/download-link"]) {
          const answer = await callJson(app, path, {
            body: big,
            token,
            headers: { "content-type": type, "content-length": String(big.length) },
          });
          expect(answer.status).toBe(413);
          expect(answer.body).toEqual({ code: "payload-too-large", message: "Die Anfrage ist zu groß." });
        }
        const chunked = await callJson(app, "/api/folders", {
          body: "x",
          token,
          headers: { "content-type": type, "transfer-encoding": "chunked" },
        });
        expect(chunked.status).toBe(411);
      }
    });

    test("the upload route itself takes a body over the JSON limit", async () => {
      const file = await uploaded({ name: "zwei-mb.bin", content: new Uint8Array(2 * 1024 * 1024) });
      expect(file.size).toBe(2 * 1024 * 1024);
    });
  });

  describe("GET /api/files", () => {
    test("lists the files of one folder, newest first, with every field", async () => {
      const folderId = await newFolder();
      const first = await uploaded({ name: "eins.txt", folderId });
      const second = await uploaded({ name: "zwei.png", type: "image/png", content: "png", folderId });
      const answer = await listFiles(`?folder_id=${folderId}`);
      expect(answer.status).toBe(200);
      expect(answer.body.files).toEqual([second, first]);
    });

    test("an empty folder lists no files", async () => {
      const folderId = await newFolder();
      expect((await listFiles(`?folder_id=${folderId}`)).body.files).toEqual([]);
    });

    test("a folder that does not exist → 404; a malformed folder id → 400", async () => {
      expect((await listFiles("?folder_id=987654321")).status).toBe(404);
      for (const value of ["abc", "-3", "..%2F..%2Fetc"]) {
        const answer = await listFiles(`?folder_id=${value}`);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ code: "invalid-id", message: "Die Ordnernummer ist ungültig." } as never);
      }
    });

    test("every signed-in user sees every file", async () => {
      const file = await uploaded({ name: "geteilt.txt" });
      const other = await registerAndLogin(app, { name: "Otto Anders" });
      const answer = await callJson<{ files: StoredFile[] }>(app, "/api/files", { token: other.token });
      expect(answer.body.files.find((entry) => entry.id === file.id)?.uploader_name).toBe("Ute Upload");
    });

    test("without a token → 401", async () => {
      expect((await callJson(app, "/api/files")).status).toBe(401);
    });
  });

  describe("DELETE /api/files/{id}", () => {
    // Into the Papierkorb (decision 0098): the row and blob stay until a purge; trash.test.ts has the rest.
    test("moves the file to the trash: gone from the list and downloads, the blob kept; a second delete → 404", async () => {
      const file = await uploaded({ name: "weg.txt" });
      const blobId = await files.blobIdOf(file.id);
      const answer = await call(app, `/api/files/${file.id}`, { method: "DELETE", token });
      expect(answer.status).toBe(204);
      expect((await listFiles()).body.files.map((entry) => entry.id)).not.toContain(file.id);
      expect((await call(app, `/api/files/${file.id}/download`, { token })).status).toBe(404);
      expect(await blobExists(blobId)).toBe(true);
      const again = await callJson(app, `/api/files/${file.id}`, { method: "DELETE", token });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ code: "file-not-found", message: "Diese Datei gibt es nicht." });
    });

    test("a file whose blob is already gone still goes to the trash", async () => {
      const file = await uploaded({ name: "ohne-inhalt.txt" });
      await removeBlobOf(file.id);
      expect((await call(app, `/api/files/${file.id}`, { method: "DELETE", token })).status).toBe(204);
      const [row] = await db.sql<{ trashed: boolean }[]>`
        select deletion_id is not null as trashed from files where id = ${file.id}`;
      expect(row?.trashed).toBe(true);
    });

    test("uploads and deletes at once: each deleted file is in the trash once, the others live", async () => {
      const uploads = await Promise.all(["a", "b", "c", "d"].map((name) => uploaded({ name: `${name}.txt` })));
      const answers = await Promise.all(
        uploads.slice(0, 2).map((file) => call(app, `/api/files/${file.id}`, { method: "DELETE", token })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([204, 204]);
      const rows = await db.sql<{ id: number; trashed: boolean }[]>`
        select id::int as id, deletion_id is not null as trashed from files
        where id in ${db.sql(uploads.map((f) => f.id))} order by id`;
      const trashed = new Set(rows.filter((row) => row.trashed).map((row) => row.id));
      expect(uploads.map((file) => trashed.has(file.id))).toEqual([true, true, false, false]);
      expect((await files.blobFiles()).filter((name) => name.startsWith(".incoming/"))).toEqual([]);
    });

    test("without a token → 401 and the file stays", async () => {
      const file = await uploaded();
      expect((await call(app, `/api/files/${file.id}`, { method: "DELETE" })).status).toBe(401);
      expect((await listFiles()).body.files.map((entry) => entry.id)).toContain(file.id);
    });
  });

  describe("GET /api/files/{id}/download", () => {
    test("sends the bytes as an attachment under the original name", async () => {
      const content = crypto.getRandomValues(new Uint8Array(10_000));
      const file = await uploaded({ name: "Präsentation März ü.pdf", type: "application/pdf", content });
      const answer = await call(app, `/api/files/${file.id}/download`, { token });
      expect(answer.status).toBe(200);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(content);
      expect(answer.headers.get("content-type")).toBe("application/pdf");
      expect(answer.headers.get("content-length")).toBe("10000");
      expect(answer.headers.get("content-disposition")).toBe(
        "attachment; filename=\"Prasentation Marz u.pdf\"; filename*=UTF-8''Pr%C3%A4sentation%20M%C3%A4rz%20%C3%BC.pdf",
      );
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("accept-ranges")).toBe("bytes");
    });

    test("quotes and apostrophes in a name cannot break the header", async () => {
      const file = await uploaded({ name: `Angebot "Müller" it's (1)*.txt` });
      const answer = await call(app, `/api/files/${file.id}/download`, { token });
      const disposition = answer.headers.get("content-disposition") ?? "";
      expect(disposition).toBe(
        "attachment; filename=\"Angebot _Muller_ it's (1)*.txt\"; filename*=UTF-8''Angebot%20%22M%C3%BCller%22%20it%27s%20%281%29%2A.txt",
      );
    });

    test("honours a Range: 206 with just those bytes", async () => {
      const content = new TextEncoder().encode("0123456789abcdefghij");
      const file = await uploaded({ name: "bereich.txt", content });
      const cases: [string, string, string][] = [
        ["bytes=2-5", "2345", "bytes 2-5/20"],
        ["bytes=15-", "fghij", "bytes 15-19/20"],
        ["bytes=-3", "hij", "bytes 17-19/20"],
        ["bytes=18-100", "ij", "bytes 18-19/20"],
      ];
      for (const [range, body, contentRange] of cases) {
        const answer = await call(app, `/api/files/${file.id}/download`, { token, headers: { range } });
        expect(answer.status).toBe(206);
        expect(await answer.text()).toBe(body);
        expect(answer.headers.get("content-range")).toBe(contentRange);
        expect(answer.headers.get("content-length")).toBe(String(body.length));
      }
    });

    test("a range outside the file → 416; a range it cannot read → the whole file", async () => {
      const file = await uploaded({ name: "klein.txt", content: "0123456789" });
      const outside = await callJson(app, `/api/files/${file.id}/download`, { token, headers: { range: "bytes=10-" } });
      expect(outside.status).toBe(416);
      expect(outside.response.headers.get("content-range")).toBe("bytes */10");
      expect(outside.body).toEqual({
        code: "range-not-satisfiable",
        message: "Der angefragte Bereich liegt außerhalb der Datei.",
      });
      for (const range of ["bytes=0-1,4-5", "items=0-1", "bytes=5-2"]) {
        const whole = await call(app, `/api/files/${file.id}/download`, { token, headers: { range } });
        expect(whole.status).toBe(200);
        expect(await whole.text()).toBe("0123456789");
      }
    });

    test("a file whose blob is missing → 404, never a crash (and a line in the log); no download recorded", async () => {
      const logged = spyOn(console, "error").mockImplementation(() => {});
      onTestFinished(() => logged.mockRestore());
      const file = await uploaded({ name: "verloren.txt" });
      expect((await call(app, `/api/files/${file.id}/download`, { token })).status).toBe(200);
      expect(await recordedDownloads(file.id)).toBe(1);
      await removeBlobOf(file.id);
      const answer = await callJson(app, `/api/files/${file.id}/download`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        code: "file-content-missing",
        message: "Der Inhalt dieser Datei fehlt auf dem Server.",
      });
      expect(logged).toHaveBeenCalledTimes(1);
      expect(await recordedDownloads(file.id)).toBe(1);
    });

    test("without a token → 401", async () => {
      const file = await uploaded();
      expect((await call(app, `/api/files/${file.id}/download`)).status).toBe(401);
    });
  });

  describe("download links", () => {
    test("a link from POST …/download-link downloads without the bearer header", async () => {
      const file = await uploaded({ name: "Präsentation März ü.pdf", content: "PDF-Inhalt" });
      const link = await callJson<{ url: string; expires_in: number }>(app, `/api/files/${file.id}/download-link`, {
        method: "POST",
        token,
      });
      expect(link.status).toBe(200);
      expect(link.body.expires_in).toBe(60);
      expect(link.body.url).toStartWith(`/api/files/${file.id}/download/`);
      const answer = await call(app, link.body.url);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe("PDF-Inhalt");
      expect(answer.headers.get("content-disposition")).toContain("filename*=UTF-8''Pr%C3%A4sentation");
    });

    test("a forged link, or one made for another file → 403", async () => {
      const [file, other] = [await uploaded(), await uploaded()];
      const link = await callJson<{ url: string }>(app, `/api/files/${file.id}/download-link`, {
        method: "POST",
        token,
      });
      const ticket = link.body.url.split("/").pop() ?? "";
      const forged = `${ticket.slice(0, -2)}${ticket.endsWith("AA") ? "BB" : "AA"}`;
      for (const url of [
        `/api/files/${other.id}/download/${ticket}`,
        `/api/files/${file.id}/download/${forged}`,
        `/api/files/${file.id}/download/9999999999.x`,
      ]) {
        const answer = await callJson(app, url);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({
          code: "download-link-invalid",
          message: "Der Download-Link ist ungültig oder abgelaufen.",
        });
      }
    });

    test("no link (and no download recorded) for a file that does not exist or lost its content", async () => {
      const logged = spyOn(console, "error").mockImplementation(() => {});
      onTestFinished(() => logged.mockRestore());
      expect((await call(app, "/api/files/987654321/download-link", { method: "POST", token })).status).toBe(404);
      const file = await uploaded();
      await removeBlobOf(file.id);
      expect((await call(app, `/api/files/${file.id}/download-link`, { method: "POST", token })).status).toBe(404);
      expect((await call(app, `/api/files/${file.id}/download-link`, { method: "POST" })).status).toBe(401);
      expect(await recordedDownloads(file.id)).toBe(0);
    });
  });

  describe("GET /api/files/{id}/preview", () => {
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="),
      (char) => char.charCodeAt(0),
    );

    test("serves an image inline, unable to run anything in our origin", async () => {
      const file = await uploaded({ name: "punkt.png", type: "image/png", content: png });
      const answer = await call(app, `/api/files/${file.id}/preview`, { token });
      expect(answer.status).toBe(200);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(png);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect(answer.headers.get("content-security-policy")).toStartWith("sandbox");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("content-disposition")).toStartWith("inline;");
    });

    test("an SVG with a script is served sandboxed", async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
      const file = await uploaded({ name: "boese.svg", type: "image/svg+xml", content: svg });
      const answer = await call(app, `/api/files/${file.id}/preview`, { token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/svg+xml");
      const policy = answer.headers.get("content-security-policy") ?? "";
      expect(policy.split(";").map((part) => part.trim())).toEqual(
        expect.arrayContaining(["sandbox", "default-src 'none'"]),
      );
      expect(policy).not.toContain("script-src");
    });

    test("what the viewer cannot show safely → 415: a page, a PDF whose bytes are not one, an unknown type", async () => {
      for (const type of ["text/html", "application/pdf", "application/octet-stream", "image"]) {
        const file = await uploaded({ name: "keinbild", type, content: "<script>alert(1)</script>" });
        const answer = await callJson(app, `/api/files/${file.id}/preview`, { token });
        expect(answer.status).toBe(415);
        expect(answer.body).toEqual({
          code: "preview-unavailable",
          message: "Für diese Datei gibt es keine Vorschau.",
        });
      }
    });

    test("a PDF is served inline as a PDF, inert, when its first KiB holds the header (1019 yes, 1020 no)", async () => {
      const pdfAt = (offset: number) => `${" ".repeat(offset)}%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n`;
      const inside = await uploaded({ name: "vertrag.pdf", type: "application/pdf", content: pdfAt(1019) });
      const answer = await call(app, `/api/files/${inside.id}/preview`, { token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/pdf");
      expect(answer.headers.get("content-disposition")).toStartWith("inline;");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await answer.text()).toBe(pdfAt(1019));
      const beyond = await uploaded({ name: "spaet.pdf", type: "application/pdf", content: pdfAt(1020) });
      expect((await call(app, `/api/files/${beyond.id}/preview`, { token })).status).toBe(415);
    });

    test("text up to 1 MiB is served as it is stored; one byte more → 415", async () => {
      const limit = 1024 * 1024;
      const atLimit = await uploaded({ name: "notiz.txt", type: "text/plain", content: "ä".repeat(limit / 2) });
      const answer = await call(app, `/api/files/${atLimit.id}/preview`, { token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toStartWith("text/plain");
      expect(answer.headers.get("content-security-policy")).toStartWith("sandbox");
      expect(await answer.text()).toBe("ä".repeat(limit / 2));
      const over = await uploaded({ name: "lang.csv", type: "text/csv", content: `${"a".repeat(limit)}b` });
      expect((await call(app, `/api/files/${over.id}/preview`, { token })).status).toBe(415);
    });

    test("without a token → 401", async () => {
      const file = await uploaded({ name: "punkt.png", type: "image/png", content: png });
      expect((await call(app, `/api/files/${file.id}/preview`)).status).toBe(401);
    });
  });

  describe("ids that are not ids", () => {
    const secret = "geheimer-inhalt-ausserhalb";

    beforeAll(async () => {
      // A file right next to the blob store (beside its folder, or outside its key prefix): no id
      // may reach it.
      if (files.s3) await s3ClientOf(files.s3.settings).write("secret.txt", secret);
      else await writeFile(join(config.dataDir, "secret.txt"), secret);
    });

    const ids = [
      "abc",
      "-1",
      "0",
      "1.5",
      "1e3",
      "0x10",
      "%2E%2E%2Fsecret.txt",
      "..%2F..%2F..%2Fetc%2Fpasswd",
      "%2E%2E",
      "99999999999999999999",
    ];

    test.each(ids)("%p → 400 or 404 on every file route, never a file outside the store", async (id) => {
      const routes: [string, string][] = [
        ["GET", `/api/files/${id}/download`],
        ["GET", `/api/files/${id}/preview`],
        ["DELETE", `/api/files/${id}`],
        ["POST", `/api/files/${id}/download-link`],
        ["GET", `/api/files/${id}/download/1.x`],
      ];
      for (const [method, path] of routes) {
        const answer = await call(app, path, { method, token });
        expect([400, 403, 404]).toContain(answer.status);
        const text = await answer.text();
        expect(text).not.toContain(secret);
        expect(text).not.toContain("root:");
        expect(JSON.parse(text)).toEqual({ code: expect.any(String), message: expect.any(String) });
      }
    });

    test("the path segment ../ is resolved by the URL itself and never reaches a file route", async () => {
      const answer = await call(app, "/api/files/../../etc/passwd", { token });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain("root:");
    });
  });
});
