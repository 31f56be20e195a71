import type { ChangeFeed, WatchedTable } from "./change-feed.ts";

export interface TableCacheOptions<Value> {
  /** Under which name `tableCacheStats()` reports it (unnamed: counted, not reported). */
  name?: string;
  /** The tables the answers are computed from: a change to any of them empties the cache. */
  tables: WatchedTable[];
  /** At most this many answers are kept; the least recently used goes first. */
  maxEntries: number;
  /** With `maxSize`: what one answer weighs (e.g. its length), so large answers count as such. */
  sizeOf?: (value: Value) => number;
  maxSize?: number;
}

/**
 * Answers read from the database, kept in memory until a table they come from changes (heard
 * through the change feed, from this process or any other). Without a live feed every call goes
 * to the database.
 *
 * Two guards keep it from serving what the database no longer says:
 * - an answer whose load began before a change is not kept (a generation count: the load may
 *   have read the old rows);
 * - concurrent calls for the same key share one load (16 requests after a save run one query,
 *   not 16), but a call after a change never joins a load begun before it.
 */
/** How often each cache answered from memory, since the process started (diagnostics, benches). */
export interface TableCacheStats {
  /** Answered from memory, or joined a load already under way. */
  hits: number;
  /** Loaded from the database (and kept, unless a change came meanwhile). */
  misses: number;
  /** Loaded while the change feed was dark: nothing could be kept. */
  bypassed: number;
}

const statsByName = new Map<string, TableCacheStats>();

/** Every named cache's counts in this process (caches of one name, e.g. in two apps, add up). */
export function tableCacheStats(): Record<string, TableCacheStats> {
  return Object.fromEntries([...statsByName].map(([name, stats]) => [name, { ...stats }]));
}

export class TableCache<Value> {
  private readonly stats: TableCacheStats;
  private readonly entries = new Map<string, { value: Value; size: number }>();
  private readonly loading = new Map<string, Promise<Value>>();
  private generation = 0;
  private size = 0;

  constructor(
    private readonly feed: ChangeFeed | null,
    private readonly options: TableCacheOptions<Value>,
  ) {
    const stats = (options.name && statsByName.get(options.name)) || { hits: 0, misses: 0, bypassed: 0 };
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
    const entry = this.entries.get(key);
    if (entry) {
      this.stats.hits++;
      // Map order is the recency order: the touched entry moves to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return Promise.resolve(entry.value);
    }
    const pending = this.loading.get(key);
    if (pending) {
      this.stats.hits++;
      return pending;
    }
    this.stats.misses++;

    const generation = this.generation;
    const loaded = load().then(
      (value) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        if (generation === this.generation && this.feed?.live) this.keep(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, loaded);
    return loaded;
  }

  /** Forgets every answer, and that any load now running may keep its own. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
    this.size = 0;
  }

  /** Answers kept now (for tests and diagnostics). */
  get count(): number {
    return this.entries.size;
  }

  private keep(key: string, value: Value): void {
    const size = this.options.sizeOf?.(value) ?? 1;
    const maxSize = this.options.maxSize ?? Number.POSITIVE_INFINITY;
    if (size > maxSize) return;
    const replaced = this.entries.get(key);
    if (replaced) this.size -= replaced.size;
    this.entries.delete(key);
    this.entries.set(key, { value, size });
    this.size += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.size <= maxSize) break;
      this.entries.delete(oldest);
      this.size -= entry.size;
    }
  }
}
