// The load of `load.ts`, but each request an async call in this process (a statement sent
// straight to PostgreSQL through postgres.js) instead of an HTTP request: N workers, each starting
// its next call as soon as the previous one settled, for a fixed time. It reports in `load.ts`'s
// shape, so a raw-SQL baseline prints and compares like the HTTP load it is the baseline of.
//
//   const result = await runCalls({ connections: 32, durationMs: 5000, next: (worker) => ({ kind: "x", run: () => sql`select 1` }) });
import { type KindResult, Latencies, type LoadResult } from "./load.ts";

/** One call of a mix: what its latency is counted under, and the call (a throw counts as a failure). */
export interface LoadCall {
  kind: string;
  run: () => Promise<unknown>;
}

export interface CallOptions {
  /** How many calls are under way at once (the workers; give the pool as many connections). */
  connections: number;
  durationMs: number;
  /** The next call of worker `worker` (0 to connections - 1), as `runLoad`'s `next` per connection. */
  next: (worker: number) => LoadCall;
}

export async function runCalls({ connections, durationMs, next }: CallOptions): Promise<LoadResult> {
  const all = new Latencies();
  const kinds = new Map<string, Latencies>();
  let firstFailure: string | null = null;
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const call = next(worker);
        let kind = kinds.get(call.kind);
        if (!kind) {
          kind = new Latencies();
          kinds.set(call.kind, kind);
        }
        const sentAt = performance.now();
        let failed: unknown = null;
        try {
          await call.run();
        } catch (error) {
          failed = error ?? "failed";
        }
        const ms = performance.now() - sentAt;
        all.add(ms);
        kind.add(ms);
        if (failed !== null) {
          all.failures++;
          kind.failures++;
          firstFailure ??= `${call.kind}: ${failed instanceof Error ? failed.message : String(failed)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const byKind: Record<string, KindResult> = {};
  for (const [name, kind] of kinds) {
    byKind[name] = { requests: kind.count, failures: kind.failures, latency: kind.summary() };
  }
  return {
    requests: all.count,
    failures: all.failures,
    socketErrors: 0,
    seconds,
    requestsPerSecond: all.count / seconds,
    latency: all.summary(),
    firstFailure,
    byKind,
    settled: null,
  };
}
