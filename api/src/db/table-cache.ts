import type { ChangeFeed, WatchedTable } from "./change-feed.ts";

export interface TableCacheOptions {
  /** Under which name `tableCacheStats()` reports it (unnamed: counted, not reported). */
  name?: string;
  /** The tables the answers are computed from: a change to any of them empties the cache. */
  tables: WatchedTable[];
  /** At most this many answers are kept; the least recently used goes first. */
  maxEntries: number;
}

/** How often each cache answered from memory, since the process started (diagnostics, benches). */
export interface TableCacheStats {
  /** Answered from memory, or joined a load already under way. */
  hits: number;
  /** Loaded from the database (and kept, unless a change came meanwhile). */
  misses: number;
  /** Loaded while the change feed was dark: nothing could be kept. */
  bypassed: number;
  /** Kept answers dropped to stay within `maxEntries` (least recently used first). */
  evicted: number;
  /** Kept answers dropped because a change touched them. */
  forgotten: number;
}

const statsByName = new Map<string, TableCacheStats>();

/** Every named cache's counts in this process (caches of one name, e.g. in two apps, add up). */
export function tableCacheStats(): Record<string, TableCacheStats> {
  return Object.fromEntries([...statsByName].map(([name, stats]) => [name, { ...stats }]));
}

interface Load<Value> {
  promise: Promise<Value>;
  /** A change came after the load began: its answer may be old, so it is not kept. */
  stale: boolean;
}

/**
 * Answers read from the database, kept in memory until a table they come from changes (heard
 * through the change feed, from this process or any other). Without a live feed every call goes
 * to the database.
 *
 * Two guards keep it from serving what the database no longer says:
 * - an answer whose load began before a change is not kept (the load may have read the old rows);
 * - concurrent calls for the same key share one load (16 requests after a save run one query,
 *   not 16), but a call after a change never joins a load begun before it.
 */
export class TableCache<Value> {
  private readonly stats: TableCacheStats;
  /** Map order is the recency order: the least recently used first. */
  private readonly entries = new Map<string, Value>();
  private readonly loading = new Map<string, Load<Value>>();

  constructor(
    private readonly feed: ChangeFeed | null,
    private readonly options: TableCacheOptions,
  ) {
    const stats = (options.name && statsByName.get(options.name)) || {
      hits: 0,
      misses: 0,
      bypassed: 0,
      evicted: 0,
      forgotten: 0,
    };
    if (options.name) statsByName.set(options.name, stats);
    this.stats = stats;
    for (const table of options.tables) feed?.subscribe(table, () => this.clear());
  }

  /** The kept answer for `key`, else `load()`'s (kept when nothing changed meanwhile). */
  get(key: string, load: () => Promise<Value>): Promise<Value> {
    if (!this.feed?.live) {
      this.stats.bypassed++;
      return load();
    }
    if (this.entries.has(key)) {
      this.stats.hits++;
      const value = this.entries.get(key) as Value;
      this.entries.delete(key);
      this.entries.set(key, value);
      return Promise.resolve(value);
    }
    const pending = this.loading.get(key);
    if (pending) {
      this.stats.hits++;
      return pending.promise;
    }
    this.stats.misses++;

    const flight: Load<Value> = { promise: Promise.resolve() as Promise<Value>, stale: false };
    flight.promise = load().then(
      (loaded) => {
        if (this.loading.get(key) === flight) this.loading.delete(key);
        if (!flight.stale && this.feed?.live) this.keep(key, loaded);
        return loaded;
      },
      (error: unknown) => {
        if (this.loading.get(key) === flight) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, flight);
    return flight.promise;
  }

  /** Forgets every answer, and that any load now running may keep its own. */
  clear(): void {
    for (const flight of this.loading.values()) flight.stale = true;
    this.loading.clear();
    this.stats.forgotten += this.entries.size;
    this.entries.clear();
  }

  /** Answers kept now (for tests and diagnostics). */
  get count(): number {
    return this.entries.size;
  }

  private keep(key: string, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
      this.stats.evicted++;
    }
  }
}
