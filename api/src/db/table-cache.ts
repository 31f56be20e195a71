import type { ChangeDetail, ChangeFeed, WatchedTable } from "./change-feed.ts";

export interface TableCacheOptions<Value, Tag> {
  /** Under which name `tableCacheStats()` reports it (unnamed: counted, not reported). */
  name?: string;
  /** The tables the answers are computed from: a change to any of them empties the cache... */
  tables: WatchedTable[];
  /**
   * ...unless the change says which rows changed (`detail`) and this is given: then only the
   * answers whose tag (passed to `get`) the predicate it makes of the rows holds for are
   * forgotten. Made once per change, it is asked once per answer kept.
   */
  affects?: (detail: NonNullable<ChangeDetail>) => (tag: Tag) => boolean;
  /**
   * With `affects`: a change a kept answer can take in (`revise` returns how, or null when it
   * cannot) is written into the answers it affects instead of forgetting them: each becomes what
   * `apply` makes of it, or is forgotten when that is undefined. `apply` must give the same answer
   * when it gets a change it already holds (a writer's announcement, then its NOTIFY). A load
   * under way that the change affects is still not kept.
   */
  revise?: (detail: NonNullable<ChangeDetail>) => ((value: Value, tag: Tag) => Value | undefined) | null;
  /**
   * With `affects`: answers whose tags give one group (e.g. one search, any page) are asked about
   * once per change, so a change costs one question per group kept, not one per answer.
   */
  group?: (tag: Tag) => string;
  /**
   * With `group`: the groups a change can affect, named from the change when that is cheaper than
   * asking each group kept (`groupsKept` of them), else null. Must name every group `affects`
   * holds for; a group named that is not kept, or that `affects` then denies, changes nothing.
   */
  groupsAffected?: (detail: NonNullable<ChangeDetail>, groupsKept: number) => Iterable<string> | null;
  /** At most this many answers are kept; the least recently used goes first. */
  maxEntries: number;
  /** With `maxSize`: what one answer weighs (e.g. its length), so large answers count as such. */
  sizeOf?: (value: Value) => number;
  maxSize?: number;
}

/** How often each cache answered from memory, since the process started (diagnostics, benches). */
export interface TableCacheStats {
  /** Answered from memory, or joined a load already under way. */
  hits: number;
  /** Loaded from the database (and kept, unless a change came meanwhile). */
  misses: number;
  /** Loaded while the change feed was dark: nothing could be kept. */
  bypassed: number;
  /** Kept answers dropped to stay within `maxEntries`/`maxSize` (least recently used first). */
  evicted: number;
  /** Kept answers dropped because a change touched them. */
  forgotten: number;
  /** Kept answers a change was written into (`revise`). */
  revised: number;
}

const statsByName = new Map<string, TableCacheStats>();

/** Every named cache's counts in this process (caches of one name, e.g. in two apps, add up). */
export function tableCacheStats(): Record<string, TableCacheStats> {
  return Object.fromEntries([...statsByName].map(([name, stats]) => [name, { ...stats }]));
}

interface Entry<Value, Tag> {
  value: Value;
  size: number;
  tag: Tag;
  group: string;
}

interface Load<Value, Tag> {
  promise: Promise<Value>;
  tag: Tag;
  /** A change came after the load began: its answer may be old, so it is not kept. */
  stale: boolean;
}

/**
 * Answers read from the database, kept in memory until a table they come from changes (heard
 * through the change feed, from this process or any other). Without a live feed every call goes
 * to the database.
 *
 * Two guards keep it from serving what the database no longer says:
 * - an answer whose load began before a change that affects it is not kept (the load may have
 *   read the old rows);
 * - concurrent calls for the same key share one load (16 requests after a save run one query,
 *   not 16), but a call after such a change never joins a load begun before it.
 */
export class TableCache<Value, Tag = undefined> {
  private readonly stats: TableCacheStats;
  private readonly entries = new Map<string, Entry<Value, Tag>>();
  /** The kept answers' keys by `group` (each its own group when none is given). */
  private readonly groups = new Map<string, { tag: Tag; keys: Set<string> }>();
  private readonly loading = new Map<string, Load<Value, Tag>>();
  private size = 0;

  constructor(
    private readonly feed: ChangeFeed | null,
    private readonly options: TableCacheOptions<Value, Tag>,
  ) {
    const stats = (options.name && statsByName.get(options.name)) || {
      hits: 0,
      misses: 0,
      bypassed: 0,
      evicted: 0,
      forgotten: 0,
      revised: 0,
    };
    if (options.name) statsByName.set(options.name, stats);
    this.stats = stats;
    for (const table of options.tables) feed?.subscribe(table, (detail) => this.changed(detail));
  }

  /** The kept answer for `key`, else `load()`'s (kept when nothing affecting `tag` changed meanwhile). */
  get(key: string, load: () => Promise<Value>, tag?: Tag): Promise<Value> {
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
      return pending.promise;
    }
    this.stats.misses++;

    const flight: Load<Value, Tag> = {
      promise: Promise.resolve() as Promise<Value>,
      tag: tag as Tag,
      stale: false,
    };
    flight.promise = load().then(
      (loaded) => {
        if (this.loading.get(key) === flight) this.loading.delete(key);
        if (!flight.stale && this.feed?.live) this.keep(key, loaded, flight.tag);
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
    this.groups.clear();
    this.size = 0;
  }

  /** Answers kept now (for tests and diagnostics). */
  get count(): number {
    return this.entries.size;
  }

  /** A change heard: forget what it affects (everything, when it does not say what changed). */
  private changed(detail: ChangeDetail): void {
    if (detail === null || !this.options.affects) {
      this.clear();
      return;
    }
    const affects = this.options.affects(detail);
    const apply = this.options.revise?.(detail) ?? null;
    const named = this.options.groupsAffected?.(detail, this.groups.size) ?? null;
    const asked =
      named === null ? [...this.groups.values()] : [...named].flatMap((group) => this.groups.get(group) ?? []);
    for (const { tag, keys } of asked) {
      if (!affects(tag)) continue;
      for (const key of keys) {
        const entry = this.entries.get(key);
        if (entry === undefined) continue;
        const revised = apply?.(entry.value, entry.tag);
        if (revised === entry.value) continue;
        if (revised !== undefined) {
          // In place: a change is no use of the answer, its recency stays.
          const size = this.options.sizeOf?.(revised) ?? 1;
          this.size += size - entry.size;
          entry.value = revised;
          entry.size = size;
          this.stats.revised++;
          continue;
        }
        this.drop(key, entry);
        this.stats.forgotten++;
      }
    }
    // A revised answer may have grown: the limits hold after a change as after a load.
    this.trim();
    for (const [key, flight] of this.loading) {
      if (!affects(flight.tag)) continue;
      flight.stale = true;
      this.loading.delete(key);
    }
  }

  private keep(key: string, value: Value, tag: Tag): void {
    const size = this.options.sizeOf?.(value) ?? 1;
    const maxSize = this.options.maxSize ?? Number.POSITIVE_INFINITY;
    if (size > maxSize) return;
    const replaced = this.entries.get(key);
    if (replaced) this.drop(key, replaced);
    const group = this.options.group?.(tag) ?? key;
    this.entries.set(key, { value, size, tag, group });
    const members = this.groups.get(group);
    if (members) members.keys.add(key);
    else this.groups.set(group, { tag, keys: new Set([key]) });
    this.size += size;
    this.trim();
  }

  /** Drops the least recently used answers until the count and the size are within their limits. */
  private trim(): void {
    const maxSize = this.options.maxSize ?? Number.POSITIVE_INFINITY;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.size <= maxSize) break;
      this.drop(oldest, entry);
      this.stats.evicted++;
    }
  }

  private drop(key: string, entry: Entry<Value, Tag>): void {
    this.entries.delete(key);
    this.size -= entry.size;
    const members = this.groups.get(entry.group);
    members?.keys.delete(key);
    if (members?.keys.size === 0) this.groups.delete(entry.group);
  }
}
