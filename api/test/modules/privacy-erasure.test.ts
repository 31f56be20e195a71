import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import {
  type AuditEvent,
  type Invoice,
  invoiceRetentionYears,
  type PrivacyCase,
  type PrivacyErasurePlan,
  type PrivacyErasureResult,
  privacyErasureLine,
  privacyErasureReasons,
  privacyMessages,
  todayInGermany,
} from "@klarwerk/kit";
import { httpMessages } from "../../src/http/messages.ts";
import { addressHash, readLedger } from "../../src/modules/privacy/index.ts";
import { startFilesTest } from "../storage/upload-helpers.ts";
import { call, callJson } from "../support/http.ts";
import { openPrivacyCase, type Person, personEverywhere } from "../support/privacy.ts";
import type { SignedInUser } from "../support/users.ts";

// „Löschung planen“ and carrying it out, over the app's real routes: a person in two contact
// requests, the mails about them, a customer and an issued invoice; an admin who erases, a
// staff member who must see nothing of it and no longer the restricted invoice.

const files = await startFilesTest({ userName: "Doris Datei" });
afterAll(files.stop);
const { app, db } = files;

let owner: SignedInUser;
let staff: SignedInUser;
let person: Person;
const ids = { requests: [] as number[], mails: [] as number[], customer: 0, invoice: 0, otherRequest: 0 };
let invoice: Invoice;

const sha256 = (bytes: ArrayBuffer) => createHash("sha256").update(new Uint8Array(bytes)).digest("hex");

async function pdfSha256(token: string): Promise<string> {
  const response = await call(app, `/api/invoices/${ids.invoice}/pdf`, { token });
  expect(response.status).toBe(200);
  return sha256(await response.arrayBuffer());
}

beforeAll(async () => {
  const found = await personEverywhere(app);
  ({ owner, staff, person, invoice } = found);
  ids.requests = found.requests;
  ids.mails = found.mails;
  ids.customer = found.customer;
  ids.invoice = invoice.id;
  ids.otherRequest = found.otherRequest;
});

const openCase = (kind: string) => openPrivacyCase(app, owner, { email: person.email.toUpperCase(), kind });

async function staffSeesInvoice(): Promise<{ listed: boolean; searched: boolean; byId: number; pdf: number }> {
  const list = await callJson<{ invoices: { id: number }[] }>(app, "/api/invoices?limit=100", { token: staff.token });
  const search = await callJson<{ invoices: { id: number }[] }>(
    app,
    `/api/invoices?search=${encodeURIComponent(invoice.number ?? "")}`,
    { token: staff.token },
  );
  return {
    listed: list.body.invoices.some((row) => row.id === ids.invoice),
    searched: search.body.invoices.some((row) => row.id === ids.invoice),
    byId: (await call(app, `/api/invoices/${ids.invoice}`, { token: staff.token })).status,
    pdf: (await call(app, `/api/invoices/${ids.invoice}/pdf`, { token: staff.token })).status,
  };
}

describe("Löschung (Art. 17 DSGVO) as a plan", () => {
  let erasureCase: PrivacyCase;
  let pdfBefore: string;
  const until = `${Number(todayInGermany().slice(0, 4)) + invoiceRetentionYears}-12-31`;

  test("the plan lists each place with its action, reason and date, and changes nothing", async () => {
    erasureCase = await openCase("both");
    pdfBefore = await pdfSha256(staff.token);
    expect(await staffSeesInvoice()).toEqual({ listed: true, searched: true, byId: 200, pdf: 200 });
    const plan = await callJson<PrivacyErasurePlan>(app, `/api/privacy/cases/${erasureCase.id}/erasure-plan`, {
      token: owner.token,
    });
    expect(plan.status).toBe(200);
    const actions = plan.body.items.map((item) => `${item.kind}:${item.id}:${item.action}:${item.until ?? "-"}`);
    expect(actions).toEqual([
      ...ids.requests.map((id) => `contact_request:${id}:erase:-`),
      ...ids.mails.map((id) => `mail:${id}:erase:-`),
      `customer:${ids.customer}:anonymise:-`,
      `invoice:${ids.invoice}:restrict:${until}`,
    ]);
    const restricted = plan.body.items.find((item) => item.action === "restrict");
    expect(restricted?.reason).toBe(privacyErasureReasons.invoiceIssued);
    expect(privacyErasureLine(restricted ?? { label: "", action: "review", until: null })).toBe(
      `Rechnung ${invoice.number}: eingeschränkt bis 31.12.${until.slice(0, 4)}`,
    );
    expect(plan.body.summary).toBe(privacyMessages.planned(7));
    const [left] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from contact_requests where id = any(${ids.requests}::bigint[])`;
    expect(left?.n).toBe(2);
  });

  test("staff get 403 on both routes, nobody unsigned; an Auskunft case has no erasure (409)", async () => {
    for (const [method, path] of [
      ["GET", `/api/privacy/cases/${erasureCase.id}/erasure-plan`],
      ["POST", `/api/privacy/cases/${erasureCase.id}/erasure`],
    ] as const) {
      const asStaff = await callJson<{ code: string; message: string }>(app, path, { method, token: staff.token });
      expect(asStaff.status).toBe(403);
      expect(asStaff.body).toEqual({ code: "admin-only", message: httpMessages.adminOnly });
      expect((await call(app, path, { method })).status).toBe(401);
    }
    const access = await openCase("access");
    for (const [method, path] of [
      ["GET", `/api/privacy/cases/${access.id}/erasure-plan`],
      ["POST", `/api/privacy/cases/${access.id}/erasure`],
    ] as const) {
      const refused = await callJson<{ code: string; message: string }>(app, path, { method, token: owner.token });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: "privacy-case-not-erasure", message: privacyMessages.notErasure });
    }
    const missing = await callJson<{ code: string }>(app, "/api/privacy/cases/999999/erasure", {
      method: "POST",
      token: owner.token,
    });
    expect(missing.status).toBe(404);
    expect((await call(app, "/api/privacy/cases/abc/erasure-plan", { token: owner.token })).status).toBe(400);
    // Nothing happened on the way.
    expect(await staffSeesInvoice()).toEqual({ listed: true, searched: true, byId: 200, pdf: 200 });
  });

  test("carrying it out: requests and mails erased, the customer anonymised, the invoice restricted, byte for byte", async () => {
    const [before] = await db.sql<{ last_seq: number }[]>`select last_seq from audit_chain`;
    const done = await callJson<PrivacyErasureResult>(app, `/api/privacy/cases/${erasureCase.id}/erasure`, {
      method: "POST",
      token: owner.token,
    });
    expect(done.status).toBe(200);
    expect(done.body.counts).toEqual({ erase: 5, anonymise: 1, restrict: 1, remove_mention: 0, review: 0 });
    expect(done.body.summary).toBe(privacyMessages.erased(done.body.counts));

    const requests = await db.sql<{ id: number }[]>`select id from contact_requests order by id`;
    expect(requests.map((row) => row.id)).toEqual([ids.otherRequest]);
    const [mails] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from outbox where id = any(${ids.mails}::bigint[])`;
    expect(mails?.n).toBe(0);
    const [replies] = await db.sql<{ n: number }[]>`select count(*)::int as n from contact_request_replies`;
    expect(replies?.n).toBe(0);
    const [customer] = await db.sql`
      select name, email, phone, website, address, notes, status from customers where id = ${ids.customer}`;
    expect(customer).toMatchObject({ name: "Anonymisierter Kunde", email: null, phone: null, notes: null });

    // The invoice: unchanged, its PDF the same bytes; gone from staff's list, search and id.
    expect(await staffSeesInvoice()).toEqual({ listed: false, searched: false, byId: 404, pdf: 404 });
    expect(await pdfSha256(owner.token)).toBe(pdfBefore);
    const asAdmin = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${ids.invoice}`, { token: owner.token });
    expect(asAdmin.body.invoice.number).toBe(invoice.number);
    const [restriction] = await db.sql<{ restricted_until: string; case_id: number }[]>`
      select restricted_until::text as restricted_until, case_id from privacy_restrictions
      where table_name = 'invoices' and row_id = ${ids.invoice}`;
    expect(restriction).toEqual({ restricted_until: until, case_id: erasureCase.id });

    // The trail verifies and names the case and counts, never the person.
    const verify = await callJson<{ ok: boolean }>(app, "/api/audit/verify", { token: owner.token });
    expect(verify.status).toBe(200);
    expect(verify.body.ok).toBe(true);
    const trail = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?limit=20", { token: owner.token });
    const events = trail.body.events.filter((event) => event.seq > (before?.last_seq ?? 0));
    expect(events.map((event) => event.action)).toEqual(["privacy_case.erasure_carried_out"]);
    expect(events[0]).toMatchObject({
      object_type: "privacy_case",
      object_id: String(erasureCase.id),
      fields: ["contact_request", "mail", "customer", "invoice"],
      changes: {
        erase: { before: null, after: 5 },
        anonymise: { before: null, after: 1 },
        restrict: { before: null, after: 1 },
        review: { before: null, after: 0 },
      },
    });
    expect(JSON.stringify(events).toLowerCase()).not.toContain("beispiel");
    expect(JSON.stringify(events).toLowerCase()).not.toContain("müller");

    // The erasure ledger: one entry, the address only as its hash, every row that went.
    const ledger = (await readLedger(db.sql)).filter((entry) => entry.caseId === erasureCase.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.reason).toBe("request");
    expect(ledger[0]?.addressSha256).toBe(addressHash(person.email));
    expect(JSON.stringify(ledger).toLowerCase()).not.toContain("beispiel");
    const rows = Object.fromEntries((ledger[0]?.rows ?? []).map((entry) => [entry.table, entry]));
    expect(rows.contact_requests?.ids).toEqual(ids.requests);
    expect(rows.outbox?.ids).toEqual(ids.mails);
    expect(rows.contact_request_replies?.ids).toHaveLength(1);
    expect(rows.customers).toMatchObject({ ids: [ids.customer], set: { name: "Anonymisierter Kunde", email: null } });
    expect(rows.invoices).toBeUndefined();
  });

  test("a second execution does nothing harmful: nothing left, no new ledger entry, the PDF unchanged", async () => {
    const entriesBefore = (await readLedger(db.sql)).length;
    const again = await callJson<PrivacyErasureResult>(app, `/api/privacy/cases/${erasureCase.id}/erasure`, {
      method: "POST",
      token: owner.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.counts).toEqual({ erase: 0, anonymise: 0, restrict: 0, remove_mention: 0, review: 0 });
    expect((await readLedger(db.sql)).length).toBe(entriesBefore);
    expect(await pdfSha256(owner.token)).toBe(pdfBefore);
    const plan = await callJson<PrivacyErasurePlan>(app, `/api/privacy/cases/${erasureCase.id}/erasure-plan`, {
      token: owner.token,
    });
    // The restricted invoice is still found (through the ledger: its customer is anonymised) and
    // stays restricted until the same day.
    expect(plan.body.items.map((item) => `${item.kind}:${item.id}:${item.action}:${item.until}`)).toEqual([
      `invoice:${ids.invoice}:restrict:${until}`,
    ]);
    expect(plan.body.items[0]?.reason).toBe(privacyErasureReasons.invoiceRestricted);
    const verify = await callJson<{ ok: boolean }>(app, "/api/audit/verify", { token: owner.token });
    expect(verify.body.ok).toBe(true);
  });

  test("a finished case is not carried out again (409)", async () => {
    const changed = await call(app, `/api/privacy/cases/${erasureCase.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { status: "done" },
    });
    expect(changed.status).toBe(200);
    const refused = await callJson<{ code: string; message: string }>(
      app,
      `/api/privacy/cases/${erasureCase.id}/erasure`,
      { method: "POST", token: owner.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: "privacy-case-done", message: privacyMessages.alreadyDone });
  });
});
