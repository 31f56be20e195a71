import { beforeEach, describe, expect, test } from "bun:test";
import {
  type ContactRequestCounts,
  type MarkedDoneAnswer,
  type OpenRequestsPage,
  openRequestsPage,
} from "@klarwerk/kit";
import { tableCacheStats } from "../../src/db/table-cache.ts";
import { createTestApp, startAppTest } from "../support/app.ts";
import { callJson } from "../support/http.ts";
import { registerAndLogin } from "../support/users.ts";

const { db, app } = await startAppTest();
const anna = await registerAndLogin(app, { name: "Anna Admin" });
const ben = await registerAndLogin(app, { name: "Ben Berater" });

// Every test starts without requests (and their replies); the counting trigger resets the counters on truncate.
beforeEach(async () => {
  await db.sql`truncate contact_requests cascade`;
});

interface NewRequest {
  name?: string;
  email?: string;
  company?: string | null;
  message?: string;
  createdAt?: string;
  done?: boolean;
}

/** Inserts a request the way the contact form's endpoint stores one; returns its id. */
async function insertRequest(request: NewRequest = {}): Promise<number> {
  const done = request.done ?? false;
  const [row] = await db.sql<{ id: number }[]>`
    insert into contact_requests (name, email, company, message, created_at, is_done, done_at)
    values (
      ${request.name ?? "Max Muster"}, ${request.email ?? "max@example.de"},
      ${request.company === undefined ? "Muster GmbH" : request.company}, ${request.message ?? "Bitte um Rückruf."},
      ${request.createdAt ?? new Date().toISOString()}, ${done}, ${done ? new Date().toISOString() : null}
    )
    returning id`;
  if (!row) throw new Error("insert returned no id");
  return row.id;
}

async function storedCounts(): Promise<ContactRequestCounts> {
  const [row] = await db.sql<ContactRequestCounts[]>`
    select count(*) filter (where not is_done) as open, count(*) filter (where is_done) as done
    from contact_requests`;
  if (!row) throw new Error("no counts");
  return row;
}

function openRequests(query = "", token = anna.token) {
  return callJson<OpenRequestsPage>(app, `/api/requests${query}`, { token });
}

function markDone(id: number | string, token = anna.token) {
  return callJson<MarkedDoneAnswer>(app, `/api/requests/${id}/done`, { method: "PUT", token });
}

/** A refusal: its status and the `{ code, message }` body every API error has. */
function expectRefusal(answer: { status: number; body: unknown }, status: number, code: string, message: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ code, message });
}

describe("authentication", () => {
  test.each([
    ["GET", "/api/requests"],
    ["PUT", "/api/requests/1/done"],
  ])("%s %s without a valid token is a 401 with a German message", async (method, path) => {
    const id = await insertRequest();
    const target = path.replace("/1/", `/${id}/`);
    for (const token of [undefined, "not-a-jwt"]) {
      expectRefusal(await callJson(app, target, { method, token }), 401, "unauthorized", "Bitte melden Sie sich an.");
    }
    expect(await storedCounts()).toEqual({ open: 1, done: 0 });
  });
});

describe("GET /api/requests", () => {
  test("lists the open requests newest first with every field, and counts both states", async () => {
    const older = await insertRequest({ name: "Ältere Anfrage", createdAt: "2025-03-01T08:00:00.000Z" });
    const newer = await insertRequest({
      name: "Neuere Anfrage",
      email: "neu@example.de",
      company: null,
      message: "<script>alert(1)</script>\nZweite Zeile",
      createdAt: "2025-03-02T09:30:15.123Z",
    });
    await insertRequest({ name: "Schon erledigt", done: true, createdAt: "2025-03-03T08:00:00.000Z" });
    await insertRequest({ done: true });

    const answer = await openRequests();
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toEqual({ open: 2, done: 2 });
    expect(answer.body.next).toBeNull();
    expect(answer.body.requests.map((request) => request.id)).toEqual([newer, older]);
    const [first] = answer.body.requests;
    expect(first).toEqual({
      id: newer,
      name: "Neuere Anfrage",
      email: "neu@example.de",
      company: null,
      message: "<script>alert(1)</script>\nZweite Zeile",
      created_at: expect.any(String),
      is_done: false,
      customer: null,
    });
    expect(new Date(first?.created_at ?? "").toISOString()).toBe("2025-03-02T09:30:15.123Z");
    expect(answer.body.requests[1]?.company).toBe("Muster GmbH");
  });

  test("answers an empty list and zero counts when there is nothing", async () => {
    const answer = await openRequests();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ requests: [], counts: { open: 0, done: 0 }, next: null });
  });

  test("pages by key: every open request exactly once, ties on created_at included", async () => {
    const sameMoment = "2025-04-01T10:00:00.000Z";
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await insertRequest({ name: `Anfrage ${i}`, createdAt: sameMoment }));
    const newest = await insertRequest({ name: "Neueste", createdAt: "2025-04-02T10:00:00.000Z" });

    const first = await openRequests("?limit=3");
    expect(first.status).toBe(200);
    expect(first.body.requests.map((request) => request.id)).toEqual([newest, ids[6], ids[5]] as number[]);
    expect(first.body.counts).toEqual({ open: 8, done: 0 });
    expect(first.body.next).toBe(ids[5] as number);

    // Marked done between two pages: the next page neither skips nor repeats anything.
    expect((await markDone(ids[4] as number)).status).toBe(200);
    const second = await openRequests(`?limit=3&before=${first.body.next}`);
    expect(second.body.requests.map((request) => request.id)).toEqual([ids[3], ids[2], ids[1]] as number[]);
    expect(second.body.counts).toEqual({ open: 7, done: 1 });
    const third = await openRequests(`?limit=3&before=${second.body.next}`);
    expect(third.body.requests.map((request) => request.id)).toEqual([ids[0]] as number[]);
    expect(third.body.next).toBeNull();
  });

  test(`returns ${openRequestsPage.defaultLimit} by default and at most ${openRequestsPage.maxLimit}, with exact counts`, async () => {
    await db.sql`
      insert into contact_requests (name, email, message, created_at, is_done, done_at)
      select 'Anfrage ' || n, 'a' || n || '@example.de', 'Text', now() - n * interval '1 minute', n % 4 = 0,
             case when n % 4 = 0 then now() end
      from generate_series(1, 1000) n`;
    const byDefault = await openRequests();
    expect(byDefault.body.requests).toHaveLength(openRequestsPage.defaultLimit);
    expect(byDefault.body.counts).toEqual({ open: 750, done: 250 });
    expect(byDefault.body.next).toBe(byDefault.body.requests.at(-1)?.id as number);
    const most = await openRequests(`?limit=${openRequestsPage.maxLimit}`);
    expect(most.body.requests).toHaveLength(openRequestsPage.maxLimit);
  });

  test.each([
    ["?limit=0", "Der Parameter „limit“ muss eine ganze Zahl von 1 bis 200 sein."],
    [`?limit=${openRequestsPage.maxLimit + 1}`, "Der Parameter „limit“ muss eine ganze Zahl von 1 bis 200 sein."],
    ["?limit=abc", "Der Parameter „limit“ muss eine ganze Zahl von 1 bis 200 sein."],
    ["?limit=-5", "Der Parameter „limit“ muss eine ganze Zahl von 1 bis 200 sein."],
    ["?before=xyz", "Der Parameter „before“ muss die Nummer einer Anfrage sein."],
    ["?before=1.5", "Der Parameter „before“ muss die Nummer einer Anfrage sein."],
  ])("GET /api/requests%s is a 400", async (query, message) => {
    expectRefusal(await openRequests(query), 400, "invalid-query", message);
  });
});

describe("PUT /api/requests/{id}/done", () => {
  test("marks it done, records who and when, and the counts move", async () => {
    const id = await insertRequest({ name: "Clara Kunde", company: null });
    await insertRequest();
    const before = Date.now();

    const answer = await markDone(id);
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toEqual({ open: 1, done: 1 });
    expect(answer.body.request).toMatchObject({
      id,
      name: "Clara Kunde",
      email: "max@example.de",
      company: null,
      message: "Bitte um Rückruf.",
      is_done: true,
      done_by: { id: anna.user.id, name: "Anna Admin" },
    });
    const doneAt = new Date(answer.body.request.done_at).getTime();
    expect(doneAt).toBeGreaterThanOrEqual(before - 1000);
    expect(doneAt).toBeLessThanOrEqual(Date.now() + 1000);

    const [row] = await db.sql<{ is_done: boolean; done_by: number }[]>`
      select is_done, done_by from contact_requests where id = ${id}`;
    expect(row).toEqual({ is_done: true, done_by: anna.user.id });
    const list = await openRequests();
    expect(list.body.requests.map((request) => request.id)).not.toContain(id);
    expect(list.body.counts).toEqual({ open: 1, done: 1 });
  });

  test("a done request cannot be marked again: 409, and who did it stays recorded", async () => {
    const id = await insertRequest();
    expect((await markDone(id, anna.token)).status).toBe(200);
    expectRefusal(
      await markDone(id, ben.token),
      409,
      "contact-request-already-done",
      "Diese Anfrage ist bereits erledigt.",
    );
    const [row] = await db.sql<{ done_by: number }[]>`select done_by from contact_requests where id = ${id}`;
    expect(row?.done_by).toBe(anna.user.id);
    expect((await openRequests()).body.counts).toEqual({ open: 0, done: 1 });
  });

  test("an unknown id is a 404", async () => {
    const id = await insertRequest();
    expectRefusal(await markDone(id + 1000), 404, "contact-request-not-found", "Diese Anfrage gibt es nicht.");
    expect(await storedCounts()).toEqual({ open: 1, done: 0 });
  });

  test.each(["abc", "0", "-1", "1.5", "1e3", "01", "99999999999999999999", "%20"])(
    "a malformed id (%s) is a 400",
    async (id) => {
      expectRefusal(await markDone(id), 400, "invalid-id", "Die Nummer der Anfrage ist ungültig.");
    },
  );

  test("two users marking the same requests at once: exactly one success each", async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => insertRequest({ name: `Anfrage ${i}` })));
    const outcomes = await Promise.all(
      ids.map(async (id) => {
        const [first, second] = await Promise.all([markDone(id, anna.token), markDone(id, ben.token)]);
        return { id, statuses: [first.status, second.status].sort(), winner: first.status === 200 ? anna : ben };
      }),
    );
    for (const outcome of outcomes) {
      expect(outcome.statuses).toEqual([200, 409]);
      const [row] = await db.sql<{ done_by: number }[]>`select done_by from contact_requests where id = ${outcome.id}`;
      expect(row?.done_by).toBe(outcome.winner.user.id);
    }
    expect((await openRequests()).body.counts).toEqual({ open: 0, done: 8 });
    expect(await storedCounts()).toEqual({ open: 0, done: 8 });
  });
});

describe("the counters", () => {
  test("follow inserts, updates and deletes made outside the API, single and in bulk", async () => {
    await db.sql`
      insert into contact_requests (name, email, message, is_done, done_at)
      select 'Anfrage', 'a@example.de', 'Text', n % 3 = 0, case when n % 3 = 0 then now() end
      from generate_series(1, 300) n`;
    const id = await insertRequest();
    expect((await openRequests()).body.counts).toEqual(await storedCounts());
    await db.sql`update contact_requests set is_done = true, done_at = now() where not is_done and id % 2 = 0`;
    expect((await openRequests()).body.counts).toEqual(await storedCounts());
    await db.sql`delete from contact_requests where id % 5 = 0 or id = ${id}`;
    const counts = (await openRequests()).body.counts;
    expect(counts).toEqual(await storedCounts());
    expect(counts.open + counts.done).toBe(300 + 1 - (60 + (id % 5 === 0 ? 0 : 1)));
  });
});

describe("the dashboard kept in memory", () => {
  test("shows every change: this process's own at once, another's once its NOTIFY came", async () => {
    const kept = createTestApp(db.sql, undefined, { changes: await db.openChangeFeed() });
    const carla = await registerAndLogin(kept, { name: "Carla Kasse" });
    const list = async () => (await callJson<OpenRequestsPage>(kept, "/api/requests", { token: carla.token })).body;
    const hits = () => tableCacheStats()["open requests"]?.hits ?? 0;
    const first = await insertRequest({ name: "Erste Anfrage" });
    await insertRequest({ name: "Zweite Anfrage" });
    expect((await list()).counts).toEqual({ open: 2, done: 0 });
    const hitsBefore = hits();
    expect((await list()).counts).toEqual({ open: 2, done: 0 });
    expect(hits() - hitsBefore).toBe(1);

    expect((await callJson(kept, `/api/requests/${first}/done`, { method: "PUT", token: carla.token })).status).toBe(
      200,
    );
    expect((await list()).counts).toEqual({ open: 1, done: 1 });
    const contact = { name: "Dritte Anfrage", email: "dritte@example.de", message: "Bitte um ein Angebot." };
    expect((await callJson(kept, "/api/contact", { json: contact })).status).toBe(201);
    const afterContact = await list();
    expect(afterContact.counts).toEqual({ open: 2, done: 1 });
    const third = afterContact.requests[0]?.id ?? 0;
    const replied = await callJson(kept, `/api/requests/${third}/reply`, {
      json: { message: "Gern." },
      token: carla.token,
    });
    expect(replied.status).toBe(201);
    expect((await list()).counts).toEqual({ open: 1, done: 2 });

    // Another process (here: SQL) changes the table; a server's NOTIFY tells this one.
    if (process.env.DATABASE_URL) {
      await insertRequest({ name: "Von nebenan" });
      const deadline = Date.now() + 5000;
      while ((await list()).counts.open !== 2 && Date.now() < deadline) await Bun.sleep(20);
      expect((await list()).requests[0]?.name).toBe("Von nebenan");
    }
  });

  test("a linked customer's rename shows at once; its other changes keep the page (nothing on it changed)", async () => {
    // Taken over before this process listens, so no late NOTIFY of the takeover empties its page.
    const request = await insertRequest({ name: "Olga Ost", email: "olga.ost@example.de" });
    const taken = await callJson<{ customer: { id: number } }>(app, `/api/requests/${request}/customer`, {
      json: {},
      token: anna.token,
    });
    expect(taken.status).toBe(200);
    const customer = taken.body.customer.id;
    const kept = createTestApp(db.sql, undefined, { changes: await db.openChangeFeed() });
    const dora = await registerAndLogin(kept, { name: "Dora Dienst" });
    const list = async () => (await callJson<OpenRequestsPage>(kept, "/api/requests", { token: dora.token })).body;
    const hits = () => tableCacheStats()["open requests"]?.hits ?? 0;
    expect((await list()).requests[0]?.customer?.name).toBe("Olga Ost");
    const save = async (json: Record<string, unknown>) => {
      const saved = await callJson(kept, `/api/customers/${customer}`, { method: "PUT", token: dora.token, json });
      expect(saved.status).toBe(200);
    };

    await save({ name: "Olga Ost", status: "vertrag", phone: "+49 30 1234567" });
    const hitsBefore = hits();
    expect((await list()).requests[0]?.customer?.name).toBe("Olga Ost");
    expect(hits() - hitsBefore).toBe(1);

    await save({ name: "Ost Consulting GmbH", status: "vertrag" });
    expect((await list()).requests[0]?.customer?.name).toBe("Ost Consulting GmbH");
  });
});
