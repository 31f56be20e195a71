import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addDays,
  type CompanyAnswer,
  companyLogoLimits,
  companyLogoMessages,
  type Invoice,
  type Quote,
} from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { invoiceBlobRows } from "../../src/modules/invoices/store.ts";
import { createTestApp } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany, storeIssuedInThePast } from "../support/invoices.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * The letterhead (migration 048, docs/decisions/0091) through the API, on both databases: the
 * logo's upload checked by its bytes (limit ±1, GIF, SVG, a GIF sent as PNG, a truncated PNG),
 * for admins only; the PDFs of invoices, quotes and reminders with the sender line over the
 * window, the footer's columns and the logo (poppler's pdftotext and pdfimages); an issued
 * invoice's PDF unchanged by a later logo, an issued quote keeping its own.
 */

const fixtures = join(import.meta.dir, "../fixtures");
const png = new Uint8Array(await readFile(join(fixtures, "logo.png")));
const jpeg = new Uint8Array(await readFile(join(fixtures, "logo.jpg")));

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The fixture PNG grown to exactly `size` bytes by a private ancillary chunk before IEND (still a valid PNG). */
function pngOfSize(size: number): Uint8Array {
  const iend = png.length - 12;
  const dataLength = size - png.length - 12;
  const chunk = new Uint8Array(12 + dataLength);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, dataLength);
  chunk.set(new TextEncoder().encode("prVt"), 4);
  view.setUint32(8 + dataLength, crc32(chunk.subarray(4, 8 + dataLength)));
  const out = new Uint8Array(size);
  out.set(png.subarray(0, iend), 0);
  out.set(chunk, iend);
  out.set(png.subarray(iend), iend + chunk.length);
  return out;
}

/** The fixture PNG claiming `width` pixels in its header (a decompression bomb's header). */
function pngClaimingWidth(width: number): Uint8Array {
  const out = png.slice();
  new DataView(out.buffer).setUint32(16, width);
  return out;
}

const gif = new Uint8Array([
  ...new TextEncoder().encode("GIF89a"),
  1,
  0,
  1,
  0,
  0x80,
  0,
  0,
  0,
  0,
  0,
  0xff,
  0xff,
  0xff,
  0x21,
  0xf9,
  4,
  1,
  0,
  0,
  0,
  0,
  0x2c,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  2,
  2,
  0x44,
  1,
  0,
  0x3b,
]);
const svg = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

async function run(args: string[], file: string): Promise<string> {
  const child = Bun.spawn([...args, file, "-"], { stdout: "pipe" });
  const out = await new Response(child.stdout).text();
  await child.exited;
  return out.replaceAll("\u00a0", " ");
}

/** pdftotext's text and the images pdfimages lists (their types: "image", not the "smask" of a PNG's alpha). */
async function pdfFacts(bytes: ArrayBuffer, name = "doc"): Promise<{ text: string; images: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), "letterhead-"));
  try {
    const file = join(dir, "doc.pdf");
    await writeFile(file, new Uint8Array(bytes));
    // To look at them: LETTERHEAD_PDF_DIR=/tmp/… keeps a copy of each.
    const keep = process.env.LETTERHEAD_PDF_DIR;
    if (keep) await writeFile(join(keep, `${name}.pdf`), new Uint8Array(bytes));
    const text = await run(["pdftotext", "-layout"], file);
    const child = Bun.spawn(["pdfimages", "-list", file], { stdout: "pipe" });
    const list = await new Response(child.stdout).text();
    await child.exited;
    const images = list
      .split("\n")
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns[2] === "image")
      .map((columns) => `${columns[3]}x${columns[4]}`);
    return { text, images };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const sha = (bytes: ArrayBuffer) => new Bun.CryptoHasher("sha256").update(new Uint8Array(bytes)).digest("hex");

describe.each(testDatabaseKinds())("the letterhead (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let owner: SignedInUser;
  let staff: SignedInUser;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql);
    await saveCompany(app, { managingDirectors: "Anna Beispiel, Ben Muster", vatId: "DE123456789" });
    owner = await signedInOwner(app);
    staff = await registerAndLogin(app, { name: "Lena Logo" });
  }, 240_000);
  afterAll(() => db?.drop());

  function upload(bytes: Uint8Array, type = "image/png", token = owner.token) {
    return callJson<CompanyAnswer & { code?: string; message?: string }>(app, "/api/company/logo", {
      method: "PUT",
      token,
      body: new Blob([bytes as Uint8Array<ArrayBuffer>], { type }),
    });
  }

  function remove(token = owner.token) {
    return callJson<CompanyAnswer>(app, "/api/company/logo", { method: "DELETE", token });
  }

  async function pdfOf(path: string): Promise<ArrayBuffer> {
    const answer = await call(app, path, { token: staff.token });
    expect(answer.status).toBe(200);
    return answer.arrayBuffer();
  }

  test("an admin's PNG: answered with its size, served to staff as image/png, not sniffed, the same bytes", async () => {
    const answer = await upload(png);
    expect(answer.status).toBe(200);
    expect(answer.body.logo).toEqual({
      contentType: "image/png",
      width: 480,
      height: 140,
      size: png.length,
      sha256: new Bun.CryptoHasher("sha256").update(png).digest("hex"),
    });
    expect((await callJson<CompanyAnswer>(app, "/api/company", { token: staff.token })).body.logo).toEqual(
      answer.body.logo,
    );
    const served = await call(app, "/api/company/logo", { token: staff.token });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    expect((await call(app, "/api/company/logo")).status).toBe(401);
    // In the invoices' blob area, as the backup and the scrub read it, with its checksum.
    const rows = await invoiceBlobRows(db.sql, { afterId: 0, limit: 1000 });
    const logos = rows.filter((row) => row.name === "Logo.png").map((row) => `${row.size} ${row.sha256}`);
    expect(logos).toEqual([`${png.length} ${answer.body.logo?.sha256}`]);
  });

  test("a JPEG is taken too, whatever type the request declares; the bytes decide", async () => {
    const answer = await upload(jpeg, "application/octet-stream");
    expect([answer.status, answer.body.logo?.contentType, answer.body.logo?.width]).toEqual([200, "image/jpeg", 480]);
    const served = await call(app, "/api/company/logo", { token: staff.token });
    expect(served.headers.get("content-type")).toBe("image/jpeg");
  });

  test("1 MB exactly is taken, one byte more refused with 413", async () => {
    const atLimit = await upload(pngOfSize(companyLogoLimits.maxBytes));
    expect([atLimit.status, atLimit.body.logo?.size]).toEqual([200, companyLogoLimits.maxBytes]);
    const over = await upload(pngOfSize(companyLogoLimits.maxBytes + 1));
    expect([over.status, over.body.code, over.body.message]).toEqual([
      413,
      "logo-too-large",
      companyLogoMessages.tooLarge,
    ]);
    // One byte less is taken as well; the refused one changed nothing.
    const under = await upload(pngOfSize(companyLogoLimits.maxBytes - 1));
    expect([under.status, under.body.logo?.size]).toEqual([200, companyLogoLimits.maxBytes - 1]);
  });

  test.each([
    ["a GIF", gif, "image/gif", 415, "logo-type", companyLogoMessages.wrongType],
    ["an SVG", svg, "image/svg+xml", 415, "logo-type", companyLogoMessages.wrongType],
    ["a GIF renamed to .png", gif, "image/png", 415, "logo-type", companyLogoMessages.wrongType],
    ["a truncated PNG", png.subarray(0, 1000), "image/png", 422, "logo-unreadable", companyLogoMessages.unreadable],
    [
      "a PNG without its end",
      png.subarray(0, png.length - 12),
      "image/png",
      422,
      "logo-unreadable",
      companyLogoMessages.unreadable,
    ],
    ["a truncated JPEG", jpeg.subarray(0, 3000), "image/jpeg", 422, "logo-unreadable", companyLogoMessages.unreadable],
    ["nothing", new Uint8Array(0), "image/png", 422, "logo-unreadable", companyLogoMessages.empty],
    [
      "a PNG wider than 4 000 px",
      pngClaimingWidth(companyLogoLimits.maxPixels + 1),
      "image/png",
      422,
      "logo-unreadable",
      companyLogoMessages.tooManyPixels,
    ],
  ])("refuses %s with a German message", async (_, bytes, type, status, code, message) => {
    const before = (await callJson<CompanyAnswer>(app, "/api/company", { token: owner.token })).body.logo;
    const answer = await upload(bytes, type);
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([status, code, message]);
    expect((await callJson<CompanyAnswer>(app, "/api/company", { token: owner.token })).body.logo).toEqual(before);
  });

  test("staff may see the logo but neither upload nor remove it", async () => {
    expect((await upload(png, "image/png", staff.token)).status).toBe(403);
    expect((await remove(staff.token)).status).toBe(403);
    expect((await call(app, "/api/company/logo", { token: staff.token })).status).toBe(200);
  });

  test("invoice PDF: sender line over the window, the footer's columns, the logo; later logos leave it as issued", async () => {
    expect((await upload(png)).status).toBe(200);
    const first = await createInvoice(app, staff.token, invoiceJson({ issue: true }));
    const firstPdf = await pdfOf(`/api/invoices/${first.id}/pdf`);
    const facts = await pdfFacts(firstPdf, "rechnung");
    for (const line of [
      "Klarwerk Digital GmbH · Lindenstraße 14 · 10969 Berlin",
      "Müller & Söhne GmbH",
      "80331 München",
      "Geschäftsführung:",
      "Anna Beispiel, Ben Muster",
      "HRB 245871 B",
      "Amtsgericht Charlottenburg",
      "USt-IdNr. DE123456789",
      "Steuernummer 12/345/67890",
      "IBAN DE02 1203 0000 0000 2020 51",
      "BIC BYLADEM1001",
      "Seite 1 von 1",
    ]) {
      expect(facts.text, line).toContain(line);
    }
    expect(facts.images).toEqual(["480x140"]);

    // Another logo: the issued invoice's PDF stays byte for byte; the next one carries the new logo.
    expect((await upload(jpeg)).status).toBe(200);
    expect(sha(await pdfOf(`/api/invoices/${first.id}/pdf`))).toBe(sha(firstPdf));
    const second = await createInvoice(app, staff.token, invoiceJson({ issue: true }));
    const secondPdf = await pdfOf(`/api/invoices/${second.id}/pdf`);
    expect(sha(secondPdf)).not.toBe(sha(firstPdf));
    expect((await pdfFacts(secondPdf)).images).toEqual(["480x140"]);

    // Removed: later invoices carry none, as before the letterhead had a logo.
    const removed = await remove();
    expect([removed.status, removed.body.logo]).toEqual([200, null]);
    expect((await call(app, "/api/company/logo", { token: staff.token })).status).toBe(404);
    const third = await createInvoice(app, staff.token, invoiceJson({ issue: true }));
    const thirdFacts = await pdfFacts(await pdfOf(`/api/invoices/${third.id}/pdf`));
    expect(thirdFacts.images).toEqual([]);
    expect(thirdFacts.text).toContain("Klarwerk Digital GmbH · Lindenstraße 14 · 10969 Berlin");
    expect(sha(await pdfOf(`/api/invoices/${first.id}/pdf`))).toBe(sha(firstPdf));
  }, 60_000);

  test("a quote's PDF, made on each download, keeps the logo it was issued with", async () => {
    expect((await upload(png)).status).toBe(200);
    const answer = await callJson<{ quote: Quote }>(app, "/api/quotes", {
      token: staff.token,
      json: { ...invoiceJson(), issueDate: undefined, issue: true },
    });
    expect(answer.status).toBe(201);
    const path = `/api/quotes/${answer.body.quote.id}/pdf`;
    const before = await pdfOf(path);
    const facts = await pdfFacts(before, "angebot");
    expect(facts.text).toContain("Angebot");
    expect(facts.text).toContain("Klarwerk Digital GmbH · Lindenstraße 14 · 10969 Berlin");
    expect(facts.images).toEqual(["480x140"]);
    // Replaced and removed: the quote still shows its logo (its blob is kept while the quote names it).
    expect((await upload(jpeg)).status).toBe(200);
    expect((await remove()).status).toBe(200);
    expect((await pdfFacts(await pdfOf(path))).images).toEqual(["480x140"]);
    const [kept] = await db.sql<{ count: number }[]>`select count(*)::int as count from company_logos`;
    // The PNG (named by the quote) stays; the JPEG nobody names went with its blob.
    expect(kept?.count).toBe(1);
  }, 60_000);

  test("a reminder's letter has the sender line, the footer and the logo", async () => {
    expect((await upload(png)).status).toBe(200);
    const issueDate = "2025-05-02";
    const invoice: Invoice = await storeIssuedInThePast(
      db.sql,
      app,
      staff.token,
      invoiceJson({ issueDate, paymentTermDays: 14 }),
      "2025-901",
    );
    const made = await callJson<{ reminder: { id: number } }>(app, `/api/invoices/${invoice.id}/reminders`, {
      token: staff.token,
      json: { remindedOn: addDays(issueDate, 30) },
    });
    expect(made.status).toBe(201);
    const facts = await pdfFacts(
      await pdfOf(`/api/invoices/${invoice.id}/reminders/${made.body.reminder.id}/pdf`),
      "zahlungserinnerung",
    );
    expect(facts.text).toContain("Zahlungserinnerung");
    expect(facts.text).toContain("Klarwerk Digital GmbH · Lindenstraße 14 · 10969 Berlin");
    expect(facts.text).toContain("Anna Beispiel, Ben Muster");
    expect(facts.images).toEqual(["480x140"]);
  }, 60_000);
});
