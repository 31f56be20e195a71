/** The answer to one counted event. */
export interface RateLimitHit {
  /** Whether this event is within the allowance of its key. */
  allowed: boolean;
  /** When not allowed: seconds until the key's window ends (at least 1); 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * At most `max` events per key within a fixed window. Async, so that a store shared by every API
 * process (Postgres) can stand behind it as well as process memory.
 */
export interface RateLimit {
  /**
   * Counts one event for `key` and answers, in the same step, whether it is within the allowance.
   * Counting and deciding at once means concurrent events cannot all slip through on a stale count.
   */
  hit(key: string): Promise<RateLimitHit>;
  /** Forgets the events of `key` (a successful login ends its run of failures). */
  reset(key: string): Promise<void>;
}

export interface RateLimitOptions {
  max: number;
  windowMs: number;
}

/** Keys kept at most: many distinct keys (addresses) cannot grow the map without bound. */
const maxKeys = 10_000;

interface Window {
  events: number;
  resetAt: number;
}

/** Counts in this process's memory: one API process sees only its own events. */
export function memoryRateLimit({ max, windowMs }: RateLimitOptions, now: () => number = Date.now): RateLimit {
  const windows = new Map<string, Window>();

  const current = (key: string): Window | undefined => {
    const window = windows.get(key);
    if (window && window.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  /** Drops ended windows, then the oldest ones. */
  const sweep = (): void => {
    const at = now();
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < maxKeys * 0.9) break;
      windows.delete(key);
    }
  };

  return {
    async hit(key) {
      let window = current(key);
      if (window) {
        window.events += 1;
      } else {
        if (windows.size >= maxKeys) sweep();
        window = { events: 1, resetAt: now() + windowMs };
        windows.set(key, window);
      }
      if (window.events <= max) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now()) / 1000)) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
