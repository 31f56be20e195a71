// An invoice an erasure restricted (Art. 18 DSGVO) is released on its date: the daily run deletes
// it the day after the last day of its retention period, with its stored PDF (through the deferred
// removal, so a running backup keeps what its set names), writes the erasure ledger (rows and the
// PDF) and an audit event with the count only. The last day itself keeps it; the GoBD guard still
// refuses to delete any other issued invoice; an invoice whose cancellation is not yet due waits
// for it, and both then go in one entry. On both databases (DATABASE_URL set: PostgreSQL).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  type Invoice,
  invoiceRestrictedUntil,
  invoiceRetentionYears,
  type PrivacyErasureResult,
  todayInGermany,
} from "@klarwerk/kit";
import { invoiceBlobStore } from "../../src/modules/invoices/blobs.ts";
import { planRetention, privacyCatalogue, readLedger, runRetention } from "../../src/modules/privacy/index.ts";
import { startFilesTest } from "../storage/upload-helpers.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson } from "../support/invoices.ts";
import { openPrivacyCase, type PersonEverywhere, personEverywhere } from "../support/privacy.ts";

const files = await startFilesTest({ userName: "Doris Datei" });
const invoiceBlobs = invoiceBlobStore(files.config);
afterAll(async () => {
  await invoiceBlobs.close();
  await files.stop();
});
const { app, db } = files;
const days = 30;
const dayMs = 24 * 60 * 60 * 1000;
const yesterday = todayInGermany(new Date(Date.now() - dayMs));

let found: PersonEverywhere;

beforeAll(async () => {
  found = await personEverywhere(app);
  // A partial payment: it stays with the restricted invoice and goes with it (migration 042).
  const paid = await callJson(app, `/api/invoices/${found.invoice.id}/payments`, {
    token: found.owner.token,
    json: { paidOn: todayInGermany(), amountCents: 1_000 },
  });
  expect(paid.status).toBe(201);
  const opened = await openPrivacyCase(app, found.owner, { email: found.person.email, kind: "erasure" });
  const done = await callJson<PrivacyErasureResult>(app, `/api/privacy/cases/${opened.id}/erasure`, {
    method: "POST",
    token: found.owner.token,
  });
  expect(done.status).toBe(200);
  expect(done.body.counts.restrict).toBe(1);
});

async function pdfOf(id: number): Promise<string> {
  const [row] = await db.sql<{ pdf_blob: string }[]>`select pdf_blob from invoices where id = ${id}`;
  return row?.pdf_blob ?? "";
}

async function restrictUntil(id: number, until: string): Promise<void> {
  await db.sql`
    insert into privacy_restrictions (table_name, row_id, restricted_until) values ('invoices', ${id}, ${until})
    on conflict (table_name, row_id) do update set restricted_until = excluded.restricted_until`;
}

async function paymentCount(id: number): Promise<number> {
  const [row] = await db.sql<{ count: number }[]>`select count(*)::int as count from payments where invoice_id = ${id}`;
  return row?.count ?? -1;
}

async function invoiceRows(ids: number[]): Promise<number[]> {
  const rows = await db.sql<
    { id: number }[]
  >`select id::int as id from invoices where id = any(${ids}::bigint[]) order by id`;
  return rows.map((row) => row.id);
}

describe("a restricted invoice released for deletion on its date", () => {
  test("the erasure restricted it until 31 December of the year of issue plus the retention years the catalogue states", async () => {
    const [row] = await db.sql<{ until: string }[]>`
      select restricted_until::text as until from privacy_restrictions where row_id = ${found.invoice.id}`;
    expect(row?.until).toBe(invoiceRestrictedUntil(found.invoice.issueDate));
    expect(row?.until).toBe(`${Number(found.invoice.issueDate.slice(0, 4)) + invoiceRetentionYears}-12-31`);
    expect(privacyCatalogue.invoice.storagePeriod).toStartWith(
      `Ausgestellte Rechnungen und Stornorechnungen ${invoiceRetentionYears} Jahre ab Ende des Kalenderjahres`,
    );
    expect(privacyCatalogue.file.storagePeriod).toContain(`Buchungsbelege ${invoiceRetentionYears} Jahre`);
  });

  test("on its last day it stays; the GoBD guard refuses to delete it, and any unrestricted issued invoice", async () => {
    await db.sql`update privacy_restrictions set restricted_until = ${todayInGermany()} where row_id = ${found.invoice.id}`;
    const plan = await planRetention(db.sql, days);
    expect(plan.invoices).toEqual([]);
    expect((await runRetention(db.sql, { days, dataDir: null, invoiceBlobs })).invoices).toEqual([]);
    expect(await invoiceRows([found.invoice.id])).toEqual([found.invoice.id]);
    await expect(db.sql`delete from invoices where id = ${found.invoice.id}`).rejects.toThrow("cannot be deleted");
    const other = await createInvoice(app, found.staff.token, invoiceJson({ issue: true }));
    await expect(db.sql`delete from invoices where id = ${other.id}`).rejects.toThrow("cannot be deleted");
  });

  test("the day after: the dry run names it, the run deletes row, restriction and PDF, in the ledger and the trail", async () => {
    await db.sql`update privacy_restrictions set restricted_until = ${yesterday} where row_id = ${found.invoice.id}`;
    const blob = await pdfOf(found.invoice.id);
    expect(await invoiceBlobs.sizeOf(blob)).toBeGreaterThan(0);
    const plan = await planRetention(db.sql, days);
    expect(plan.invoices).toEqual([
      { id: found.invoice.id, number: found.invoice.number ?? "", restrictedUntil: yesterday },
    ]);
    expect(plan.today).toBe(todayInGermany());
    expect(await invoiceRows([found.invoice.id])).toEqual([found.invoice.id]);
    expect(await paymentCount(found.invoice.id)).toBe(1);

    const ran = await runRetention(db.sql, { days, dataDir: null, invoiceBlobs });
    expect(ran.invoices).toEqual(plan.invoices);
    expect(await invoiceRows([found.invoice.id])).toEqual([]);
    expect(await paymentCount(found.invoice.id)).toBe(0);
    expect(await db.sql`select id from privacy_restrictions where row_id = ${found.invoice.id}`).toHaveLength(0);
    expect(await invoiceBlobs.sizeOf(blob)).toBeNull();
    expect(await db.sql`select id from blob_deletions where blob_id = ${blob}`).toHaveLength(0);
    const asAdmin = await call(app, `/api/invoices/${found.invoice.id}`, { token: found.owner.token });
    expect(asAdmin.status).toBe(404);

    const entry = (await readLedger(db.sql)).at(-1);
    expect(entry).toMatchObject({
      reason: "retention",
      rows: [{ table: "invoices", ids: [found.invoice.id] }],
      blobs: [{ area: "invoices", id: blob }],
    });
    expect(JSON.stringify(entry)).not.toContain(found.person.email);
    const [event] = await db.sql<{ actor_kind: string; changes: unknown }[]>`
      select actor_kind, changes from audit_events where action = 'invoice.restriction_released' order by seq desc limit 1`;
    expect(event).toEqual({ actor_kind: "system", changes: { invoices: { before: null, after: 1 } } });
    // Nothing is left for the next run.
    expect((await runRetention(db.sql, { days, dataDir: null, invoiceBlobs })).invoices).toEqual([]);
  });

  test("an invoice whose cancellation is still restricted waits; once both ended they go together in one entry", async () => {
    const original: Invoice = await createInvoice(app, found.staff.token, invoiceJson({ issue: true }));
    const cancelled = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${original.id}/cancel`, {
      method: "POST",
      token: found.staff.token,
    });
    expect(cancelled.status).toBe(201);
    const cancellation = cancelled.body.invoice;
    await restrictUntil(original.id, yesterday);
    await restrictUntil(cancellation.id, todayInGermany());
    const waiting = await runRetention(db.sql, { days, dataDir: null, invoiceBlobs });
    expect(waiting.invoices).toEqual([]);
    expect(waiting.heldInvoiceIds).toEqual([original.id]);
    expect(await invoiceRows([original.id, cancellation.id])).toEqual([original.id, cancellation.id]);

    await restrictUntil(cancellation.id, yesterday);
    const blobs = [await pdfOf(original.id), await pdfOf(cancellation.id)];
    const ran = await runRetention(db.sql, { days, dataDir: null, invoiceBlobs });
    expect(ran.invoices.map((invoice) => invoice.id).sort((a, b) => a - b)).toEqual([original.id, cancellation.id]);
    expect(await invoiceRows([original.id, cancellation.id])).toEqual([]);
    for (const blob of blobs) expect(await invoiceBlobs.sizeOf(blob)).toBeNull();
    const entry = (await readLedger(db.sql)).at(-1);
    expect(entry?.rows).toEqual([{ table: "invoices", ids: [original.id, cancellation.id] }]);
    expect(entry?.blobs.map((blob) => blob.id)).toEqual(blobs);
  });
});
