import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type ChangeDetail, type ChangeFeed, parseChange, type WatchedTable } from "../../src/db/change-feed.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";

/** Until `condition` holds, at most `timeoutMs`; NOTIFY arrives a round trip after the commit. */
async function eventually(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await Bun.sleep(10);
  }
}

// The same triggers tell both feeds: a server's LISTENs on a connection of its own, the embedded
// database's on its one connection (issue 45: before, it heard only what a module announced).
describe.each(testDatabaseKinds())("change feed on the %s database", (kind) => {
  let db: TestDatabase;
  let feed: ChangeFeed;
  const heard: WatchedTable[] = [];

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    feed = await db.openChangeFeed();
    feed.subscribe("customers", () => heard.push("customers"));
    feed.subscribe("users", () => heard.push("users"));
    feed.subscribe("sessions", () => heard.push("sessions"));
  });

  afterAll(() => db.drop());

  test("is live and hears every committed change of customers and users, from any connection", async () => {
    expect(feed.live).toBe(true);
    heard.length = 0;
    await db.sql`insert into customers (name) values ('Notify Probe GmbH')`;
    await eventually(() => heard.includes("customers"));
    await db.sql`update users set name = name where false`;
    await eventually(() => heard.includes("users"));
  });

  test("hears sessions end, not begin or get used: a touch every few minutes must not empty caches", async () => {
    heard.length = 0;
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (name, email, password_hash) values ('Feed', 'feed@example.com', 'x') returning id`;
    await eventually(() => heard.includes("users"));
    heard.length = 0;
    const id = "f".repeat(43);
    await db.sql`
      insert into sessions (id, user_id, created_at, last_used_at, expires_at)
      values (${id}, ${user?.id ?? 0}, now(), now(), now() + interval '30 days')`;
    await db.sql`update sessions set last_used_at = now() where id = ${id}`;
    await db.sql`delete from sessions where id = ${id}`;
    await eventually(() => heard.length > 0);
    expect(heard).toEqual(["sessions"]);
  });

  test("names the customers changed by their search text (before and after; an insert's rows as shown) while they fit one NOTIFY, however many one statement wrote (migrations 033, 060)", async () => {
    const details: ChangeDetail[] = [];
    const unsubscribe = feed.subscribe("customers", (detail) => details.push(detail));
    const textOf = async (id: number) =>
      (await db.sql<{ text: string }[]>`select search_lower as text from customers where id = ${id}`)[0]?.text;
    try {
      const [made] = await db.sql<{ id: number; debitor_number: number }[]>`
        insert into customers (name, status, address) values ('Straße Öl GmbH', 'angerufen', 'Hauptstr. 1')
        returning id, debitor_number`;
      const id = made?.id ?? 0;
      const inserted = await textOf(id);
      // The text: name, e-mail, phone, Kundennummer, then contacts and tags, one per line; then the
      // digits of those lines (twice: as written, and with +49 as dialled at home).
      const digits = `\n\n\n${made?.debitor_number}\n`;
      expect(inserted).toBe(`straße öl gmbh\n\n\n${made?.debitor_number}\n\n${digits}\n${digits}`);
      await eventually(() => details.length === 1);
      await db.sql`update customers set name = 'Neu KG', status = 'vertrag' where id = ${id}`;
      const updated = await textOf(id);
      await eventually(() => details.length === 2);
      await db.sql`delete from customers where id = ${id}`;
      await eventually(() => details.length === 3);
      // 100 short rows in one statement are named; 201 are not (every kept page is forgotten).
      const [first] = await db.sql<{ id: number }[]>`
        insert into customers (name) select 'M' || i from generate_series(1, 100) as i returning id`;
      await eventually(() => details.length === 4);
      await db.sql`insert into customers (name) select 'M' || i from generate_series(1, 201) as i`;
      await eventually(() => details.length === 5);
      // 40 names of 190 characters pass NOTIFY's 8 000 bytes: not named either.
      await db.sql`insert into customers (name) select repeat('x', 190) || i from generate_series(1, 40) as i`;
      await eventually(() => details.length === 6);
      const shown = {
        id,
        name: "Straße Öl GmbH",
        email: null,
        phone: null,
        website: null,
        notes: null,
        status: "angerufen",
        address: "Hauptstr. 1",
        leitweg_id: null,
        debitor_number: made?.debitor_number,
      };
      expect(details.slice(0, 3)).toEqual([
        { op: "insert", rows: [[inserted, "angerufen", shown]] },
        {
          op: "update",
          rows: [
            [inserted, "angerufen"],
            [updated, "vertrag"],
          ],
        },
        { op: "delete", rows: [[updated, "vertrag"]] },
      ]);
      const rowsOf = (detail: ChangeDetail) => (detail as { rows?: unknown[][] }).rows;
      expect(rowsOf(details[3] ?? null)?.length).toBe(100);
      // 100 inserted rows as shown pass the payload's bytes: their texts and statuses are named.
      expect(rowsOf(details[3] ?? null)).toContainEqual([await textOf(first?.id ?? 0), "in_kontakt"]);
      expect(details.slice(4)).toEqual([{ op: "insert" }, { op: "insert" }]);
    } finally {
      unsubscribe();
    }
  });

  test("hears nothing of a rolled-back change", async () => {
    heard.length = 0;
    await db.sql
      .begin(async (tx) => {
        await tx`insert into customers (name) values ('Rolled Back GmbH')`;
        throw new Error("roll back");
      })
      .catch(() => {});
    // A committed change afterwards arrives; the rolled-back one never did.
    await db.sql`delete from customers where name = 'Notify Probe GmbH'`;
    await eventually(() => heard.length > 0);
    expect(heard).toEqual(["customers"]);
  });

  test.if(kind === "embedded")("embedded: hears a change before the writer's own await returns", async () => {
    heard.length = 0;
    await db.sql.begin(async (tx) => {
      await tx`insert into customers (name) values ('Same Session GmbH')`;
      // Not before the commit: a rolled-back change must not have been heard.
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(["customers"]);
  });

  test.if(kind === "server")(
    "goes dark when its connection is lost and is live again, caches emptied, once it listens again",
    async () => {
      heard.length = 0;
      const [killed] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from (
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'
      ) terminated`;
      expect(killed?.count).toBe(1);
      await eventually(() => !feed.live);
      await eventually(() => feed.live);
      // Listeners heard "start from empty" when it went dark and when it came back.
      expect(heard.filter((table) => table === "customers").length).toBeGreaterThanOrEqual(2);
      heard.length = 0;
      await db.sql`insert into customers (name) values ('After Reconnect GmbH')`;
      await eventually(() => heard.includes("customers"));
    },
  );
});

describe("a change notification's payload", () => {
  test.each([
    ["customers", { table: "customers", detail: null }],
    ['customers:[["müller gmbh","vertrag"]]', { table: "customers", detail: [["müller gmbh", "vertrag"]] }],
    ["customers:not json", { table: "customers", detail: null }],
    ['customers:{"a":1}', { table: "customers", detail: { a: 1 } }],
    [
      'customers:{"op":"update","rows":[["müller gmbh","vertrag"]]}',
      { table: "customers", detail: { op: "update", rows: [["müller gmbh", "vertrag"]] } },
    ],
    ["customers:17", { table: "customers", detail: null }],
    ["users", { table: "users", detail: null }],
    ["invoices", null],
    ['invoices:[["a","b"]]', null],
  ])("%s", (payload, parsed) => {
    expect(parseChange(payload)).toEqual(parsed as ReturnType<typeof parseChange>);
  });
});
