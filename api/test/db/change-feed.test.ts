import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type ChangeFeed, parseChange, type WatchedTable } from "../../src/db/change-feed.ts";
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

  test("is live and hears every committed change of users and a customer's rename, from any connection", async () => {
    expect(feed.live).toBe(true);
    heard.length = 0;
    await db.sql`insert into customers (name) values ('Notify Probe GmbH')`;
    await db.sql`update customers set name = 'Notify Probe GmbH' || '' where name = 'Notify Probe GmbH'`;
    await db.sql`update customers set name = 'Notify Probe KG' where name = 'Notify Probe GmbH'`;
    await eventually(() => heard.includes("customers"));
    await db.sql`update customers set name = 'Notify Probe GmbH' where name = 'Notify Probe KG'`;
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

  test("of customers, hears a rename, a delete and a truncate once each, and no create or other change (migration 064)", async () => {
    // Only the dashboard's kept open requests copy from customers (a request's customer's name):
    // a create tells nobody, so no create waits for the cluster's NOTIFY lock at its commit.
    const marker = "after";
    const heardHere: string[] = [];
    const unsubscribe = feed.subscribe("customers", () => heardHere.push("customers"));
    const mark = () => db.sql`update users set name = name where false`;
    const untilMarker = async () => {
      const unsubscribeUsers = feed.subscribe("users", () => heardHere.push(marker));
      await mark();
      await eventually(() => heardHere.includes(marker));
      unsubscribeUsers();
      const seen = heardHere.splice(0).filter((entry) => entry !== marker);
      return seen;
    };
    try {
      const [made] = await db.sql<{ id: number }[]>`
        insert into customers (name, status) values ('Straße Öl GmbH', 'angerufen') returning id`;
      await db.sql`insert into customers (name) select 'M' || i from generate_series(1, 201) as i`;
      expect(await untilMarker()).toEqual([]);
      await db.sql`update customers set status = 'vertrag', phone = '030 1', name = name where id = ${made?.id ?? 0}`;
      expect(await untilMarker()).toEqual([]);
      await db.sql`update customers set name = 'Neu KG' where id = ${made?.id ?? 0}`;
      expect(await untilMarker()).toEqual(["customers"]);
      // 201 renames in one statement: one notification (a transaction's equal payloads are one).
      await db.sql`update customers set name = name || '!' where name like 'M%'`;
      expect(await untilMarker()).toEqual(["customers"]);
      await db.sql`delete from customers where id = ${made?.id ?? 0}`;
      expect(await untilMarker()).toEqual(["customers"]);
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
      await tx`update customers set name = 'Same Session KG' where name = 'Same Session GmbH'`;
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
      await db.sql`delete from customers where name = 'After Reconnect GmbH'`;
      await eventually(() => heard.includes("customers"));
    },
  );
});

describe("a change notification's payload", () => {
  test.each([
    ["customers", "customers"],
    // What the customers' trigger sent before migration 064: the table still counts.
    ['customers:{"op":"update","rows":[["müller gmbh","vertrag"]]}', "customers"],
    ["customers:not json", "customers"],
    ["users", "users"],
    ["invoices", null],
    ['invoices:[["a","b"]]', null],
    ["", null],
  ])("%s", (payload, table) => {
    expect(parseChange(payload)).toBe(table as ReturnType<typeof parseChange>);
  });
});
