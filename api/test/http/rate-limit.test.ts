import { describe, expect, test } from "bun:test";
import { memoryRateLimit } from "../../src/http/rate-limit.ts";

describe("memoryRateLimit", () => {
  test("allows max hits per window, refuses more until the window ends", async () => {
    let now = 1_000_000;
    const limit = memoryRateLimit({ max: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) expect(await limit.hit("k")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await limit.hit("k")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await limit.hit("other")).allowed).toBe(true);
    now += 59_500;
    expect(await limit.hit("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 500;
    expect(await limit.hit("k")).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  test("concurrent hits are each counted: no more than max are allowed", async () => {
    const limit = memoryRateLimit({ max: 5, windowMs: 60_000 });
    const hits = await Promise.all(Array.from({ length: 20 }, () => limit.hit("k")));
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(5);
  });

  test("reset forgets a key", async () => {
    const limit = memoryRateLimit({ max: 1, windowMs: 60_000 });
    await limit.hit("k");
    expect((await limit.hit("k")).allowed).toBe(false);
    await limit.reset("k");
    expect((await limit.hit("k")).allowed).toBe(true);
  });

  test("many distinct keys do not grow it without bound", async () => {
    const limit = memoryRateLimit({ max: 1, windowMs: 60_000 });
    for (let i = 0; i < 25_000; i++) await limit.hit(`key-${i}`);
    // The newest key is still counted; the oldest was dropped and starts afresh.
    expect((await limit.hit("key-24999")).allowed).toBe(false);
    expect((await limit.hit("key-0")).allowed).toBe(true);
  });
});
