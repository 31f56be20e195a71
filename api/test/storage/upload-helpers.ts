import { readdir, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import type { StoredFile } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import type { ResolvedConfig } from "../../src/config.ts";
import type { Sql } from "../../src/db/open.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { callJson, type Handler } from "../support/http.ts";
import { registerAndLogin } from "../support/users.ts";

export interface FilesTest {
  db: TestDatabase;
  config: ResolvedConfig;
  app: App;
  /** A signed-in user's token. */
  token: string;
  /** Drops the database and the scratch DATA_DIR with its blobs. */
  stop(): Promise<void>;
}

/** A fresh database, the app with a blob store in a scratch DATA_DIR, and a signed-in user. */
export async function startFilesTest(options: { userName?: string; env?: Record<string, string> } = {}) {
  const db = await createTestDatabase();
  const config = testConfig(options.env);
  const app = createTestApp(db.sql, config);
  const { token } = await registerAndLogin(app, options.userName ? { name: options.userName } : {});
  const stop = async () => {
    await db.drop();
    await rm(join(config.dataDir, ".."), { recursive: true, force: true });
  };
  return { db, config, app, token, stop } satisfies FilesTest;
}

export interface UploadInput {
  name?: string;
  type?: string;
  content?: BlobPart;
  folderId?: number | string | null;
}

/** Uploads one file the way the browser does (multipart `file`, optional `folder_id` first). */
export function upload(app: Handler, token: string, input: UploadInput = {}) {
  const form = new FormData();
  if (input.folderId !== undefined && input.folderId !== null) form.append("folder_id", String(input.folderId));
  form.append(
    "file",
    new File([input.content ?? "Hallo Welt"], input.name ?? "notiz.txt", { type: input.type ?? "text/plain" }),
  );
  return callJson<{ file: StoredFile; message?: string }>(app, "/api/files/upload", { body: form, token });
}

/**
 * Every file of the blob store: completed blobs and, prefixed `.incoming/`, unfinished ones (in
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

export async function fileRowCount(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from files`;
  return row?.count ?? 0;
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
