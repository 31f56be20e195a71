import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { App } from "../../src/app.ts";
import type { ResolvedConfig } from "../../src/config.ts";
import { invoiceBlobStore, sweepInvoiceBlobs } from "../../src/modules/invoices/blobs.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { call } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany } from "../support/invoices.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";
import { registerAndLogin } from "../support/users.ts";

/** Issued invoices' PDFs on each blob store: stored at issue, served, swept alike. */
describe.each(["disk", "s3"] as const)("invoice PDFs on the %s store", (kind) => {
  let s3: TestS3 | null = null;
  let db: TestDatabase;
  let config: ResolvedConfig;
  let app: App;
  let token: string;

  beforeAll(async () => {
    if (kind === "s3") s3 = await startTestS3();
    db = await createTestDatabase();
    config = testConfig(s3?.env ?? {});
    app = createTestApp(db.sql, config);
    token = (await registerAndLogin(app, { name: "Rita Rechnung" })).token;
    await saveCompany(app);
  });
  afterAll(async () => {
    await db.drop();
    await rm(join(config.dataDir, ".."), { recursive: true, force: true });
    await s3?.stop();
  });

  test("the PDF stored at issue is served, the same bytes every time, and kept by the sweep", async () => {
    const issued = await createInvoice(app, token, invoiceJson({ issue: true }));
    const first = await call(app, `/api/invoices/${issued.id}/pdf`, { token });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toStartWith(
      `attachment; filename="Rechnung_${issued.number}.pdf"`,
    );
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const again = new Uint8Array(await (await call(app, `/api/invoices/${issued.id}/pdf`, { token })).arrayBuffer());
    expect(Buffer.compare(bytes, again)).toBe(0);
    // Its SHA-256, recorded at issue, travels with it (RFC 9530), as does the XRechnung's.
    const sha256 = new Bun.CryptoHasher("sha256").update(bytes);
    expect(first.headers.get("repr-digest")).toBe(`sha-256=:${sha256.digest("base64")}:`);
    const [checksum] = await db.sql<{ pdf_size: number; pdf_sha256: string }[]>`
      select pdf_size, pdf_sha256 from invoices where id = ${issued.id}`;
    expect(checksum).toEqual({
      pdf_size: bytes.length,
      pdf_sha256: new Bun.CryptoHasher("sha256").update(bytes).digest("hex"),
    });
    const xml = await call(app, `/api/invoices/${issued.id}/xrechnung`, { token });
    const xmlBytes = new Uint8Array(await xml.arrayBuffer());
    expect(xml.headers.get("repr-digest")).toBe(
      `sha-256=:${new Bun.CryptoHasher("sha256").update(xmlBytes).digest("base64")}:`,
    );

    const store = invoiceBlobStore(config);
    expect(store.kind).toBe(kind);
    const [row] = await db.sql<{ pdf_blob: string }[]>`select pdf_blob from invoices where id = ${issued.id}`;
    const blobId = row?.pdf_blob ?? "";
    expect(await store.sizeOf(blobId)).toBe(bytes.length);
    const swept = await sweepInvoiceBlobs(config, db.sql, store);
    expect(swept.orphans).toBe(0);
    expect(swept.missing).toEqual([]);
    expect(swept.stored.has(blobId)).toBe(true);

    // A PDF that went missing: reported by the sweep, a 404 to the user.
    await store.remove(blobId);
    expect((await sweepInvoiceBlobs(config, db.sql, store)).missing).toEqual([blobId]);
    expect((await call(app, `/api/invoices/${issued.id}/pdf`, { token })).status).toBe(404);
  });
});
