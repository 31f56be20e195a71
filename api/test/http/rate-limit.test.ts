import { afterAll, describe, expect, test } from "bun:test";
import { postgresRateLimit } from "../../src/http/rate-limit.ts";
import { createTestDatabase } from "../support/database.ts";

const db = await createTestDatabase();
afterAll(() => db.drop());

let limits = 0;
/** A limit of its own name, so tests do not share counters. */
function newLimit(max: number, windowMs = 60_000) {
  return postgresRateLimit(db.sql, { name: `test-${++limits}`, max, windowMs });
}

describe("postgresRateLimit", () => {
  test("allows max hits per window, refuses more until the window ends", async () => {
    const limit = newLimit(3, 1500);
    for (let i = 0; i < 3; i++) expect(await limit.hit("k")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await limit.hit("k");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(2);
    expect((await limit.hit("other")).allowed).toBe(true);
    await Bun.sleep(1600);
    expect(await limit.hit("k")).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  test("Retry-After counts down the window's rest in whole seconds", async () => {
    const limit = newLimit(1, 15 * 60 * 1000);
    await limit.hit("k");
    const refused = await limit.hit("k");
    expect(refused.retryAfterSeconds).toBeGreaterThan(15 * 60 - 5);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  test("concurrent hits are each counted: no more than max are allowed", async () => {
    const limit = newLimit(5);
    const hits = await Promise.all(Array.from({ length: 20 }, () => limit.hit("k")));
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(5);
  });

  test("two limits of one name count together, as two processes do", async () => {
    const name = `shared-${crypto.randomUUID()}`;
    const one = postgresRateLimit(db.sql, { name, max: 4, windowMs: 60_000 });
    const other = postgresRateLimit(db.sql, { name, max: 4, windowMs: 60_000 });
    const hits = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? one : other).hit("k")));
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(4);
  });

  test("reset forgets a key; release takes back one event", async () => {
    const limit = newLimit(2);
    await limit.hit("k");
    await limit.hit("k");
    expect((await limit.hit("k")).allowed).toBe(false);
    await limit.reset("k");
    expect((await limit.hit("k")).allowed).toBe(true);
    expect((await limit.hit("k")).allowed).toBe(true);
    await limit.release("k");
    expect((await limit.hit("k")).allowed).toBe(true);
    expect((await limit.hit("k")).allowed).toBe(false);
    // Releasing a key that has nothing counted does not go below zero.
    await limit.release("fresh");
    await limit.release("fresh");
    expect((await limit.hit("fresh")).allowed).toBe(true);
    expect((await limit.hit("fresh")).allowed).toBe(true);
    expect((await limit.hit("fresh")).allowed).toBe(false);
  });

  test("a refused key's count stays bounded however often it is hit", async () => {
    const limit = newLimit(2);
    for (let i = 0; i < 50; i++) await limit.hit("k");
    const [row] = await db.sql<{ events: number }[]>`
      select events from rate_limit_counters where key = 'k' and limit_name = ${`test-${limits}`}`;
    expect(row?.events).toBe(3);
  });

  test("over-long keys (an e-mail of 100 KB) are counted by their hash", async () => {
    const limit = newLimit(1);
    const key = "x".repeat(100_000);
    expect((await limit.hit(key)).allowed).toBe(true);
    expect((await limit.hit(key)).allowed).toBe(false);
    expect((await limit.hit(`${key}y`)).allowed).toBe(true);
  });

  test("ended windows are removed", async () => {
    const limit = newLimit(1, 100);
    await limit.hit("a");
    await limit.hit("b");
    await Bun.sleep(150);
    expect(await limit.removeExpired()).toBe(2);
    expect(await limit.removeExpired()).toBe(0);
  });
});
