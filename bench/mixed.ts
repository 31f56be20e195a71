// The portal under the staff's mixed load (issue 27): 60 % customer searches with varied terms,
// 20 % dashboard calls, 10 % customer list page loads, 10 % customer creates, over 32 keep-alive
// connections spread over two API processes (each as `bun start` runs it: its own pool, change
// feed and page cache) on one PostgreSQL. A fresh database per run (100 000 customers and 10 000
// contact requests seeded through SQL), dropped afterwards. Prints p50/p99 per kind against the
// goal (p99 ≤ 50 ms each, 0 errors), the page cache's hit rate, and the mix's requests per second
// as a ratio to a bare Elysia route of the same two processes measured in the same run; then
// checks what it measured: every create is stored, and the searches' totals and pages equal the
// database's own count and order (and stayed between the counts before and after the load).
//
// Usage: DATABASE_URL=postgres://… bun bench/mixed.ts [--seconds 180] [--connections 32] [--customers 100000]
//        [--without-creates]
//
// Another bench can load the portal while it runs something of its own (a backup, a scrub) and
// compare: `runMixedLoad({ seconds, during: async ({ databaseUrl }) => … })` measures a window
// without, then one while `during` runs (ended by it or by `seconds`), and reports both.
import { loadavg, tmpdir } from "node:os";
import { Elysia } from "elysia";
import { createApp } from "../api/src/app.ts";
import { listenForChanges } from "../api/src/db/change-feed.ts";
import { openDatabase, type Sql } from "../api/src/db/open.ts";
import { type TableCacheStats, tableCacheStats } from "../api/src/db/table-cache.ts";
import { containsPattern } from "../api/src/modules/customers/store.ts";
import { testConfig } from "../api/test/support/app.ts";
import { seedCustomers } from "../api/test/support/customers-seed.ts";
import { seededRandom } from "../mf-invoices/test/fixtures.ts";
import { reportReady, startChild } from "./support/child.ts";
import { seededDatabase } from "./support/database.ts";
import { formatLoad, type LoadRequest, type LoadResult, runLoad } from "./support/load.ts";
import { databaseLabel, numberOption } from "./support/options.ts";
import { signUp } from "./support/session.ts";

const goalP99Ms = 50;
/** A window longer than twice this also reports its requests from this moment on (caches filled). */
const settledAfterSeconds = 30;
const noStats: TableCacheStats = { hits: 0, misses: 0, bypassed: 0, evicted: 0, forgotten: 0 };

/** `a + sign × b`, count by count: two processes' counts added, or a window's as end minus start. */
function combineStats(a: TableCacheStats, b: TableCacheStats, sign: 1 | -1): TableCacheStats {
  const stats = { ...noStats };
  for (const key of Object.keys(stats) as (keyof TableCacheStats)[]) stats[key] = a[key] + sign * b[key];
  return stats;
}

/** The caches whose hit rates are printed: the customer list pages and the dashboard's open requests. */
const cacheNames = ["customer pages", "open requests"] as const;
const kinds = ["search", "dashboard", "page", "create"] as const;
type Kind = (typeof kinds)[number];
/** The mix: each kind's share of the requests. */
const issueShares: Record<Kind, number> = { search: 0.6, dashboard: 0.2, page: 0.1, create: 0.1 };

/** What one API process reports once it serves. */
interface Ready {
  api: number;
  bare: number;
  /** GET: this process's cache counts (`tableCacheStats()`). */
  control: number;
}

export interface MixedContext {
  /** The run's fresh database, for a background activity that needs it (a backup, a scrub). */
  databaseUrl: string;
  /** The two API processes. */
  origins: string[];
  /** A signed-in staff member's bearer token. */
  token: string;
}

export interface MixedOptions {
  seconds: number;
  connections?: number;
  customers?: number;
  /** Another mix (shares adding up to 1), e.g. without creates to see what they cost; default the issue's. */
  shares?: Record<Kind, number>;
  /** Run during a second window of `seconds`, to compare p99 with and without it. */
  during?: (context: MixedContext) => Promise<void>;
  log?: (line: string) => void;
}

export interface MixedReport {
  without: LoadResult;
  /** The window while `during` ran; null without `during`. */
  with: LoadResult | null;
  bare: LoadResult;
  /** Per cache of `cacheNames`, during the measured window without the activity. */
  cache: Record<string, TableCacheStats>;
  /** Problems the checks found; empty when every answer measured was right. */
  problems: string[];
}

const surnames = ["müller", "schmidt", "schneider", "fischer", "weber", "meyer", "wagner", "becker", "schulz"];
const moreSurnames = ["hoffmann", "schäfer", "koch", "bauer", "richter", "klein", "wolf", "schröder", "weiß"];
const trades = ["bäckerei", "autohaus", "praxis", "kanzlei", "café", "hotel", "apotheke", "optiker", "reisebüro"];
const cities = ["berlin", "hamburg", "münchen", "köln", "leipzig", "dresden", "münster", "lübeck", "ulm"];
const statuses = ["angerufen", "in_kontakt", "keine_rueckmeldung", "abweisung", "gespraeche", "vertrag"];

/**
 * What staff type into "Kundenname suchen", most popular first: surnames, trades and cities,
 * fragments of them, two words, legal forms, e-mail fragments (which the name search answers
 * with no hit), a half-typed two letters, and terms nobody has.
 */
export function searchTerms(): string[] {
  const names = [...surnames, ...moreSurnames];
  return [
    ...names,
    ...trades,
    ...cities,
    ...names.map((name) => name.slice(0, 4)),
    ...trades.flatMap((trade, index) => [`${trade} ${names[index % names.length]}`, `${trade} ${names[index + 5]}`]),
    ...names.map((name, index) => `${name} ${["gmbh", "kg", "ag", "& söhne"][index % 4]}`),
    "gmbh",
    "& partner",
    "zahnarzt",
    ...names.map((name, index) => `${name.replace("ü", "ue").replace("ß", "ss")}${index + 1}@`),
    "@example.de",
    "mü",
    "sch",
    "xyz gmbh",
    "qqq",
  ];
}

interface Mix {
  next(): LoadRequest;
  /** Customers the creates stored: id and name, from their answers. */
  created: { id: number; name: string }[];
  /** Totals answered for the checked searches, by query string. */
  totalsSeen: Map<string, number[]>;
  /** The searches whose every answer is checked. */
  checkedQueries: string[];
  /** Their pages 1 to 3 and the list's first three pages, checked against the database after the load. */
  finalQueries: string[];
}

/** Percent-encodes a list query the way the customer screen sends it. */
function listQuery(search: string | null, page: number, status: string | null): string {
  const query = new URLSearchParams();
  if (page > 1) query.set("page", String(page));
  if (search !== null) query.set("search", search);
  if (status !== null) query.set("status", status);
  return `/api/customers?${query}`;
}

function makeMix(seed: number, shares: Record<Kind, number>): Mix {
  // The invoice tests' seeded generator (mulberry32): the same mix every run.
  const next = seededRandom(seed);
  const terms = searchTerms();
  // Popular terms more often: index ~ N·r² (the first few of each list carry most searches).
  const pickTerm = () => terms[Math.floor(terms.length * next() ** 2)] as string;
  const pickFrom = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const created: Mix["created"] = [];
  const totalsSeen = new Map<string, number[]>();
  const checkedQueries = terms.slice(0, 12).map((term) => listQuery(term, 1, null));
  for (const query of checkedQueries) totalsSeen.set(query, []);
  const finalQueries = [...terms.slice(0, 12), null].flatMap((term) =>
    [1, 2, 3].map((page) => listQuery(term, page, null)),
  );
  let creates = 0;

  const search = (): LoadRequest => {
    const roll = next();
    const page = roll < 0.1 ? 2 : roll < 0.15 ? 3 : 1;
    const status = next() < 0.1 ? pickFrom(statuses) : null;
    const path = listQuery(pickTerm(), page, status);
    const seen = totalsSeen.get(path);
    return {
      kind: "search",
      path,
      check: seen ? (_status, body) => seen.push((JSON.parse(body) as { total: number }).total) : undefined,
    };
  };
  const page = (): LoadRequest => {
    const roll = next();
    const number = roll < 0.6 ? 1 : roll < 0.8 ? 2 : 1 + Math.floor(next() * 10);
    return { kind: "page", path: listQuery(null, number, next() < 0.3 ? pickFrom(statuses) : null) };
  };
  const create = (): LoadRequest => {
    creates++;
    const name = `${pickFrom(trades)} ${pickFrom([...surnames, ...moreSurnames])} GmbH, ${pickFrom(cities)} ${creates}`;
    return {
      kind: "create",
      method: "POST",
      path: "/api/customers",
      json: { name, email: `neu${creates}@example.de`, status: pickFrom(statuses) },
      check: (status, body) => {
        if (status !== 201) throw new Error(`create answered ${status}`);
        created.push((JSON.parse(body) as { customer: { id: number; name: string } }).customer);
      },
    };
  };
  const dashboard = (): LoadRequest => ({ kind: "dashboard", path: "/api/requests" });
  const makers: Record<Kind, () => LoadRequest> = { search, dashboard, page, create };

  return {
    next() {
      let roll = next();
      for (const kind of kinds) {
        roll -= shares[kind];
        if (roll < 0) return makers[kind]();
      }
      return search();
    },
    created,
    totalsSeen,
    checkedQueries,
    finalQueries,
  };
}

/** The customers and the dashboard's contact requests (10 000, 300 of them open). */
async function seed(sql: Sql, customers: number): Promise<void> {
  await seedCustomers(sql, customers);
  await sql`
    insert into contact_requests (name, email, company, message, is_done, done_at, created_at)
    select 'Anfrage ' || i, 'anfrage' || i || '@example.de', case when i % 3 = 0 then 'Firma ' || i end,
      'Bitte um Rückruf wegen eines Angebots.', i > 300, case when i > 300 then now() end,
      now() - make_interval(mins => i)
    from generate_series(1, 10000) as i`;
  await sql`vacuum analyze contact_requests`;
}

/** The database's own answer to a list query (the count capped as the API caps it, if it does). */
async function directAnswer(sql: Sql, path: string): Promise<{ total: number; ids: number[] }> {
  const query = new URL(path, "http://x").searchParams;
  const search = query.get("search");
  const status = query.get("status");
  const page = Number(query.get("page") ?? 1);
  const where = sql`where true
    ${search === null ? sql`` : sql`and name_lower like lower(${containsPattern(search)})`}
    ${status === null ? sql`` : sql`and status = ${status}`}`;
  const [count] = await sql<{ total: number }[]>`select count(*)::int as total from customers ${where}`;
  const rows = await sql<{ id: number }[]>`
    select id from customers ${where} order by id desc limit 20 offset ${(page - 1) * 20}`;
  return { total: count?.total ?? 0, ids: rows.map((row) => row.id) };
}

/** Child: one API process on the bench's database, with a bare route and a control port. */
async function serve(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
  const db = await openDatabase({ databaseUrl, dataDir: tmpdir() });
  const changes = await listenForChanges(databaseUrl);
  const listen = { port: 0, hostname: "127.0.0.1" };
  const app = createApp({ config: testConfig(), sql: db.sql, writes: db.writes, changes }).listen(listen);
  const bare = new Elysia().get("/bare", () => ({ customers: [], pages: 1, total: 0 })).listen(listen);
  const control = Bun.serve({ ...listen, fetch: () => Response.json(tableCacheStats()) });
  reportReady<Ready>(
    { api: app.server?.port ?? 0, bare: bare.server?.port ?? 0, control: control.port ?? 0 },
    async () => {
      control.stop(true);
      await app.stop();
      await bare.stop();
      await changes.close();
      await db.close();
    },
  );
}

/** Seeds a fresh database, starts two API processes on it, runs the mix; see the file's head. */
export async function runMixedLoad(options: MixedOptions): Promise<MixedReport> {
  const { seconds, connections = 32, customers = 100_000, shares = issueShares, during, log = console.log } = options;
  if (!process.env.DATABASE_URL) {
    throw new Error("bench/mixed.ts needs DATABASE_URL: two API processes cannot share the embedded database");
  }
  const { db } = await seededDatabase(`${customers} customers, 10 000 contact requests`, (sql) => seed(sql, customers));
  const databaseUrl = db.url ?? "";
  const children: Awaited<ReturnType<typeof startChild<Ready>>>[] = [];
  try {
    for (let index = 0; index < 2; index++) {
      children.push(await startChild<Ready>(import.meta.path, "--serve", { env: { BENCH_DATABASE_URL: databaseUrl } }));
    }
    const origins = children.map((child) => `http://127.0.0.1:${child.ready.api}`);
    const bareOrigins = children.map((child) => `http://127.0.0.1:${child.ready.bare}`);
    const { token } = await signUp(origins[0] as string);
    const headers = { Authorization: `Bearer ${token}` };
    /** Each cache's counts, both processes added up. */
    const cacheStats = async () => {
      const counts = await Promise.all(
        children.map(
          async (child) =>
            (await (await fetch(`http://127.0.0.1:${child.ready.control}`)).json()) as Record<string, TableCacheStats>,
        ),
      );
      return Object.fromEntries(
        cacheNames.map((name) => [
          name,
          counts.reduce<TableCacheStats>((sum, count) => combineStats(sum, count[name] ?? noStats, 1), noStats),
        ]),
      );
    };

    const mix = makeMix(27, shares);
    const initial = new Map<string, number>();
    for (const path of mix.checkedQueries) initial.set(path, (await directAnswer(db.sql, path)).total);
    const load = (durationMs: number) => runLoad({ url: origins, next: mix.next, headers, connections, durationMs });

    // Warm-up: JIT, pools, the database's caches (its creates are checked too).
    await load(3000);
    await runLoad({ url: bareOrigins, paths: ["/bare"], connections, durationMs: 1500 });
    const bare = await runLoad({
      url: bareOrigins,
      paths: ["/bare"],
      connections,
      durationMs: Math.min(10, seconds) * 1000,
    });
    log(formatLoad("bare Elysia route", bare));

    const before = await cacheStats();
    // Past the first moments every process has read the ranges the mix asks for: printed apart.
    const settledAfterMs = seconds > 2 * settledAfterSeconds ? settledAfterSeconds * 1000 : undefined;
    const without = await runLoad({
      url: origins,
      next: mix.next,
      headers,
      connections,
      durationMs: seconds * 1000,
      settledAfterMs,
    });
    const after = await cacheStats();
    const cache = Object.fromEntries(
      cacheNames.map((name) => {
        const [start, end] = [before[name], after[name]] as [TableCacheStats, TableCacheStats];
        return [name, combineStats(end, start, -1)];
      }),
    );
    let withActivity: LoadResult | null = null;
    if (during) {
      // The window ends with the activity, or after `seconds` (then the activity is awaited).
      const ended = new AbortController();
      const activity = during({ databaseUrl, origins, token }).finally(() => ended.abort());
      withActivity = await runLoad({
        url: origins,
        next: mix.next,
        headers,
        connections,
        durationMs: seconds * 1000,
        signal: ended.signal,
      });
      await activity;
    }

    // The checks: after the load, once every NOTIFY has arrived.
    await Bun.sleep(500);
    const problems: string[] = [];
    const ids = mix.created.map((customer) => customer.id);
    const [stored] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from customers c
      join unnest(${ids}::bigint[], ${mix.created.map((customer) => customer.name)}::text[]) as made(id, name)
        on c.id = made.id and c.name = made.name`;
    if (stored?.count !== ids.length) problems.push(`${ids.length} creates answered 201, ${stored?.count} stored`);
    for (const path of mix.finalQueries) {
      const direct = await directAnswer(db.sql, path);
      for (const origin of origins) {
        const answer = (await (await fetch(`${origin}${path}`, { headers })).json()) as {
          total: number;
          total_exact?: boolean;
          customers: { id: number }[];
        };
        // A capped count ("mehr als 10 000") says only that there are more.
        const totalRight = answer.total_exact === false ? direct.total > answer.total : answer.total === direct.total;
        const answered = answer.customers.map((customer) => customer.id);
        if (!totalRight || JSON.stringify(answered) !== JSON.stringify(direct.ids)) {
          problems.push(
            `${path} on ${origin}: ${answer.total} ${JSON.stringify(answered.slice(0, 5))}…, ` +
              `the database: ${direct.total} ${JSON.stringify(direct.ids.slice(0, 5))}…`,
          );
        }
      }
      if (!mix.totalsSeen.has(path)) continue;
      // Creates only add: every total answered lies between the counts before and after the load.
      const low = Math.min(initial.get(path) ?? 0, 10_000);
      const outside = (mix.totalsSeen.get(path) ?? []).filter((seen) => seen < low || seen > direct.total);
      if (outside.length > 0) problems.push(`${path}: ${outside.length} answers outside ${low}..${direct.total}`);
    }
    return { without, with: withActivity, bare, cache, problems };
  } finally {
    for (const child of children) await child.stop();
    await db.drop();
  }
}

function printReport(report: MixedReport, log: (line: string) => void): void {
  const windows: [string, LoadResult | null][] = [
    ["mixed load", report.without],
    ["mixed load, with the activity", report.with],
  ];
  for (const [label, result] of windows) {
    if (!result) continue;
    log(formatLoad(label, result));
    if (result.firstFailure) log(`  first failure: ${result.firstFailure}`);
    for (const kind of kinds) {
      const one = result.byKind[kind];
      if (!one) continue;
      const met = one.latency.p99 <= goalP99Ms && one.failures === 0;
      log(
        `  ${kind.padEnd(10)} ${String(one.requests).padStart(8)} requests  p50 ${one.latency.p50.toFixed(2).padStart(7)} ms` +
          `  p99 ${one.latency.p99.toFixed(2).padStart(7)} ms  max ${one.latency.max.toFixed(1).padStart(7)} ms` +
          `  ${one.failures} errors  (goal p99 ≤ ${goalP99Ms} ms, 0 errors: ${met ? "met" : "NOT met"})`,
      );
    }
    log(
      `  requests/s ${result.requestsPerSecond.toFixed(0)}, ratio to the bare route ${(result.requestsPerSecond / report.bare.requestsPerSecond).toFixed(3)}`,
    );
    if (result.settled) {
      log(
        `  the requests sent after the first ${settledAfterSeconds} s (each process has read the ranges the mix asks for):`,
      );
      for (const kind of kinds) {
        const one = result.settled[kind];
        if (!one) continue;
        log(
          `    ${kind.padEnd(10)} ${String(one.requests).padStart(8)} requests  p50 ${one.latency.p50.toFixed(2).padStart(7)} ms` +
            `  p99 ${one.latency.p99.toFixed(2).padStart(7)} ms  max ${one.latency.max.toFixed(1).padStart(7)} ms`,
        );
      }
    }
  }
  if (report.with) {
    for (const kind of kinds) {
      const ratio =
        (report.with.byKind[kind]?.latency.p99 ?? Number.NaN) /
        (report.without.byKind[kind]?.latency.p99 ?? Number.NaN);
      log(`  p99 with/without the activity, ${kind}: ${ratio.toFixed(2)}`);
    }
  }
  for (const [name, { hits, misses, bypassed, evicted, forgotten }] of Object.entries(report.cache)) {
    log(
      `${name} cache: ${hits} hits, ${misses} misses, ${bypassed} bypassed: hit rate ${((100 * hits) / Math.max(1, hits + misses + bypassed)).toFixed(1)} %; ${evicted} pages evicted for room, ${forgotten} forgotten after a change`,
    );
  }
  if (report.problems.length === 0)
    log("checks: every create stored; the checked searches' and the list's pages 1-3 and totals equal the database's");
  else for (const problem of report.problems) log(`CHECK FAILED: ${problem}`);
}

if (import.meta.main) {
  if (process.argv.includes("--serve")) await serve();
  else {
    const seconds = numberOption("seconds", 180);
    const connections = numberOption("connections", 32, { integer: true });
    const customers = numberOption("customers", 100_000, { integer: true });
    // --without-creates: their share goes to the searches (what the writes cost the others).
    const shares = process.argv.includes("--without-creates")
      ? { ...issueShares, search: issueShares.search + issueShares.create, create: 0 }
      : issueShares;
    const loadAverage = () =>
      loadavg()
        .map((value) => value.toFixed(2))
        .join(" ");
    console.log(
      `Database: ${databaseLabel()}; ${customers} customers; 2 API processes; ${connections} connections; ${seconds} s; ` +
        `load average ${loadAverage()}`,
    );
    const report = await runMixedLoad({ seconds, connections, customers, shares });
    printReport(report, console.log);
    console.log(`load average at the end ${loadAverage()}`);
    if (report.problems.length > 0) process.exitCode = 1;
  }
}
