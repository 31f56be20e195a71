import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { LoadRequest } from "../support/load.ts";
import { httpClient, runOpenLoop } from "../support/open-loop.ts";

// The open-loop generator against a server in another process that stalls: the latencies of the
// requests due during a stall count from when they were due (a closed loop would have sent them
// only after it, and timed them as fast), and follow-ups leave at their offsets.
let server: ReturnType<typeof Bun.spawn<"ignore", "pipe", "inherit">>;
let origin = "";

beforeAll(async () => {
  server = Bun.spawn(["bun", join(import.meta.dir, "stall-server.ts")], { stdout: "pipe", stderr: "inherit" });
  const reader = server.stdout.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  origin = `http://127.0.0.1:${new TextDecoder().decode(value).trim()}`;
});

afterAll(() => server.kill());

describe("runOpenLoop", () => {
  test("requests due during a 300 ms stall count their wait from when they were due", async () => {
    const client = httpClient([origin], {});
    const rate = 200;
    const result = await runOpenLoop<LoadRequest>({
      rate,
      durationMs: 1000,
      // The 41st arrival (due at 200 ms) stalls the server for 300 ms.
      next: (index) => ({ item: index === 40 ? { kind: "stall", path: "/stall" } : { kind: "fast", path: "/fast" } }),
      execute: client.send,
    });
    client.close();
    expect(result.failures).toBe(0);
    expect(result.requests).toBeGreaterThanOrEqual(rate - 2);
    expect(result.requests).toBeLessThanOrEqual(rate + 1);
    const fast = result.byKind.fast;
    // About 60 requests were due while the server was busy (200-500 ms): each waited for the end
    // of the stall, the earliest nearly 300 ms. More than 1 % of 200, so p99 shows it.
    expect(fast?.latency.max).toBeGreaterThan(250);
    expect(fast?.latency.p99).toBeGreaterThan(200);
    // The others were quick: the median is far below the stall.
    expect(fast?.latency.p50).toBeLessThan(100);
  }, 30_000);

  test("follow-ups leave at their offsets after their arrival", async () => {
    const client = httpClient([origin], {});
    const startedAt = performance.timeOrigin + performance.now();
    await runOpenLoop<LoadRequest>({
      rate: 10,
      durationMs: 1000,
      next: (index) =>
        index === 0
          ? {
              item: { kind: "note", path: "/note/first" },
              followUps: [
                { afterMs: 300, item: { kind: "note", path: "/note/after-300" } },
                { afterMs: 650, item: { kind: "note", path: "/note/after-650" } },
                // Past the window's end: never sent.
                { afterMs: 5000, item: { kind: "note", path: "/note/too-late" } },
              ],
            }
          : { item: { kind: "fast", path: "/fast" } },
      execute: client.send,
    });
    client.close();
    const arrivals = (await (await fetch(`${origin}/arrivals`)).json()) as { path: string; at: number }[];
    expect(arrivals.map((arrival) => arrival.path)).toEqual(["/note/first", "/note/after-300", "/note/after-650"]);
    const [first, second, third] = arrivals.map((arrival) => arrival.at - startedAt);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThan(280);
    expect((second ?? 0) - (first ?? 0)).toBeLessThan(550);
    expect((third ?? 0) - (first ?? 0)).toBeGreaterThan(630);
    expect((third ?? 0) - (first ?? 0)).toBeLessThan(900);
  }, 30_000);

  test("an answer outside 2xx and a failed check count as failures", async () => {
    const client = httpClient([origin], {});
    const result = await runOpenLoop<LoadRequest>({
      rate: 20,
      durationMs: 500,
      next: (index) => ({
        item:
          index % 2 === 0
            ? { kind: "fast", path: "/fast" }
            : {
                kind: "checked",
                path: "/fast",
                check: () => {
                  throw new Error("not what was expected");
                },
              },
      }),
      execute: client.send,
    });
    client.close();
    expect(result.byKind.fast?.failures).toBe(0);
    expect(result.byKind.checked?.failures).toBe(result.byKind.checked?.requests);
    expect(result.firstFailure).toContain("not what was expected");
  }, 30_000);
});
