import { expect, test } from "bun:test";
import { concurrencyLimit } from "../../src/lib/concurrency-limit.ts";

test("at most `max` tasks run at once; the others start in the order they came, as places free up", async () => {
  const limit = concurrencyLimit(2);
  const gates = Array.from({ length: 5 }, () => Promise.withResolvers<void>());
  const started: number[] = [];
  let running = 0;
  let most = 0;
  const done = gates.map((gate, index) =>
    limit(async () => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      await gate.promise;
      running--;
      return index;
    }),
  );
  await Bun.sleep(0);
  expect(started).toEqual([0, 1]);
  gates[1]?.resolve();
  await Bun.sleep(0);
  expect(started).toEqual([0, 1, 2]);
  for (const gate of gates) gate.resolve();
  expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
  expect(started).toEqual([0, 1, 2, 3, 4]);
  expect(most).toBe(2);
});

test("a task that fails gives its place to the next and its caller the error", async () => {
  const limit = concurrencyLimit(1);
  const failing = limit(() => Promise.reject(new Error("kaputt")));
  const next = limit(async () => "weiter");
  await expect(failing).rejects.toThrow("kaputt");
  expect(await next).toBe("weiter");
});

test("a limit below one is refused", () => {
  expect(() => concurrencyLimit(0)).toThrow();
});
