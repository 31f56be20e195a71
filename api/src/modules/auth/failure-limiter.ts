const maxKeys = 10_000;

interface Window {
  failures: number;
  resetAt: number;
}

/**
 * Counts failures per key in fixed windows, in memory (one API process). Used for login: after
 * `max` failures for one IP and e-mail, further attempts are refused until the window ends.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly max: number = 10,
    private readonly windowMs: number = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again; 0 when it may now. */
  retryAfterSeconds(key: string): number {
    const window = this.current(key);
    if (!window || window.failures < this.max) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    const window = this.current(key);
    if (window) {
      window.failures += 1;
      return;
    }
    if (this.windows.size >= maxKeys) this.sweep();
    this.windows.set(key, { failures: 1, resetAt: this.now() + this.windowMs });
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Drops ended windows, then the oldest ones: many distinct keys cannot grow the map unbounded. */
  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < maxKeys * 0.9) break;
      this.windows.delete(key);
    }
  }
}
