import postgres from "postgres";

/** The tables whose changes are announced (migrations 007, 009, 021, 022 and 027). */
const watchedTables = ["customers", "users", "sessions", "contact_requests", "remote_rollouts", "releases"] as const;
export type WatchedTable = (typeof watchedTables)[number];

/**
 * The channel migration 007's triggers notify on. The payload is the table's name, or (customers,
 * migration 018) the name, a colon and a JSON array describing the changed rows.
 */
const channel = "klarwerk_table_changed";

/**
 * What changed in a table: its trigger's description of the changed rows (customers, migration
 * 033: `{ op, rows }`), or null when anything may have changed (a bulk change, a reconnect, a
 * writer that does not say). A cache must give the same answer for a change heard twice (from its
 * writer, then from its NOTIFY): it forgets, or takes rows in by their ids.
 */
export type ChangeDetail = readonly unknown[] | Readonly<Record<string, unknown>> | null;
type Listener = (detail: ChangeDetail) => void;

/** How long to wait before listening again after the connection was lost. */
const reconnectDelayMs = 1000;

/**
 * Tells in-memory caches when the tables they copy change. A cache may serve from memory only
 * while `live` is true: then every committed change, by any process, reaches its listeners.
 */
export interface ChangeFeed {
  readonly live: boolean;
  /**
   * Calls `listener` on every change of `table`, and with every table at once whenever the feed
   * (re)connects or drops (changes may have been missed meanwhile: the detail is null then).
   * Returns the unsubscribe.
   */
  subscribe(table: WatchedTable, listener: Listener): () => void;
  /**
   * A change this process has just committed: its own listeners hear it now, not one NOTIFY
   * round trip later, so a user sees their own save in the next list. `detail` as the table's
   * trigger describes its rows; without it, anything may have changed.
   */
  changed(table: WatchedTable, detail?: ChangeDetail): void;
  close(): Promise<void>;
}

class Listeners {
  private readonly byTable = new Map<WatchedTable, Set<Listener>>();

  add(table: WatchedTable, listener: Listener): () => void {
    const set = this.byTable.get(table) ?? new Set();
    this.byTable.set(table, set);
    set.add(listener);
    return () => set.delete(listener);
  }

  emit(table: WatchedTable, detail: ChangeDetail = null): void {
    for (const listener of this.byTable.get(table) ?? []) listener(detail);
  }

  emitAll(): void {
    for (const table of this.byTable.keys()) this.emit(table, null);
  }
}

/**
 * For a database only this process writes to (the embedded PGlite: one API process owns its
 * DATA_DIR): every change is one of ours, so the feed is always live.
 */
export function localChangeFeed(): ChangeFeed {
  const listeners = new Listeners();
  return {
    live: true,
    subscribe: (table, listener) => listeners.add(table, listener),
    changed: (table, detail) => listeners.emit(table, detail),
    close: async () => {},
  };
}

function isWatchedTable(value: string): value is WatchedTable {
  return (watchedTables as readonly string[]).includes(value);
}

/** A NOTIFY payload: `table`, `table:[…]` or `table:{…}`; a detail that does not parse counts as none. */
export function parseChange(payload: string): { table: WatchedTable; detail: ChangeDetail } | null {
  const colon = payload.indexOf(":");
  const table = colon < 0 ? payload : payload.slice(0, colon);
  if (!isWatchedTable(table)) return null;
  if (colon < 0) return { table, detail: null };
  try {
    const detail: unknown = JSON.parse(payload.slice(colon + 1));
    const described = typeof detail === "object" && detail !== null;
    return { table, detail: described ? (detail as NonNullable<ChangeDetail>) : null };
  } catch {
    return { table, detail: null };
  }
}

/**
 * LISTENs on a connection of its own to a database other processes may write to. Live once
 * listening; on a lost connection it goes dark (caches stop serving), retries every second and
 * is live again, with every cache cleared, once it listens again.
 *
 * Why not postgres.js's own `sql.listen(channel, onnotify, onlisten)`, which re-listens by itself
 * and calls `onlisten` after every reconnect: it says nothing when the connection drops. In
 * postgres 3.4.9 (src/index.js, `listen`) the LISTEN runs on an internal instance whose `onclose`
 * is its own re-listen, set after spreading our options, so an `onclose` we pass is never called
 * for that connection, and the failed re-listen is swallowed (`.catch(() => {})`). The feed would
 * stay live, and caches would serve from memory, for as long as the connection is gone: tried with
 * the database refusing connections for 4 s, the next `onlisten` came only after those 4 s, with
 * no sign in between. Going dark the moment the connection is lost needs `onclose` on a
 * connection we own, hence the LISTEN and the retry below.
 */
export async function listenForChanges(databaseUrl: string): Promise<ChangeFeed> {
  const listeners = new Listeners();
  let live = false;
  let closed = false;
  let retry: Timer | undefined;

  const startOver = () => listeners.emitAll();
  const goDark = () => {
    if (!live) return;
    live = false;
    startOver();
  };
  // postgres.js calls `onnotify` for every NOTIFY on this connection and `onclose` when it ends.
  const options = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    fetch_types: false,
    onnotice: () => {},
    onnotify: (name: string, payload: string) => {
      const change = name === channel ? parseChange(payload) : null;
      if (change) listeners.emit(change.table, change.detail);
    },
    onclose: () => {
      goDark();
      if (!closed) scheduleListen();
    },
  };
  const connection = postgres(databaseUrl, options as postgres.Options<Record<string, never>>);

  async function startListening(): Promise<void> {
    await connection.unsafe(`listen ${channel}`);
    live = true;
    // Whatever changed before this moment was not heard: start from empty caches.
    startOver();
  }
  function scheduleListen(): void {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (closed) return;
      startListening().catch((error: unknown) => {
        console.error("[api] change feed: could not listen:", error instanceof Error ? error.message : error);
        scheduleListen();
      });
    }, reconnectDelayMs);
  }

  await startListening();
  return {
    get live() {
      return live;
    },
    subscribe: (table, listener) => listeners.add(table, listener),
    changed: (table, detail) => listeners.emit(table, detail),
    async close() {
      closed = true;
      clearTimeout(retry);
      goDark();
      await connection.end({ timeout: 5 });
    },
  };
}
