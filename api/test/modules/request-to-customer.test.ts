import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  type AuditEvent,
  type ContactRequestAnswer,
  type CustomerTimelinePage,
  defaultCustomerStatus,
  type OpenRequestsPage,
  requestCustomerMessages,
  type TakenOverAnswer,
} from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createdCustomer } from "../support/customers.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * „Als Kunde übernehmen“ (issue 49, migration 055, decision 0095): a contact request becomes a
 * customer, or is linked to the one that has its e-mail, never a duplicate; the customer's
 * timeline shows it. With the route's abuse list. On both databases.
 */

type ErrorAnswer = { code: string; message: string; matches?: { id: number; name: string }[] };

describe.each(testDatabaseKinds())("request to customer (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let staff: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, testConfig());
    admin = await signedInOwner(app);
    staff = await registerAndLogin(app, { name: "Sven Service" });
  }, 180_000);
  afterAll(() => db?.drop());

  /** A request as the public contact form stores it; its id. */
  async function sendRequest(name: string, email: string, message = "Bitte um ein Angebot."): Promise<number> {
    const sent = await call(app, "/api/contact", { json: { name, email, message } });
    expect(sent.status).toBe(201);
    const [row] = await db.sql<{ id: number }[]>`select max(id)::int as id from contact_requests`;
    if (!row) throw new Error("no request");
    return row.id;
  }

  const takeOver = (id: number | string, json: unknown = {}, token: string | null = staff.token) =>
    callJson<TakenOverAnswer & ErrorAnswer>(app, `/api/requests/${id}/customer`, { token: token ?? undefined, json });
  const detail = (id: number) => callJson<ContactRequestAnswer>(app, `/api/requests/${id}`, { token: staff.token });
  const customersNamed = async (email: string) =>
    db.sql<{ id: number }[]>`select id from customers where lower(email) = ${email.toLowerCase()}`;
  const timeline = (id: number) =>
    callJson<CustomerTimelinePage>(app, `/api/customers/${id}/timeline`, { token: staff.token });
  const newCustomer = (json: Record<string, unknown>) => createdCustomer(app, staff.token, json);

  test("a request from a new address becomes a customer; its timeline shows it; a second one is offered and linked", async () => {
    const first = await sendRequest("Lena Neu", "  Lena.Neu@Example.com ");
    expect((await detail(first)).body.request).toMatchObject({ customer: null, customer_matches: [] });

    const created = await takeOver(first);
    expect(created.status).toBe(200);
    expect(created.body.created).toBe(true);
    expect(created.body.customer.name).toBe("Lena Neu");
    expect(created.body.request).toMatchObject({ customer: created.body.customer, customer_matches: [] });
    const [stored] = await db.sql<{ name: string; email: string; status: string; created_by_name: string }[]>`
      select name, email, status, created_by_name from customers where id = ${created.body.customer.id}`;
    expect(stored).toEqual({
      name: "Lena Neu",
      email: "Lena.Neu@Example.com",
      status: defaultCustomerStatus,
      created_by_name: "Sven Service",
    });
    // Through the list's own create: its audit event, named by the customer.
    const [event] = await db.sql<{ action: string; actor_name: string }[]>`
      select action, actor_name from audit_events
      where object_type = 'customer' and object_id = ${String(created.body.customer.id)}`;
    expect(event).toEqual({ action: "customer.created", actor_name: "Sven Service" });

    // A second request from the same address (another spelling): the customer is offered, nothing created.
    const second = await sendRequest("Lena N.", "lena.neu@example.COM", "Noch eine Frage.");
    expect((await detail(second)).body.request.customer_matches).toEqual([created.body.customer]);
    const refused = await takeOver(second);
    expect(refused.status).toBe(409);
    expect(refused.body as ErrorAnswer).toEqual({
      code: "customer-exists",
      message: requestCustomerMessages.customerExists,
      matches: [created.body.customer],
    });
    expect(await customersNamed("lena.neu@example.com")).toHaveLength(1);

    const linked = await takeOver(second, { customer_id: created.body.customer.id });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ created: false, customer: created.body.customer });
    expect(await customersNamed("lena.neu@example.com")).toHaveLength(1);

    const entries = (await timeline(created.body.customer.id)).body.entries.filter((entry) => entry.kind === "request");
    expect(entries.map((entry) => entry.id).sort()).toEqual([first, second].sort());

    // The open list names the customer of each, as it is called now.
    const renamed = await callJson(app, `/api/customers/${created.body.customer.id}`, {
      method: "PUT",
      token: staff.token,
      json: { name: "Lena Neu GmbH", email: "lena.neu@example.com", status: defaultCustomerStatus },
    });
    expect(renamed.status).toBe(200);
    const list = await callJson<OpenRequestsPage>(app, "/api/requests", { token: staff.token });
    const listed = list.body.requests.filter((request) => [first, second].includes(request.id));
    expect(listed.map((request) => request.customer)).toEqual([
      { id: created.body.customer.id, name: "Lena Neu GmbH" },
      { id: created.body.customer.id, name: "Lena Neu GmbH" },
    ]);

    // Taken over once: a second time is a 409 naming the customer, with or without a customer_id.
    for (const body of [{}, { customer_id: created.body.customer.id }]) {
      const again = await takeOver(first, body);
      expect(again.status).toBe(409);
      expect(again.body as ErrorAnswer).toEqual({
        code: "contact-request-taken-over",
        message: requestCustomerMessages.takenOver("Lena Neu GmbH"),
      });
    }
  });

  test("an Ansprechpartner's address counts as the customer's: offered, and the link shows in its timeline", async () => {
    const company = await newCustomer({ name: "Werkstatt Kern GmbH", email: "info@kern.example" });
    const contact = await callJson(app, `/api/customers/${company.id}/contacts`, {
      token: staff.token,
      json: { name: "Jo Kern", email: "jo@kern.example" },
    });
    expect(contact.status).toBe(201);
    const request = await sendRequest("Jo Kern", "JO@kern.example");
    const refused = await takeOver(request);
    expect(refused.status).toBe(409);
    expect(refused.body.matches).toEqual([{ id: company.id, name: "Werkstatt Kern GmbH" }]);
    expect(await customersNamed("jo@kern.example")).toHaveLength(0);

    // Linked to a customer whose addresses are all different: the timeline still shows it, once.
    const other = await newCustomer({ name: "Ganz Anders AG", email: "post@anders.example" });
    const linked = await takeOver(request, { customer_id: other.id });
    expect(linked.status).toBe(200);
    const [event] = await db.sql<{ action: string; fields: string[] }[]>`
      select action, fields from audit_events where object_type = 'contact_request' and object_id = ${String(request)}
      order by seq desc limit 1`;
    expect(event).toEqual({ action: "contact_request.customer_linked", fields: ["customer_id"] });
    const entries = (await timeline(other.id)).body.entries.filter((entry) => entry.kind === "request");
    expect(entries.map((entry) => entry.id)).toEqual([request]);
  });

  test("the abuse list: unsigned, unknown ids, odd bodies; each answered in German, nothing changed", async () => {
    const request = await sendRequest("Ute Ungefragt", "ute@example.org");
    const before = await db.sql`select id from customers`;

    const unsigned = await takeOver(request, {}, null);
    expect(unsigned.status).toBe(401);
    expect((await takeOver(request, {}, "kein-token")).status).toBe(401);

    const unknown = await takeOver(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("contact-request-not-found");
    expect((await takeOver("abc")).status).toBe(400);

    const noCustomer = await takeOver(request, { customer_id: 999_999 });
    expect(noCustomer.status).toBe(404);
    expect(noCustomer.body as ErrorAnswer).toEqual({
      code: "customer-not-found",
      message: requestCustomerMessages.customerNotFound,
    });

    for (const customerId of [0, -1, 1.5, "zwölf", null, true, 2 ** 60]) {
      const odd = await takeOver(request, { customer_id: customerId });
      expect(odd.status).toBe(422);
      expect(odd.body as ErrorAnswer).toEqual({
        code: "validation",
        message: requestCustomerMessages.customerIdInvalid,
      });
    }
    for (const body of [[], "text", 12]) {
      const odd = await takeOver(request, body);
      expect(odd.status).toBe(422);
      expect(odd.body.code).toBe("validation");
      expect(odd.body.message).toMatch(/[äöüÄÖÜß]|Bitte|muss/);
    }
    const noBody = await call(app, `/api/requests/${request}/customer`, { method: "POST", token: staff.token });
    expect(noBody.status).toBe(400);

    expect(await db.sql`select id from customers`).toEqual(before);
    expect((await detail(request)).body.request.customer).toBeNull();
    // And the admin may take it over as well.
    const taken = await takeOver(request, {}, admin.token);
    expect(taken.status).toBe(200);
    expect(taken.body.created).toBe(true);
  });

  test("two takeovers of requests from one new address at once make one customer", async () => {
    const one = await sendRequest("Pia Parallel", "pia@example.net");
    const two = await sendRequest("Pia Parallel", "pia@example.net", "Zweite Nachricht.");
    const answers = await Promise.all([takeOver(one), takeOver(two)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await customersNamed("pia@example.net")).toHaveLength(1);
  });

  test("deleting the linked customer's data leaves the request; erasing the request keeps the customer", async () => {
    const request = await sendRequest("Eva Erase", "eva@example.org");
    const taken = await takeOver(request);
    expect(taken.status).toBe(200);
    await db.sql`delete from contact_requests where id = ${request}`;
    const [customer] = await db.sql`select id from customers where id = ${taken.body.customer.id}`;
    expect(customer).toBeDefined();
    expect((await timeline(taken.body.customer.id)).status).toBe(200);

    const second = await sendRequest("Eva Erase", "eva2@example.org");
    const other = await newCustomer({ name: "Eva Zwei" });
    expect((await takeOver(second, { customer_id: other.id })).status).toBe(200);
    await db.sql`delete from customers where id = ${other.id}`;
    expect((await detail(second)).body.request.customer).toBeNull();
  });

  test("the audit trail names the takeover: one event per call", async () => {
    const request = await sendRequest("Otto Audit", "otto@example.org");
    const [{ seq } = { seq: 0 }] = await db.sql<
      { seq: number }[]
    >`select coalesce(max(seq), 0)::int as seq from audit_events`;
    expect((await takeOver(request)).status).toBe(200);
    const events = await db.sql<Pick<AuditEvent, "action">[]>`select action from audit_events where seq > ${seq}`;
    expect(events.map((event) => event.action)).toEqual(["customer.created"]);
  });
});
