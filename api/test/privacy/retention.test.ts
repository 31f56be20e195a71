// Retention without a request: a contact request marked done longer ago than the period goes with
// its replies and the mails about it; one a day younger stays, and so does an open one however
// old. The dry run names exactly what the run then deletes; each deletion is in the erasure
// ledger (a hash of the address, never the address) and its copy in DATA_DIR; the audit trail
// has the counts only. On both databases (DATABASE_URL set: PostgreSQL).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addressHash,
  ledgerFilePath,
  planRetention,
  readLedger,
  readLedgerFile,
  runRetention,
} from "../../src/modules/privacy/index.ts";
import { startAppTest } from "../support/app.ts";
import { callJson } from "../support/http.ts";
import { signedInOwner, uniqueEmail } from "../support/users.ts";

const { db, app } = await startAppTest();
const dataDir = await mkdtemp(join(tmpdir(), "klarwerk-retention-"));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const days = 30;
const dayMs = 24 * 60 * 60 * 1000;

/** A request as the form sends it, answered and marked done in the portal; its ids and mails. */
async function answeredRequest(email: string): Promise<{ id: number; mails: number[]; replies: number[] }> {
  const owner = await signedInOwner(app);
  const sent = await callJson(app, "/api/contact", {
    json: { name: "Renate Rückfrage", email, company: "", message: "Bitte rufen Sie mich an." },
  });
  expect(sent.status).toBe(201);
  const [row] = await db.sql<{ id: number }[]>`select id from contact_requests where email = ${email}`;
  const id = row?.id ?? 0;
  const replied = await callJson(app, `/api/requests/${id}/reply`, {
    json: { message: "Gern, wir melden uns." },
    token: owner.token,
  });
  expect(replied.status).toBe(201);
  // The reply marks it done, as answering does in the portal.
  const [state] = await db.sql<{ is_done: boolean }[]>`select is_done from contact_requests where id = ${id}`;
  expect(state?.is_done).toBe(true);
  const mails = await db.sql<{ id: number }[]>`select id from outbox where contact_request_id = ${id} order by id`;
  const replies = await db.sql<{ id: number }[]>`select id from contact_request_replies where request_id = ${id}`;
  expect(mails.length).toBe(2);
  return { id, mails: mails.map((mail) => mail.id), replies: replies.map((reply) => reply.id) };
}

async function doneAt(id: number, at: number): Promise<void> {
  await db.sql`update contact_requests set done_at = ${new Date(at)}, created_at = ${new Date(at - dayMs)} where id = ${id}`;
}

async function exists(id: number): Promise<{ request: boolean; mails: number }> {
  const [request] = await db.sql`select id from contact_requests where id = ${id}`;
  const [mails] = await db.sql<{ count: number }[]>`
    select count(*)::int as count from outbox where contact_request_id = ${id}`;
  return { request: request !== undefined, mails: mails?.count ?? 0 };
}

describe("the daily deletion of answered contact requests", () => {
  test("a day older than the period goes with its mails; a day younger stays; an open one stays however old; the dry run names exactly what goes", async () => {
    const now = Date.now();
    const older = await answeredRequest(uniqueEmail("aelter"));
    const younger = await answeredRequest(uniqueEmail("juenger"));
    const exact = await answeredRequest(uniqueEmail("genau"));
    const openEmail = uniqueEmail("offen");
    expect(
      (await callJson(app, "/api/contact", { json: { name: "O", email: openEmail, message: "Offen" } })).status,
    ).toBe(201);
    const [open] = await db.sql<{ id: number }[]>`select id from contact_requests where email = ${openEmail}`;
    await db.sql`update contact_requests set created_at = now() - interval '400 days' where id = ${open?.id ?? 0}`;

    await doneAt(older.id, now - (days + 1) * dayMs);
    await doneAt(younger.id, now - (days - 1) * dayMs);
    // Marked done exactly the period ago: not yet older than it.
    await doneAt(exact.id, now - days * dayMs);

    const plan = await planRetention(db.sql, days, now);
    expect(plan.requestIds).toContain(older.id);
    expect(plan.requestIds).not.toContain(younger.id);
    expect(plan.requestIds).not.toContain(exact.id);
    expect(plan.requestIds).not.toContain(open?.id);
    expect(plan.mailIds).toEqual(expect.arrayContaining(older.mails));
    expect(plan.replyIds).toEqual(expect.arrayContaining(older.replies));
    // The dry run changed nothing.
    expect(await exists(older.id)).toEqual({ request: true, mails: 2 });

    const ran = await runRetention(db.sql, { days, dataDir }, now);
    expect(ran).toEqual(plan);
    expect(await exists(older.id)).toEqual({ request: false, mails: 0 });
    expect(await exists(younger.id)).toEqual({ request: true, mails: 2 });
    expect(await exists(exact.id)).toEqual({ request: true, mails: 2 });
    expect((await exists(open?.id ?? 0)).request).toBe(true);
    expect((await planRetention(db.sql, days, now)).requestIds).toEqual([]);
    expect((await runRetention(db.sql, { days, dataDir }, now)).requestIds).toEqual([]);

    // A day later the younger one's turn has come.
    const next = await planRetention(db.sql, days, now + 2 * dayMs);
    expect(next.requestIds).toContain(younger.id);
    expect(next.requestIds).not.toContain(open?.id);
  });

  test("each deletion is in the erasure ledger with the address's hash only, copied to DATA_DIR; the audit trail has the counts", async () => {
    const now = Date.now();
    const email = uniqueEmail("Ärger-Übel");
    const gone = await answeredRequest(email);
    await doneAt(gone.id, now - (days + 3) * dayMs);
    const ran = await runRetention(db.sql, { days, dataDir }, now);
    // The first test's request marked done exactly the period ago has become due as well.
    expect(ran.requestIds).toContain(gone.id);

    const ledger = await readLedger(db.sql);
    const entry = ledger.find((candidate) =>
      candidate.rows.some((rows) => rows.table === "contact_requests" && rows.ids.includes(gone.id)),
    );
    expect(entry).toBeDefined();
    expect(entry?.reason).toBe("retention");
    expect(entry?.addressSha256).toBe(addressHash(email.toUpperCase()));
    expect(entry?.rows).toEqual([
      { table: "outbox", ids: gone.mails },
      { table: "contact_request_replies", ids: gone.replies },
      { table: "contact_requests", ids: [gone.id] },
    ]);
    const [stored] = await db.sql<{ text: string }[]>`select string_agg(t::text, ' ') as text from erasure_ledger t`;
    expect(stored?.text.toLowerCase()).not.toContain(email.toLowerCase());
    expect(stored?.text).not.toContain("Renate");

    const copy = await readLedgerFile(dataDir);
    expect(copy.map((copied) => copied.id)).toContain(entry?.id ?? "");
    expect(await Bun.file(ledgerFilePath(dataDir)).text()).not.toContain(email);

    const [event] = await db.sql<{ actor_kind: string; object_id: string | null; changes: unknown }[]>`
      select actor_kind, object_id, changes from audit_events
      where action = 'contact_request.retention_deleted' order by seq desc limit 1`;
    expect(event).toEqual({
      actor_kind: "system",
      object_id: null,
      changes: {
        requests: { before: null, after: ran.requestIds.length },
        mails: { before: null, after: ran.mailIds.length },
      },
    });
  });

  test("the ledger refuses to be changed or emptied", async () => {
    await expect(db.sql`update erasure_ledger set reason = 'request'`).rejects.toThrow(/append-only/);
    await expect(db.sql`delete from erasure_ledger`).rejects.toThrow(/append-only/);
  });
});
