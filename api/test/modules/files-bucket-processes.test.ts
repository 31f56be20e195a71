// Two API processes (`api/src/main.ts`) storing into one bucket at the same time, as the compose
// profile `s3` runs them: every upload over a socket, several at once on each, files larger than
// a part sent with a length and chunked. Every file must arrive whole: in the bucket, in its row's
// checksum, and in what each process serves back. With a database server both processes share
// one database (a file uploaded through one is downloaded through the other); the embedded one
// belongs to one process, so without DATABASE_URL each has its own and only the bucket is shared.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StoredFile } from "@klarwerk/kit";
import { startTestServer, type TestServer } from "../../../scripts/test-server.ts";
import { s3ClientOf } from "../../src/storage/s3-blob-store.ts";
import { distinctBytes, type Framing, sha256Base64, uploadRequest } from "../storage/upload-helpers.ts";
import { overHttp } from "../support/http.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";
import { registerAndLogin } from "../support/users.ts";

const shared = process.env.DATABASE_URL !== undefined;
const mebibyte = 1024 * 1024;
/** Per process, uploaded all at once: past one part, past two, and small; with a length or chunked. */
const uploads: { size: number; framing: Framing }[] = [
  { size: 12 * mebibyte + 1, framing: "content-length" },
  { size: 12 * mebibyte + 7, framing: "chunked" },
  { size: 6 * mebibyte + 3, framing: "chunked" },
  { size: 5 * mebibyte + 1, framing: "content-length" },
  { size: 1000, framing: "chunked" },
];

let s3: TestS3;
const dataDirs: string[] = [];
const servers: { server: TestServer; token: string }[] = [];

beforeAll(async () => {
  s3 = await startTestS3();
  const jwtSecret = randomBytes(32).toString("hex");
  for (let index = 0; index < 2; index++) {
    const dataDir = await mkdtemp(join(tmpdir(), "klarwerk-bucket-process-"));
    dataDirs.push(dataDir);
    const server = await startTestServer({
      dataDir,
      quiet: true,
      databaseUrl: shared ? (servers[0]?.server.databaseUrl ?? undefined) : undefined,
      env: { ...s3.env, JWT_SECRET: jwtSecret },
    });
    const token =
      shared && servers[0]
        ? servers[0].token
        : (await registerAndLogin(overHttp(server.url), { name: "Paula Parallel" })).token;
    servers.push({ server, token });
  }
}, 120_000);

afterAll(async () => {
  for (const { server } of servers.reverse()) await server.stop();
  await s3?.stop();
  for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
});

async function send(
  url: string,
  token: string,
  content: Uint8Array<ArrayBuffer>,
  framing: Framing,
): Promise<StoredFile> {
  const { body, headers } = uploadRequest(content, `parallel-${content.length}.bin`, framing);
  const answer = await fetch(`${url}/api/files/upload`, {
    method: "POST",
    headers: { ...headers, authorization: `Bearer ${token}` },
    body,
  });
  if (answer.status !== 201) throw new Error(`upload (${framing}) answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { file: StoredFile }).file;
}

test("two processes uploading into one bucket at once keep every byte of every file", async () => {
  const sent = servers.flatMap(({ server, token }, process) =>
    uploads.map((upload, index) => ({
      server,
      token,
      content: distinctBytes(upload.size, process * 10 + index + 1),
      ...upload,
    })),
  );
  const stored = await Promise.all(sent.map((file) => send(file.server.url, file.token, file.content, file.framing)));

  const bucket = await s3ClientOf(s3.settings).list({ prefix: "files/", maxKeys: 1000 });
  expect((bucket.contents ?? []).map((object) => object.size).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
    sent.map((file) => file.size).sort((a, b) => a - b),
  );
  for (const [index, file] of sent.entries()) {
    const row = stored[index];
    expect(row?.size).toBe(file.size);
    // Served back by the process that stored it and, sharing the database, by the other one.
    const readers = shared ? servers : servers.filter(({ server }) => server === file.server);
    for (const { server, token } of readers) {
      const download = await fetch(`${server.url}/api/files/${row?.id}/download`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const bytes = new Uint8Array(await download.arrayBuffer());
      expect({ size: bytes.length, sha256: sha256Base64(bytes) }).toEqual({
        size: file.size,
        sha256: sha256Base64(file.content),
      });
      expect(download.headers.get("repr-digest")).toBe(`sha-256=:${sha256Base64(file.content)}:`);
    }
  }
}, 120_000);
