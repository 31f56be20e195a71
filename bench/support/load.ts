// A small HTTP/1.1 load generator on raw sockets (Bun.connect): N keep-alive connections, each
// sending its next request as soon as the previous answer is complete, for a fixed time or a fixed
// number of requests. Raw sockets rather than fetch() so the generator costs little CPU next to
// the server it measures (on a 2-core machine they share the cores).
//
//   const result = await runLoad({ url: "http://127.0.0.1:3000", paths: ["/api/health"], connections: 16, durationMs: 5000 });
//   console.log(formatLoad("health", result));
//
// A mix of requests (bench/mixed.ts): `next` picks each request (method, body, a kind its
// latencies are counted under, a check of its answer), and `url` may list several servers, the
// connections spread over them in turn.

/** One request of a mix. */
export interface LoadRequest {
  /** What its latency is counted under in `byKind`. */
  kind: string;
  method?: "GET" | "POST" | "PUT";
  path: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Called with the whole answer (status and body text); a throw counts as a failure. */
  check?: (status: number, body: string) => void;
}

export interface LoadOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:3000` (plain HTTP only); several: connection i goes to the i-th in turn. */
  url: string | string[];
  /** Request targets, taken in turn (so several searches can be mixed)... */
  paths?: string[];
  /**
   * ...or each next request picked by the caller, given the connection (0 to connections - 1) it
   * goes out on: a person's run of requests (keystrokes) can stay on one connection.
   */
  next?: (connection: number) => LoadRequest;
  headers?: Record<string, string>;
  connections: number;
  /** Stop after this long... */
  durationMs?: number;
  /** ...or after this many requests in all (whichever comes first; at least one must be given). */
  requests?: number;
  /** Ends the run early when aborted. */
  signal?: AbortSignal;
  /** Also count, apart, the requests sent this long after the start (`settled`): a run without its first moments. */
  settledAfterMs?: number;
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
  /** The same per request kind (`next`'s `kind`; `paths` count as "GET"). */
  byKind: Record<string, KindResult>;
  /** Per kind, the latencies of the requests sent from `settledAfterMs` on (failures: see `byKind`); null without it. */
  settled: Record<string, Omit<KindResult, "failures">> | null;
}

export interface KindResult {
  requests: number;
  /** Answers outside 2xx and answers whose check threw. */
  failures: number;
  latency: { p50: number; p90: number; p99: number; p999: number; max: number };
}

const headerEnd = Buffer.from("\r\n\r\n");

export interface Answer {
  end: number;
  status: number;
  bodyStart: number;
  chunked: boolean;
}

/** Where a complete answer ends in `buffer` and its status, or null while more bytes are due. */
export function completeResponse(buffer: Buffer): Answer | null {
  const head = buffer.indexOf(headerEnd);
  if (head < 0) return null;
  const headText = buffer.toString("latin1", 0, head);
  const status = Number(headText.slice(9, 12));
  const bodyStart = head + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(headText);
  if (length?.[1]) {
    const end = bodyStart + Number(length[1]);
    return buffer.length >= end ? { end, status, bodyStart, chunked: false } : null;
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
        return buffer.length >= end ? { end, status, bodyStart, chunked: true } : null;
      }
      offset = lineEnd + 2 + size + 2;
      if (offset > buffer.length) return null;
    }
  }
  // Neither length nor chunks (204, 304): the head is the whole answer.
  return { end: bodyStart, status, bodyStart, chunked: false };
}

/** The body of a complete answer as text (chunks joined). */
export function bodyText(buffer: Buffer, answer: Answer): string {
  if (!answer.chunked) return buffer.toString("utf8", answer.bodyStart, answer.end);
  const parts: Buffer[] = [];
  let offset = answer.bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", offset);
    const size = Number.parseInt(buffer.toString("latin1", offset, lineEnd), 16);
    if (!(size > 0)) break;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts).toString("utf8");
}

/** Latencies in a growing array (bench/support/raw-load.ts counts its own with it too). */
export class Latencies {
  private values = new Float64Array(1 << 12);
  count = 0;
  failures = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }

  summary(): KindResult["latency"] {
    const sorted = this.values.slice(0, this.count).sort();
    return {
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      p999: percentile(sorted, 0.999),
      max: sorted.length > 0 ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
    };
  }
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/** Writes a request of a mix as HTTP/1.1 bytes for `host`, with these headers on every request. */
export function requestEncoder(headers: Record<string, string>): (request: LoadRequest, host: string) => Buffer {
  const extraHeaders = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return (request, host) => {
    const method = request.method ?? "GET";
    if (request.json === undefined) {
      return Buffer.from(`${method} ${request.path} HTTP/1.1\r\nHost: ${host}\r\nAccept: */*\r\n${extraHeaders}\r\n`);
    }
    const body = Buffer.from(JSON.stringify(request.json));
    const head =
      `${method} ${request.path} HTTP/1.1\r\nHost: ${host}\r\nAccept: */*\r\n${extraHeaders}` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    return Buffer.concat([Buffer.from(head), body]);
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.durationMs === undefined && options.requests === undefined) {
    throw new Error("runLoad needs durationMs or requests");
  }
  const origins = (Array.isArray(options.url) ? options.url : [options.url]).map((url) => new URL(url));
  if (origins.length === 0 || origins.some((origin) => origin.protocol !== "http:")) {
    throw new Error("runLoad speaks plain HTTP only");
  }
  const encode = requestEncoder(options.headers ?? {});
  const paths = options.paths ?? [];
  if (!options.next && paths.length === 0) throw new Error("runLoad needs at least one path");
  let nextPath = 0;
  const pick: (connection: number) => LoadRequest =
    options.next ?? (() => ({ kind: "GET", path: paths[nextPath++ % paths.length] as string }) satisfies LoadRequest);

  const all = new Latencies();
  const kinds = new Map<string, Latencies>();
  const settledKinds = new Map<string, Latencies>();
  let started = 0;
  let socketErrors = 0;
  let firstFailure: string | null = null;
  const budget = options.requests ?? Number.POSITIVE_INFINITY;
  const startedAt = performance.now();
  const deadline = options.durationMs === undefined ? Number.POSITIVE_INFINITY : startedAt + options.durationMs;

  const over = () => performance.now() >= deadline || started >= budget || options.signal?.aborted === true;
  const fail = (kind: Latencies, why: string) => {
    all.failures++;
    kind.failures++;
    firstFailure ??= why;
  };

  await Promise.all(
    Array.from({ length: options.connections }, async (_, connection) => {
      const origin = origins[connection % origins.length] as URL;
      const hostname = origin.hostname.replace(/^\[|\]$/g, "");
      const port = Number(origin.port || 80);
      // Each connection loops until time or budget runs out; a broken one is replaced.
      while (!over()) {
        await new Promise<void>((resolve) => {
          let buffer = Buffer.alloc(0);
          let sentAt = 0;
          let current: LoadRequest | null = null;
          let finished = false;
          const finish = (socket?: Bun.Socket) => {
            if (finished) return;
            finished = true;
            socket?.end();
            resolve();
          };
          const sendNext = (socket: Bun.Socket) => {
            if (over()) return finish(socket);
            started++;
            current = pick(connection);
            sentAt = performance.now();
            socket.write(encode(current, origin.host));
          };
          Bun.connect({
            hostname,
            port,
            socket: {
              open: sendNext,
              data(socket, chunk) {
                buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
                const answer = completeResponse(buffer);
                if (!answer || !current) return;
                const ms = performance.now() - sentAt;
                let kind = kinds.get(current.kind);
                if (!kind) {
                  kind = new Latencies();
                  kinds.set(current.kind, kind);
                }
                all.add(ms);
                kind.add(ms);
                if (options.settledAfterMs !== undefined && sentAt - startedAt >= options.settledAfterMs) {
                  let settled = settledKinds.get(current.kind);
                  if (!settled) {
                    settled = new Latencies();
                    settledKinds.set(current.kind, settled);
                  }
                  settled.add(ms);
                }
                if (answer.status < 200 || answer.status > 299) {
                  fail(
                    kind,
                    `${current.kind} ${answer.status}: ${buffer.toString("utf8", 0, Math.min(buffer.length, 300))}`,
                  );
                } else if (current.check) {
                  try {
                    current.check(answer.status, bodyText(buffer, answer));
                  } catch (error) {
                    fail(kind, `${current.kind} ${current.path}: ${error instanceof Error ? error.message : error}`);
                  }
                }
                current = null;
                buffer = buffer.subarray(answer.end);
                sendNext(socket);
              },
              close() {
                if (current) socketErrors++;
                finish();
              },
              error() {
                if (current) socketErrors++;
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
  const summaries = (of: Map<string, Latencies>) => {
    const summary: Record<string, KindResult> = {};
    for (const [name, kind] of of)
      summary[name] = { requests: kind.count, failures: kind.failures, latency: kind.summary() };
    return summary;
  };
  return {
    requests: all.count,
    failures: all.failures,
    socketErrors,
    seconds,
    requestsPerSecond: all.count / seconds,
    latency: all.summary(),
    firstFailure,
    byKind: summaries(kinds),
    settled: options.settledAfterMs === undefined ? null : summaries(settledKinds),
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
