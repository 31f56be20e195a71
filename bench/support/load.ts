// A small HTTP/1.1 load generator on raw sockets (Bun.connect): N keep-alive connections, each
// sending its next request as soon as the previous answer is complete, for a fixed time or a fixed
// number of requests. Raw sockets rather than fetch() so the generator costs little CPU next to
// the server it measures (on a 2-core machine they share the cores).
//
//   const result = await runLoad({ url: "http://127.0.0.1:3000", paths: ["/api/health"], connections: 16, durationMs: 5000 });
//   console.log(formatLoad("health", result));

export interface LoadOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:3000` (plain HTTP only). */
  url: string;
  /** Request targets, taken in turn (so several searches can be mixed). */
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  /** Stop after this long... */
  durationMs?: number;
  /** ...or after this many requests in all (whichever comes first; at least one must be given). */
  requests?: number;
}

export interface LoadResult {
  requests: number;
  /** Answers outside 2xx. */
  failures: number;
  /** Connections that broke (closed or errored mid-request). */
  socketErrors: number;
  seconds: number;
  requestsPerSecond: number;
  /** Milliseconds from writing a request to having read its whole answer. */
  latency: { p50: number; p90: number; p99: number; max: number };
  /** Status code of the first failed answer, to tell what went wrong. */
  firstFailure: string | null;
}

const headerEnd = Buffer.from("\r\n\r\n");

/** Where a complete answer ends in `buffer` and its status, or null while more bytes are due. */
function completeResponse(buffer: Buffer): { end: number; status: number } | null {
  const head = buffer.indexOf(headerEnd);
  if (head < 0) return null;
  const headText = buffer.toString("latin1", 0, head);
  const status = Number(headText.slice(9, 12));
  const bodyStart = head + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(headText);
  if (length?.[1]) {
    const end = bodyStart + Number(length[1]);
    return buffer.length >= end ? { end, status } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(headText)) {
    let offset = bodyStart;
    for (;;) {
      const lineEnd = buffer.indexOf("\r\n", offset);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(buffer.toString("latin1", offset, lineEnd), 16);
      if (size === 0) {
        // No trailers are expected: the last chunk is "0\r\n\r\n".
        const end = lineEnd + 4;
        return buffer.length >= end ? { end, status } : null;
      }
      offset = lineEnd + 2 + size + 2;
      if (offset > buffer.length) return null;
    }
  }
  // Neither length nor chunks (204, 304): the head is the whole answer.
  return { end: bodyStart, status };
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.durationMs === undefined && options.requests === undefined) {
    throw new Error("runLoad needs durationMs or requests");
  }
  const origin = new URL(options.url);
  if (origin.protocol !== "http:") throw new Error("runLoad speaks plain HTTP only");
  const extraHeaders = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const requests = options.paths.map((path) =>
    Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${origin.host}\r\nAccept: */*\r\n${extraHeaders}\r\n`),
  );
  if (requests.length === 0) throw new Error("runLoad needs at least one path");

  let latencies = new Float64Array(1 << 16);
  let completed = 0;
  let started = 0;
  let failures = 0;
  let socketErrors = 0;
  let firstFailure: string | null = null;
  let nextPath = 0;
  const budget = options.requests ?? Number.POSITIVE_INFINITY;
  const startedAt = performance.now();
  const deadline = options.durationMs === undefined ? Number.POSITIVE_INFINITY : startedAt + options.durationMs;

  function record(ms: number): void {
    if (completed === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[completed++] = ms;
  }

  const hostname = origin.hostname.replace(/^\[|\]$/g, "");
  const port = Number(origin.port || 80);

  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      // Each connection loops until time or budget runs out; a broken one is replaced.
      while (performance.now() < deadline && started < budget) {
        await new Promise<void>((resolve) => {
          let buffer = Buffer.alloc(0);
          let sentAt = 0;
          let inFlight = false;
          let finished = false;
          const finish = (socket?: Bun.Socket) => {
            if (finished) return;
            finished = true;
            socket?.end();
            resolve();
          };
          const sendNext = (socket: Bun.Socket) => {
            if (performance.now() >= deadline || started >= budget) return finish(socket);
            started++;
            inFlight = true;
            const request = requests[nextPath++ % requests.length] as Buffer;
            sentAt = performance.now();
            socket.write(request);
          };
          Bun.connect({
            hostname,
            port,
            socket: {
              open: sendNext,
              data(socket, chunk) {
                buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
                const answer = completeResponse(buffer);
                if (!answer) return;
                record(performance.now() - sentAt);
                inFlight = false;
                if (answer.status < 200 || answer.status > 299) {
                  failures++;
                  firstFailure ??= `${answer.status}: ${buffer.toString("utf8", 0, Math.min(buffer.length, 300))}`;
                }
                buffer = buffer.subarray(answer.end);
                sendNext(socket);
              },
              close() {
                if (inFlight) socketErrors++;
                finish();
              },
              error() {
                if (inFlight) socketErrors++;
                finish();
              },
            },
          }).catch(() => {
            socketErrors++;
            finish();
          });
        });
      }
    }),
  );

  const seconds = (performance.now() - startedAt) / 1000;
  const sorted = latencies.slice(0, completed).sort();
  return {
    requests: completed,
    failures,
    socketErrors,
    seconds,
    requestsPerSecond: completed / seconds,
    latency: {
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      max: sorted.length > 0 ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
    },
    firstFailure,
  };
}

/** One line: `label  12345 req/s  p50 0.61 ms  p99 2.10 ms  (61234 requests, 0 failed)`. */
export function formatLoad(label: string, result: LoadResult): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const failed = result.failures + result.socketErrors;
  return [
    label.padEnd(28),
    `${Math.round(result.requestsPerSecond).toString().padStart(7)} req/s`,
    `p50 ${ms(result.latency.p50).padStart(9)}`,
    `p99 ${ms(result.latency.p99).padStart(9)}`,
    `max ${ms(result.latency.max).padStart(9)}`,
    `(${result.requests} requests, ${failed} failed)`,
  ].join("  ");
}
