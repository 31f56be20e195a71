// GET /api/requests with 100 000 stored contact requests (98% done), against a bare Elysia JSON
// route served by the same process, in one run. Also shown, for the design decision behind the
// counters (api/migrations/003_requests.sql): the same page with the counts taken by count(*)
// over the table instead of from the trigger-kept counts row.
//
// Usage: [DATABASE_URL=postgres://…] bun bench/requests.ts [--seconds 5] [--rounds 3] [--connections 16]
//
// The database is fresh, made as the API tests make theirs: a new database on DATABASE_URL's
// server (dropped afterwards), else the embedded PGlite in memory. The server runs in a child process (`--serve`), so the load
// generator never shares its thread.
import { gzipSync } from "node:zlib";
import type { OpenRequestsPage } from "@klarwerk/kit";
import { Elysia } from "elysia";
import { createApp } from "../api/src/app.ts";
import type { Sql } from "../api/src/db/open.ts";
import { systemActor } from "../api/src/http/audit-actors.ts";
import { createTokenService } from "../api/src/http/auth.ts";
import { createSessions } from "../api/src/http/sessions.ts";
import { listOpenRequests } from "../api/src/modules/contact-requests/store.ts";
import { testConfig } from "../api/test/support/app.ts";
import { reportReady, startChild } from "./support/child.ts";
import { seededDatabase } from "./support/database.ts";
import { formatLoad, type LoadResult, runLoad } from "./support/load.ts";
import { databaseLabel, numberOption } from "./support/options.ts";
import { median } from "./support/stats.ts";

const requestCount = 100_000;
/** Every 50th request is still open: 2 000 open, 98 000 done. */
const openEvery = 50;

/**
 * The user who marked them done, and 100 000 requests over the last ~70 days, messages of 60 to
 * 900 characters, one in three without company. Returns the user's id.
 */
async function seed(sql: Sql): Promise<number> {
  const [user] = await sql<{ id: number }[]>`
    insert into users (name, email, password_hash, status) values ('Bench', 'bench@example.de', 'x', 'active')
    returning id`;
  if (!user) throw new Error("no bench user");
  const userId = user.id;
  await sql`
    insert into contact_requests (name, email, company, message, created_at, is_done, done_at, done_by)
    select
      (array['Anna', 'Jonas', 'Lea', 'Felix', 'Marie', 'Paul', 'Sophie', 'Lukas'])[1 + i % 8] || ' ' ||
        (array['Müller', 'Schmidt', 'Weber', 'Becker', 'Hoffmann', 'Koch', 'Wagner'])[1 + i % 7],
      'kontakt' || i || '@beispiel-firma.de',
      case when i % 3 <> 0 then 'Beispiel Firma ' || (i % 997) || ' GmbH' end,
      repeat('Wir interessieren uns für einen neuen Online-Shop und bitten um Rückruf. ', 1 + i % 12),
      now() - make_interval(mins => ${requestCount}::int - i),
      i % ${openEvery}::int <> 0,
      case when i % ${openEvery}::int <> 0 then now() end,
      case when i % ${openEvery}::int <> 0 then ${userId}::bigint end
    from generate_series(1, ${requestCount}::int) as i`;
  // Fresh statistics and a visibility map, as autovacuum would have them on a database in use.
  await sql`vacuum analyze contact_requests`;
  return userId;
}

/** The alternative the counts row replaces: the same page, counts by counting rows. */
async function pageWithCountedCounts(sql: Sql): Promise<OpenRequestsPage> {
  const [page, [counts]] = await Promise.all([
    listOpenRequests(sql, { limit: 50, before: null }),
    // The cheapest count there is: index-only scans of the two partial indexes of 002.
    sql<{ open: number; done: number }[]>`
      select (select count(*) from contact_requests where not is_done) as open,
             (select count(*) from contact_requests where is_done) as done`,
  ]);
  return { ...page, counts: counts ?? page.counts };
}

/** What the child reports once it serves. */
interface Ready {
  api: number | undefined;
  bare: number | undefined;
  token: string;
}

/** Child: fresh database, seed, the app and the comparison routes; reports ports and a token. */
async function serve(): Promise<void> {
  const config = testConfig();
  const { db, seeded: userId } = await seededDatabase(`${requestCount} requests`, seed);

  // As `bun start` runs it: with a change feed, the guard keeps the signed-in user in memory.
  const changes = await db.openChangeFeed();
  const app = createApp({ config, sql: db.sql, changes }).listen({ port: 0, hostname: "127.0.0.1" });
  const samePage = JSON.stringify(await listOpenRequests(db.sql, { limit: 50, before: null }));
  const bare = new Elysia()
    .get("/bare", () => ({ requests: [], counts: { open: 0, done: 0 }, next: null }))
    // The API's own answer, prepared once: what serialising and sending that many bytes costs.
    .get("/bare-same-size", ({ set }) => {
      set.headers["content-type"] = "application/json";
      return samePage;
    })
    .get("/counted", () => pageWithCountedCounts(db.sql))
    .listen({ port: 0, hostname: "127.0.0.1" });
  const sessionId = await createSessions({ sql: db.sql, changes: null, now: Date.now }).start(userId, systemActor);
  const token = await createTokenService(config.jwtSecret).sign({ userId, sessionId });
  reportReady<Ready>({ api: app.server?.port, bare: bare.server?.port, token }, async () => {
    await app.stop();
    await bare.stop();
    await db.drop();
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(): Promise<void> {
  const seconds = numberOption("seconds", 5);
  const rounds = numberOption("rounds", 3);
  const connections = numberOption("connections", 16);
  console.log(
    `Database: ${databaseLabel()}; ${requestCount} requests (${requestCount / openEvery} open); ${rounds} rounds of ${seconds} s per route`,
  );
  const server = await startChild<Ready>(import.meta.path, "--serve", { graceMs: 10_000 });
  try {
    const { ready } = server;
    const api = `http://127.0.0.1:${ready.api}`;
    const bare = `http://127.0.0.1:${ready.bare}`;
    const headers = { Authorization: `Bearer ${ready.token}` };

    for (const [label, url, extra] of [
      ["GET /api/requests", `${api}/api/requests`, headers],
      ["GET /api/requests?limit=200", `${api}/api/requests?limit=200`, headers],
      ["bare Elysia JSON", `${bare}/bare`, {}],
    ] as const) {
      const response = await fetch(url, { headers: { ...extra, "Accept-Encoding": "identity" } });
      const body = new Uint8Array(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${label} answered ${response.status}`);
      const page = label.startsWith("GET") ? (JSON.parse(new TextDecoder().decode(body)) as OpenRequestsPage) : null;
      const detail = page ? `, ${page.requests.length} requests, counts ${JSON.stringify(page.counts)}` : "";
      console.log(`  ${label}: ${kb(body.length)} JSON, ${kb(gzipSync(body, { level: 6 }).length)} gzip${detail}`);
    }

    const routes: { label: string; run: (ms: number, connections: number) => Promise<LoadResult> }[] = [
      {
        label: "bare Elysia JSON",
        run: (ms, c) => runLoad({ url: bare, paths: ["/bare"], connections: c, durationMs: ms }),
      },
      {
        label: "bare, same bytes",
        run: (ms, c) => runLoad({ url: bare, paths: ["/bare-same-size"], connections: c, durationMs: ms }),
      },
      {
        // For scale: the cheapest database-backed route there is (one `select 1` round trip).
        label: "/api/health (select 1)",
        run: (ms, c) => runLoad({ url: api, paths: ["/api/health"], connections: c, durationMs: ms }),
      },
      {
        label: "GET /api/requests",
        run: (ms, c) => runLoad({ url: api, paths: ["/api/requests"], headers, connections: c, durationMs: ms }),
      },
      {
        label: "same, count(*) counts",
        run: (ms, c) => runLoad({ url: bare, paths: ["/counted"], connections: c, durationMs: ms }),
      },
    ];
    for (const route of routes) await route.run(1500, connections); // warm-up: JIT, pools, caches

    for (const [mode, conns] of [
      ["latency, 1 connection", 1],
      [`throughput, ${connections} connections`, connections],
    ] as const) {
      console.log(`\n${mode}:`);
      const results: LoadResult[][] = [];
      for (let round = 1; round <= rounds; round++) {
        const row: LoadResult[] = [];
        for (const route of routes) {
          const result = await route.run(seconds * 1000, conns);
          row.push(result);
          console.log(formatLoad(`  round ${round} ${route.label}`, result));
          if (result.firstFailure) console.log(`    first failure: ${result.firstFailure}`);
        }
        results.push(row);
      }
      const at = (index: number, pick: (result: LoadResult) => number) =>
        median(results.map((row) => pick(row[index] as LoadResult)));
      console.log(`  median of ${rounds} rounds:`);
      for (const [index, route] of routes.entries()) {
        if (index === 0) continue;
        const p50 = at(index, (result) => result.latency.p50) / at(0, (result) => result.latency.p50);
        const rps = at(index, (result) => result.requestsPerSecond) / at(0, (result) => result.requestsPerSecond);
        console.log(
          `    ${route.label.padEnd(24)} p50 ${at(index, (result) => result.latency.p50).toFixed(2)} ms ` +
            `(${p50.toFixed(1)}× bare), p99 ${at(index, (result) => result.latency.p99).toFixed(2)} ms, ` +
            `${Math.round(at(index, (result) => result.requestsPerSecond))} req/s (${rps.toFixed(3)} of bare)`,
        );
      }
      console.log(
        `    ${"bare Elysia JSON".padEnd(24)} p50 ${at(0, (result) => result.latency.p50).toFixed(2)} ms, ` +
          `${Math.round(at(0, (result) => result.requestsPerSecond))} req/s`,
      );
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.main) {
  if (process.argv.includes("--serve")) await serve();
  else await measure();
}
