// Files and invoice PDFs stored before checksums were kept (migration 014) get theirs from the
// background backfill: read once, resumable after a stop, never for a blob that is missing or of
// another size; until then downloads carry no digest and the scrub checks those rows by size only
// and says so. On each blob store, against a real database.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HealthAnswer } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import type { ResolvedConfig } from "../../src/config.ts";
import { migrate, migrationsDir } from "../../src/db/migrate.ts";
import { fileBlobStore } from "../../src/modules/files/blobs.ts";
import { blobAreas, runBlobMaintenance } from "../../src/modules/operations/maintenance.ts";
import { backfillProgress } from "../../src/modules/operations/store.ts";
import { sha256HexOf } from "../../src/storage/blob-digest.ts";
import { scrubBlobs } from "../../src/storage/blob-scrub.ts";
import type { BlobStore } from "../../src/storage/blob-store.ts";
import { backfillChecksums } from "../../src/storage/checksum-backfill.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany } from "../support/invoices.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";
import { storeKinds } from "./upload-helpers.ts";

/** The project's migrations before checksums: 001 to 013. */
async function migrationsBeforeChecksums(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "klarwerk-migrations-013-"));
  for (const name of await readdir(migrationsDir)) {
    if (name < "014") await copyFile(join(migrationsDir, name), join(dir, name));
  }
  return dir;
}

async function storedBlob(store: BlobStore, bytes: Uint8Array): Promise<string> {
  await store.prepare();
  const blob = store.create();
  await blob.write(bytes);
  await blob.close();
  await blob.commit();
  return blob.id;
}

describe.each(storeKinds)("the checksum backfill on the %s store", (kind) => {
  let s3: TestS3 | null = null;
  let db: TestDatabase;
  let config: ResolvedConfig;
  let app: App;
  let token: string;
  let oldMigrations: string;
  const rows: Record<"small" | "large" | "gone" | "cut", { id: number; bytes: Uint8Array }> = {} as never;

  beforeAll(async () => {
    if (kind === "s3") s3 = await startTestS3();
    db = await createTestDatabase({ migrated: false });
    oldMigrations = await migrationsBeforeChecksums();
    await migrate(db.sql, oldMigrations);
    config = testConfig(s3?.env ?? {});
    // Files as a version before migration 014 stored them: blob and row, no checksum column yet.
    const store = fileBlobStore(config);
    const contents = {
      small: crypto.getRandomValues(new Uint8Array(100)),
      large: new Uint8Array(3 * 1024 * 1024 + 17).fill(42),
      gone: new TextEncoder().encode("weg"),
      cut: new TextEncoder().encode("gekürzt"),
    };
    for (const [label, bytes] of Object.entries(contents) as [keyof typeof contents, Uint8Array][]) {
      const blobId = await storedBlob(store, label === "cut" ? bytes.subarray(0, bytes.length - 1) : bytes);
      if (label === "gone") await store.remove(blobId);
      const [row] = await db.sql<{ id: number }[]>`
        insert into files (original_name, mime_type, size, blob_id, uploader_name)
        values (${`${label}.bin`}, 'application/octet-stream', ${bytes.length}, ${blobId}, 'Alt Bestand')
        returning id`;
      rows[label] = { id: row?.id ?? 0, bytes };
    }
    await store.close();
    await migrate(db.sql);
    app = createTestApp(db.sql, config);
    token = (await registerAndLogin(app, { name: "Bea Backfill" })).token;
  });
  afterAll(async () => {
    await db.drop();
    await rm(join(config.dataDir, ".."), { recursive: true, force: true });
    await rm(oldMigrations, { recursive: true, force: true });
    await s3?.stop();
  });

  test("migration 014 leaves the files to fill in and has nothing to do for invoices (nor 026 for release files)", async () => {
    const progress = await db.sql<{ area: string; done: boolean }[]>`
      select area, finished_at is not null as done from blob_checksum_backfill order by area`;
    expect([...progress]).toEqual([
      { area: "files", done: false },
      { area: "invoices", done: true },
      { area: "releases", done: true },
    ]);
    const health = await callJson<HealthAnswer>(app, "/api/health", { token: (await signedInOwner(app)).token });
    expect(health.body.details?.operations.checksum_backfill).toEqual({ finished: false, remaining: 4 });
  });

  test("until then a download carries no digest, and the scrub checks by size only and says so", async () => {
    const download = await call(app, `/api/files/${rows.large.id}/download`, { token });
    expect(download.status).toBe(200);
    expect(download.headers.get("repr-digest")).toBeNull();
    expect(download.headers.get("etag")).toBeNull();
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(new Uint8Array(rows.large.bytes));
    const report = await scrubBlobs(blobAreas(config, db.sql));
    expect(report).toMatchObject({ checked: 4, without_checksum: 2, missing: 1, changed: 1, bytes_read: 0 });
  });

  test("stopped after the first row, it goes on from there; missing and cut blobs get no checksum", async () => {
    const areas = blobAreas(config, db.sql);
    const stop = new AbortController();
    // The first row's read ends the run: as a process that is stopped while it backfills.
    const first = backfillChecksums(areas, backfillProgress(db.sql), {
      pace: { after: async () => stop.abort() },
      signal: stop.signal,
    });
    await expect(first).rejects.toThrow();
    const [small] = await db.sql<{ sha256: string | null }[]>`select sha256 from files where id = ${rows.small.id}`;
    expect(small?.sha256).toBe(sha256HexOf(rows.small.bytes));
    expect(await backfillProgress(db.sql).load("files")).toEqual({ afterId: rows.small.id, finished: false });

    const outcome = await runBlobMaintenance({ sql: db.sql, areas, bytesPerSecond: 1024 ** 3 });
    // The first scrub is due at once; the backfill ran before it and read only what was left.
    if (outcome === null || outcome === "busy") throw new Error(`no scrub: ${outcome}`);
    expect(outcome).toMatchObject({ checked: 4, without_checksum: 0, missing: 1, changed: 1 });
    const kept = await db.sql<{ id: number; sha256: string | null }[]>`select id, sha256 from files order by id`;
    expect([...kept]).toEqual([
      { id: rows.small.id, sha256: sha256HexOf(rows.small.bytes) },
      { id: rows.large.id, sha256: sha256HexOf(rows.large.bytes) },
      { id: rows.gone.id, sha256: null },
      { id: rows.cut.id, sha256: null },
    ]);
    const health = await callJson<HealthAnswer>(app, "/api/health", { token: (await signedInOwner(app)).token });
    expect(health.body.details?.operations.checksum_backfill).toEqual({ finished: true, remaining: 2 });

    const download = await call(app, `/api/files/${rows.large.id}/download`, { token });
    const digest = Buffer.from(sha256HexOf(rows.large.bytes), "hex").toString("base64");
    expect(download.headers.get("repr-digest")).toBe(`sha-256=:${digest}:`);
    await download.arrayBuffer();
  });

  test("an invoice issued before checksums gets its PDF's size and checksum once, and keeps them", async () => {
    await saveCompany(app);
    const invoice = await createInvoice(app, token, invoiceJson({ issue: true }));
    const pdf = new Uint8Array(await (await call(app, `/api/invoices/${invoice.id}/pdf`, { token })).arrayBuffer());
    // As a version before migration 014 issued it: the trigger keeping issued invoices final
    // allows no one to take a checksum away, so this stands in for the older row.
    await db.sql.begin(async (tx) => {
      await tx`alter table invoices disable trigger invoices_issued_final`;
      await tx`update invoices set pdf_size = null, pdf_sha256 = null where id = ${invoice.id}`;
      await tx`alter table invoices enable trigger invoices_issued_final`;
      await tx`update blob_checksum_backfill set after_id = 0, finished_at = null where area = 'invoices'`;
    });
    const outcome = await runBlobMaintenance({
      sql: db.sql,
      areas: blobAreas(config, db.sql),
      bytesPerSecond: 1024 ** 3,
    });
    expect(outcome).toBeNull();
    const [row] = await db.sql<{ pdf_size: number; pdf_sha256: string }[]>`
      select pdf_size, pdf_sha256 from invoices where id = ${invoice.id}`;
    expect(row).toEqual({ pdf_size: pdf.length, pdf_sha256: sha256HexOf(pdf) });
    await expect(
      db.sql`update invoices set pdf_sha256 = ${"0".repeat(64)} where id = ${invoice.id}`.execute(),
    ).rejects.toThrow("cannot be changed");
  });
});
