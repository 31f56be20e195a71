import { describe, expect, test } from "bun:test";
import { FailureLimiter } from "../../src/modules/auth/failure-limiter.ts";

describe("FailureLimiter", () => {
  test("blocks after max failures until the window ends", () => {
    let now = 1_000_000;
    const limiter = new FailureLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds("k")).toBe(0);
      limiter.recordFailure("k");
    }
    expect(limiter.retryAfterSeconds("k")).toBe(60);
    expect(limiter.retryAfterSeconds("other")).toBe(0);
    now += 59_500;
    expect(limiter.retryAfterSeconds("k")).toBe(1);
    now += 500;
    expect(limiter.retryAfterSeconds("k")).toBe(0);
  });

  test("reset forgets a key", () => {
    const limiter = new FailureLimiter(1, 60_000);
    limiter.recordFailure("k");
    expect(limiter.retryAfterSeconds("k")).toBeGreaterThan(0);
    limiter.reset("k");
    expect(limiter.retryAfterSeconds("k")).toBe(0);
  });

  test("many distinct keys do not grow it without bound", () => {
    const limiter = new FailureLimiter(1, 60_000);
    for (let i = 0; i < 25_000; i++) limiter.recordFailure(`key-${i}`);
    expect(limiter.retryAfterSeconds("key-24999")).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds("key-0")).toBe(0);
  });
});
