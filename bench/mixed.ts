// The portal under the staff's mixed load: 60 % customer searches, 20 % dashboard
// calls, 10 % customer list page loads, 10 % customer creates, over 32 keep-alive connections
// spread over two API processes (each as `bun start` runs it: its own pool, change feed and the
// dashboard's kept pages) on one PostgreSQL. A fresh database per run (100 000 customers and 10 000 contact
// requests seeded through SQL), dropped afterwards. Prints p50/p99 per kind against the goal (p99
// ≤ 50 ms each, 0 errors), the dashboard cache's hit rate, and the mix's requests per
// second as a ratio to a bare Elysia route of the same two processes measured in the same run;
// then checks what it measured: every create is stored, and the checked searches' totals and
// pages equal the database's own count and order (and stayed between the counts before and after
// the load).
//
// The search terms (`--terms`):
// - `popular` (the default): ~120 terms, the first few carrying most searches
//   (index ~ N·r²), pages 1-3, a tenth with a status filter.
// - `diverse`: terms uniform over ≥ 3 000 distinct ones drawn (seeded, the same every
//   run for a size) from the seeded customers' own names and e-mails: full names; fragments of 3-6
//   characters from inside a name; two-letter prefixes of its words; e-mail parts (local parts and
//   pieces of them, the domain); umlaut and capital variants ("MÜLLER", "mueller", "muller",
//   "Köln" as "KOELN"); strings nobody has (0 hits); and, as many as all those together (half the
//   terms), a name or part of one with a number typed after it ("Müller 12", "bäckerei müller7").
//   Pages 1 (60 %) and 2-5 (10 % each; past the last page the API answers an empty one), a tenth
//   with a status filter. A tenth of these searches are typed: the first two letters of a
//   surname, a trade and surname or a city (lower case), then the same term one keystroke longer
//   per request ("mü", "mül", "müll", …, up to 3-8 characters, drawn per search), sent back to
//   back on the same connection as a person typing would. The keystrokes after the first count
//   as kind `typing` and come on top of the mix: searches and keystrokes together make up about
//   two thirds of the requests (the counts per kind are printed).
// - `both`: popular, then diverse, each on a fresh database, printed one after the other and
//   then side by side.
//
// The raw-SQL baseline, in the same run after the API's window and its checks: the statements
// the API sends for the same sequence of requests (each window takes a fresh mix of the same
// seed; the warm-up takes another seed), straight on the database through postgres.js over as
// many connections as the load has (`--connections`), each call waiting for its answer. They are
// the store functions the API calls, called with a plain postgres.js pool (the API's driver
// options: int8 as numbers, prepared statements as postgres.js defaults them, `prepare: true`,
// which open.ts keeps, each planned for its values as the API's reads are) instead of through
// the services' caches:
// - a search or a list page: `readCustomerPage(sql, query)` of customers/store.ts, the query
//   parsed by the API's own `parseListQuery`: exactly what a process sends for every list page
//   (one statement: the page and its count, as JSON text);
// - the dashboard: `listOpenRequests(sql, { limit: 50, before: null })` of contact-requests/
//   store.ts, what `GET /api/requests` sends on a miss (one statement);
// - a create: `createCustomers(sql, [one])` of customers/store.ts, one customer per statement
//   (the API's group commit puts the creates that arrive while one is written into one
//   statement; the baseline does not); the body checked by the API's `customerFrom`, the bench
//   account as editor and actor.
// The session check costs the API no statement once a session is kept (http/sessions.ts), and
// none is sent here. Each kind prints `API / raw SQL`: its requests per second as a ratio, and
// p50/p99 side by side (a window's kinds keep the mix's shares, so the ratios differ little from
// kind to kind; the latencies tell them apart). The API's two processes hold 2 × (4 + 2)
// connections to the database (open.ts: reads, saves), the baseline `--connections` (32). The
// raw creates are checked to be stored too.
//
// Usage: DATABASE_URL=postgres://… bun bench/mixed.ts [--terms popular|diverse|both] [--seconds 180]
//        [--connections 32] [--customers 100000] [--without-creates] [--no-raw-sql]
//
// Another bench can load the portal while it runs something of its own (a backup, a scrub) and
// compare: `runMixedLoad({ seconds, during: async ({ databaseUrl }) => … })` measures a window
// without, then one while `during` runs (ended by it or by `seconds`), and reports both.
import { loadavg, tmpdir } from "node:os";
import { openRequestsPage } from "@klarwerk/kit";
import { Elysia } from "elysia";
import postgres from "postgres";
import { createApp } from "../api/src/app.ts";
import { listenForChanges } from "../api/src/db/change-feed.ts";
import { openDatabase, readConnectionSettings, type Sql } from "../api/src/db/open.ts";
import { type TableCacheStats, tableCacheStats } from "../api/src/db/table-cache.ts";
import type { AuditActor } from "../api/src/modules/audit/index.ts";
import { listOpenRequests } from "../api/src/modules/contact-requests/store.ts";
import {
  containsPattern,
  createCustomers,
  type Editor,
  readCustomerPage,
  searchNeedle,
} from "../api/src/modules/customers/store.ts";
import { type createBody, customerFrom, parseListQuery } from "../api/src/modules/customers/validation.ts";
import { testConfig } from "../api/test/support/app.ts";
import { seedCustomers } from "../api/test/support/customers-seed.ts";
import { seededRandom } from "../mf-invoices/test/fixtures.ts";
import { reportReady, startChild } from "./support/child.ts";
import { seededDatabase } from "./support/database.ts";
import { formatLoad, type LoadRequest, type LoadResult, runLoad } from "./support/load.ts";
import { databaseLabel, numberOption } from "./support/options.ts";
import { type LoadCall, runCalls } from "./support/raw-load.ts";
import { signUp } from "./support/session.ts";

export const goalP99Ms = 50;
/** A window longer than twice this also reports its requests from this moment on (caches filled). */
const settledAfterSeconds = 30;
const noStats: TableCacheStats = { hits: 0, misses: 0, bypassed: 0, evicted: 0, forgotten: 0 };

/** `a + sign × b`, count by count: two processes' counts added, or a window's as end minus start. */
function combineStats(a: TableCacheStats, b: TableCacheStats, sign: 1 | -1): TableCacheStats {
  const stats = { ...noStats };
  for (const key of Object.keys(stats) as (keyof TableCacheStats)[]) stats[key] = a[key] + sign * b[key];
  return stats;
}

/** The caches whose hit rates are printed: the dashboard's open requests (the customer list keeps none). */
const cacheNames = ["open requests"] as const;
/** `typing`: a typed search's keystrokes after its first (which counts as a `search`). */
export const kinds = ["search", "typing", "dashboard", "page", "create"] as const;
export type Kind = (typeof kinds)[number];
/** The mix: each kind's share of the requests (keystrokes come on top of the searches they follow). */
export const issueShares: Record<Kind, number> = { search: 0.6, typing: 0, dashboard: 0.2, page: 0.1, create: 0.1 };

/** What one API process reports once it serves. */
export interface Ready {
  api: number;
  bare: number;
  /** GET: this process's cache counts and memory (`ControlAnswer`). */
  control: number;
}

/** What an API process's control port answers. */
interface ControlAnswer {
  caches: Record<string, TableCacheStats>;
  /** Resident memory in bytes, after a garbage collection. */
  rss: number;
  heapUsed: number;
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
  /** Which search terms (the file's head); default the popular ones. */
  terms?: TermsName;
  /** Also run the raw-SQL baseline (the file's head) after the API's window; default no. */
  rawSql?: boolean;
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
  /** Each API process's memory right after the measured window (after a garbage collection). */
  memory: { rss: number; heapUsed: number }[];
  /** Problems the checks found; empty when every answer measured was right. */
  problems: string[];
  terms: TermsName;
  /** How many distinct search terms the mix drew from. */
  distinctTerms: number;
  /** The raw-SQL baseline's window; null without `rawSql`. */
  raw: LoadResult | null;
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

/** A checked search's total as one answer gave it: exact, or where its count stopped. */
interface SeenTotal {
  total: number;
  exact: boolean;
}

/** How the mix picks its searches: which terms, how often each, which pages, which are typed. */
export interface TermSet {
  name: TermsName;
  /** The distinct terms. */
  terms: string[];
  /** A term, from the mix's random numbers. */
  pickTerm(random: () => number): string;
  /** A page of a search (list page loads pick their own). */
  pickPage(random: () => number): number;
  /** The share of searches that are typed (then the bases to type), or none. */
  typing: { share: number; bases: string[] } | null;
  /** The searches (term, page) whose every answer during the load is checked; the checks after the load read them again. */
  checked: { term: string; page: number }[];
  /** Further searches checked after the load only (a deep page, one beyond the last). */
  checkedAfter: { term: string; page: number }[];
}

export type TermsName = "popular" | "diverse";

/** The popular terms: popular ones more often. */
export function popularTerms(): TermSet {
  const terms = searchTerms();
  const checked = terms.slice(0, 12).map((term) => ({ term, page: 1 }));
  return {
    name: "popular",
    terms,
    // Index ~ N·r²: the first few of each list carry most searches.
    pickTerm: (random) => terms[Math.floor(terms.length * random() ** 2)] as string,
    pickPage: (random) => {
      const roll = random();
      return roll < 0.1 ? 2 : roll < 0.15 ? 3 : 1;
    },
    typing: null,
    checked,
    checkedAfter: terms.slice(0, 12).flatMap((term) => [2, 3].map((page) => ({ term, page }))),
  };
}

/** At least this many distinct diverse terms (the issue's measure of "many"). */
const minDiverseTerms = 3000;
/** Customers whose names and e-mails the diverse terms are made from. */
const sampledCustomers = 800;

/**
 * The diverse terms: uniform over ≥ 3 000 distinct terms made from the seeded customers' own
 * names and e-mails (read back from the database, ids drawn by `seededRandom`: the same terms
 * every run of a size), half of them a name with a number typed after it; see the file's head.
 */
export async function diverseTerms(sql: Sql, customers: number): Promise<TermSet> {
  const random = seededRandom(36);
  const ids = Array.from({ length: sampledCustomers }, () => 1 + Math.floor(random() * customers));
  const rows = await sql<{ name: string; email: string | null }[]>`
    select name, email from customers where id = any(${ids}::bigint[]) order by id`;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  // "Bäckerei Müller GmbH, Berlin": trade, surname, legal form (one or two words), city.
  const parts = rows.map(({ name }) => {
    const [left = "", city = ""] = name.split(", ");
    const [trade = "", surname = "", ...form] = left.split(" ");
    return { name, trade, surname, form: form.join(" "), city };
  });
  const words = [...new Set(parts.flatMap(({ trade, surname, city }) => [trade, surname, city]))].filter(
    (word) => word.length >= 2,
  );
  const others = new Set<string>();
  const samples: Record<string, string> = {};
  const add = (category: string, term: string) => {
    const trimmed = term.trim();
    if (trimmed === "") return;
    others.add(trimmed);
    samples[category] ??= trimmed;
  };
  for (const { name } of parts.slice(0, 400)) add("full name", name);
  for (let index = 0; index < 700; index++) {
    const { name } = pick(parts);
    const length = between(3, 6);
    const start = between(0, name.length - length);
    add("fragment", name.slice(start, start + length));
  }
  for (const word of words) add("two letters", word.slice(0, 2).toLowerCase());
  for (const { email } of rows) {
    if (email === null) continue;
    const [local = "", domain = ""] = email.split("@");
    const roll = random();
    if (roll < 0.3) add("e-mail part", local);
    else if (roll < 0.6) add("e-mail part", local.slice(0, between(4, Math.max(4, local.length - 1))));
    else if (roll < 0.8) add("e-mail part", `${local}@`);
    else add("e-mail part", pick([domain, `@${domain}`, domain.split(".")[0] ?? domain, email]));
  }
  for (let index = 0; index < 250; index++) {
    // Letters no German name here has in a row: 0 hits.
    const letters = "qxjy";
    add("nobody", Array.from({ length: between(4, 9) }, () => pick([...letters])).join(""));
  }
  const transliterated = (text: string) =>
    text.replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/Ä/g, "Ae").replace(/Ö/g, "Oe");
  const variants = [
    (text: string) => text.toUpperCase(),
    (text: string) => transliterated(text).replace(/Ü/g, "Ue").replace(/ß/g, "ss"),
    (text: string) => text.normalize("NFD").replace(/\p{M}/gu, ""),
    (text: string) => text.toLowerCase(),
    (text: string) => transliterated(text.toUpperCase()).replace(/Ü/g, "UE"),
    (text: string) => text.charAt(0).toLowerCase() + text.slice(1).toUpperCase(),
  ];
  for (let index = 0; index < 500; index++) {
    const { trade, surname, city } = pick(parts);
    add("umlaut or capitals", pick(variants)(pick([trade, surname, city, `${trade} ${surname}`])));
  }
  // Half the terms: a name or part of one with a number typed after it.
  const withNumbers = new Set<string>();
  while (withNumbers.size < others.size) {
    const { name, trade, surname, city } = pick(parts);
    const base = pick([surname, surname, `${trade} ${surname}`, city, name.split(", ")[0] ?? name]);
    const typed = random() < 0.5 ? base.toLowerCase() : base;
    const term = `${typed}${random() < 0.6 ? " " : ""}${between(1, random() < 0.5 ? 99 : 9999)}`;
    if (!others.has(term)) withNumbers.add(term);
  }
  samples["name and number"] = withNumbers.values().next().value ?? "";
  const terms = [...others, ...withNumbers];
  if (terms.length < minDiverseTerms) {
    throw new Error(`only ${terms.length} distinct diverse terms (of ${minDiverseTerms}): seed more customers`);
  }
  const checked = Object.values(samples).flatMap((term) => [1, 2, 3, 4, 5].map((page) => ({ term, page })));
  return {
    name: "diverse",
    terms,
    pickTerm: (next) => terms[Math.floor(next() * terms.length)] as string,
    pickPage: (next) => (next() < 0.6 ? 1 : 2 + Math.floor(next() * 4)),
    typing: {
      share: 0.1,
      bases: [...new Set(parts.flatMap(({ trade, surname, city }) => [surname, `${trade} ${surname}`, city]))],
    },
    checked,
    // A deep page of a term with thousands of hits, and pages beyond the last of others.
    checkedAfter: [
      { term: samples["two letters"] ?? "mü", page: 40 },
      { term: samples["two letters"] ?? "mü", page: 600 },
      { term: samples["full name"] ?? "müller", page: 7 },
      { term: samples.nobody ?? "qxqx", page: 2 },
    ],
  };
}

/**
 * A search typed key by key, lower case as most type: from the first two characters to `upTo`
 * (at most the whole base), where the person stops and looks.
 */
function keystrokes(base: string, upTo: number): string[] {
  const typed = [...base.toLowerCase()];
  const end = Math.min(typed.length, upTo);
  return Array.from({ length: Math.max(0, end - 1) }, (_, index) => typed.slice(0, index + 2).join(""));
}

export interface Mix {
  /** The next request of the connection (the next keystroke while its person types). */
  next(connection: number): LoadRequest;
  /** How many keystrokes the person on this connection has still to type. */
  typingLeft(connection: number): number;
  /** Customers the creates stored: id and name, from their answers. */
  created: { id: number; name: string }[];
  /** Totals answered for the checked searches, by query string. */
  totalsSeen: Map<string, SeenTotal[]>;
  /** The searches whose every answer is checked. */
  checkedQueries: string[];
  /** Those and further pages (and the list's first three), checked against the database after the load. */
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

export function makeMix(seed: number, shares: Record<Kind, number>, termSet: TermSet): Mix {
  // The invoice tests' seeded generator (mulberry32): the same mix every run.
  const next = seededRandom(seed);
  const pickFrom = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const created: Mix["created"] = [];
  const totalsSeen = new Map<string, SeenTotal[]>();
  const checkedQueries = termSet.checked.map(({ term, page }) => listQuery(term, page, null));
  for (const query of checkedQueries) totalsSeen.set(query, []);
  const finalQueries = [
    ...checkedQueries,
    ...termSet.checkedAfter.map(({ term, page }) => listQuery(term, page, null)),
    ...[1, 2, 3].map((page) => listQuery(null, page, null)),
  ];
  // Per connection, the keystrokes its person has still to type: they draw no random numbers, so
  // the sequence of the others is the same however the connections interleave.
  const typing = new Map<number, string[]>();
  let creates = 0;

  const searchOf = (kind: Kind, term: string, page: number, status: string | null): LoadRequest => {
    const path = listQuery(term, page, status);
    const seen = totalsSeen.get(path);
    return {
      kind,
      path,
      check: seen
        ? (_status, body) => {
            const { total, total_exact } = JSON.parse(body) as { total: number; total_exact: boolean };
            seen.push({ total, exact: total_exact });
          }
        : undefined,
    };
  };
  const search = (connection: number): LoadRequest => {
    if (termSet.typing && next() < termSet.typing.share) {
      const base = pickFrom(termSet.typing.bases);
      const [first = "", ...rest] = keystrokes(base, 3 + Math.floor(next() * 6));
      typing.set(connection, rest);
      return searchOf("search", first, 1, null);
    }
    const page = termSet.pickPage(next);
    const status = next() < 0.1 ? pickFrom(statuses) : null;
    return searchOf("search", termSet.pickTerm(next), page, status);
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
  const makers: Record<Exclude<Kind, "typing">, (connection: number) => LoadRequest> = {
    search,
    dashboard,
    page,
    create,
  };

  return {
    next(connection) {
      const typed = typing.get(connection)?.shift();
      if (typed !== undefined) return searchOf("typing", typed, 1, null);
      let roll = next();
      for (const kind of kinds) {
        if (kind === "typing") continue;
        roll -= shares[kind];
        if (roll < 0) return makers[kind](connection);
      }
      return search(connection);
    },
    typingLeft: (connection) => typing.get(connection)?.length ?? 0,
    created,
    totalsSeen,
    checkedQueries,
    finalQueries,
  };
}

/** The customers and the dashboard's contact requests. */
async function seed(sql: Sql, customers: number): Promise<void> {
  await seedCustomers(sql, customers);
  await seedContactRequests(sql);
}

/** The dashboard's contact requests: 10 000, 300 of them open. */
export async function seedContactRequests(sql: Sql): Promise<void> {
  await sql`
    insert into contact_requests (name, email, company, message, is_done, done_at, created_at)
    select 'Anfrage ' || i, 'anfrage' || i || '@example.de', case when i % 3 = 0 then 'Firma ' || i end,
      'Bitte um Rückruf wegen eines Angebots.', i > 300, case when i > 300 then now() end,
      now() - make_interval(mins => i)
    from generate_series(1, 10000) as i`;
  await sql`vacuum analyze contact_requests`;
}

/** The database's own answer to a list query: every match of the search text counted (decision 0100). */
export async function directAnswer(sql: Sql, path: string): Promise<{ total: number; ids: number[] }> {
  const query = new URL(path, "http://x").searchParams;
  const search = query.get("search");
  const status = query.get("status");
  const page = Number(query.get("page") ?? 1);
  const where = sql`where true
    ${search === null ? sql`` : sql`and search_lower like lower(${containsPattern(searchNeedle(search))})`}
    ${status === null ? sql`` : sql`and status = ${status}`}`;
  const [count] = await sql<{ total: number }[]>`select count(*)::int as total from customers ${where}`;
  const rows = await sql<{ id: number }[]>`
    select id from customers ${where} order by id desc limit 20 offset ${(page - 1) * 20}`;
  return { total: count?.total ?? 0, ids: rows.map((row) => row.id) };
}

/** The counts of the checked searches before a load: every total answered during it must lie between these and the counts after. */
export async function countsBefore(sql: Sql, mix: Mix): Promise<Map<string, number>> {
  const initial = new Map<string, number>();
  for (const path of mix.checkedQueries) initial.set(path, (await directAnswer(sql, path)).total);
  return initial;
}

/**
 * The checks after a load: every create answered 201 is stored, once; the checked searches'
 * pages and totals (and the list's first three pages), asked of every process, equal the
 * database's; every total answered during the load lay between the counts before and after.
 * What was wrong (empty: nothing), and a line saying what was checked.
 */
export async function checkMeasured(measured: {
  sql: Sql;
  origins: string[];
  headers: Record<string, string>;
  mix: Mix;
  initial: Map<string, number>;
  created: Mix["created"];
}): Promise<{ problems: string[]; checked: string }> {
  const { sql, origins, headers, mix, initial, created } = measured;
  const problems: string[] = [];
  const stored = await storedOf(sql, created);
  if (stored !== created.length) problems.push(`${created.length} creates answered 201, ${stored} stored`);
  const ids = new Set(created.map((customer) => customer.id));
  if (ids.size !== created.length) problems.push(`${created.length - ids.size} creates answered with an id twice`);
  for (const path of mix.finalQueries) {
    const direct = await directAnswer(sql, path);
    for (const origin of origins) {
      const answer = (await (await fetch(`${origin}${path}`, { headers })).json()) as {
        total: number;
        total_exact?: boolean;
        customers: { id: number }[];
      };
      // A count that stopped ("mehr als 100") says only that there are more.
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
    // Creates only add: every exact total answered lies between the counts before and after the
    // load; a count that stopped ("mehr als 100") is below the count after it.
    const low = initial.get(path) ?? 0;
    const outside = (mix.totalsSeen.get(path) ?? []).filter(({ total, exact }) =>
      exact ? total < low || total > direct.total : total >= direct.total,
    );
    if (outside.length > 0) problems.push(`${path}: ${outside.length} answers outside ${low}..${direct.total}`);
  }
  const checkedAnswers = [...mix.totalsSeen.values()].reduce((sum, seen) => sum + seen.length, 0);
  const checkedTerms = new Set(mix.finalQueries.map((path) => new URL(path, "http://x").searchParams.get("search")));
  const checked =
    `checked: ${created.length} creates; ${mix.finalQueries.length} pages after the load, of the searches ` +
    `${[...checkedTerms].map((term) => (term === null ? "(none: the list)" : JSON.stringify(term))).join(", ")}; ` +
    `${checkedAnswers} totals answered during the load`;
  return { problems, checked };
}

/** Child: one API process on the bench's database, with a bare route and a control port. */
async function serve(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
  const db = await openDatabase({ databaseUrl, dataDir: tmpdir() });
  const changes = await listenForChanges(databaseUrl);
  const listen = { port: 0, hostname: "127.0.0.1" };
  const config = testConfig();
  const app = createApp({ config, sql: db.sql, writes: db.writes, changes }).listen(listen);
  const bare = new Elysia().get("/bare", () => ({ customers: [], pages: 1, total: 0 })).listen(listen);
  const control = Bun.serve({
    ...listen,
    fetch: () => {
      Bun.gc(true);
      const { rss, heapUsed } = process.memoryUsage();
      return Response.json({ caches: tableCacheStats(), rss, heapUsed } satisfies ControlAnswer);
    },
  });
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

/** The API's driver options (open.ts): int8 as numbers; postgres.js prepares statements by default, as there. */
export const int8AsNumber: postgres.PostgresType<number> = {
  to: 20,
  from: [20],
  serialize: (value: number) => String(value),
  parse: (value: string) => Number(value),
};

/**
 * The statements the API sends for one request of the mix, as a call straight to
 * the database (the file's head); the creates' ids and names go to `created`.
 */
export function rawCall(sql: Sql, who: { editor: Editor; actor: AuditActor }, created: Mix["created"]) {
  return (request: LoadRequest): LoadCall => {
    const url = new URL(request.path, "http://x");
    if (request.method === "POST") {
      const item = { customer: customerFrom(request.json as typeof createBody.static), ...who };
      return {
        kind: request.kind,
        run: async () => {
          const customers = await createCustomers(sql, [item]);
          for (const { id, name } of customers) created.push({ id, name });
        },
      };
    }
    if (url.pathname === "/api/requests") {
      return {
        kind: request.kind,
        run: () => listOpenRequests(sql, { limit: openRequestsPage.defaultLimit, before: null }),
      };
    }
    const query = parseListQuery(Object.fromEntries(url.searchParams));
    return { kind: request.kind, run: () => readCustomerPage(sql, query) };
  };
}

/** How many of these creates (id and name) the database has. */
export async function storedOf(sql: Sql, created: Mix["created"]): Promise<number> {
  const [stored] = await sql<{ count: number }[]>`
    select count(*)::int as count from customers c
    join unnest(${created.map((customer) => customer.id)}::bigint[], ${created.map((customer) => customer.name)}::text[])
      as made(id, name)
      on c.id = made.id and c.name = made.name`;
  return stored?.count ?? 0;
}

/** Seeds a fresh database, starts two API processes on it, runs the mix; see the file's head. */
export async function runMixedLoad(options: MixedOptions): Promise<MixedReport> {
  const {
    seconds,
    connections = 32,
    customers = 100_000,
    shares = issueShares,
    terms = "popular",
    rawSql = false,
    during,
    log = console.log,
  } = options;
  if (!process.env.DATABASE_URL) {
    throw new Error("bench/mixed.ts needs DATABASE_URL: two API processes cannot share the embedded database");
  }
  const { db } = await seededDatabase(`${customers} customers, 10 000 contact requests`, (sql) => seed(sql, customers));
  const databaseUrl = db.url ?? "";
  const children: Awaited<ReturnType<typeof startChild<Ready>>>[] = [];
  let raw: Sql | null = null;
  try {
    for (let index = 0; index < 2; index++) {
      children.push(
        await startChild<Ready>(import.meta.path, "--serve", {
          env: { BENCH_DATABASE_URL: databaseUrl },
        }),
      );
    }
    const origins = children.map((child) => `http://127.0.0.1:${child.ready.api}`);
    const bareOrigins = children.map((child) => `http://127.0.0.1:${child.ready.bare}`);
    const account = await signUp(origins[0] as string);
    const headers = { Authorization: `Bearer ${account.token}` };
    const controlAnswers = () =>
      Promise.all(
        children.map(
          async (child) => (await (await fetch(`http://127.0.0.1:${child.ready.control}`)).json()) as ControlAnswer,
        ),
      );
    /** Each cache's counts, both processes added up. */
    const cacheStats = async () => {
      const counts = (await controlAnswers()).map((answer) => answer.caches);
      return Object.fromEntries(
        cacheNames.map((name) => [
          name,
          counts.reduce<TableCacheStats>((sum, count) => combineStats(sum, count[name] ?? noStats, 1), noStats),
        ]),
      );
    };

    const termSet = terms === "diverse" ? await diverseTerms(db.sql, customers) : popularTerms();
    log(`search terms: ${terms}, ${termSet.terms.length} distinct`);
    // The measured windows (the API's, the raw SQL's) each take a fresh mix of this seed: the same
    // sequence of requests. The warm-up takes another.
    const seed = 27;
    const warmUp = makeMix(seed + 1, shares, termSet);
    const mix = makeMix(seed, shares, termSet);
    const initial = await countsBefore(db.sql, mix);

    // Warm-up: JIT, pools, the database's caches (its creates are checked too).
    await runLoad({ url: origins, next: warmUp.next, headers, connections, durationMs: 3000 });
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
    const memory = (await controlAnswers()).map(({ rss, heapUsed }) => ({ rss, heapUsed }));
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
      const activity = during({ databaseUrl, origins, token: account.token }).finally(() => ended.abort());
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
    const apiCreated = [...warmUp.created, ...mix.created];
    const { problems, checked } = await checkMeasured({
      sql: db.sql,
      origins,
      headers,
      mix,
      initial,
      created: apiCreated,
    });
    log(checked);

    let rawResult: LoadResult | null = null;
    if (rawSql) {
      // As many connections as the load has, each call waiting for its answer as a connection of the load does.
      raw = postgres(databaseUrl, {
        max: connections,
        onnotice: () => {},
        types: { int8: int8AsNumber },
        connection: readConnectionSettings,
      });
      const who = {
        editor: { id: account.user.id, name: account.user.name },
        actor: { kind: "user" as const, id: account.user.id, name: account.user.name, address: "127.0.0.1" },
      };
      const rawCreated: Mix["created"] = [];
      const call = rawCall(raw, who, rawCreated);
      const rawWarmUp = makeMix(seed + 1, shares, termSet);
      await runCalls({ connections, durationMs: 3000, next: (worker) => call(rawWarmUp.next(worker)) });
      const rawMix = makeMix(seed, shares, termSet);
      rawResult = await runCalls({
        connections,
        durationMs: seconds * 1000,
        next: (worker) => call(rawMix.next(worker)),
      });
      const rawStored = await storedOf(db.sql, rawCreated);
      if (rawStored !== rawCreated.length)
        problems.push(`${rawCreated.length} raw creates returned, ${rawStored} stored`);
    }
    return {
      without,
      with: withActivity,
      bare,
      cache,
      memory,
      problems,
      terms,
      distinctTerms: termSet.terms.length,
      raw: rawResult,
    };
  } finally {
    await raw?.end({ timeout: 5 });
    for (const child of children) await child.stop();
    await db.drop();
  }
}

/** ` 1234 req/s  p50   1.23 ms  p99  12.34 ms` of one kind in a window. */
function kindFigures(result: LoadResult, kind: Kind): string {
  const one = result.byKind[kind];
  if (!one) return "—".padEnd(42);
  return (
    `${(one.requests / result.seconds).toFixed(0).padStart(6)} req/s  p50 ${one.latency.p50.toFixed(2).padStart(7)} ms` +
    `  p99 ${one.latency.p99.toFixed(2).padStart(7)} ms`
  );
}

function printReport(report: MixedReport, log: (line: string) => void): void {
  log(`— ${report.terms} terms (${report.distinctTerms} distinct) —`);
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
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  log(
    `API processes' memory after the window: ${report.memory.map(({ rss, heapUsed }) => `rss ${mib(rss)} (heap ${mib(heapUsed)})`).join(", ")}`,
  );
  for (const [name, { hits, misses, bypassed, evicted, forgotten }] of Object.entries(report.cache)) {
    log(
      `${name} cache: ${hits} hits, ${misses} misses, ${bypassed} bypassed: hit rate ${((100 * hits) / Math.max(1, hits + misses + bypassed)).toFixed(1)} %; ${evicted} pages evicted for room, ${forgotten} forgotten after a change`,
    );
  }
  const { raw } = report;
  if (raw) {
    log(formatLoad("raw SQL, the same statements and sequence", raw));
    if (raw.firstFailure) log(`  first failure: ${raw.firstFailure}`);
    log("  API / raw SQL per kind (requests/s ratio; API figures | raw SQL figures):");
    for (const kind of kinds) {
      const [api, direct] = [report.without.byKind[kind], raw.byKind[kind]];
      if (!api && !direct) continue;
      const ratio = (api?.requests ?? 0) / report.without.seconds / ((direct?.requests ?? 0) / raw.seconds);
      log(
        `  ${kind.padEnd(10)} ${ratio.toFixed(2).padStart(6)}   API ${kindFigures(report.without, kind)}  |  raw ${kindFigures(raw, kind)}` +
          `  (${direct?.failures ?? 0} raw errors)`,
      );
    }
    log(
      `  all        ${(report.without.requestsPerSecond / raw.requestsPerSecond).toFixed(2).padStart(6)}   ` +
        `API ${report.without.requestsPerSecond.toFixed(0)} req/s | raw ${raw.requestsPerSecond.toFixed(0)} req/s`,
    );
  }
  if (report.problems.length === 0) {
    log(
      "checks: every create stored (the raw SQL's too); the checked searches' pages and totals and the list's pages 1-3 equal the database's",
    );
  } else for (const problem of report.problems) log(`CHECK FAILED: ${problem}`);
}

/** Two mixes' API windows per kind next to each other, then their raw SQL's. */
function printSideBySide(reports: MixedReport[], log: (line: string) => void): void {
  log(`side by side: ${reports.map((report) => `${report.terms} (${report.distinctTerms} terms)`).join("  vs  ")}`);
  const row = (label: string, cell: (report: MixedReport) => string) =>
    log(`  ${label.padEnd(18)} ${reports.map(cell).join("  |  ")}`);
  row("requests/s", (report) => report.without.requestsPerSecond.toFixed(0).padEnd(42));
  for (const kind of kinds) row(kind, (report) => kindFigures(report.without, kind));
  row("dashboard cache", (report) => {
    const { hits, misses, bypassed } = report.cache["open requests"] ?? noStats;
    return `hit rate ${((100 * hits) / Math.max(1, hits + misses + bypassed)).toFixed(1)} %`.padEnd(42);
  });
  if (reports.every((report) => report.raw)) {
    row("raw SQL requests/s", (report) => (report.raw?.requestsPerSecond ?? 0).toFixed(0).padEnd(42));
    for (const kind of kinds) {
      row(`raw ${kind}`, (report) => (report.raw ? kindFigures(report.raw, kind) : ""));
    }
    row("API / raw SQL", (report) =>
      (report.without.requestsPerSecond / (report.raw?.requestsPerSecond ?? Number.NaN)).toFixed(2).padEnd(42),
    );
  }
}

if (import.meta.main) {
  if (process.argv.includes("--serve")) await serve();
  else {
    const seconds = numberOption("seconds", 180);
    const connections = numberOption("connections", 32, { integer: true });
    const customers = numberOption("customers", 100_000, { integer: true });
    const termsAt = process.argv.indexOf("--terms");
    const termsOption = termsAt >= 0 ? process.argv[termsAt + 1] : "popular";
    if (termsOption !== "popular" && termsOption !== "diverse" && termsOption !== "both") {
      throw new Error("--terms needs popular, diverse or both");
    }
    const runs: TermsName[] = termsOption === "both" ? ["popular", "diverse"] : [termsOption];
    // --without-creates: their share goes to the searches (what the writes cost the others).
    const shares = process.argv.includes("--without-creates")
      ? { ...issueShares, search: issueShares.search + issueShares.create, create: 0 }
      : issueShares;
    const rawSql = !process.argv.includes("--no-raw-sql");
    const loadAverage = () =>
      loadavg()
        .map((value) => value.toFixed(2))
        .join(" ");
    console.log(
      `Database: ${databaseLabel()}; ${customers} customers; 2 API processes; ${connections} connections; ${seconds} s; ` +
        `terms ${termsOption}; ` +
        `load average ${loadAverage()}`,
    );
    const reports: MixedReport[] = [];
    for (const terms of runs) {
      const report = await runMixedLoad({ seconds, connections, customers, shares, terms, rawSql });
      printReport(report, console.log);
      console.log(`load average after the ${terms} mix ${loadAverage()}`);
      reports.push(report);
    }
    if (reports.length > 1) printSideBySide(reports, console.log);
    if (reports.some((report) => report.problems.length > 0)) process.exitCode = 1;
  }
}
