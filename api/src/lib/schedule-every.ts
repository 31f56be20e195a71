/** When a scheduled job first runs after start, and how often after that. */
export interface Schedule {
  firstAfterMs: number;
  everyMs: number;
}

/**
 * Runs `job` in an API process `firstAfterMs` after start and then every `everyMs`, one run at a
 * time: a tick while a run is still going is skipped (the jobs hold a session advisory lock, and
 * the embedded database's one session would stack a second). The timers never keep the process
 * alive. A run that fails is logged as "[api] <what> failed:", unless it failed because the
 * process is stopping; the job is handed the signal that stopping aborts.
 *
 * Returns the stop: no run starts after it, the signal is aborted, and it resolves once a run in
 * progress has ended.
 */
export function scheduleEvery(
  what: string,
  job: (signal: AbortSignal) => Promise<unknown>,
  { firstAfterMs, everyMs }: Schedule,
): () => Promise<void> {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = job(stopping.signal)
      .then(
        () => {},
        (error: unknown) => {
          if (!stopping.signal.aborted) console.error(`[api] ${what} failed:`, error);
        },
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, firstAfterMs);
  const every = setInterval(tick, everyMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    stopping.abort();
    await running;
  };
}
