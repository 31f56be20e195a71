// The scrub on each blob store, against a real database and (for S3) a real s3rver: it finds a
// byte flipped on disk or in the bucket (a file, an invoice PDF, an uploaded release's file), a
// blob deleted by hand and a blob no row names, names each with its row's id and file name,
// records the result, and admins read it in /api/health.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { HealthAnswer, Invoice, StoredFile } from "@klarwerk/kit";
import { serverBodyLimitBytes } from "../../src/http/body-policy.ts";
import { blobAreas, runBlobMaintenance } from "../../src/modules/operations/maintenance.ts";
import { sha256HexOf } from "../../src/storage/blob-digest.ts";
import type { ScrubReport } from "../../src/storage/blob-scrub.ts";
import { blobDamage } from "../support/blob-damage.ts";
import { callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany } from "../support/invoices.ts";
import { uploadRelease } from "../support/releases.ts";
import { signedInOwner } from "../support/users.ts";
import { type FilesTest, startFilesTest, storeKinds } from "./upload-helpers.ts";

const orphanId = "0badc0de0badc0de0badc0de0badc0de";
const twoDaysMs = 2 * 24 * 60 * 60_000;

describe.each(storeKinds)("the scrub on the %s store", (kind) => {
  let files: FilesTest;
  let ownerToken: string;
  const uploaded: Record<"intact" | "flipped" | "gone" | "large", { id: number; blobId: string; content: Uint8Array }> =
    {} as never;
  let invoice: Invoice;
  /** An uploaded release of mf-dashboard: its three files are rows of the `releases` area. */
  let releaseFiles: { path: string; id: number; blobId: string; content: string }[];

  beforeAll(async () => {
    files = await startFilesTest({ store: kind });
    ownerToken = (await signedInOwner(files.app)).token;
    // Over a socket, as browsers send them (with a Content-Length: on disk a large one is written whole).
    const server = files.app.listen({ port: 0, hostname: "127.0.0.1", maxRequestBodySize: serverBodyLimitBytes });
    // Large enough that on disk it is written whole, the form's start in front of it (offset > 0).
    const sizes = { intact: 1000, flipped: 70_000, gone: 12, large: 4 * 1024 * 1024 + 5 };
    for (const [label, size] of Object.entries(sizes) as [keyof typeof sizes, number][]) {
      const content = crypto.getRandomValues(new Uint8Array(Math.min(size, 65536)));
      const bytes = new Uint8Array(size);
      for (let at = 0; at < size; at += content.length) bytes.set(content.subarray(0, size - at), at);
      bytes[0] = sizes[label] % 251;
      const form = new FormData();
      form.append("file", new File([bytes], `${label}-Datei.bin`, { type: "application/octet-stream" }));
      const answer = await fetch(`http://127.0.0.1:${server.server?.port}/api/files/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${files.token}` },
        body: form,
      });
      expect(answer.status).toBe(201);
      const { file } = (await answer.json()) as { file: StoredFile };
      uploaded[label] = { id: file.id, blobId: await files.blobIdOf(file.id), content: bytes };
    }
    await saveCompany(files.app);
    invoice = await createInvoice(files.app, files.token, invoiceJson({ issue: true }));
    const { release, files: dist } = await uploadRelease(files.app, ownerToken, "dashboard", "2026.11.24-1", "v1");
    const rows = await files.db.sql<{ path: string; id: number; blob_id: string }[]>`
      select path, id, blob_id from release_files where release_id = ${release.id} order by path`;
    releaseFiles = rows.map((row) => ({
      path: row.path,
      id: row.id,
      blobId: row.blob_id,
      content: dist[row.path] ?? "",
    }));
  });
  afterAll(async () => {
    await files.app.stop();
    await files.stop();
  });

  function check(options: { force?: boolean } = {}) {
    return runBlobMaintenance({
      sql: files.db.sql,
      areas: blobAreas(files.config, files.db.sql),
      bytesPerSecond: 1024 * 1024 * 1024,
      force: options.force ?? true,
    });
  }

  async function scrubbed(options: { force?: boolean } = {}): Promise<ScrubReport> {
    const outcome = await check(options);
    if (outcome === null || outcome === "busy") throw new Error(`no scrub ran: ${outcome}`);
    return outcome;
  }

  test("an intact store: every blob read and matched, nothing found", async () => {
    const report = await scrubbed();
    expect(releaseFiles.map((file) => file.path)).toEqual([
      "mf-manifest.json",
      "remoteEntry.js",
      "static/js/index.0123abcd.js",
    ]);
    expect(report).toMatchObject({ blob_store: kind, checked: 8, without_checksum: 0, missing: 0, changed: 0 });
    expect(report.orphaned).toBe(0);
    const expectedBytes =
      Object.values(uploaded).reduce((sum, file) => sum + file.content.length, 0) +
      releaseFiles.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
    expect(report.bytes_read).toBeGreaterThan(expectedBytes);
    // A week has not passed: the hourly look finds nothing due.
    expect(await check({ force: false })).toBeNull();
  });

  test("a flipped byte (file, invoice PDF, release file), a deleted blob and an orphan are found and named", async () => {
    const damage = blobDamage({ dataDir: files.config.dataDir, s3: files.s3 });
    const [row] = await files.db.sql<{ blob_offset: number }[]>`
      select blob_offset from files where id = ${uploaded.flipped.id}`;
    await damage.flipByte("files", uploaded.flipped.blobId, (row?.blob_offset ?? 0) + 40_000);
    const [largeRow] = await files.db.sql<{ blob_offset: number }[]>`
      select blob_offset from files where id = ${uploaded.large.id}`;
    if (kind === "disk") expect(largeRow?.blob_offset).toBeGreaterThan(0);
    await damage.flipByte(
      "files",
      uploaded.large.blobId,
      (largeRow?.blob_offset ?? 0) + uploaded.large.content.length - 1,
    );
    await damage.remove("files", uploaded.gone.blobId);
    await damage.plant("files", orphanId, new TextEncoder().encode("verwaist"), twoDaysMs);
    const [pdf] = await files.db.sql<{ pdf_blob: string; pdf_sha256: string }[]>`
      select pdf_blob, pdf_sha256 from invoices where id = ${invoice.id}`;
    if (!pdf) throw new Error("the invoice has no PDF");
    await damage.flipByte("invoices", pdf.pdf_blob, 100);
    const entry = releaseFiles.find((file) => file.path === "remoteEntry.js");
    if (!entry) throw new Error("the release has no remote entry");
    await damage.flipByte("releases", entry.blobId, 3);
    const entryName = "mf-dashboard/releases/2026.11.24-1/remoteEntry.js";

    const report = await scrubbed();
    expect(report).toMatchObject({ checked: 8, missing: 1, changed: 4, orphaned: 1 });
    const named = report.problems.map((problem) => [
      problem.kind,
      problem.area,
      problem.row_id,
      problem.name,
      problem.blob_id,
    ]);
    expect(named).toEqual(
      expect.arrayContaining([
        ["missing", "files", uploaded.gone.id, "gone-Datei.bin", uploaded.gone.blobId],
        ["changed", "files", uploaded.flipped.id, "flipped-Datei.bin", uploaded.flipped.blobId],
        ["changed", "files", uploaded.large.id, "large-Datei.bin", uploaded.large.blobId],
        ["changed", "invoices", invoice.id, `Rechnung_${invoice.number}.pdf`, pdf.pdf_blob],
        ["changed", "releases", entry.id, entryName, entry.blobId],
        ["orphaned", "files", null, null, orphanId],
      ]),
    );
    expect(named).toHaveLength(6);
    const flipped = report.problems.find((problem) => problem.row_id === uploaded.flipped.id);
    expect(flipped?.expected).toEqual({ size: 70_000, sha256: sha256HexOf(uploaded.flipped.content) });
    expect(flipped?.found?.size).toBe(70_000);
    expect(flipped?.found?.sha256).not.toBe(flipped?.expected?.sha256);
    // The release file as an upload is reported: what its row says, and what the store holds now.
    const flippedEntry = report.problems.find((problem) => problem.area === "releases");
    expect(flippedEntry?.expected).toEqual({
      size: Buffer.byteLength(entry.content),
      sha256: sha256HexOf(new TextEncoder().encode(entry.content)),
    });
    expect(flippedEntry?.found?.size).toBe(Buffer.byteLength(entry.content));
    expect(flippedEntry?.found?.sha256).not.toBe(flippedEntry?.expected?.sha256);

    // Admins read the recorded result in the health details; others get no details.
    const health = await callJson<HealthAnswer>(files.app, "/api/health", { token: ownerToken });
    const check = health.body.details?.operations.blob_check;
    expect(check).toMatchObject({ blob_store: kind, checked: 8, missing: 1, changed: 4, orphaned: 1 });
    expect(check?.problems.map((problem) => problem.name)).toEqual(
      expect.arrayContaining(["gone-Datei.bin", "flipped-Datei.bin", `Rechnung_${invoice.number}.pdf`, entryName]),
    );
    expect(check?.finished_at).toBe(report.finished_at.toISOString());
    const staff = await callJson<HealthAnswer>(files.app, "/api/health", { token: files.token });
    expect(staff.body).toEqual({ status: "ok" });
  });

  test("a young blob no row names is not an orphan yet: its row may be on its way", async () => {
    await blobDamage({ dataDir: files.config.dataDir, s3: files.s3 }).plant(
      "files",
      "5eed5eed5eed5eed5eed5eed5eed5eed",
      new Uint8Array(3),
      0,
    );
    const report = await scrubbed();
    expect(report.problems.filter((problem) => problem.kind === "orphaned").map((problem) => problem.blob_id)).toEqual([
      orphanId,
    ]);
  });
});
