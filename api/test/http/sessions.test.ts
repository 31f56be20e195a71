import { afterAll, describe, expect, test } from "bun:test";
import { deleteEndedSessions } from "../../src/http/session-store.ts";
import { sessionLifetime } from "../../src/http/sessions.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { call, callJson, type Handler } from "../support/http.ts";
import { login, register, registerAndLogin, testOwner, testSetupCode } from "../support/users.ts";

const minute = 60 * 1000;
const day = 24 * 60 * minute;

// One database, two app instances on it (as two API processes), each with its own change feed,
// both on one clock the tests move.
const db = await createTestDatabase();
afterAll(() => db.drop());
const feedA = await db.openChangeFeed();
const feedB = process.env.DATABASE_URL ? await db.openChangeFeed() : feedA;
let clock = Date.now();
const now = () => clock;
const config = testConfig();
const appA = createTestApp(db.sql, config, { changes: feedA, now });
const appB = createTestApp(db.sql, config, { changes: feedB, now });

const status = async (app: Handler, token: string) => (await callJson(app, "/api/session", { token })).status;

async function lastUsedAt(token: string): Promise<number> {
  const { sid } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { sid: string };
  const [row] = await db.sql<{ last_used_at: Date }[]>`select last_used_at from sessions where id = ${sid}`;
  if (!row) throw new Error("no such session");
  return row.last_used_at.getTime();
}

/** The touch is written fire-and-forget: wait until the row says `expected`. */
async function eventuallyLastUsedAt(token: string, expected: number): Promise<void> {
  const started = Date.now();
  while ((await lastUsedAt(token)) !== expected) {
    if (Date.now() - started > 5000) throw new Error(`last_used_at is not ${new Date(expected).toISOString()}`);
    await Bun.sleep(10);
  }
}

await register(appA, testOwner, { setupCode: testSetupCode() });

/**
 * A new account's session at the current clock. The owner signs in anew each time: a session of
 * theirs from an earlier test may have ended as the clock moved on.
 */
async function freshSession() {
  return registerAndLogin(appA, { as: await login(appA, testOwner) });
}

describe("session lifetimes", () => {
  test("are 7 days without use and 30 days at most", () => {
    expect(sessionLifetime.idleMs).toBe(7 * day);
    expect(sessionLifetime.absoluteMs).toBe(30 * day);
  });

  test("a session unused for 7 days ends; one used within them goes on", async () => {
    const started = clock;
    const { token } = await freshSession();
    clock = started + 7 * day - minute;
    expect(await status(appA, token)).toBe(200);
    await eventuallyLastUsedAt(token, clock);
    const used = clock;
    clock = used + 7 * day - minute;
    expect(await status(appA, token)).toBe(200);
    clock += 2 * minute;
    // Touched at `used + 7 days - 1 minute`, so still in; then nothing for 7 days.
    expect(await status(appA, token)).toBe(200);
    clock += 7 * day;
    expect(await status(appA, token)).toBe(401);
    expect(await status(appB, token)).toBe(401);
  });

  test("a session ends 30 days after the login, however often it is used", async () => {
    const started = clock;
    const { token } = await freshSession();
    for (let days = 6; days < 30; days += 6) {
      clock = started + days * day;
      expect(await status(appA, token)).toBe(200);
    }
    clock = started + 30 * day - minute;
    expect(await status(appA, token)).toBe(200);
    clock = started + 30 * day;
    expect(await status(appA, token)).toBe(401);
    expect(await status(appB, token)).toBe(401);
  });

  test("the last use is written at most every few minutes", async () => {
    const started = clock;
    const { token } = await freshSession();
    expect(await lastUsedAt(token)).toBe(started);
    clock = started + sessionLifetime.touchEveryMs - minute;
    expect(await status(appA, token)).toBe(200);
    await Bun.sleep(50);
    expect(await lastUsedAt(token)).toBe(started);
    clock = started + sessionLifetime.touchEveryMs;
    expect(await status(appA, token)).toBe(200);
    await eventuallyLastUsedAt(token, clock);
  });

  test("a process that kept an old last use asks the database before it refuses a session as idle", async () => {
    const started = clock;
    const { token } = await freshSession();
    // B keeps the session as last used at the login.
    expect(await status(appB, token)).toBe(200);
    clock = started + 5 * day;
    expect(await status(appA, token)).toBe(200);
    await eventuallyLastUsedAt(token, clock);
    // Eight days after the login, three after A saw it used: B must not refuse it.
    clock = started + 8 * day;
    expect(await status(appB, token)).toBe(200);
  });

  test("the sweep deletes ended sessions and keeps the others", async () => {
    const started = clock;
    const idle = await freshSession();
    const { token: active } = await login(appA, idle);
    clock = started + 6 * day;
    expect(await status(appA, active)).toBe(200);
    await eventuallyLastUsedAt(active, clock);
    clock = started + 8 * day;
    const before = await db.sql`select id from sessions where user_id = ${idle.user.id}`;
    expect(before).toHaveLength(2);
    expect(await deleteEndedSessions(db.sql, { now: clock, idleMs: sessionLifetime.idleMs })).toBeGreaterThanOrEqual(1);
    expect(await db.sql`select id from sessions where user_id = ${idle.user.id}`).toHaveLength(1);
    expect(await status(appA, active)).toBe(200);
    expect(await status(appA, idle.token)).toBe(401);
  });
});

describe("sessions end in every process", () => {
  test("logout through A: the token is refused through B, which had it in memory", async () => {
    const { token } = await freshSession();
    expect(await status(appB, token)).toBe(200);
    expect((await call(appA, "/api/logout", { method: "POST", token })).status).toBe(204);
    const started = Date.now();
    while ((await status(appB, token)) === 200) {
      if (Date.now() - started > 5000) throw new Error("B still accepts the token 5 s after the logout");
      await Bun.sleep(10);
    }
    expect(await status(appB, token)).toBe(401);
    expect(await status(appA, token)).toBe(401);
  });

  test("a password changed through A ends the other sessions in B; the one that changed it stays", async () => {
    const here = await freshSession();
    const elsewhere = await login(appA, here);
    expect(await status(appB, elsewhere.token)).toBe(200);
    expect(await status(appB, here.token)).toBe(200);
    const changed = await call(appA, "/api/password", {
      json: { currentPassword: here.password, newPassword: "Drachen-steigen-im-Herbstwind-3" },
      token: here.token,
    });
    expect(changed.status).toBe(204);
    const started = Date.now();
    while ((await status(appB, elsewhere.token)) === 200) {
      if (Date.now() - started > 5000) throw new Error("B still accepts the other session 5 s after the change");
      await Bun.sleep(10);
    }
    expect(await status(appB, here.token)).toBe(200);
  });

  test("checking a kept session costs no database round trip", async () => {
    const { token } = await freshSession();
    expect(await status(appB, token)).toBe(200);
    // The session row deleted behind the feed's back (its trigger off): B still answers from
    // memory, so it did not ask the database.
    const { sid } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { sid: string };
    await db.sql`alter table sessions disable trigger sessions_changed`;
    try {
      await db.sql`delete from sessions where id = ${sid}`;
    } finally {
      await db.sql`alter table sessions enable trigger sessions_changed`;
    }
    expect(await status(appB, token)).toBe(200);
    // Once the feed reports a change, the memory is dropped and the deletion shows.
    feedB.changed("sessions");
    expect(await status(appB, token)).toBe(401);
  });
});
