// Several API processes on one DATA_DIR and one database, as a deployment with a shared volume
// runs them: real server processes (`api/src/main.ts`), real uploads over sockets. The disk store
// only: what is tested is how processes share its incoming folders; a bucket has none (an upload
// there is a multipart upload, never visible to another process until complete).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StoredFile } from "@klarwerk/kit";
import { startTestServer, type TestServer } from "../../../scripts/test-server.ts";
import { blobFiles } from "../storage/upload-helpers.ts";
import { testPassword } from "../support/users.ts";

// Processes share a DATA_DIR only with a database server: the embedded one lives in the DATA_DIR
// and belongs to one process.
const shared = process.env.DATABASE_URL !== undefined;

let dataDir: string;
/** The deployment's first process; its database is the one every process here uses. */
let first: TestServer;
const others: TestServer[] = [];
let token: string;
const jwtSecret = randomBytes(32).toString("hex");

/** Another process of the same deployment: same DATA_DIR, database and secret. */
async function startAnother(): Promise<TestServer> {
  const server = await startTestServer({
    dataDir,
    quiet: true,
    databaseUrl: first.databaseUrl ?? undefined,
    env: { JWT_SECRET: jwtSecret },
  });
  others.push(server);
  return server;
}

beforeAll(async () => {
  if (!shared) return;
  dataDir = await mkdtemp(join(tmpdir(), "klarwerk-shared-data-"));
  first = await startTestServer({ dataDir, quiet: true, env: { JWT_SECRET: jwtSecret } });
  const credentials = {
    name: "Gerd Geteilt",
    email: `shared-${crypto.randomUUID()}@example.com`,
    password: testPassword,
  };
  await fetch(`${first.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...credentials, confirmPassword: credentials.password }),
  });
  const login = await fetch(`${first.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  ({ token } = (await login.json()) as { token: string });
}, 90_000);

afterAll(async () => {
  if (!shared) return;
  for (const server of others) await server.stop();
  await first.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const boundary = "----klarwerk-slow";

/**
 * An upload over a raw socket that the test paces: the head and `start` bytes of the file at once,
 * then a trickle (so the server sees a live, slow client, never an idle one) until `finish()`
 * sends the rest and reads the answer.
 */
function slowUpload(server: TestServer, name: string, file: Uint8Array, start: number) {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(server.url);
  const socket: Socket = connect(Number(url.port), url.hostname);
  const chunks: Buffer[] = [];
  socket.on("data", (chunk) => chunks.push(chunk));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.on("error", () => {});
  socket.write(
    `POST /api/files/upload HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${head.length + file.length + tail.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(head);
  socket.write(file.subarray(0, start));
  let sent = start;
  const trickle = setInterval(() => {
    if (sent >= file.length - 1024) return;
    socket.write(file.subarray(sent, sent + 1024));
    sent += 1024;
  }, 100);
  return {
    async finish(): Promise<{ status: number; body: string }> {
      clearInterval(trickle);
      socket.write(file.subarray(sent));
      socket.write(tail);
      await closed;
      const text = Buffer.concat(chunks).toString("utf8");
      const end = text.indexOf("\r\n\r\n");
      return { status: Number(text.slice(9, 12)), body: end >= 0 ? text.slice(end + 4) : "" };
    },
    abandon() {
      clearInterval(trickle);
      socket.destroy();
    },
  };
}

async function incomingParts(): Promise<string[]> {
  return (await blobFiles({ dataDir })).filter((name) => name.startsWith(".incoming/"));
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 20 s: ${what}`);
    await Bun.sleep(50);
  }
}

/** JSON of a chunked or sized HTTP/1.1 body as read off the socket. */
function jsonOf(body: string): unknown {
  const start = body.indexOf("{");
  return JSON.parse(body.slice(start, body.lastIndexOf("}") + 1));
}

describe.skipIf(!shared)("processes sharing one DATA_DIR", () => {
  test("an upload in flight on one process survives another process starting and sweeping", async () => {
    // One parsed as it streams (under 4 MiB), one written to disk whole (4 MiB and more).
    const files = [randomBytes(512 * 1024), randomBytes(6 * 1024 * 1024)].map((bytes) => new Uint8Array(bytes));
    const uploads = files.map((file, index) => slowUpload(first, `teil-${index}.bin`, file, file.length / 2));
    await eventually(async () => (await incomingParts()).length === 2, "both uploads are being received");

    // A second process starts on the same DATA_DIR: its start-up sweep runs now.
    const second = await startAnother();
    expect(await incomingParts()).toHaveLength(2);

    const answers = await Promise.all(uploads.map((upload) => upload.finish()));
    for (const [index, answer] of answers.entries()) {
      expect(answer.status).toBe(201);
      const { file } = jsonOf(answer.body) as { file: StoredFile };
      // Stored whole, and served by the other process from the shared volume.
      const download = await fetch(`${second.url}/api/files/${file.id}/download`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(200);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(files[index] ?? new Uint8Array());
    }
    expect(await incomingParts()).toEqual([]);
  }, 90_000);

  test("a crashed process's half-written upload is gone once another process starts", async () => {
    const crashing = await startAnother();
    const file = new Uint8Array(randomBytes(6 * 1024 * 1024));
    const upload = slowUpload(crashing, "abgestuerzt.bin", file, file.length / 2);
    await eventually(async () => (await incomingParts()).length === 1, "the upload is being received");
    const folders = async () => (await readdir(join(dataDir, "blobs", ".incoming"))).sort();
    const withCrashed = await folders();

    await crashing.crash();
    upload.abandon();
    // Nothing has swept yet: the crash left its folder and part behind.
    expect(await incomingParts()).toHaveLength(1);

    await startAnother();
    expect(await incomingParts()).toEqual([]);
    // Only the crashed process's folder went; the live processes' folders stay.
    const remaining = await folders();
    expect(remaining.length).toBe(withCrashed.length - 1);
    expect(withCrashed).toEqual(expect.arrayContaining(remaining));
  }, 90_000);
});
