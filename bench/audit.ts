// The audit trail at a million events: the Protokoll's pages, and what recording costs
// the staff's mixed load.
//
// Usage: DATABASE_URL=postgres://… bun bench/audit.ts [--events 1000000] [--seconds 3] [--rounds 3]
//        [--mixed-seconds 60] [--no-mixed]
//
// 1. Paging. A fresh database gets `--events` events in one INSERT … SELECT generate_series (20
//    people, the kit's actions in turn, 50 000 objects, one event every 30 s back from now). Their
//    hashes are zeros: a valid chain does not change what a page reads, and the verify is not
//    benched here. The API runs in a child process; each page is asked over one connection for
//    `--seconds` per round, beside a bare Elysia route of the same process, and its p50/p99 are
//    printed against the goal (≤ 50 ms) and as a ratio to the bare route. Each page's answer is
//    checked against the database's own query (same events, newest first, the right `next`).
// 2. Mixed load. bench/mixed.ts's `runMixedLoad`: a window with the trail as it runs (every create
//    stages its event, linked into the chain at commit), then one with the trail off (`audit_append`
//    swapped for a function that records nothing, put back afterwards); p99 per kind on/off
//    against the goal (≤ 1.2). The "on" window always runs first. Afterwards the chain must still
//    verify and every customer created while the trail was on must have its one event.
import { loadavg, tmpdir } from "node:os";
import { type AuditPage, auditActions } from "@klarwerk/kit";
import { Elysia } from "elysia";
import postgres from "postgres";
import { createApp } from "../api/src/app.ts";
import { openDatabase, type Sql } from "../api/src/db/open.ts";
import { systemActor } from "../api/src/http/audit-actors.ts";
import { createTokenService } from "../api/src/http/auth.ts";
import { createSessions } from "../api/src/http/sessions.ts";
import { auditChainKey, retentionPeriods, verifyAuditChain } from "../api/src/modules/audit/service.ts";
import { testConfig } from "../api/test/support/app.ts";
import { runMixedLoad } from "./mixed.ts";
import { reportReady, startChild } from "./support/child.ts";
import { seededDatabase } from "./support/database.ts";
import { formatLoad, type LoadResult, runLoad } from "./support/load.ts";
import { databaseLabel, numberOption } from "./support/options.ts";
import { median } from "./support/stats.ts";

const goalMs = 50;
const goalRatio = 1.2;
const people = 20;
const objects = 50_000;
const actions = Object.entries(auditActions).filter(([name]) => name !== "audit.purged");

/** An admin (who reads the trail) and `count` events; the admin's id. */
async function seed(sql: Sql, count: number): Promise<number> {
  const [admin] = await sql<{ id: number }[]>`
    insert into users (name, email, password_hash, status, role)
    values ('Bench Admin', 'bench-admin@example.de', 'x', 'active', 'admin') returning id`;
  if (!admin) throw new Error("no bench admin");
  await sql`
    insert into audit_events (seq, occurred_at, retention_class, actor_kind, actor_id, actor_name, client_address,
      action, object_type, object_id, fields, changes, prev_hash, hash)
    select i, now() - make_interval(secs => (${count}::int - i) * 30), a.retention, 'user', 1000 + i % ${people}::int,
      'Person ' || (i % ${people}::int), '10.0.' || (i % 250) || '.1', a.name, a.object, (i % ${objects}::int)::text,
      array['name', 'phone'], null, decode(repeat('00', 32), 'hex'), decode(repeat('00', 32), 'hex')
    from generate_series(1, ${count}::int) as i
    join (select ordinality - 1 as at, name, retention, object
          from unnest(${actions.map(([name]) => name)}::text[], ${actions.map(([, spec]) => spec.retention)}::text[],
                      ${actions.map(([, spec]) => spec.object)}::text[]) with ordinality as t(name, retention, object)) a
      on a.at = i % ${actions.length}::int`;
  await sql`update audit_chain set last_seq = ${count}`;
  // Fresh statistics and a visibility map, as autovacuum would have them on a trail in use.
  await sql`vacuum analyze audit_events`;
  return admin.id;
}

interface Ready {
  api: number | undefined;
  bare: number | undefined;
  token: string;
  databaseUrl: string;
}

async function serve(): Promise<void> {
  const count = Number(process.env.BENCH_AUDIT_EVENTS);
  const config = testConfig();
  const { db, seeded: adminId } = await seededDatabase(`${count} audit events`, (sql) => seed(sql, count));
  const changes = await db.openChangeFeed();
  const app = createApp({ config, sql: db.sql, changes }).listen({ port: 0, hostname: "127.0.0.1" });
  const bare = new Elysia().get("/bare", () => ({ events: [], next: null })).listen({ port: 0, hostname: "127.0.0.1" });
  const sessionId = await createSessions({ sql: db.sql, changes: null, now: Date.now }).start(adminId, systemActor);
  const token = await createTokenService(config.jwtSecret).sign({ userId: adminId, sessionId });
  reportReady<Ready>({ api: app.server?.port, bare: bare.server?.port, token, databaseUrl: db.url ?? "" }, async () => {
    await app.stop();
    await bare.stop();
    await changes.close();
    await db.drop();
  });
}

/** A page the Protokoll asks for, and the database's own answer to it. */
interface PageCase {
  label: string;
  query: Record<string, string>;
  direct: (sql: postgres.Sql) => Promise<{ seq: number }[]>;
}

function pageCases(count: number): PageCase[] {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(Date.now() - 90 * 86_400_000);
  const middle = Math.floor(count / 2);
  return [
    {
      label: "first page",
      query: {},
      direct: (sql) => sql`select seq from audit_events order by seq desc limit 51`,
    },
    {
      label: "a person",
      query: { actor_id: "1007" },
      direct: (sql) =>
        sql`select seq from audit_events where actor_id = 1007 and actor_kind = 'user' order by seq desc limit 51`,
    },
    {
      label: "an action",
      query: { action: "invoice.issued" },
      direct: (sql) => sql`select seq from audit_events where action = 'invoice.issued' order by seq desc limit 51`,
    },
    {
      label: "an object",
      query: { object_type: "customer", object_id: "1234" },
      direct: (sql) =>
        sql`select seq from audit_events where object_type = 'customer' and object_id = '1234' order by seq desc limit 51`,
    },
    {
      label: "one day 90 days ago",
      query: { from: day, to: day },
      direct: (sql) => sql`select seq from audit_events
        where occurred_at >= ${day}::date::timestamp at time zone 'Europe/Berlin'
          and occurred_at < (${day}::date + 1)::timestamp at time zone 'Europe/Berlin'
        order by seq desc limit 51`,
    },
    {
      label: "person + action, deep",
      query: { actor_id: "1003", action: "customer.changed", before: String(middle) },
      direct: (sql) => sql`select seq from audit_events
        where actor_id = 1003 and actor_kind = 'user' and action = 'customer.changed' and seq < ${middle}
        order by seq desc limit 51`,
    },
  ];
}

/** The API's page equals the database's: the same events, newest first, `next` the last one's when more exist. */
async function checkPage(
  api: string,
  headers: Record<string, string>,
  sql: postgres.Sql,
  page: PageCase,
): Promise<string | null> {
  const response = await fetch(`${api}/api/audit?${new URLSearchParams(page.query)}`, { headers });
  if (!response.ok) return `${page.label}: ${response.status} ${await response.text()}`;
  const answer = (await response.json()) as AuditPage;
  const expected = (await page.direct(sql)).map((row) => Number(row.seq));
  const shown = answer.events.map((event) => event.seq);
  const next = expected.length > 50 ? (expected[49] ?? null) : null;
  if (JSON.stringify(shown) !== JSON.stringify(expected.slice(0, 50)) || answer.next !== next) {
    return `${page.label}: answered ${JSON.stringify(shown.slice(0, 3))}… next ${answer.next}, the database ${JSON.stringify(expected.slice(0, 3))}… next ${next}`;
  }
  if (shown.length === 0) return `${page.label}: no events (the seed does not cover it)`;
  return null;
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

async function measurePaging(): Promise<boolean> {
  const count = numberOption("events", 1_000_000, { integer: true });
  const seconds = numberOption("seconds", 3);
  const rounds = numberOption("rounds", 3, { integer: true });
  const server = await startChild<Ready>(import.meta.path, "--serve", {
    graceMs: 30_000,
    env: { BENCH_AUDIT_EVENTS: String(count) },
  });
  const sql = postgres(server.ready.databaseUrl, { max: 1, onnotice: () => {} });
  let ok = true;
  try {
    const api = `http://127.0.0.1:${server.ready.api}`;
    const bare = `http://127.0.0.1:${server.ready.bare}`;
    const headers = { Authorization: `Bearer ${server.ready.token}` };
    const cases = pageCases(count);
    for (const page of cases) {
      const problem = await checkPage(api, headers, sql, page);
      if (problem) {
        ok = false;
        console.log(`CHECK FAILED: ${problem}`);
      }
    }
    if (ok) console.log(`checks: each page's events and next equal the database's own query (${cases.length} pages)`);

    const routes = [
      { label: "bare Elysia JSON", url: bare, path: "/bare", headers: {} },
      ...cases.map((page) => ({
        label: page.label,
        url: api,
        path: `/api/audit?${new URLSearchParams(page.query)}`,
        headers,
      })),
    ];
    for (const route of routes)
      await runLoad({ url: route.url, paths: [route.path], headers: route.headers, connections: 1, durationMs: 1000 });
    const results: LoadResult[][] = routes.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [index, route] of routes.entries()) {
        const result = await runLoad({
          url: route.url,
          paths: [route.path],
          headers: route.headers,
          connections: 1,
          durationMs: seconds * 1000,
        });
        results[index]?.push(result);
        if (result.failures > 0) {
          ok = false;
          console.log(formatLoad(`  round ${round} ${route.label}`, result));
          console.log(`    first failure: ${result.firstFailure}`);
        }
      }
    }
    const at = (index: number, pick: (result: LoadResult) => number) => median((results[index] ?? []).map(pick));
    const bareP50 = at(0, (result) => result.latency.p50);
    console.log(
      `\nGET /api/audit at ${count} events, 1 connection, median of ${rounds} rounds of ${seconds} s (server time + one local round trip):`,
    );
    for (const [index, route] of routes.entries()) {
      const p50 = at(index, (result) => result.latency.p50);
      const p99 = at(index, (result) => result.latency.p99);
      const goal = index === 0 ? "" : `  goal p99 ≤ ${goalMs} ms: ${p99 <= goalMs ? "met" : "NOT met"}`;
      console.log(
        `  ${route.label.padEnd(24)} p50 ${p50.toFixed(2).padStart(6)} ms (${(p50 / bareP50).toFixed(1).padStart(5)}× bare)  p99 ${p99.toFixed(2).padStart(6)} ms${goal}`,
      );
    }
  } finally {
    await sql.end();
    await server.stop();
  }
  return ok;
}

/** `audit_append` recording nothing, with the same signature: the trail switched off. */
const noAppend = `create or replace function audit_append(p_retention_class text, p_actor_kind text,
  p_actor_id integer, p_actor_name text, p_client_address text, p_action text, p_object_type text, p_object_id text,
  p_fields text[], p_changes jsonb) returns void language plpgsql as $$ begin end $$`;

async function measureMixed(seconds: number): Promise<boolean> {
  let offFrom = "";
  let offUntil = "";
  let problems: string[] = [];
  const report = await runMixedLoad({
    seconds,
    during: async ({ databaseUrl }) => {
      const database = await openDatabase({ databaseUrl, dataDir: tmpdir() });
      const { sql } = database;
      try {
        const [original] = await sql<{ definition: string }[]>`
          select pg_get_functiondef('audit_append'::regproc) as definition`;
        await sql.unsafe(noAppend);
        offFrom = (await sql<{ now: string }[]>`select clock_timestamp()::text as now`)[0]?.now ?? "";
        await Bun.sleep(seconds * 1000);
        offUntil = (await sql<{ now: string }[]>`select clock_timestamp()::text as now`)[0]?.now ?? "";
        await sql.unsafe(original?.definition ?? "");
        // Creates answered 201 while the trail was on have exactly one event each; the chain verifies.
        // (Both checks are cheap at this size and run at the end of the "off" window.)
        const [missing] = await sql<{ count: number }[]>`
          select count(*)::int as count from customers c
          where c.created_at not between ${offFrom}::timestamptz - interval '1 second' and ${offUntil}::timestamptz + interval '1 second'
            and c.created_by is not null
            and (select count(*) from audit_events e where e.object_type = 'customer' and e.object_id = c.id::text and e.action = 'customer.created') <> 1`;
        if ((missing?.count ?? 0) > 0)
          problems.push(`${missing?.count} customers created with the trail on lack their one event`);
        const verified = await verifyAuditChain(sql, retentionPeriods(testConfig()), {
          key: auditChainKey(testConfig()),
        });
        if (!verified.ok) problems.push(`the chain does not verify: ${JSON.stringify(verified.first_mismatch)}`);
        else
          console.log(
            `checks: the chain verifies (${verified.checked} events); every create with the trail on has its one event`,
          );
      } finally {
        await database.close();
      }
    },
    log: (line) => console.log(line),
  });
  problems = [...problems, ...report.problems];
  console.log(formatLoad("mixed load, trail on", report.without));
  if (report.with) console.log(formatLoad("mixed load, trail off", report.with));
  let met = true;
  for (const [kind, on] of Object.entries(report.without.byKind)) {
    const off = report.with?.byKind[kind];
    if (!off) continue;
    const ratio = on.latency.p99 / off.latency.p99;
    met &&= ratio <= goalRatio;
    console.log(
      `  ${kind.padEnd(10)} p99 on ${on.latency.p99.toFixed(2).padStart(7)} ms, off ${off.latency.p99.toFixed(2).padStart(7)} ms: ratio ${ratio.toFixed(2)} (goal ≤ ${goalRatio}: ${ratio <= goalRatio ? "met" : "NOT met"})`,
    );
  }
  console.log(`  goal p99 on/off ≤ ${goalRatio} for every kind: ${met ? "met" : "NOT met"}`);
  for (const problem of problems) console.log(`CHECK FAILED: ${problem}`);
  return problems.length === 0;
}

if (import.meta.main) {
  if (process.argv.includes("--serve")) await serve();
  else {
    if (!process.env.DATABASE_URL) throw new Error("bench/audit.ts needs DATABASE_URL (PostgreSQL; a million rows)");
    console.log(`Database: ${databaseLabel()}; load average ${loadAverage()}`);
    let ok = await measurePaging();
    if (!process.argv.includes("--no-mixed")) {
      const seconds = numberOption("mixed-seconds", 60);
      console.log(
        `\nmixed staff load, ${seconds} s with the trail on, then ${seconds} s off; load average ${loadAverage()}`,
      );
      ok = (await measureMixed(seconds)) && ok;
    }
    console.log(`load average at the end ${loadAverage()}`);
    if (!ok) process.exitCode = 1;
  }
}
