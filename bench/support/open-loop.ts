// An open-loop load: requests leave on a fixed schedule (a constant arrival rate) whatever the
// answers do, and each latency is counted from when its request was due, not from when it could
// be sent, so a slow answer delays no later request and hides no waiting (no coordinated
// omission). A request due while every connection is busy goes out on a new connection. The
// generator reports how late it was itself (from due to written), so a figure that only measures
// the generator is seen as such.
//
//   const client = httpClient(origins, headers);
//   const result = await runOpenLoop({ rate: 1000, durationMs: 30_000, next, execute: client.send });
//   client.close();
//
// The same schedule drives calls in this process (`execute` runs a statement straight on the
// database) for the raw-SQL baseline of bench/open-loop.ts.
import {
  type Answer,
  bodyText,
  completeResponse,
  type KindResult,
  Latencies,
  type LoadRequest,
  requestEncoder,
} from "./load.ts";

/** What the schedule sends at one moment: a request, and any it brings after it (the keystrokes of a typed search). */
export interface Arrival<Item extends { kind: string }> {
  item: Item;
  /** Sent `afterMs` after this arrival was due, if that is still within the window. */
  followUps?: { afterMs: number; item: Item }[];
}

export interface OpenLoopOptions<Item extends { kind: string }> {
  /** Arrivals per second (follow-ups come on top). */
  rate: number;
  durationMs: number;
  /** The i-th arrival. */
  next(index: number): Arrival<Item>;
  /** Sends one item and settles once it is answered; a rejection counts as a failure. */
  execute(item: Item): Promise<void>;
  /** How long the window waits for answers still out after its end; those not in then count as failed. */
  drainMs?: number;
}

export interface OpenLoopResult {
  /** Arrivals per second the schedule offered, follow-ups included, over the window. */
  offeredPerSecond: number;
  /** Answers (of any status) per second over the window and its drain. */
  answeredPerSecond: number;
  requests: number;
  failures: number;
  /** Requests still out when the drain ended (counted among the failures). */
  unanswered: number;
  firstFailure: string | null;
  seconds: number;
  /** Milliseconds from due to answered, per kind and over all. */
  byKind: Record<string, KindResult>;
  all: KindResult["latency"];
  /** Milliseconds from due to written: the generator's own lateness. */
  lateness: KindResult["latency"];
}

/** Runs one window of the schedule; see the file's head. */
export async function runOpenLoop<Item extends { kind: string }>(
  options: OpenLoopOptions<Item>,
): Promise<OpenLoopResult> {
  const { rate, durationMs, next, execute, drainMs = 10_000 } = options;
  const interval = 1000 / rate;
  const all = new Latencies();
  const lateness = new Latencies();
  const kinds = new Map<string, Latencies>();
  const kindOf = (name: string) => {
    let kind = kinds.get(name);
    if (!kind) {
      kind = new Latencies();
      kinds.set(name, kind);
    }
    return kind;
  };
  let firstFailure: string | null = null;
  let sent = 0;
  const out = new Set<Promise<void>>();
  // Follow-ups waiting for their moment, kept sorted by when they are due.
  const later: { due: number; item: Item }[] = [];
  const start = performance.now() + 20;

  const fire = (due: number, item: Item) => {
    sent++;
    lateness.add(performance.now() - start - due);
    const kind = kindOf(item.kind);
    const done = execute(item).then(
      () => {
        const ms = performance.now() - start - due;
        all.add(ms);
        kind.add(ms);
      },
      (error: unknown) => {
        const ms = performance.now() - start - due;
        all.add(ms);
        kind.add(ms);
        all.failures++;
        kind.failures++;
        firstFailure ??= `${item.kind}: ${error instanceof Error ? error.message : String(error)}`;
      },
    );
    out.add(done);
    done.finally(() => out.delete(done));
  };

  let index = 0;
  for (;;) {
    const now = performance.now() - start;
    if (now >= durationMs) break;
    while (index * interval <= now) {
      const due = index * interval;
      const arrival = next(index++);
      fire(due, arrival.item);
      for (const followUp of arrival.followUps ?? []) {
        const at = due + followUp.afterMs;
        if (at >= durationMs) continue;
        const position = later.findIndex((waiting) => waiting.due > at);
        later.splice(position < 0 ? later.length : position, 0, { due: at, item: followUp.item });
      }
    }
    while (later.length > 0 && (later[0]?.due ?? Number.POSITIVE_INFINITY) <= now) {
      const waiting = later.shift() as { due: number; item: Item };
      fire(waiting.due, waiting.item);
    }
    const nextDue = Math.min(index * interval, later[0]?.due ?? Number.POSITIVE_INFINITY);
    const wait = nextDue - (performance.now() - start);
    // Timers fire a millisecond late at best: sleep until just before, then yield until due.
    if (wait > 1.5) await Bun.sleep(wait - 1);
    else await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const windowSeconds = (performance.now() - start) / 1000;
  const drained = await Promise.race([Promise.all([...out]).then(() => true), Bun.sleep(drainMs).then(() => false)]);
  const unanswered = drained ? 0 : out.size;
  if (unanswered > 0) {
    all.failures += unanswered;
    firstFailure ??= `${unanswered} requests unanswered ${drainMs} ms after the window`;
  }
  const seconds = (performance.now() - start) / 1000;
  const byKind: Record<string, KindResult> = {};
  for (const [name, kind] of kinds) {
    byKind[name] = { requests: kind.count, failures: kind.failures, latency: kind.summary() };
  }
  return {
    offeredPerSecond: sent / windowSeconds,
    answeredPerSecond: all.count / seconds,
    requests: sent,
    failures: all.failures,
    unanswered,
    firstFailure,
    seconds,
    byKind,
    all: all.summary(),
    lateness: lateness.summary(),
  };
}

/** A keep-alive connection of the pool. */
interface Connection {
  socket: Bun.Socket;
  buffer: Buffer;
  /** The request it waits on the answer of, or null while idle. */
  waiting: { request: LoadRequest; resolve: () => void; reject: (error: Error) => void } | null;
}

export interface HttpClient {
  /** Sends on an idle connection (a new one if none is), settles when the whole answer is in. */
  send(request: LoadRequest): Promise<void>;
  /** How many connections were opened in all. */
  opened(): number;
  close(): void;
}

/**
 * HTTP/1.1 over raw keep-alive sockets (Bun.connect), as load.ts, but as a pool: a request takes
 * an idle connection of the next origin in turn or opens one, so it never waits for another's
 * answer. A non-2xx answer or a failed `check` rejects.
 */
export function httpClient(origins: string[], headers: Record<string, string>): HttpClient {
  const encode = requestEncoder(headers);
  const targets = origins.map((origin) => {
    const url = new URL(origin);
    if (url.protocol !== "http:") throw new Error("httpClient speaks plain HTTP only");
    return { url, idle: [] as Connection[], all: new Set<Connection>() };
  });
  let turn = 0;
  let opened = 0;

  const settle = (connection: Connection, answer: Answer) => {
    const waiting = connection.waiting;
    if (!waiting) return;
    const body = connection.buffer;
    connection.buffer = body.subarray(answer.end);
    connection.waiting = null;
    if (answer.status < 200 || answer.status > 299) {
      waiting.reject(new Error(`${answer.status}: ${body.toString("utf8", 0, Math.min(body.length, 300))}`));
    } else {
      try {
        waiting.request.check?.(answer.status, bodyText(body, answer));
        waiting.resolve();
      } catch (error) {
        waiting.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };

  const connect = async (target: (typeof targets)[number]): Promise<Connection> => {
    opened++;
    const connection = { buffer: Buffer.alloc(0), waiting: null } as unknown as Connection;
    const lost = () => {
      target.all.delete(connection);
      const index = target.idle.indexOf(connection);
      if (index >= 0) target.idle.splice(index, 1);
      connection.waiting?.reject(new Error("connection closed mid-request"));
      connection.waiting = null;
    };
    connection.socket = await Bun.connect({
      hostname: target.url.hostname.replace(/^\[|\]$/g, ""),
      port: Number(target.url.port || 80),
      socket: {
        data(_socket, chunk) {
          connection.buffer =
            connection.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([connection.buffer, chunk]);
          const answer = completeResponse(connection.buffer);
          if (!answer) return;
          settle(connection, answer);
          target.idle.push(connection);
        },
        close: lost,
        error: lost,
      },
    });
    target.all.add(connection);
    return connection;
  };

  return {
    async send(request) {
      const target = targets[turn++ % targets.length] as (typeof targets)[number];
      const connection = target.idle.pop() ?? (await connect(target));
      const { promise, resolve, reject } = Promise.withResolvers<void>();
      connection.waiting = { request, resolve, reject };
      connection.socket.write(encode(request, target.url.host));
      return promise;
    },
    opened: () => opened,
    close() {
      for (const target of targets) for (const connection of target.all) connection.socket.end();
    },
  };
}
