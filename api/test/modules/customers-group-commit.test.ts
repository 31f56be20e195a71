// The creates that reach an API process while one of its creates is being written wait
// for it and are then saved together, in one statement and one transaction (the group commit).
// What each caller gets must not change: its own customer, its own audit event, its own error.
import { afterAll, beforeAll, describe, expect, onTestFinished, spyOn, test } from "bun:test";
import type { AuditEvent, AuditVerification, Customer, CustomerPage } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { groupCommitStats } from "../../src/db/group-commit.ts";
import { httpMessages } from "../../src/http/messages.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { callJson } from "../support/http.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/** What a create sends: the dialog's fields, already as the API stores them. */
type Sent = Omit<Customer, "id" | "debitor_number">;

function sent(name: string, fields: Partial<Sent> = {}): Sent {
  return {
    name,
    email: null,
    phone: null,
    website: null,
    notes: null,
    status: "in_kontakt",
    address: null,
    leitweg_id: null,
    ...fields,
  };
}

/** The fields a `customer.created` event names: those given. */
function givenFields(customer: Sent): string[] {
  return Object.entries(customer)
    .filter(([, value]) => value !== null)
    .map(([field]) => field);
}

const creates = () => groupCommitStats()["customer creates"] ?? { batches: 0, items: 0, refused: 0, waiting: 0 };

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await Bun.sleep(5);
  }
}

describe.each(testDatabaseKinds())("creates saved together (%s)", (kind) => {
  let db: TestDatabase;
  /** As `bun start` runs it, with its change feed. */
  let app: App;
  /** Another API process on the same database. */
  let uncached: App;
  let owner: SignedInUser;
  let anna: SignedInUser;
  let bernd: SignedInUser;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    await db.sql`
      insert into customers (name, status)
      select 'Gruppe Alt ' || i, (array['in_kontakt', 'vertrag', 'angerufen'])[i % 3 + 1]
      from generate_series(1, 30) as i`;
    app = createTestApp(db.sql, testConfig(), { changes: await db.openChangeFeed(), rateLimits: unlimitedRateLimits });
    uncached = createTestApp(db.sql, testConfig(), { rateLimits: unlimitedRateLimits });
    owner = await signedInOwner(app);
    anna = await registerAndLogin(app, { name: "Anna Anlegerin" });
    bernd = await registerAndLogin(app, { name: "Bernd Beispiel" });
  }, 60_000);
  afterAll(() => db?.drop());

  const post = (user: SignedInUser, customer: Sent) =>
    callJson<{ customer: Customer }>(app, "/api/customers", { token: user.token, json: customer });
  const list = async (on: App, query: string) => {
    const answer = await callJson<CustomerPage>(on, `/api/customers?${query}`, { token: owner.token });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const createdEvents = async (id: number) => {
    const answer = await callJson<{ events: AuditEvent[] }>(
      app,
      `/api/audit?action=customer.created&object_type=customer&object_id=${id}`,
      { token: owner.token },
    );
    expect(answer.status).toBe(200);
    return answer.body.events.map((event) => ({ actor: event.actor_name, fields: event.fields }));
  };
  const chainVerifies = async () =>
    (await callJson<AuditVerification>(app, "/api/audit/verify", { token: owner.token })).body.ok;

  /**
   * Holds the count of "in_kontakt" as a committing create would (on PGlite, whose one connection
   * this takes, every statement waits): a create of that status, sent first, is written alone and
   * waits; those sent after it wait for it in the group commit. `meanwhile` runs in the holder's
   * transaction just before it commits.
   */
  async function holdFirstCreate<T>(first: () => Promise<T>) {
    const locked = Promise.withResolvers<void>();
    const released = Promise.withResolvers<string | null>();
    const holding = db.sql.begin(async (tx) => {
      await tx`select customers from customer_counts where status = 'in_kontakt' for update`;
      locked.resolve();
      const meanwhile = await released.promise;
      if (meanwhile !== null) await tx.unsafe(meanwhile);
    });
    await locked.promise;
    const before = creates();
    const answer = first();
    await until(() => creates().items === before.items + 1, "the first create to be written");
    return {
      /** Resolves once `count` more creates wait for the first. */
      waiting: (count: number) => until(() => creates().waiting === count, `${count} creates to wait`),
      release: async (meanwhile: string | null = null) => {
        released.resolve(meanwhile);
        await holding;
        return answer;
      },
    };
  }

  test("each caller of a batch gets its own customer and audit event; every page shows them at once, in both processes", async () => {
    // Every user's session and the pages are read before the database is held.
    const queries = [
      "",
      "page=2",
      "status=in_kontakt",
      "status=vertrag&limit=5&page=2",
      "search=gruppe&limit=5",
      "search=gruppe&limit=5&page=3",
      "search=gruppe neu",
      "search=bernd",
    ];
    for (const user of [anna, bernd]) expect((await post(user, sent(`Vorab ${user.name}`))).status).toBe(201);
    await Promise.all(queries.map((query) => list(app, query)));
    const before = creates();

    const held = await holdFirstCreate(() => post(anna, sent("Gruppe Erste")));
    const batch: [SignedInUser, Sent][] = [
      [anna, sent("Gruppe Neu 1", { email: "eins@gruppe.de", status: "vertrag" })],
      [bernd, sent("Gruppe Neu 2 (Bernd)", { phone: "+49 30 1234-567", notes: "Rückruf „morgen“" })],
      [anna, sent("Gruppe Neu 3", { website: "https://gruppe.de/drei", status: "angerufen" })],
      [bernd, sent("Gruppe Neu 4 (Bernd)", { address: "Hauptstraße 4\n10115 Berlin", status: "vertrag" })],
      [anna, sent("Gruppe Neu 5")],
      [bernd, sent("Gruppe Neu 6 (Bernd)", { status: "abweisung", notes: "100 % \\ _" })],
      [anna, sent("Gruppe Neu 7", { status: "in_kontakt", email: "sieben@gruppe.de" })],
      [bernd, sent("Gruppe Neu 8 (Bernd)", { status: "gespraeche" })],
    ];
    const answers = batch.map(([user, customer]) => post(user, customer));
    await held.waiting(batch.length);
    const first = await held.release();
    const saved = await Promise.all(answers);

    expect(first.status).toBe(201);
    expect(saved.map((answer) => answer.status)).toEqual(batch.map(() => 201));
    expect(saved.map((answer) => answer.body.customer)).toEqual(
      batch.map(([, customer]) => ({ id: expect.any(Number), debitor_number: expect.any(Number), ...customer })),
    );
    const ids = saved.map((answer) => answer.body.customer.id);
    expect(new Set([first.body.customer.id, ...ids]).size).toBe(batch.length + 1);

    // Saved together: one transaction for the eight, another for the first.
    const transactions = await db.sql<{ id: number; tx: string }[]>`
      select id, xmin::text as tx from customers where id = any(${[first.body.customer.id, ...ids]}::bigint[])`;
    const txOf = new Map(transactions.map((row) => [row.id, row.tx]));
    expect(new Set(ids.map((id) => txOf.get(id))).size).toBe(1);
    expect(txOf.get(first.body.customer.id)).not.toBe(txOf.get(ids[0] ?? 0));
    expect(creates()).toMatchObject({ batches: before.batches + 2, items: before.items + batch.length + 1 });

    // Each customer as stored, with exactly one event naming the one who sent it.
    for (const [index, [user, customer]] of batch.entries()) {
      const id = ids[index] ?? 0;
      expect(await list(uncached, `search=${encodeURIComponent(customer.name)}`)).toMatchObject({
        customers: [{ id, ...customer }],
      });
      expect(await createdEvents(id)).toEqual([{ actor: user.name, fields: givenFields(customer) }]);
    }
    expect(await chainVerifies()).toBe(true);

    // The writer's pages and another process's say the same, the nine on them.
    const written = await Promise.all(queries.map((query) => list(app, query)));
    expect(written).toEqual(await Promise.all(queries.map((query) => list(uncached, query))));
    expect(written[0]?.customers.slice(0, 9).map((customer) => customer.id)).toEqual(
      [first.body.customer.id, ...ids].sort((a, b) => b - a),
    );
  });

  test("a create the database refuses in a batch (its account deleted meanwhile) fails alone; the others are saved", async () => {
    const logged = spyOn(console, "error").mockImplementation(() => {});
    onTestFinished(() => logged.mockRestore());
    const carla = await registerAndLogin(app, { name: "Carla Gelöscht" });
    expect((await post(anna, sent("Vorher Anna"))).status).toBe(201);
    const carlasEarlier = await post(carla, sent("Vorher Carla"));
    expect(carlasEarlier.status).toBe(201);
    const queries = ["", "search=abgelehnt", "status=vertrag"];
    await Promise.all(queries.map((query) => list(app, query)));
    const before = creates();

    const held = await holdFirstCreate(() => post(anna, sent("Abgelehnt Erste")));
    const annas = [sent("Abgelehnt Neu 1", { status: "vertrag" }), sent("Abgelehnt Neu 2", { notes: "Bleibt" })];
    const answers = [
      post(anna, annas[0] as Sent),
      post(carla, sent("Abgelehnt von Carla", { status: "vertrag", email: "carla@example.de" })),
      post(anna, annas[1] as Sent),
    ];
    await held.waiting(answers.length);
    // An admin deletes Carla's account while her create waits: the database refuses its creator.
    const first = await held.release(`delete from users where id = ${carla.user.id}`);
    const [one, refused, two] = await Promise.all(answers);

    expect([first.status, one?.status, two?.status]).toEqual([201, 201, 201]);
    expect([one?.body.customer, two?.body.customer]).toEqual(
      annas.map((customer) => ({ id: expect.any(Number), debitor_number: expect.any(Number), ...customer })),
    );
    expect(refused?.status).toBe(500);
    expect(refused?.body as unknown).toEqual({
      code: "internal",
      message: httpMessages.internal,
      requestId: expect.any(String),
    });
    expect(creates()).toMatchObject({ refused: before.refused + 1 });

    const stored = await list(uncached, "search=abgelehnt");
    expect(stored.customers.map((customer) => customer.name).toSorted()).toEqual([
      "Abgelehnt Erste",
      "Abgelehnt Neu 1",
      "Abgelehnt Neu 2",
    ]);
    for (const answer of [one, two]) {
      expect(await createdEvents(answer?.body.customer.id ?? 0)).toHaveLength(1);
    }
    const carlasEvents = await callJson<{ events: AuditEvent[] }>(
      app,
      `/api/audit?action=customer.created&actor_id=${carla.user.id}`,
      { token: owner.token },
    );
    expect(carlasEvents.body.events.map((event) => event.object_id)).toEqual([String(carlasEarlier.body.customer.id)]);
    expect(await chainVerifies()).toBe(true);
    expect(await Promise.all(queries.map((query) => list(app, query)))).toEqual(
      await Promise.all(queries.map((query) => list(uncached, query))),
    );
  });
});
