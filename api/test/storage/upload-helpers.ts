import { readdir, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import type { StoredFile } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import type { ResolvedConfig } from "../../src/config.ts";
import type { Sql } from "../../src/db/open.ts";
import { fileBlobStore } from "../../src/modules/files/blobs.ts";
import type { BlobStore } from "../../src/storage/blob-store.ts";
import { s3ClientOf } from "../../src/storage/s3-blob-store.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "../support/database.ts";
import { callJson, type Handler } from "../support/http.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";
import { registerAndLogin } from "../support/users.ts";

/** The blob stores every files API test runs against (`describe.each(storeKinds)`). */
export const storeKinds = ["disk", "s3"] as const;
export type StoreKind = (typeof storeKinds)[number];

export interface FilesTest {
  kind: StoreKind;
  db: TestDatabase;
  config: ResolvedConfig;
  app: App;
  /** A signed-in user's token. */
  token: string;
  /** The app's file store (for `s3`, in a bucket of an s3rver of this test's own). */
  store: BlobStore;
  /** The S3-protocol server behind `store`; null on disk. */
  s3: TestS3 | null;
  /** What the store holds (see `storedBlobs`). */
  blobFiles(): Promise<string[]>;
  /** The blob id a file's row names. */
  blobIdOf(fileId: number): Promise<string>;
  /** A file's bytes as the store holds them (from its offset in the blob, for its size). */
  blobBytes(fileId: number): Promise<Uint8Array>;
  /** Drops the database, the scratch DATA_DIR with its blobs, and the S3 server with its bucket. */
  stop(): Promise<void>;
}

/**
 * A fresh database, the app with its blob store (a scratch DATA_DIR, or a bucket on an s3rver
 * started for this test on a random port), and a signed-in user.
 */
export async function startFilesTest(
  options: { userName?: string; env?: Record<string, string>; store?: StoreKind; database?: DatabaseKind } = {},
): Promise<FilesTest> {
  const kind = options.store ?? "disk";
  const s3 = kind === "s3" ? await startTestS3() : null;
  const db = await createTestDatabase({ kind: options.database });
  const config = testConfig({ ...options.env, ...s3?.env });
  const app = createTestApp(db.sql, config);
  const store = fileBlobStore(config);
  if (store.kind !== kind) throw new Error(`asked for the ${kind} store, got ${store.kind}`);
  const { token } = await registerAndLogin(app, options.userName ? { name: options.userName } : {});
  const rowOf = async (fileId: number) => {
    const [row] = await db.sql<{ blob_id: string; blob_offset: number; size: number }[]>`
      select blob_id, blob_offset, size from files where id = ${fileId}`;
    if (!row) throw new Error(`no row for file ${fileId}`);
    return row;
  };
  return {
    kind,
    db,
    config,
    app,
    token,
    store,
    s3,
    blobFiles: () => storedBlobs({ dataDir: config.dataDir, s3 }),
    blobIdOf: async (fileId) => (await rowOf(fileId)).blob_id,
    async blobBytes(fileId) {
      const row = await rowOf(fileId);
      const content = store.content(row.blob_id, row.blob_offset, row.blob_offset + row.size);
      return new Uint8Array(await new Response(content).arrayBuffer());
    },
    async stop() {
      await db.drop();
      await rm(join(config.dataDir, ".."), { recursive: true, force: true });
      await s3?.stop();
    },
  };
}

/**
 * Every file of the disk store: completed blobs and, prefixed `.incoming/`, unfinished ones (in
 * the receiving stores' folders: `.incoming/<instance>/<id>.part`; their owner files left out).
 */
export async function blobFiles(config: Pick<ResolvedConfig, "dataDir">): Promise<string[]> {
  const root = join(config.dataDir, "blobs");
  const stored = (await readdir(root).catch(() => [] as string[])).filter((name) => name !== ".incoming").sort();
  const entries = await readdir(join(root, ".incoming"), { recursive: true, withFileTypes: true }).catch(() => []);
  const incoming = entries
    .filter((entry) => entry.isFile() && entry.name !== "owner.json")
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
  return [...stored, ...incoming];
}

/**
 * What a file store holds, on either kind: complete blobs by id, then unfinished writes prefixed
 * `.incoming/` (on disk half-written files, in the bucket multipart uploads neither completed nor
 * aborted), so that "nothing kept" reads the same for both.
 */
export async function storedBlobs(where: { dataDir: string; s3: TestS3 | null }): Promise<string[]> {
  if (!where.s3) return blobFiles(where);
  const page = await s3ClientOf(where.s3.settings).list({ prefix: "files/", maxKeys: 1000 });
  const stored = (page.contents ?? []).map((object) => object.key.slice("files/".length)).sort();
  const unfinished = (await where.s3.unfinishedUploads()).map((id) => `.incoming/${id}`).sort();
  return [...stored, ...unfinished];
}

/**
 * `storedBlobs` once no upload is unfinished, or as it is after `timeoutMs`: an upload refused
 * midway is answered at once, while Bun aborts its multipart upload in the background.
 */
export async function storedBlobsSettled(
  where: { dataDir: string; s3: TestS3 | null },
  timeoutMs = 10_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const blobs = await storedBlobs(where);
    if (!blobs.some((name) => name.startsWith(".incoming/")) || Date.now() > deadline) return blobs;
    await Bun.sleep(100);
  }
}

export async function fileRowCount(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from files`;
  return row?.count ?? 0;
}

export interface UploadInput {
  name?: string;
  type?: string;
  content?: BlobPart;
  folderId?: number | string | null;
  /** The customer page's upload (decision 0103): the file is linked to this customer. */
  customerId?: number | string;
}

/** Uploads one file the way the browser does (multipart `file`, optional `folder_id` first). */
export function upload(app: Handler, token: string, input: UploadInput = {}) {
  const form = new FormData();
  if (input.folderId !== undefined && input.folderId !== null) form.append("folder_id", String(input.folderId));
  if (input.customerId !== undefined) form.append("customer_id", String(input.customerId));
  form.append(
    "file",
    new File([input.content ?? "Hallo Welt"], input.name ?? "notiz.txt", { type: input.type ?? "text/plain" }),
  );
  return callJson<{ file: StoredFile; message?: string }>(app, "/api/files/upload", { body: form, token });
}

export interface HandmadePart {
  headers: string[];
  content: string | Uint8Array;
}

/** A multipart body by hand, for uploads a browser would not send. */
export function multipartBody(boundary: string, parts: HandmadePart[]) {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    chunks.push(encoder.encode(`--${boundary}\r\n${part.headers.join("\r\n")}\r\n\r\n`));
    chunks.push(typeof part.content === "string" ? encoder.encode(part.content) : part.content);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Uploads a handmade multipart body. */
export function uploadParts(app: Handler, token: string, parts: HandmadePart[]) {
  const boundary = "----klarwerk-handmade";
  return callJson<{ file: StoredFile; message?: string }>(app, "/api/files/upload", {
    body: multipartBody(boundary, parts),
    token,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

/** How an upload's length reaches the server: declared up front, or by chunked transfer coding. */
export const framings = ["content-length", "chunked"] as const;
export type Framing = (typeof framings)[number];

const encoder = new TextEncoder();

/**
 * The form a browser sends for one picked file, as a stream of uneven pieces (so that chunk
 * edges fall anywhere in the file), sent with its length declared or chunked (Bun's fetch sends
 * a stream chunked unless a Content-Length is given).
 */
export function uploadRequest(content: Uint8Array<ArrayBuffer>, name: string, framing: Framing): RequestInit {
  const boundary = "----klarwerk-socket-grenze";
  const pieces = [
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
  ];
  for (let at = 0, step = 1; at < content.length; step++) {
    const length = Math.min(content.length - at, (step % 5) * 300_007 + 65_521);
    pieces.push(content.subarray(at, at + length));
    at += length;
  }
  pieces.push(encoder.encode(`\r\n--${boundary}--\r\n`));
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next.slice());
      else controller.close();
    },
  });
  const headers: Record<string, string> = { "content-type": `multipart/form-data; boundary=${boundary}` };
  if (framing === "content-length") headers["content-length"] = String(length);
  return { body, headers };
}

/**
 * `size` bytes that differ from their neighbours everywhere (xorshift), and from another seed's:
 * a lost, moved or swapped piece of a file shows.
 */
export function distinctBytes(size: number, seed = 1): Uint8Array<ArrayBuffer> {
  const words = new Uint32Array(Math.ceil(size / 4));
  let state = (seed * 0x9e3779b1) | 1;
  for (let index = 0; index < words.length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    words[index] = state >>> 0;
  }
  return new Uint8Array(words.buffer, 0, size);
}

/** SHA-256 in base64, as `Repr-Digest` carries it. */
export function sha256Base64(bytes: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(bytes).digest("base64");
}
