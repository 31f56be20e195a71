// The one timer of the API's periodic jobs (audit purge, blob upkeep, scheduled backup).
import { expect, onTestFinished, spyOn, test } from "bun:test";
import { scheduleEvery } from "../../src/lib/schedule-every.ts";

/** Until `condition` holds; fails after 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 5000) throw new Error("condition not met within 5 s");
    await Bun.sleep(2);
  }
}

/** A job that runs until `finish()` is called, counting its runs. */
function blockingJob() {
  const state = { runs: 0, signal: null as AbortSignal | null, finish: () => {} };
  const job = (signal: AbortSignal) => {
    state.runs++;
    state.signal = signal;
    return new Promise<void>((resolve) => {
      state.finish = resolve;
    });
  };
  return { state, job };
}

test("runs after the first delay and then again, one run at a time: ticks during a run are skipped", async () => {
  const { state, job } = blockingJob();
  const stop = scheduleEvery("the test job", job, { firstAfterMs: 1, everyMs: 3 });
  onTestFinished(() => {
    state.finish();
    return stop();
  });
  await until(() => state.runs === 1);
  // Many intervals pass while the run goes on: none starts a second.
  await Bun.sleep(30);
  expect(state.runs).toBe(1);
  state.finish();
  await until(() => state.runs === 2);
});

test("stop aborts the run's signal, waits for it to end, and no run starts after it", async () => {
  const { state, job } = blockingJob();
  const stop = scheduleEvery("the test job", job, { firstAfterMs: 1, everyMs: 3 });
  await until(() => state.runs === 1);
  let stopped = false;
  const stopping = stop().then(() => {
    stopped = true;
  });
  expect(state.signal?.aborted).toBe(true);
  await Bun.sleep(10);
  expect(stopped).toBe(false);
  state.finish();
  await stopping;
  await Bun.sleep(20);
  expect(state.runs).toBe(1);
});

test("a failed run is logged with the job's name, and the next runs; a failure while stopping is not", async () => {
  const logged = spyOn(console, "error").mockImplementation(() => {});
  onTestFinished(() => logged.mockRestore());
  let runs = 0;
  const stop = scheduleEvery(
    "the test job",
    async (signal) => {
      runs++;
      if (runs === 2) {
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
        throw new Error("aborted");
      }
      throw new Error("kaputt");
    },
    { firstAfterMs: 1, everyMs: 3 },
  );
  await until(() => runs === 2);
  await stop();
  expect(logged.mock.calls).toEqual([["[api] the test job failed:", new Error("kaputt")]]);
});

test("the timers do not keep the process alive", async () => {
  const child = Bun.spawn(
    [
      "bun",
      "-e",
      `import { scheduleEvery } from ${JSON.stringify(`${import.meta.dir}/../../src/lib/schedule-every.ts`)}; scheduleEvery("x", async () => {}, { firstAfterMs: 60_000, everyMs: 60_000 });`,
    ],
    { stdout: "ignore", stderr: "inherit" },
  );
  const exited = await Promise.race([child.exited, Bun.sleep(5000).then(() => "still running")]);
  if (exited === "still running") child.kill();
  expect(exited).toBe(0);
});
