import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Customer, CustomerPage, OpenRequestsPage, PrivacyCase, PrivacyErasureResult } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { anonymisedCustomer } from "../../src/modules/privacy/erasure.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { callJson, type Handler } from "../support/http.ts";
import { newPerson } from "../support/privacy.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

// Issue 45, row 3: an erasure changes `customers` outside the customers module. The staff list
// keeps pages in memory until the change feed says the table changed; on the embedded database
// nothing said so, and the anonymised customer stayed in the list with name, e-mail, phone and
// notes. Every app here runs with a change feed, as `bun start` does; on PostgreSQL two apps on
// two pools, each with its own feed, as two API processes.

/**
 * What the staff see of one customer: its row in the list (the customer screen's detail and edit
 * form show that row; there is no route of one customer) and whether a search finds it.
 */
interface Seen {
  listed: Partial<Customer> | null;
  searchedByOldName: boolean;
  searchedByNewName: boolean;
  /** The person's contact request on the dashboard's open requests (kept in memory the same way). */
  requestOpen: boolean;
}

const contact = (row: Customer | null | undefined): Partial<Customer> | null =>
  row ? { name: row.name, email: row.email, phone: row.phone, address: row.address, notes: row.notes } : null;

describe.each(testDatabaseKinds())("an erasure shows in every process's customer list (%s)", (kind) => {
  const config = testConfig();
  let db: TestDatabase;
  let appA: App;
  let appB: App;
  let owner: SignedInUser;
  let staff: SignedInUser;
  let customerId: number;
  let erasureCase: PrivacyCase;
  const person = newPerson();
  const name = `Löschtest ${crypto.randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    appA = createTestApp(db.sql, config, { changes: await db.openChangeFeed(), rateLimits: unlimitedRateLimits });
    // On PostgreSQL another process: its own pool and its own feed. The embedded database has
    // one process (it owns DATA_DIR): the same app serves both sides there.
    appB =
      kind === "server"
        ? createTestApp(await db.connectAgain(), config, {
            changes: await db.openChangeFeed(),
            rateLimits: unlimitedRateLimits,
          })
        : appA;
    owner = await signedInOwner(appA);
    staff = await registerAndLogin(appA, { name: "Sven Sachbearbeiter" });
    const created = await callJson<{ customer: Customer }>(appA, "/api/customers", {
      token: staff.token,
      json: {
        name,
        email: person.email,
        phone: "030 123456",
        address: "Bahnhofstraße 1\n10115 Berlin",
        notes: "Ruft gern abends an.",
      },
    });
    expect(created.status).toBe(201);
    const sent = await callJson(appA, "/api/contact", {
      json: { name: person.name, email: person.email, message: "Bitte rufen Sie mich zurück." },
    });
    expect(sent.status).toBe(201);
    customerId = created.body.customer.id;
    const opened = await callJson<{ case: PrivacyCase }>(appA, "/api/privacy/cases", {
      token: owner.token,
      json: { email: person.email, kind: "erasure" },
    });
    expect(opened.status).toBe(201);
    erasureCase = opened.body.case;
  }, 60_000);

  afterAll(async () => {
    await db.drop();
  });

  async function seen(app: Handler): Promise<Seen> {
    const list = await callJson<CustomerPage>(app, "/api/customers?limit=100", { token: staff.token });
    const byOld = await callJson<CustomerPage>(app, `/api/customers?search=${encodeURIComponent(name)}`, {
      token: staff.token,
    });
    const byNew = await callJson<CustomerPage>(
      app,
      `/api/customers?search=${encodeURIComponent(anonymisedCustomer.name)}`,
      { token: staff.token },
    );
    const open = await callJson<OpenRequestsPage>(app, "/api/requests?limit=100", { token: staff.token });
    return {
      requestOpen: open.body.requests.some((request) => request.email === person.email),
      listed: contact(list.body.customers.find((row) => row.id === customerId)),
      searchedByOldName: byOld.body.customers.some((row) => row.id === customerId),
      searchedByNewName: byNew.body.customers.some((row) => row.id === customerId),
    };
  }

  const before = (): Seen => ({
    requestOpen: true,
    listed: {
      name,
      email: person.email,
      phone: "030 123456",
      address: "Bahnhofstraße 1\n10115 Berlin",
      notes: "Ruft gern abends an.",
    },
    searchedByOldName: true,
    searchedByNewName: false,
  });
  const anonymised = {
    name: anonymisedCustomer.name,
    email: null,
    phone: null,
    address: null,
    notes: null,
  };
  const after: Seen = { requestOpen: false, listed: anonymised, searchedByOldName: false, searchedByNewName: true };

  test("after a Löschung the list and search show the anonymised customer, the open requests no longer the erased one", async () => {
    // Both processes read the pages once: from now on they are kept in memory.
    expect(await seen(appA)).toEqual(before());
    expect(await seen(appB)).toEqual(before());

    const done = await callJson<PrivacyErasureResult>(appA, `/api/privacy/cases/${erasureCase.id}/erasure`, {
      method: "POST",
      token: owner.token,
    });
    expect(done.status).toBe(200);
    expect(done.body.counts.anonymise).toBe(1);

    if (kind === "embedded") {
      // One process, one database session that hears its own NOTIFY before the commit returns:
      // the very next request.
      expect(await seen(appA)).toEqual(after);
      return;
    }
    // Each PostgreSQL process hears it by its own LISTEN, one NOTIFY round trip after the commit.
    for (const app of [appA, appB]) {
      const started = Date.now();
      while (JSON.stringify(await seen(app)) !== JSON.stringify(after)) {
        if (Date.now() - started > 5000) break;
        await Bun.sleep(10);
      }
      expect(await seen(app)).toEqual(after);
    }
  });

  test("a change the customers module did not make (psql, a restore's replay, a purge) reaches the list too", async () => {
    const other = `Fremdschreiber ${crypto.randomUUID().slice(0, 6)}`;
    const search = `/api/customers?search=${encodeURIComponent(other)}`;
    const total = async (app: Handler) =>
      (await callJson<CustomerPage>(app, search, { token: staff.token })).body.total;
    expect(await total(appA)).toBe(0);
    expect(await total(appB)).toBe(0);
    await db.sql`insert into customers (name) values (${other})`;
    if (kind === "embedded") {
      expect(await total(appA)).toBe(1);
      await db.sql`delete from customers where name = ${other}`;
      expect(await total(appA)).toBe(0);
      return;
    }
    for (const app of [appA, appB]) {
      const started = Date.now();
      while ((await total(app)) !== 1 && Date.now() - started < 5000) await Bun.sleep(10);
      expect(await total(app)).toBe(1);
    }
  });
});
