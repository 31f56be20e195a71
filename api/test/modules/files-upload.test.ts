import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { serverBodyLimitBytes } from "../../src/http/body-policy.ts";
import { createDownloadLinks } from "../../src/modules/files/download-links.ts";
import { type FilesTest, fileRowCount, startFilesTest, storeKinds } from "../storage/upload-helpers.ts";
import { callJson } from "../support/http.ts";

const boundary = "----klarwerk-test-grenze";
const encoder = new TextEncoder();
const partHeader = encoder.encode(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gross.bin"\r\n` +
    "Content-Type: application/octet-stream\r\n\r\n",
);

/** Waits until `check` holds (the server cleans up after the client has gone). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await Bun.sleep(25);
  }
}

describe.each(storeKinds)("an upload that breaks off, on the %s store", (kind) => {
  let files: FilesTest;
  beforeAll(async () => {
    files = await startFilesTest({ store: kind });
  });
  afterAll(() => files.stop());

  test("a body that fails half-way → 400, and neither a row nor a blob is left", async () => {
    const { db, app, token } = files;
    const rowsBefore = await fileRowCount(db.sql);
    const blobsBefore = await files.blobFiles();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(partHeader);
        else if (sent < 40) controller.enqueue(new Uint8Array(64 * 1024).fill(sent));
        else controller.error(new Error("connection reset"));
        sent++;
      },
    });
    const answer = await callJson(app, "/api/files/upload", {
      body,
      token,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: "bad-request",
      message: "Die Übertragung wurde unterbrochen. Bitte laden Sie die Datei erneut hoch.",
    });
    expect(await fileRowCount(db.sql)).toBe(rowsBefore);
    expect(await files.blobFiles()).toEqual(blobsBefore);
  });

  test("a body that simply ends before the closing boundary → 400, nothing left", async () => {
    const { db, app, token } = files;
    const rowsBefore = await fileRowCount(db.sql);
    const blobsBefore = await files.blobFiles();
    const answer = await callJson(app, "/api/files/upload", {
      body: Buffer.concat([partHeader, new Uint8Array(100_000)]),
      token,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(answer.status).toBe(400);
    expect(await fileRowCount(db.sql)).toBe(rowsBefore);
    expect(await files.blobFiles()).toEqual(blobsBefore);
  });

  test("a client that disconnects half-way through a real connection leaves no row, no blob, no unfinished upload", async () => {
    const server = files.app.listen({ port: 0, hostname: "127.0.0.1", maxRequestBodySize: serverBodyLimitBytes });
    try {
      await disconnectHalfWay(files, server.server?.port);
    } finally {
      await files.app.stop();
    }
  });
});

/**
 * Sends the headers and half of a 16 MiB file over a raw socket, waits until the server is
 * storing it (on disk a file in the incoming folder; in the bucket a multipart upload, begun with
 * the first 5 MiB part), then drops the connection; the server must clean up on its own.
 */
async function disconnectHalfWay(files: FilesTest, port: number | undefined): Promise<void> {
  if (!port) throw new Error("the test server did not start");
  const { db, token } = files;
  const rowsBefore = await fileRowCount(db.sql);
  const blobsBefore = await files.blobFiles();
  const declaredFile = 16 * 1024 * 1024;
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(
    "POST /api/files/upload HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
      `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${partHeader.length + declaredFile + 100}\r\n\r\n`,
  );
  socket.write(partHeader);
  const chunk = new Uint8Array(256 * 1024).fill(7);
  for (let sent = 0; sent < declaredFile / 2; sent += chunk.length) {
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once("drain", resolve));
  }
  await eventually(async () => (await files.blobFiles()).some((name) => name.startsWith(".incoming/")));

  socket.destroy();
  await eventually(async () => !(await files.blobFiles()).some((name) => name.startsWith(".incoming/")));
  expect(await files.blobFiles()).toEqual(blobsBefore);
  expect(await fileRowCount(db.sql)).toBe(rowsBefore);
}

describe("download links", () => {
  test("expire after a minute", () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const links = createDownloadLinks("x".repeat(40), () => now);
    const ticket = links.issue(7);
    expect(links.verify(7, ticket)).toBe(true);
    now += 59_000;
    expect(links.verify(7, ticket)).toBe(true);
    now += 2_000;
    expect(links.verify(7, ticket)).toBe(false);
  });

  test("are bound to the file and the secret", () => {
    const links = createDownloadLinks("x".repeat(40));
    const ticket = links.issue(7);
    expect(links.verify(8, ticket)).toBe(false);
    expect(createDownloadLinks("y".repeat(40)).verify(7, ticket)).toBe(false);
    for (const garbage of ["", "7", "1.2.3", `${ticket}x`, ticket.replace(/^\d+/, "99999999999")]) {
      expect(links.verify(7, garbage)).toBe(false);
    }
  });
});
