// The customer list finds a customer by what staff know of it (issue 49, item 3; migration 060):
// its name, e-mail, phone (digits only compared, however either is written), Kundennummer (the
// DATEV Debitor), an Ansprechpartner's name, e-mail or phone, and a tag. Changing a contact or a
// tag changes what finds the customer at once: in the process that saved it and in another one
// (neither keeps a page between requests, decision 0106), on every database the product
// supports. The export, filtered by the same search, holds the same rows.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { CustomerContact, CustomerPage } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { createTestApp } from "../support/app.ts";
import { createdCustomer } from "../support/customers.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { registerAndLogin } from "../support/users.ts";

describe.each(testDatabaseKinds())("customer search by every field staff know (%s)", (kind) => {
  let db: TestDatabase;
  /** Two processes on one database, as `bun start` runs them: `writer` saves, `reader` only lists. */
  let writer: App;
  let reader: App;
  let token: string;
  let readerToken: string;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    writer = createTestApp(db.sql, undefined, { changes: await db.openChangeFeed() });
    reader = createTestApp(db.sql, undefined, { changes: await db.openChangeFeed() });
    token = (await registerAndLogin(writer, { name: "Frieda Feldsuche" })).token;
    readerToken = (await registerAndLogin(reader, { name: "Lars Leser" })).token;
  }, 120_000);
  afterAll(() => db?.drop());

  const newCustomer = (json: Record<string, unknown>) => createdCustomer(writer, token, json);

  /** The ids a search finds, through one process. */
  async function found(app: App, search: string, appToken = app === writer ? token : readerToken): Promise<number[]> {
    const answer = await callJson<CustomerPage>(
      app,
      `/api/customers?${new URLSearchParams({ search, limit: "100" })}`,
      {
        token: appToken,
      },
    );
    expect(answer.status).toBe(200);
    return answer.body.customers.map((customer) => customer.id);
  }

  /** Found (or not) through both processes at once: the very next request after a save. */
  async function expectFound(search: string, id: number, wanted: boolean): Promise<void> {
    for (const app of [writer, reader]) {
      const ids = await found(app, search);
      expect({ search, found: ids.includes(id) }).toEqual({ search, found: wanted });
    }
  }

  test("name, e-mail, phone in any spelling, Kundennummer", async () => {
    const customer = await newCustomer({
      name: "Zahnarztpraxis Quendel",
      email: "Empfang@Quendel-Praxis.de",
      phone: "+49 (0)30 / 987 654-32",
    });
    await expectFound("quendel", customer.id, true);
    await expectFound("empfang@quendel", customer.id, true);
    await expectFound("QUENDEL-PRAXIS.DE", customer.id, true);
    // The phone by its digits, however it is typed: with spaces, slashes, dashes or brackets.
    await expectFound("030 987", customer.id, true);
    await expectFound("987654-32", customer.id, true);
    await expectFound("(030) 98 76 54", customer.id, true);
    await expectFound("98765432", customer.id, true);
    // Digits the phone does not hold in that order are no match.
    await expectFound("030 789", customer.id, false);
    // A German number written internationally is found as dialled at home, and the other way round.
    const abroad = await newCustomer({ name: "Weinhandel Elbtal", phone: "+49 351 4711-0" });
    await expectFound("0351 4711", abroad.id, true);
    await expectFound("0351/47110", abroad.id, true);
    await expectFound("+49 351 4711", abroad.id, true);
    const home = await newCustomer({ name: "Elbtal Kellerei", phone: "0351 8899 77" });
    await expectFound("0351 889977", home.id, true);
    // The Kundennummer (the Debitor), as the customer page shows it.
    await expectFound(String(customer.debitor_number), customer.id, true);
    // No field holds it.
    await expectFound("zahnarzt quendelbach", customer.id, false);
  });

  test("an Ansprechpartner finds the company, and no longer once removed; the same for a tag", async () => {
    const customer = await newCustomer({ name: "Gärtnerei Wolkenstein" });
    // Kept in both processes before the contact exists: the save must reach both.
    await expectFound("hildegard", customer.id, false);
    await expectFound("0171 2233", customer.id, false);
    await expectFound("winterdienst", customer.id, false);
    const added = await callJson<{ contact: CustomerContact }>(writer, `/api/customers/${customer.id}/contacts`, {
      token,
      json: {
        name: "Hildegard Öztürk",
        role: "Einkauf",
        email: "h.oeztuerk@wolkenstein.example",
        phone: "0049 171 223344",
      },
    });
    expect(added.status).toBe(201);
    await expectFound("hildegard", customer.id, true);
    await expectFound("öztürk", customer.id, true);
    await expectFound("oeztuerk@wolkenstein", customer.id, true);
    await expectFound("0171 2233", customer.id, true);
    const tagged = await callJson(writer, `/api/customers/${customer.id}/tags`, {
      token,
      json: { tag: "Winterdienst" },
    });
    expect(tagged.status).toBe(200);
    await expectFound("winterdienst", customer.id, true);

    const removed = await call(writer, `/api/customers/${customer.id}/contacts/${added.body.contact.id}`, {
      method: "DELETE",
      token,
    });
    expect(removed.status).toBe(204);
    await expectFound("hildegard", customer.id, false);
    await expectFound("0171 2233", customer.id, false);
    const untagged = await call(writer, `/api/customers/${customer.id}/tags/Winterdienst`, { method: "DELETE", token });
    expect(untagged.status).toBe(200);
    await expectFound("winterdienst", customer.id, false);
    // The company itself is still found by its name.
    await expectFound("wolkenstein", customer.id, true);
  });

  test("a changed e-mail moves the customer from one search to the other in both processes", async () => {
    const customer = await newCustomer({ name: "Buchbinderei Nordlicht", email: "alt@nordlicht.example" });
    await expectFound("alt@nordlicht", customer.id, true);
    await expectFound("neu@nordlicht", customer.id, false);
    const saved = await callJson(writer, `/api/customers/${customer.id}`, {
      method: "PUT",
      token,
      json: { ...customer, email: "neu@nordlicht.example" },
    });
    expect(saved.status).toBe(200);
    await expectFound("alt@nordlicht", customer.id, false);
    await expectFound("neu@nordlicht", customer.id, true);
  });

  test("the export filtered by a search holds the rows the list finds", async () => {
    const customer = await newCustomer({ name: "Kfz Meisterbetrieb Ostwind", phone: "0421 55 66 77" });
    const list = await found(writer, "0421/556677");
    expect(list).toEqual([customer.id]);
    const exported = await call(
      writer,
      `/api/customers/export?${new URLSearchParams({ search: "0421/556677", format: "csv" })}`,
      {
        token,
      },
    );
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    expect(csv).toContain("Kfz Meisterbetrieb Ostwind");
    expect(csv.trim().split(/\r?\n/)).toHaveLength(2);
  });
});
