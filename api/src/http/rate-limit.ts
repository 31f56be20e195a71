import type { Sql } from "../db/open.ts";
import { HttpError } from "./errors.ts";

/** The answer to one counted event. */
export interface RateLimitHit {
  /** Whether this event is within the allowance of its key. */
  allowed: boolean;
  /** When not allowed: seconds until the key's window ends (at least 1); 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * At most `max` events per key within a fixed window that starts with the key's first event.
 * Every method is one round trip to wherever the counters live.
 */
export interface RateLimit {
  /**
   * Counts one event for `key` and answers, in the same step, whether it is within the allowance.
   * Counting and deciding at once means concurrent events cannot all slip through on a stale count.
   */
  hit(key: string): Promise<RateLimitHit>;
  /**
   * Takes back one event that `hit` counted and that turned out not to be one of the events
   * limited (a login that succeeded is no failure). Counting first and taking back afterwards
   * keeps parallel requests from outrunning the limit; taking back only one's own event means no
   * request can clear what others counted.
   */
  release(key: string): Promise<void>;
  /** Forgets every event of `key` (a successful login ends its account's run of failures). */
  reset(key: string): Promise<void>;
}

export interface RateLimitOptions {
  /** Names the limit's counters; unique per limit. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Where the app's limits keep their counters: each module asks it for its limits by name. The
 * API runs `postgresRateLimits` (one allowance per deployment); tests may scope it.
 */
export type RateLimitStore = (options: RateLimitOptions) => RateLimit;

/** The 429 of a refused event: `message` and when to try again. */
export function tooManyRequests(message: string, hit: RateLimitHit): HttpError {
  return new HttpError(429, "rate-limited", message, { "Retry-After": String(Math.max(1, hit.retryAfterSeconds)) });
}

/** Keys longer than this (an over-long e-mail at login) are stored as their SHA-256. */
const maxKeyChars = 200;

function storedKey(key: string): string {
  if (key.length <= maxKeyChars) return key;
  return `sha256:${new Bun.CryptoHasher("sha256").update(key).digest("hex")}`;
}

/** How often a limit removes its ended windows, at most: on a hit, without the hit waiting. */
const cleanupIntervalMs = 5 * 60 * 1000;

/**
 * A limit whose counters are rows of `rate_limit_counters` (migration 010), shared by every API
 * process on the database and kept across restarts, so N processes allow exactly what one does.
 * A hit is one statement: insert the key's row, or count on in it, starting a new window when
 * the old one has ended; the row lock makes concurrent hits (from any process) count one after
 * another. Windows are timed by the database's clock, the one clock all processes share.
 */
export function postgresRateLimit(
  sql: Sql,
  { name, max, windowMs }: RateLimitOptions,
): RateLimit & {
  /** Removes this limit's ended windows; returns how many. Also runs by itself every few minutes. */
  removeExpired(): Promise<number>;
} {
  const window = `${windowMs} milliseconds`;
  let lastCleanup = 0;

  const removeExpired = async () => {
    const removed = await sql`
      delete from rate_limit_counters where limit_name = ${name} and window_ends <= now()`;
    return removed.count;
  };

  const cleanUpNowAndThen = () => {
    const now = Date.now();
    if (now - lastCleanup < cleanupIntervalMs) return;
    lastCleanup = now;
    removeExpired().catch((error: unknown) => {
      console.error(`[api] could not remove ended windows of the limit ${name}:`, error);
    });
  };

  return {
    async hit(key) {
      cleanUpNowAndThen();
      // `least(events, max) + 1`: refused events still count, but a key's count stays bounded.
      const [row] = await sql<{ events: number; seconds_left: number }[]>`
        insert into rate_limit_counters as counter (limit_name, key, events, window_ends)
        values (${name}, ${storedKey(key)}, 1, now() + ${window}::interval)
        on conflict (limit_name, key) do update set
          events = case when counter.window_ends <= now() then 1 else least(counter.events, ${max}) + 1 end,
          window_ends = case when counter.window_ends <= now() then excluded.window_ends else counter.window_ends end
        returning events, ceil(extract(epoch from (window_ends - now())))::int as seconds_left`;
      if (!row) throw new Error(`the limit ${name} counted nothing`);
      if (row.events <= max) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Math.max(1, row.seconds_left) };
    },
    async release(key) {
      await sql`
        update rate_limit_counters set events = greatest(events - 1, 0)
        where limit_name = ${name} and key = ${storedKey(key)} and window_ends > now()`;
    },
    async reset(key) {
      await sql`delete from rate_limit_counters where limit_name = ${name} and key = ${storedKey(key)}`;
    },
    removeExpired,
  };
}

/**
 * Deletes every ended window of every limit now and then every `everyMs`, whether or not a limit
 * is hit again (a limit's own clean-up runs only on its hits): an address counted once is gone
 * within minutes of its window's end, as the privacy notice says. Returns the stop function.
 */
export function scheduleWindowCleanup(sql: Sql, everyMs: number): () => void {
  const run = () =>
    sql`delete from rate_limit_counters where window_ends <= now()`.catch((error: unknown) => {
      console.error("[api] could not remove ended limit windows:", error);
    });
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** The store the API runs with: every limit's counters in the database. */
export function postgresRateLimits(sql: Sql): RateLimitStore {
  return (options) => postgresRateLimit(sql, options);
}
