import postgres from "postgres";

/** The tables whose changes are announced (migrations 007, 009, 021, 022 and 027). */
const watchedTables = ["customers", "users", "sessions", "contact_requests", "remote_rollouts", "releases"] as const;
export type WatchedTable = (typeof watchedTables)[number];

/**
 * The channel migration 007's triggers notify on. The payload is the table's name (before
 * migration 064 the customers' also carried a colon and the changed rows, for the customer
 * list's kept pages; what follows a colon is ignored).
 */
const channel = "klarwerk_table_changed";

/** Something in a table changed (or may have: a reconnect); a cache forgets what it copied from it. */
type Listener = () => void;

/** How long to wait before listening again after the connection was lost. */
const reconnectDelayMs = 1000;

/**
 * What a feed does when it lost its LISTEN: try again after a second, and again after each
 * failure, until it listens or is closed. `keep` holds the pending timer, so closing can cancel it.
 */
function listenAgainLater(
  listen: () => Promise<void>,
  isClosed: () => boolean,
  keep: (timer: Timer | undefined) => void,
): () => void {
  let pending: Timer | undefined;
  const schedule = (): void => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      if (isClosed()) return;
      listen().catch((error: unknown) => {
        console.error("[api] change feed: could not listen:", error instanceof Error ? error.message : error);
        schedule();
      });
    }, reconnectDelayMs);
    keep(pending);
  };
  return schedule;
}

/**
 * Tells in-memory caches when the tables they copy change. A cache may serve from memory only
 * while `live` is true: then every committed change, by any process, reaches its listeners.
 */
export interface ChangeFeed {
  readonly live: boolean;
  /**
   * Calls `listener` on every change of `table`, and with every table at once whenever the feed
   * (re)connects or drops (changes may have been missed meanwhile). Returns the unsubscribe.
   */
  subscribe(table: WatchedTable, listener: Listener): () => void;
  /**
   * A change this process has just committed: its own listeners hear it now, not one NOTIFY
   * round trip later, so a user sees their own save in the next list.
   */
  changed(table: WatchedTable): void;
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

  emit(table: WatchedTable): void {
    for (const listener of this.byTable.get(table) ?? []) listener();
  }

  emitAll(): void {
    for (const table of this.byTable.keys()) this.emit(table);
  }
}

/**
 * A live feed that hears only what is announced through `changed`: for benches and tests of a
 * cache alone. Never a database's feed: a change made past the announcing code (an erasure, a
 * retention run) would not reach the caches (issue 45); the embedded database has
 * `embeddedChangeFeed`.
 */
export function localChangeFeed(): ChangeFeed {
  const listeners = new Listeners();
  return {
    live: true,
    subscribe: (table, listener) => listeners.add(table, listener),
    changed: (table) => listeners.emit(table),
    close: async () => {},
  };
}

function isWatchedTable(value: string): value is WatchedTable {
  return (watchedTables as readonly string[]).includes(value);
}

/** The table a NOTIFY payload names (`table`, or `table:…` as older triggers sent it), null for another. */
export function parseChange(payload: string): WatchedTable | null {
  const colon = payload.indexOf(":");
  const table = colon < 0 ? payload : payload.slice(0, colon);
  return isWatchedTable(table) ? table : null;
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
      const table = name === channel ? parseChange(payload) : null;
      if (table) listeners.emit(table);
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
  const scheduleListen = listenAgainLater(
    startListening,
    () => closed,
    (timer) => {
      retry = timer;
    },
  );

  await startListening();
  return {
    get live() {
      return live;
    },
    subscribe: (table, listener) => listeners.add(table, listener),
    changed: (table) => listeners.emit(table),
    async close() {
      closed = true;
      clearTimeout(retry);
      goDark();
      await connection.end({ timeout: 5 });
    },
  };
}

/** A connection's handlers for the embedded feed: `onnotify`, `onclose` as postgres.js calls them. */
export interface FeedConnectionOptions {
  onnotify: (name: string, payload: string) => void;
  onclose: () => void;
}

/**
 * The embedded database's feed. PGlite is one database session, which this process's one
 * connection (open.ts) is; that session LISTENs, so the tables' triggers (migrations 007, 009,
 * 021, 022, 027, 036: the same as on a server) tell it of every committed change, whoever made
 * it: the module that owns the table, an erasure, a retention run, a statement typed into a
 * command. A session hears its own NOTIFY with the commit's answer (before ReadyForQuery), so
 * the change reaches the caches before the writer's `await` returns: nothing has to remember to
 * announce it (issue 45: an erasure left the anonymised customer in the kept list, because only
 * the customers module's own saves were announced).
 *
 * Pass `connection` into the driver's options, then `start` with a way to run a statement on
 * that connection. Live once listening; dark when the connection is lost (no query can run then
 * either), live again, with every cache cleared, once a LISTEN has gone through again.
 */
export function embeddedChangeFeed(): {
  feed: ChangeFeed;
  connection: FeedConnectionOptions;
  start(run: (statement: string) => Promise<unknown>): Promise<void>;
} {
  const listeners = new Listeners();
  let live = false;
  let closed = false;
  let retry: Timer | undefined;
  let run: ((statement: string) => Promise<unknown>) | null = null;

  const goDark = () => {
    if (!live) return;
    live = false;
    listeners.emitAll();
  };
  async function startListening(): Promise<void> {
    if (!run) return;
    await run(`listen ${channel}`);
    live = true;
    listeners.emitAll();
  }
  const scheduleListen = listenAgainLater(
    startListening,
    () => closed,
    (timer) => {
      retry = timer;
    },
  );

  return {
    feed: {
      get live() {
        return live;
      },
      subscribe: (table, listener) => listeners.add(table, listener),
      changed: (table) => listeners.emit(table),
      async close() {
        closed = true;
        clearTimeout(retry);
        goDark();
      },
    },
    connection: {
      onnotify: (name, payload) => {
        const table = name === channel ? parseChange(payload) : null;
        if (table) listeners.emit(table);
      },
      onclose: () => {
        goDark();
        if (!closed && run) scheduleListen();
      },
    },
    async start(runStatement) {
      run = runStatement;
      await startListening();
    },
  };
}
