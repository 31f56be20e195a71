import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFile, mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AuditEvent,
  type CustomerContact,
  type CustomerDetail,
  type CustomerPage,
  type CustomerTimelinePage,
  customerPageLimits,
  customerPageMessages,
  type PrivacyErasurePlan,
} from "@klarwerk/kit";
import { strFromU8, unzipSync } from "fflate";
import type { App } from "../../src/app.ts";
import { migrate, migrationsDir } from "../../src/db/migrate.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createdCustomer } from "../support/customers.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany } from "../support/invoices.ts";
import { openPrivacyCase } from "../support/privacy.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * The customer page's API (migration 052, decision 0095): Ansprechpartner, tags (and the list's
 * filter by one), the timeline merging logged entries with invoices, quotes, payments, mails and
 * contact requests, and each row of the record's abuse list. On both databases.
 */

describe.each(testDatabaseKinds())("customer page (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let staff: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, testConfig());
    await saveCompany(app);
    admin = await signedInOwner(app);
    staff = await registerAndLogin(app, { name: "Sven Service" });
  }, 180_000);
  afterAll(() => db?.drop());

  const newCustomer = (json: Record<string, unknown> = {}) => createdCustomer(app, staff.token, json);

  const detail = (id: number, token = staff.token) => callJson<CustomerDetail>(app, `/api/customers/${id}`, { token });
  const addContact = (id: number, json: unknown, token = staff.token) =>
    callJson<{ contact: CustomerContact; message?: string }>(app, `/api/customers/${id}/contacts`, { token, json });
  const addTag = (id: number, tag: unknown) =>
    callJson<{ tags: string[]; message?: string; code?: string }>(app, `/api/customers/${id}/tags`, {
      token: staff.token,
      json: { tag },
    });
  const log = (id: number, json: unknown) =>
    callJson<{ entry: CustomerTimelinePage["entries"][number]; message?: string }>(
      app,
      `/api/customers/${id}/timeline`,
      { token: staff.token, json },
    );
  const timeline = (id: number, query = "", token = staff.token) =>
    callJson<CustomerTimelinePage & { message?: string }>(app, `/api/customers/${id}/timeline${query}`, { token });

  test("Ansprechpartner: add, change, remove; the page shows them with the customer", async () => {
    const customer = await newCustomer();
    const added = await addContact(customer.id, {
      name: "  Petra Pohl ",
      role: "Buchhaltung",
      email: "petra@pohl.example",
      phone: "",
    });
    expect(added.status).toBe(201);
    expect(added.body.contact).toEqual({
      id: expect.any(Number),
      name: "Petra Pohl",
      role: "Buchhaltung",
      email: "petra@pohl.example",
      phone: null,
    });
    const changed = await callJson<{ contact: CustomerContact }>(
      app,
      `/api/customers/${customer.id}/contacts/${added.body.contact.id}`,
      { method: "PUT", token: staff.token, json: { name: "Petra Pohl", role: "Geschäftsführung", phone: "030 123" } },
    );
    expect(changed.status).toBe(200);
    expect((await detail(customer.id)).body).toEqual({
      customer,
      contacts: [{ ...added.body.contact, role: "Geschäftsführung", email: null, phone: "030 123" }],
      tags: [],
    });
    const removed = await call(app, `/api/customers/${customer.id}/contacts/${added.body.contact.id}`, {
      method: "DELETE",
      token: staff.token,
    });
    expect(removed.status).toBe(204);
    expect((await detail(customer.id)).body.contacts).toEqual([]);
    const events = await callJson<{ events: AuditEvent[] }>(
      app,
      `/api/audit?object_type=customer&object_id=${customer.id}`,
      { token: admin.token },
    );
    expect(events.body.events.map((event): string => event.action).sort()).toEqual([
      "customer.contact_added",
      "customer.contact_changed",
      "customer.contact_removed",
      "customer.created",
    ]);
  });

  test("tags: add (once), remove, the list filtered by a tag, the tags in use", async () => {
    const tag = `Stammkunde-${crypto.randomUUID().slice(0, 6)}`;
    const tagged = await newCustomer();
    const other = await newCustomer();
    expect((await addTag(tagged.id, `  ${tag} `)).body.tags).toEqual([tag]);
    expect((await addTag(tagged.id, tag)).body.tags).toEqual([tag]);
    expect((await addTag(tagged.id, "B2B")).body.tags).toEqual(["B2B", tag]);
    const list = await callJson<CustomerPage>(app, `/api/customers?tag=${encodeURIComponent(tag)}`, {
      token: staff.token,
    });
    expect(list.body).toEqual({ customers: [tagged], pages: 1, total: 1, total_exact: true });
    const tags = await callJson<{ tags: { tag: string; customers: number }[] }>(app, "/api/customers/tags", {
      token: staff.token,
    });
    expect(tags.body.tags).toContainEqual({ tag, customers: 1 });
    const removed = await callJson<{ tags: string[] }>(
      app,
      `/api/customers/${tagged.id}/tags/${encodeURIComponent(tag)}`,
      { method: "DELETE", token: staff.token },
    );
    expect(removed.body.tags).toEqual(["B2B"]);
    const after = await callJson<CustomerPage>(app, `/api/customers?tag=${encodeURIComponent(tag)}`, {
      token: staff.token,
    });
    expect(after.body.total).toBe(0);
    expect((await detail(other.id)).body.tags).toEqual([]);
  });

  test("the timeline: logged entries, the invoice, mails and requests by any of its addresses, newest first, paged", async () => {
    const customer = await newCustomer({ email: "Info@Mueller.example" });
    await addContact(customer.id, { name: "Max Müller", email: "max@mueller.example" });
    const note = await log(customer.id, { kind: "call", text: "Rückruf wegen Angebot" });
    expect(note.status).toBe(201);
    expect(note.body.entry).toMatchObject({ kind: "call", text: "Rückruf wegen Angebot", author: "Sven Service" });
    const invoice = await createInvoice(app, staff.token, invoiceJson({ customerId: customer.id }));
    await db.sql`insert into outbox (kind, to_address, subject, text_body, html_body)
      values ('reply', 'max@MUELLER.example', 'Ihre Anfrage', 'x', 'x'),
             ('reply', 'someone@else.example', 'Nicht dieser Kunde', 'x', 'x')`;
    await db.sql`insert into contact_requests (name, email, message)
      values ('Max Müller', 'MAX@mueller.example', 'Bitte um Rückruf')`;
    const page = await timeline(customer.id);
    expect(page.status).toBe(200);
    const kinds = page.body.entries.map((entry) => [entry.kind, entry.text]);
    expect(kinds).toContainEqual(["invoice", "Müller & Söhne GmbH"]);
    expect(kinds).toContainEqual(["call", "Rückruf wegen Angebot"]);
    expect(kinds).toContainEqual(["mail", "Ihre Anfrage"]);
    expect(kinds).toContainEqual(["request", "Bitte um Rückruf"]);
    expect(kinds).not.toContainEqual(["mail", "Nicht dieser Kunde"]);
    const invoiceEntry = page.body.entries.find((entry) => entry.kind === "invoice");
    expect(invoiceEntry).toMatchObject({ id: invoice.id, amount_cents: 176_464, number: null, author: "Sven Service" });
    const times = page.body.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await timeline(customer.id, "?limit=2");
    expect(first.body.entries.length).toBe(2);
    expect(first.body.has_more).toBe(true);
    const second = await timeline(customer.id, "?limit=2&page=2");
    expect(second.body.entries).toEqual(page.body.entries.slice(2, 4));
    expect((await timeline(customer.id, "?limit=101")).status).toBe(400);
  });

  test("abuse: no token, a forged token: 401 on every new route", async () => {
    const customer = await newCustomer();
    const paths: [string, string][] = [
      ["GET", `/api/customers/${customer.id}`],
      ["GET", "/api/customers/tags"],
      ["POST", `/api/customers/${customer.id}/contacts`],
      ["PUT", `/api/customers/${customer.id}/contacts/1`],
      ["DELETE", `/api/customers/${customer.id}/contacts/1`],
      ["POST", `/api/customers/${customer.id}/tags`],
      ["DELETE", `/api/customers/${customer.id}/tags/x`],
      ["GET", `/api/customers/${customer.id}/timeline`],
      ["POST", `/api/customers/${customer.id}/timeline`],
    ];
    for (const [method, path] of paths) {
      const json = method === "POST" || method === "PUT" ? { name: "x", tag: "x", kind: "note", text: "x" } : undefined;
      expect([method, path, (await call(app, path, { method, json })).status]).toEqual([method, path, 401]);
      expect((await call(app, path, { method, json, token: `${staff.token}x` })).status).toBe(401);
    }
    expect((await detail(customer.id)).body.contacts).toEqual([]);
  });

  test("abuse: another customer's contact id is 404, unknown and malformed ids 404/400", async () => {
    const mine = await newCustomer();
    const theirs = await newCustomer();
    const contact = (await addContact(theirs.id, { name: "Fremde Person" })).body.contact;
    const put = await callJson(app, `/api/customers/${mine.id}/contacts/${contact.id}`, {
      method: "PUT",
      token: staff.token,
      json: { name: "Übernommen" },
    });
    expect([put.status, put.body.code]).toEqual([404, "contact-not-found"]);
    const del = await callJson(app, `/api/customers/${mine.id}/contacts/${contact.id}`, {
      method: "DELETE",
      token: staff.token,
    });
    expect(del.status).toBe(404);
    expect((await detail(theirs.id)).body.contacts).toEqual([contact]);
    expect((await detail(999_999_999)).status).toBe(404);
    expect((await timeline(999_999_999)).status).toBe(404);
    expect((await callJson(app, "/api/customers/abc", { token: staff.token })).status).toBe(400);
    const badContact = await callJson(app, `/api/customers/${mine.id}/contacts/0`, {
      method: "DELETE",
      token: staff.token,
    });
    expect(badContact.status).toBe(400);
  });

  test("abuse: huge, empty and unknown entries are refused in German", async () => {
    const customer = await newCustomer();
    const huge = await log(customer.id, { kind: "note", text: "x".repeat(customerPageLimits.activityTextMax + 1) });
    expect([huge.status, huge.body.message]).toEqual([422, customerPageMessages.activityTextTooLong]);
    const empty = await log(customer.id, { kind: "note", text: "   " });
    expect([empty.status, empty.body.message]).toEqual([422, customerPageMessages.activityTextRequired]);
    const kindless = await log(customer.id, { kind: "fax", text: "x" });
    expect([kindless.status, kindless.body.message]).toEqual([422, customerPageMessages.activityKindInvalid]);
    const longest = await log(customer.id, { kind: "note", text: "ä".repeat(customerPageLimits.activityTextMax) });
    expect(longest.status).toBe(201);
    const badContact = await addContact(customer.id, { name: "Jemand", email: "keine-adresse" });
    expect([badContact.status, badContact.body.message]).toEqual([422, customerPageMessages.contactEmailInvalid]);
  });

  test("abuse: many tags, long and broken tags, many contacts", async () => {
    const customer = await newCustomer();
    for (let i = 0; i < customerPageLimits.tagsPerCustomer; i++) {
      expect((await addTag(customer.id, `t${i}`)).status).toBe(200);
    }
    const tooMany = await addTag(customer.id, "eins zu viel");
    expect([tooMany.status, tooMany.body.code, tooMany.body.message]).toEqual([
      409,
      "too-many-tags",
      customerPageMessages.tooManyTags,
    ]);
    const other = await newCustomer();
    const long = await addTag(other.id, "x".repeat(customerPageLimits.tagMax + 1));
    expect([long.status, long.body.message]).toEqual([422, customerPageMessages.tagTooLong]);
    const broken = await addTag(other.id, "a\nb");
    expect([broken.status, broken.body.message]).toEqual([422, customerPageMessages.tagInvalid]);
    const adds = await Promise.all(
      Array.from({ length: customerPageLimits.contactsPerCustomer + 5 }, (_, i) =>
        addContact(other.id, { name: `Person ${i}` }),
      ),
    );
    expect(adds.filter((answer) => answer.status === 201).length).toBe(customerPageLimits.contactsPerCustomer);
    expect(adds.filter((answer) => answer.status === 409).length).toBe(5);
  });

  test("abuse: markup in notes, tags and names comes back as the text typed", async () => {
    const customer = await newCustomer();
    const script = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;
    expect((await log(customer.id, { kind: "note", text: script })).body.entry.text).toBe(script);
    expect((await addTag(customer.id, "<b>fett</b>")).body.tags).toEqual(["<b>fett</b>"]);
    expect((await addContact(customer.id, { name: script })).body.contact.name).toBe(script);
  });

  test("abuse: concurrent tag adds of the same tag make one row and one event", async () => {
    const customer = await newCustomer();
    const answers = await Promise.all(Array.from({ length: 8 }, () => addTag(customer.id, "gleichzeitig")));
    for (const answer of answers) expect(answer.body.tags).toEqual(["gleichzeitig"]);
    const events = await callJson<{ events: AuditEvent[] }>(
      app,
      `/api/audit?action=customer.tag_added&object_id=${customer.id}`,
      { token: admin.token },
    );
    expect(events.body.events.length).toBe(1);
  });

  test("abuse: the customer erased meanwhile: writes answer 404 and its rows went with it", async () => {
    const customer = await newCustomer();
    const contact = (await addContact(customer.id, { name: "Weg" })).body.contact;
    await addTag(customer.id, "weg");
    await log(customer.id, { kind: "note", text: "weg" });
    await db.sql`delete from customers where id = ${customer.id}`;
    expect((await addContact(customer.id, { name: "Neu" })).status).toBe(404);
    expect((await addTag(customer.id, "neu")).status).toBe(404);
    expect((await log(customer.id, { kind: "note", text: "neu" })).status).toBe(404);
    const [left] = await db.sql<{ n: number }[]>`
      select (select count(*) from customer_contacts where id = ${contact.id})
        + (select count(*) from customer_tags where customer_id = ${customer.id})
        + (select count(*) from customer_activities where customer_id = ${customer.id}) as n`;
    expect(Number(left?.n)).toBe(0);
  });

  test("privacy: an Ansprechpartner is found and erased alone; the customer's Auskunft carries contacts, tags, timeline", async () => {
    const company = await newCustomer({ email: `firma-${crypto.randomUUID().slice(0, 6)}@example.de` });
    const person = `petra-${crypto.randomUUID().slice(0, 6)}@example.de`;
    const petra = (await addContact(company.id, { name: "Petra Pohl", role: "Einkauf", email: person })).body.contact;
    const other = (await addContact(company.id, { name: "Otto Other" })).body.contact;
    await addTag(company.id, "Großkunde");
    await log(company.id, { kind: "meeting", text: "Jahresgespräch" });

    const personCase = await openPrivacyCase(app, admin, { email: person, kind: "both" });
    const plan = await callJson<PrivacyErasurePlan>(app, `/api/privacy/cases/${personCase.id}/erasure-plan`, {
      token: admin.token,
    });
    expect(plan.body.items.map((entry) => [entry.kind, entry.id, entry.action])).toEqual([
      ["customer_contact", petra.id, "erase"],
    ]);
    const erased = await callJson(app, `/api/privacy/cases/${personCase.id}/erasure`, {
      method: "POST",
      token: admin.token,
    });
    expect(erased.status).toBe(200);
    const after = (await detail(company.id)).body;
    expect(after.customer).toEqual(company);
    expect(after.contacts).toEqual([other]);
    expect(after.tags).toEqual(["Großkunde"]);

    const companyCase = await openPrivacyCase(app, admin, { email: company.email, kind: "access" });
    const zip = await call(app, `/api/privacy/cases/${companyCase.id}/auskunft.zip`, { token: admin.token });
    const json = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(await zip.arrayBuffer()))["auskunft.json"] ?? new Uint8Array()),
    ) as { hits: { kind: string; data: Record<string, unknown> }[] };
    const hit = json.hits.find((entry) => entry.kind === "customer");
    expect(hit?.data.contacts).toEqual([{ name: "Otto Other", role: null, email: null, phone: null }]);
    expect(hit?.data.tags).toEqual(["Großkunde"]);
    expect(hit?.data.timeline).toEqual([
      { kind: "meeting", text: "Jahresgespräch", author: "Sven Service", at: expect.any(String) },
    ]);
  });

  test("privacy: erasing the customer takes its Ansprechpartner, tags and timeline with its personal data", async () => {
    const company = await newCustomer({ email: `weg-${crypto.randomUUID().slice(0, 6)}@example.de` });
    await addContact(company.id, { name: "Bleibt nicht" });
    await addTag(company.id, "weg");
    await log(company.id, { kind: "note", text: "Privat" });
    const erasureCase = await openPrivacyCase(app, admin, { email: company.email, kind: "erasure" });
    const erased = await callJson(app, `/api/privacy/cases/${erasureCase.id}/erasure`, {
      method: "POST",
      token: admin.token,
    });
    expect(erased.status).toBe(200);
    const after = (await detail(company.id)).body;
    expect([after.customer.name, after.contacts, after.tags]).toEqual(["Anonymisierter Kunde", [], []]);
    const entries = (await timeline(company.id)).body.entries;
    expect(entries.filter((entry) => ["note", "call", "meeting"].includes(entry.kind))).toEqual([]);
  });

  test("a restricted invoice is in the admin's timeline only", async () => {
    const customer = await newCustomer();
    const invoice = await createInvoice(app, staff.token, invoiceJson({ customerId: customer.id }));
    await db.sql`insert into privacy_restrictions (table_name, row_id, restricted_until)
      values ('invoices', ${invoice.id}, '2099-12-31')`;
    const ids = (page: CustomerTimelinePage) =>
      page.entries.filter((entry) => entry.kind === "invoice").map((entry) => entry.id);
    expect(ids((await timeline(customer.id)).body)).toEqual([]);
    expect(ids((await timeline(customer.id, "", admin.token)).body)).toEqual([invoice.id]);
  });
});

describe("migration 052: today's notes become the first timeline entry", () => {
  test("each customer with notes gets one note, signed and dated by its last save; the field stays", async () => {
    const db = await createTestDatabase({ migrated: false, kind: "embedded" });
    try {
      const dir = await mkdtemp(join(tmpdir(), "klarwerk-052-"));
      const files = (await readdir(migrationsDir)).filter((name) => name.endsWith(".sql"));
      for (const name of files.filter((file) => file < "052"))
        await copyFile(join(migrationsDir, name), join(dir, name));
      await migrate(db.sql, dir);
      await db.sql`insert into customers (name, notes, updated_by_name, updated_at)
        values ('Mit Notiz', '  Zahlt immer pünktlich  ', 'Erika', '2026-01-02T10:00:00Z'),
               ('Ohne Notiz', null, null, now()), ('Leer', '   ', null, now())`;
      await migrate(db.sql);
      const rows = await db.sql<
        { name: string; kind: string; body: string; author_name: string; at: Date; notes: string }[]
      >`
        select c.name, a.kind, a.body, a.author_name, a.happened_at as at, c.notes
        from customer_activities a join customers c on c.id = a.customer_id`;
      expect([...rows]).toEqual([
        {
          name: "Mit Notiz",
          kind: "note",
          body: "Zahlt immer pünktlich",
          author_name: "Erika",
          at: new Date("2026-01-02T10:00:00Z"),
          notes: "  Zahlt immer pünktlich  ",
        },
      ]);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
