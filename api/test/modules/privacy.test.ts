import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  type AuditEvent,
  formatDate,
  type PrivacyCase,
  type PrivacyCaseDetail,
  privacyDueDate,
  privacyMatchLabels,
  privacyMessages,
  todayInGermany,
} from "@klarwerk/kit";
import { strFromU8, unzipSync } from "fflate";
import { httpMessages } from "../../src/http/messages.ts";
import { startFilesTest, upload } from "../storage/upload-helpers.ts";
import { call, callJson } from "../support/http.ts";
import { openPrivacyCase, type Person, personEverywhere } from "../support/privacy.ts";
import { type SignedInUser, uniqueEmail } from "../support/users.ts";

// A person present everywhere the product keeps personal data, an admin who records their
// request, and a staff member who must see nothing of it. Over the app's real routes.

const files = await startFilesTest({ userName: "Doris Datei" });
afterAll(files.stop);
const { app, db } = files;

let owner: SignedInUser;
let staff: SignedInUser;
let person: Person;
const ids = { requests: [] as number[], customer: 0, invoice: 0, folder: 0, file: 0, otherFile: 0 };

beforeAll(async () => {
  const found = await personEverywhere(app);
  ({ owner, staff, person } = found);
  ids.requests = found.requests;
  ids.customer = found.customer;
  ids.invoice = found.invoice.id;
  const folder = await callJson<{ folder: { id: number } }>(app, "/api/folders", {
    token: staff.token,
    json: { name: `Kunde ${person.email}`, parent_id: null },
  });
  expect(folder.status).toBe(201);
  ids.folder = folder.body.folder.id;
  ids.file = (await upload(app, staff.token, { name: "angebot.txt", folderId: ids.folder })).body.file.id;
  ids.otherFile = (await upload(app, staff.token, { name: "anderes.txt" })).body.file.id;
});

const openCase = (json: Record<string, unknown>) => openPrivacyCase(app, owner, json);

async function detail(id: number) {
  return callJson<PrivacyCaseDetail>(app, `/api/privacy/cases/${id}`, { token: owner.token });
}

describe("Datenschutz-Anfragen", () => {
  test("an admin records a case: due one month after receipt, listed with the open ones", async () => {
    const received = todayInGermany();
    const opened = await openCase({ email: ` ${person.email} `, name: person.name, kind: "both" });
    expect(opened).toMatchObject({
      email: person.email,
      name: person.name,
      kind: "both",
      received_on: received,
      due_on: privacyDueDate(received),
      status: "open",
      notes: "",
      created_by_name: owner.name,
    });
    const list = await callJson<{ cases: PrivacyCase[] }>(app, "/api/privacy/cases", { token: owner.token });
    expect(list.body.cases.map((entry) => entry.id)).toContain(opened.id);
  });

  test("the due date across a month end: 31 January → 28 February, in a leap year 29 February", async () => {
    expect((await openCase({ email: "a@example.de", kind: "access", received_on: "2026-01-31" })).due_on).toBe(
      "2026-02-28",
    );
    expect((await openCase({ email: "a@example.de", kind: "access", received_on: "2024-01-31" })).due_on).toBe(
      "2024-02-29",
    );
    expect((await openCase({ email: "a@example.de", kind: "access", received_on: "2025-12-31" })).due_on).toBe(
      "2026-01-31",
    );
    expect((await openCase({ email: "a@example.de", kind: "access", received_on: "2026-03-31" })).due_on).toBe(
      "2026-04-30",
    );
  });

  test("opening the case (address in other capitals and umlauts) lists every place and nothing else", async () => {
    const typed = person.email.replace("jürgen.müller", "JÜRGEN.Müller").replace("beispiel", "BEISPIEL");
    expect(typed).not.toBe(person.email);
    const opened = await openCase({ email: typed, kind: "access" });
    const answer = await detail(opened.id);
    expect(answer.status).toBe(200);
    const hits = answer.body.hits;
    const where = (kind: string) => hits.filter((hit) => hit.kind === kind).map((hit) => hit.id);
    expect(where("contact_request")).toEqual(ids.requests.slice(0, 2));
    // Two notices to the team (reply address: the person) and the reply to the person.
    const mails = await db.sql<{ id: number }[]>`
      select id from outbox where contact_request_id = any(${ids.requests.slice(0, 2)}::bigint[]) order by id`;
    expect(mails.length).toBe(3);
    expect(where("mail")).toEqual(mails.map((row) => row.id));
    expect(where("customer")).toEqual([ids.customer]);
    expect(where("invoice")).toEqual([ids.invoice]);
    expect(where("folder")).toEqual([ids.folder]);
    expect(where("file")).toEqual([ids.file]);
    expect(hits.find((hit) => hit.kind === "customer")?.fields).toEqual(["email"]);
    expect(hits.find((hit) => hit.kind === "invoice")?.fields).toEqual(["customer_id"]);
    expect(hits.find((hit) => hit.kind === "contact_request")?.label).toMatch(
      /^Kontaktanfrage Nr\. \d+ vom \d\d\.\d\d\.\d{4}$/,
    );
    expect(hits.find((hit) => hit.kind === "invoice")?.label).toMatch(/^Rechnung \d{4}-/);
    expect(hits.find((hit) => hit.kind === "folder")?.label).toBe(`Ordner „Kunde ${person.email}“`);
    expect(answer.body.summary).toBe(privacyMessages.found(hits.length));
    // Every place it was found in has its German words on the screen.
    expect(hits.flatMap((hit) => hit.fields).filter((field) => !Object.hasOwn(privacyMatchLabels, field))).toEqual([]);
  });

  test("a staff member's address finds their account and their browser's error reports", async () => {
    const [account] = await db.sql<{ id: number }[]>`select id from users where email = ${staff.email}`;
    await db.sql`
      insert into client_errors (remote, kind, route, message, browser, user_id)
      values ('files', 'render', '/dateien', 'TypeError: kaputt', 'Firefox 140', ${account?.id ?? 0})`;
    const opened = await openCase({ email: staff.email.toUpperCase(), kind: "access" });
    const hits = (await detail(opened.id)).body.hits;
    expect(hits.filter((hit) => hit.kind === "account").map((hit) => hit.id)).toEqual([account?.id ?? 0]);
    expect(hits.filter((hit) => hit.kind === "client_error")).toHaveLength(1);
  });

  test("a person found nowhere: the answer says so", async () => {
    const opened = await openCase({ email: uniqueEmail("niemand"), kind: "erasure" });
    const answer = await detail(opened.id);
    expect(answer.body.hits).toEqual([]);
    expect(answer.body.summary).toBe(privacyMessages.foundNowhere);
    const zip = await call(app, `/api/privacy/cases/${opened.id}/auskunft.zip`, { token: owner.token });
    const json = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(await zip.arrayBuffer()))["auskunft.json"] ?? new Uint8Array()),
    );
    expect(json.summary).toBe(privacyMessages.foundNowhere);
    expect(json.hits).toEqual([]);
  });

  test("„Auskunft herunterladen“: a ZIP with the HTML and the JSON of every hit, no-store, recorded without the address", async () => {
    // A partial payment of the invoice: in the Auskunft with it (date, amount, note).
    const payment = await callJson(app, `/api/invoices/${ids.invoice}/payments`, {
      token: staff.token,
      json: { paidOn: todayInGermany(), amountCents: 50_000, note: "Anzahlung" },
    });
    expect(payment.status).toBe(201);
    const opened = await openCase({ email: person.email, name: person.name, kind: "access" });
    const shown = (await detail(opened.id)).body;
    const [before] = await db.sql<{ last_seq: number }[]>`select last_seq from audit_chain`;
    const response = await call(app, `/api/privacy/cases/${opened.id}/auskunft.zip`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="auskunft-anfrage-${opened.id}.zip"`,
    );
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(["auskunft.html", "auskunft.json"]);
    const report = JSON.parse(strFromU8(entries["auskunft.json"] ?? new Uint8Array()));
    expect(report.hits.map((hit: { kind: string; id: number }) => `${hit.kind}:${hit.id}`)).toEqual(
      shown.hits.map((hit) => `${hit.kind}:${hit.id}`),
    );
    expect(report.request).toMatchObject({ case_id: opened.id, email: person.email, name: person.name });
    const customer = report.hits.find((hit: { kind: string }) => hit.kind === "customer");
    expect(customer.data).toMatchObject({ name: "Müller Bau", email: person.email.toUpperCase(), phone: "030 123456" });
    const request = report.hits.find((hit: { kind: string }) => hit.kind === "contact_request");
    expect(request.data.replies[0].message).toBe("Gern, wir melden uns morgen.");
    // Art. 15(1): for each kind found, purpose, legal basis, recipients, period, source.
    expect(report.information.map((info: { kind: string }) => info.kind)).toEqual([
      "contact_request",
      "mail",
      "customer",
      "invoice",
      "folder",
    ]);
    for (const info of report.information) {
      for (const key of ["purpose", "legal_basis", "recipients", "storage_period", "source"]) {
        expect(info[key]).toBeString();
        expect(info[key].length).toBeGreaterThan(10);
      }
    }
    expect(report.information.find((info: { kind: string }) => info.kind === "folder").count).toBe(2);
    const html = strFromU8(entries["auskunft.html"] ?? new Uint8Array());
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("Auskunft nach Art. 15 DSGVO");
    expect(html).toContain("Rechtsgrundlage");
    expect(html).toContain("Gern, wir melden uns morgen.");
    expect(html).toContain("Müller Bau");
    expect(html).not.toContain("<script");
    // Read as a person reads a screen or an invoice: names instead of stored codes, euros instead
    // of cents, replies and items as lines instead of JSON (the JSON file keeps the stored values).
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    for (const shown of [
      "Benachrichtigung des Teams über eine Kontaktanfrage",
      "Art Antwort auf eine Kontaktanfrage",
      "Status in kontakt",
      "Stand ausgestellt Art Rechnung",
      "Sven Sachbearbeiter: Gern, wir melden uns morgen.",
      "1 × Webdesign à 1.500,00 €",
      "12 × Hosting (Monate) à 9,99 €",
      "Gesamtbetrag 1.764,64 €",
      `Zahlungen ${formatDate(todayInGermany())}: 500,00 € (Anzahlung)`,
    ])
      expect(text).toContain(shown);
    expect(text).toMatch(/Versandstatus (Wartet|Gesendet|Fehlgeschlagen)/);
    for (const code of ["unitPriceCents", "sent_by_name", "in_kontakt", "contact-request", "issued", "(Cent)"])
      expect(text).not.toContain(code);
    const invoice = report.hits.find((hit: { kind: string }) => hit.kind === "invoice");
    expect(invoice.data.total_cents).toBe(176_464);
    expect(invoice.data.payments).toEqual([{ paid_on: todayInGermany(), amount_cents: 50_000, note: "Anzahlung" }]);
    // The trail: the case and the kinds found, never the address.
    const trail = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?limit=20", { token: owner.token });
    const events = trail.body.events.filter((event) => event.seq > (before?.last_seq ?? 0));
    expect(events.map((event) => event.action)).toEqual(["privacy_case.access_exported"]);
    expect(events[0]).toMatchObject({
      object_type: "privacy_case",
      object_id: String(opened.id),
      actor_name: owner.name,
    });
    expect(JSON.stringify(events)).not.toContain("beispiel");
    expect(JSON.stringify(events).toLowerCase()).not.toContain("müller");
  });

  test("status and notes change; the event names the fields only", async () => {
    const opened = await openCase({ email: person.email, kind: "erasure", notes: "per Brief" });
    const changed = await callJson<{ case: PrivacyCase }>(app, `/api/privacy/cases/${opened.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { status: "done", notes: "Auskunft per Post versandt." },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.case).toMatchObject({ status: "done", notes: "Auskunft per Post versandt." });
    const trail = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?object_type=privacy_case&limit=5", {
      token: owner.token,
    });
    expect(trail.body.events[0]).toMatchObject({ action: "privacy_case.changed", fields: ["status", "notes"] });
    expect(trail.body.events[1]).toMatchObject({ action: "privacy_case.opened" });
    expect(JSON.stringify(trail.body.events)).not.toContain("Post versandt");
  });
});

describe("abuse", () => {
  test("staff get 403 with the house's message on every route; no token: 401", async () => {
    const opened = await openCase({ email: person.email, kind: "access" });
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/privacy/cases"],
      ["POST", "/api/privacy/cases", { email: person.email, kind: "access" }],
      ["GET", `/api/privacy/cases/${opened.id}`],
      ["PATCH", `/api/privacy/cases/${opened.id}`, { status: "done" }],
      ["GET", `/api/privacy/cases/${opened.id}/auskunft.zip`],
    ];
    for (const [method, path, json] of routes) {
      const asStaff = await callJson<{ code: string; message: string }>(app, path, {
        method,
        token: staff.token,
        json,
      });
      expect(asStaff.status).toBe(403);
      expect(asStaff.body).toEqual({ code: "admin-only", message: httpMessages.adminOnly });
      expect((await call(app, path, { method, json })).status).toBe(401);
    }
  });

  test("bad input: 422 with a German message, never a 500", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "keine-adresse", kind: "access" }, privacyMessages.invalidEmail],
      [{ email: "a@b.de", kind: "alles" }, privacyMessages.invalidKind],
      [{ email: "a@b.de", kind: "access", received_on: "2026-02-30" }, privacyMessages.invalidReceivedOn],
      [{ email: "a@b.de", kind: "access", received_on: "2999-01-01" }, privacyMessages.invalidReceivedOn],
      [{ email: "a@b.de", kind: "access", notes: "x".repeat(5001) }, privacyMessages.invalidNotes],
      [{ email: `${"a".repeat(250)}@b.de`, kind: "access" }, privacyMessages.invalidEmail],
      [{ email: "a@b.de", kind: "access", name: "n".repeat(121) }, privacyMessages.invalidName],
      [{ email: 5, kind: "access" }, privacyMessages.invalidEmail],
    ];
    for (const [json, message] of cases) {
      const answer = await callJson<{ code: string; message: string }>(app, "/api/privacy/cases", {
        token: owner.token,
        json,
      });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(message);
    }
    const missing = await callJson<{ code: string; message: string }>(app, "/api/privacy/cases/999999", {
      token: owner.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: "privacy-case-not-found", message: privacyMessages.notFound });
    const badId = await callJson<{ code: string }>(app, "/api/privacy/cases/1e3/auskunft.zip", { token: owner.token });
    expect(badId.status).toBe(400);
    const nothing = await callJson<{ message: string }>(app, "/api/privacy/cases/999999", {
      method: "PATCH",
      token: owner.token,
      json: {},
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe(privacyMessages.nothingToChange);
  });

  test("an address full of pattern characters is searched as text", async () => {
    const opened = await openCase({ email: "a.*+?(x)[y]{1}|^$\\b@ex.de", kind: "access" });
    const answer = await detail(opened.id);
    expect(answer.status).toBe(200);
    expect(answer.body.hits).toEqual([]);
  });
});
