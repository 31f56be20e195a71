// The staff's mixed load offered open-loop (issue 48): requests leave at a fixed rate whatever
// the answers do, each latency counted from when its request was due (bench/support/open-loop.ts),
// so a figure says how fast a person is served at that load, not how much a closed loop fits.
//
// The load's shape: bench/mixed.ts's mix (60 % customer searches, 20 % dashboard, 10 % list
// pages, 10 % creates; `--terms diverse`: uniform over ≥ 3 000 terms made from the customers' own
// names and e-mails, the unkind shape for any cache; `popular`: a few terms carry most searches).
// A tenth of the searches are typed: the person types a key every 120-240 ms and pauses now and
// then to look (a third of the keys); the screen sends a search 300 ms after the last key
// (its debounce), so a typed search sends its first two letters, then one request per pause and
// one at the end, on top of the arrival rate. The customers are named like real firms
// (bench/support/realistic-customers.ts: 100 000 by default, `--customers 1000000`); two API
// processes as `bun start` runs them (bench/mixed.ts's child: own pool and change feed each) on
// one PostgreSQL; 10 000 contact requests, 300 open.
//
// Per run and target (the API over HTTP; the raw SQL: the same statements straight on the
// database through postgres.js, `--raw-connections` of them, as mixed.ts's baseline):
// 1. the knee: rates from `--start-rate` up by half each step, `--probe-seconds` each, until the
//    load is no longer kept up with (answered < 97 % of offered, a request unanswered, or p99
//    over a second), then three halvings between the last rate kept up with and the first not;
// 2. the goal rate: the highest rate at which every kind's p99 ≤ 50 ms without an error, from
//    the same probes and three halvings of its own;
// 3. windows of `--seconds` at 25, 50, 75 and 90 % of the knee: p50, p99 and p99.9 per kind, and
//    the machine's CPU per request (all processes on it, from /proc/stat: API, database and the
//    generator together), so each figure says how far it is from what the cores can do.
// `--runs` runs (3), then the medians with their spread (min–max) and API / raw SQL of the goal
// rates. `--at R[,R…]` instead measures windows at fixed rates (e.g. the issue's 1000,2000).
//
// After every API window it checks what it measured (mixed.ts's checks): every create answered
// 201 stored once, the checked searches' pages and totals equal the database's, every total
// answered during the load between the counts before and after. The creates of a window are
// deleted after it, so every window sees the seeded size.
//
// Usage: DATABASE_URL=postgres://… bun bench/open-loop.ts [--terms diverse|popular|both]
//        [--customers 100000] [--runs 3] [--seconds 30] [--probe-seconds 10] [--start-rate 250]
//        [--max-rate 20000] [--at 1000,2000] [--raw-connections 12] [--no-raw-sql]
//        [--shares create=1] (another mix: kinds not named get none; e.g. creates alone, to see
//        where they queue: each window also prints what the database's backends waited on)
//        [--cold] (with `--at` and one `--terms`: PostgreSQL restarted and the page cache dropped
//        after the seed, no warm-up; the first window starts cold, the later ones less so)

import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import postgres from "postgres";
import { readConnectionSettings, type Sql } from "../api/src/db/open.ts";
import { seededRandom } from "../mf-invoices/test/fixtures.ts";
import {
  checkMeasured,
  countsBefore,
  diverseTerms,
  goalP99Ms,
  int8AsNumber,
  issueShares,
  type Kind,
  kinds,
  type Mix,
  makeMix,
  popularTerms,
  type Ready,
  rawCall,
  seedContactRequests,
  storedOf,
  type TermSet,
  type TermsName,
} from "./mixed.ts";
import { startChild } from "./support/child.ts";
import { coldStartRefusal, restartDatabaseCold } from "./support/cold-database.ts";
import { seededDatabase } from "./support/database.ts";
import type { LoadRequest } from "./support/load.ts";
import { type Arrival, httpClient, type OpenLoopResult, runOpenLoop } from "./support/open-loop.ts";
import { databaseLabel, numberOption } from "./support/options.ts";
import { seedRealisticCustomers } from "./support/realistic-customers.ts";
import { signUp } from "./support/session.ts";
import { median } from "./support/stats.ts";

type Target = "API" | "raw SQL";
const fractions = [0.25, 0.5, 0.75, 0.9] as const;
/** The screen's debounce: a search goes out this long after the last key. */
const debounceMs = 300;

interface Probe {
  rate: number;
  result: OpenLoopResult;
  keptUp: boolean;
  goalMet: boolean;
}

interface Window {
  rate: number;
  result: OpenLoopResult;
  /** CPU milliseconds per answered request, every process on the machine together. */
  cpuMsPerRequest: number;
  /** The database's busiest waits over the window: backends in each at a sample, on average. */
  waited: { wait: string; perSample: number }[];
}

interface TargetRun {
  knee: number;
  goalRate: number;
  windows: Window[];
}

/** Busy and total CPU time of the whole machine so far (/proc/stat, in clock ticks). */
function cpuTicks(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  return { busy: total - idle, total };
}

/** A window's schedule: the mix's requests, a typed search's sent keystrokes as follow-ups. */
function schedule(mix: Mix, seed: number): (index: number) => Arrival<LoadRequest> {
  const random = seededRandom(seed);
  return (index) => {
    // Each arrival is a person of its own: the mix keeps a typed search's keys under its number.
    const item = mix.next(index);
    const followUps: NonNullable<Arrival<LoadRequest>["followUps"]> = [];
    let at = 0;
    for (let left = mix.typingLeft(index); left > 0; left--) {
      const key = mix.next(index);
      at += 120 + random() * 120;
      if (left === 1 || random() < 1 / 3) {
        followUps.push({ afterMs: at + debounceMs, item: key });
        at += debounceMs + 200 + random() * 600;
      }
    }
    return { item, followUps };
  };
}

interface Bench {
  sql: Sql;
  /** Each kind's share of the arrivals: the issue's mix, or `--shares create=1,…`. */
  shares: Record<Kind, number>;
  origins: string[];
  headers: Record<string, string>;
  termSet: TermSet;
  seededMax: number;
  raw: Sql | null;
  who: Parameters<typeof rawCall>[1];
  problems: string[];
  log: (line: string) => void;
}

let windowSeed = 100;

/** One window of `target` at `rate`; the API's is checked; the window's creates are deleted after it. */
async function measure(bench: Bench, target: Target, rate: number, seconds: number): Promise<Window> {
  const mix = makeMix(windowSeed, bench.shares, bench.termSet);
  const next = schedule(mix, windowSeed++);
  const initial = target === "API" ? await countsBefore(bench.sql, mix) : new Map<string, number>();
  const client = target === "API" ? httpClient(bench.origins, bench.headers) : null;
  const call = bench.raw ? rawCall(bench.raw, bench.who, mix.created) : null;
  const before = cpuTicks();
  const waits = target === "API" ? sampleWaits(bench.sql) : null;
  const result = await runOpenLoop<LoadRequest>({
    rate,
    durationMs: seconds * 1000,
    next,
    execute: client
      ? client.send
      : async (request) => {
          await call?.(request).run();
        },
  });
  const after = cpuTicks();
  const waited = (await waits?.stop()) ?? [];
  client?.close();
  const cores = cpus().length;
  const busyCoreMs =
    ((after.busy - before.busy) / Math.max(1, after.total - before.total)) * cores * result.seconds * 1000;
  if (target === "API") {
    await Bun.sleep(500);
    const { problems } = await checkMeasured({ ...bench, mix, initial, created: mix.created });
    bench.problems.push(...problems.map((problem) => `${target} at ${rate}/s: ${problem}`));
  } else {
    const stored = await storedOf(bench.sql, mix.created);
    if (stored !== mix.created.length)
      bench.problems.push(`raw SQL at ${rate}/s: ${mix.created.length} creates, ${stored} stored`);
  }
  await bench.sql`delete from customers where id > ${bench.seededMax}`;
  return { rate, result, cpuMsPerRequest: busyCoreMs / Math.max(1, result.requests), waited };
}

/**
 * What the database's client backends waited on while a window ran: every 20 ms, the active ones
 * of this database by wait event ("CPU" when none: running, or waiting for a core). Names the
 * point creates queue at, if any: a row lock (`Lock:transactionid`, `Lock:tuple`), the NOTIFY
 * queue (`Lock:object`), the WAL flush (`IO:WALSync`, `LWLock:WALWrite`).
 */
function sampleWaits(sql: Sql): { stop(): Promise<Window["waited"]> } {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const rows = await sql<{ wait: string; count: number }[]>`
        select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait, count(*)::int as count
        from pg_stat_activity
        where state = 'active' and backend_type = 'client backend' and datname = current_database()
          and pid <> pg_backend_pid()
        group by 1`;
      samples++;
      for (const { wait, count } of rows) counts.set(wait, (counts.get(wait) ?? 0) + count);
      await Bun.sleep(20);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return [...counts]
        .map(([wait, count]) => ({ wait, perSample: count / Math.max(1, samples) }))
        .sort((a, b) => b.perSample - a.perSample)
        .slice(0, 6);
    },
  };
}

function judge(rate: number, result: OpenLoopResult): Probe {
  const keptUp =
    result.unanswered === 0 && result.answeredPerSecond >= 0.97 * result.offeredPerSecond && result.all.p99 <= 1000;
  const goalMet = result.failures === 0 && Object.values(result.byKind).every((kind) => kind.latency.p99 <= goalP99Ms);
  return { rate, result, keptUp, goalMet };
}

/** The knee and the goal rate of `target` (the file's head, steps 1 and 2). */
async function findRates(
  bench: Bench,
  target: Target,
  options: { startRate: number; maxRate: number; probeSeconds: number },
): Promise<{ knee: number; goalRate: number }> {
  const probes: Probe[] = [];
  const probe = async (rate: number) => {
    const { result } = await measure(bench, target, rate, options.probeSeconds);
    const judged = judge(rate, result);
    probes.push(judged);
    bench.log(
      `  probe ${target} ${String(rate).padStart(6)}/s: answered ${result.answeredPerSecond.toFixed(0)}/s, ` +
        `p99 ${result.all.p99.toFixed(1)} ms, late p99 ${result.lateness.p99.toFixed(1)} ms, ${result.failures} failed` +
        `${judged.keptUp ? "" : " — not kept up with"}${judged.goalMet ? "" : " — goal not met"}`,
    );
    return judged;
  };
  let rate = options.startRate;
  let keptUp = 0;
  let notKeptUp = Number.POSITIVE_INFINITY;
  while (rate <= options.maxRate) {
    const judged = await probe(rate);
    if (!judged.keptUp) {
      notKeptUp = rate;
      break;
    }
    keptUp = rate;
    rate = Math.round(rate * 1.5);
  }
  const round = (value: number) => Math.max(10, Math.round(value / 10) * 10);
  for (let step = 0; step < 3 && Number.isFinite(notKeptUp); step++) {
    const middle = round((keptUp + notKeptUp) / 2);
    if (middle <= keptUp || middle >= notKeptUp) break;
    if ((await probe(middle)).keptUp) keptUp = middle;
    else notKeptUp = middle;
  }
  let goalMet = Math.max(0, ...probes.filter((one) => one.goalMet).map((one) => one.rate));
  let goalMissed = Math.min(...probes.filter((one) => !one.goalMet && one.rate > goalMet).map((one) => one.rate));
  for (let step = 0; step < 3 && Number.isFinite(goalMissed); step++) {
    const middle = round((goalMet + goalMissed) / 2);
    if (middle <= goalMet || middle >= goalMissed) break;
    if ((await probe(middle)).goalMet) goalMet = middle;
    else goalMissed = middle;
  }
  return { knee: keptUp, goalRate: goalMet };
}

const ms = (value: number | undefined) => (value === undefined ? "—" : value.toFixed(1)).padStart(7);

function printWindow(log: (line: string) => void, label: string, window: Window): void {
  const { result } = window;
  log(
    `  ${label}: offered ${result.offeredPerSecond.toFixed(0)}/s, answered ${result.answeredPerSecond.toFixed(0)}/s, ` +
      `${result.failures} failed; generator late p50 ${result.lateness.p50.toFixed(2)} p99 ${result.lateness.p99.toFixed(2)} ms; ` +
      `CPU ${window.cpuMsPerRequest.toFixed(2)} ms/request (the ${cpus().length} cores: ${(
        (1000 * cpus().length) / window.cpuMsPerRequest
      ).toFixed(0)}/s)`,
  );
  for (const kind of kinds) {
    const one = result.byKind[kind];
    if (!one) continue;
    log(
      `    ${kind.padEnd(10)} ${String(one.requests).padStart(7)}  p50 ${ms(one.latency.p50)}  p99 ${ms(one.latency.p99)}` +
        `  p99.9 ${ms(one.latency.p999)}  max ${ms(one.latency.max)} ms  ${one.failures} failed`,
    );
  }
  if (window.waited.length > 0) {
    const waits = window.waited.map(({ wait, perSample }) => `${wait} ${perSample.toFixed(2)}`).join(", ");
    log(`    database backends active, on average: ${waits}`);
  }
  if (result.firstFailure) log(`    first failure: ${result.firstFailure}`);
}

const spread = (values: number[], digits = 1) =>
  values.length === 1
    ? (values[0]?.toFixed(digits) ?? "—")
    : `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

function printSummary(log: (line: string) => void, terms: TermsName, runs: Record<Target, TargetRun[]>): void {
  log(`— summary, ${terms} terms: medians of ${runs.API.length} runs (min–max) —`);
  for (const target of Object.keys(runs) as Target[]) {
    const list = runs[target];
    if (list.length === 0) continue;
    log(
      `${target}: knee ${spread(
        list.map((run) => run.knee),
        0,
      )} req/s; highest rate with every p99 ≤ ${goalP99Ms} ms: ` +
        `${spread(
          list.map((run) => run.goalRate),
          0,
        )} req/s`,
    );
    fractions.forEach((fraction, index) => {
      const windows = list.map((run) => run.windows[index]).filter((window) => window !== undefined);
      log(
        `  at ${fraction * 100} % of the knee (${spread(
          windows.map((window) => window.rate),
          0,
        )}/s), ` +
          `CPU ${spread(
            windows.map((window) => window.cpuMsPerRequest),
            2,
          )} ms/request:`,
      );
      for (const kind of kinds) {
        const of = (pick: (latency: OpenLoopResult["all"]) => number) =>
          windows
            .map((window) => window.result.byKind[kind])
            .filter((one) => one !== undefined)
            .map((one) => pick(one.latency));
        if (of((latency) => latency.p50).length === 0) continue;
        log(
          `    ${kind.padEnd(10)} p50 ${spread(of((latency) => latency.p50))}  p99 ${spread(of((latency) => latency.p99))}` +
            `  p99.9 ${spread(of((latency) => latency.p999))} ms`,
        );
      }
    });
  }
  if (runs["raw SQL"].length > 0 && runs.API.length > 0) {
    const api = median(runs.API.map((run) => run.goalRate));
    const raw = median(runs["raw SQL"].map((run) => run.goalRate));
    log(`API / raw SQL, highest rate meeting the goal: ${(api / raw).toFixed(2)} (goal ≥ 0.8)`);
  }
}

/** `--shares create=1` or `search=0.5,create=0.5`: kinds not named get none; without it, the issue's mix. */
function sharesOf(text: string | undefined): Record<Kind, number> {
  if (text === undefined) return issueShares;
  const shares = Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<Kind, number>;
  for (const part of text.split(",")) {
    const [kind, value] = part.split("=");
    if (!kinds.includes(kind as Kind) || !(Number(value) > 0)) {
      throw new Error(`--shares needs kind=share pairs of ${kinds.join(", ")}, e.g. create=1`);
    }
    shares[kind as Kind] = Number(value);
  }
  const sum = Object.values(shares).reduce((all, share) => all + share, 0);
  for (const kind of kinds) shares[kind] /= sum;
  return shares;
}

if (import.meta.main) {
  if (!process.env.DATABASE_URL) {
    throw new Error("bench/open-loop.ts needs DATABASE_URL: two API processes cannot share the embedded database");
  }
  const customers = numberOption("customers", 100_000, { integer: true });
  const runCount = numberOption("runs", 3, { integer: true });
  const seconds = numberOption("seconds", 30);
  const probeSeconds = numberOption("probe-seconds", 10);
  const startRate = numberOption("start-rate", 250);
  const maxRate = numberOption("max-rate", 20_000);
  const rawConnections = numberOption("raw-connections", 12, { integer: true });
  const withRaw = !process.argv.includes("--no-raw-sql");
  const option = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const termsOption = option("terms") ?? "both";
  if (termsOption !== "popular" && termsOption !== "diverse" && termsOption !== "both") {
    throw new Error("--terms needs popular, diverse or both");
  }
  const fixedRates = option("at")?.split(",").map(Number);
  if (fixedRates?.some((rate) => !(rate > 0))) throw new Error("--at needs rates, e.g. --at 1000,2000");
  const shares = sharesOf(option("shares"));
  const cold = process.argv.includes("--cold");
  if (cold && (!fixedRates || termsOption === "both")) {
    throw new Error("--cold needs --at and one --terms: only the first window after the restart is cold");
  }
  const coldRefusal = cold ? coldStartRefusal(process.env.DATABASE_URL) : null;
  if (coldRefusal) throw new Error(coldRefusal);
  const log = console.log;
  const loadAverage = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
  log(
    `Database: ${databaseLabel()}; ${customers} realistic customers; 2 API processes; open loop; ` +
      `terms ${termsOption}; mix ${kinds.map((kind) => `${kind} ${shares[kind].toFixed(2)}`).join(", ")}; ${runCount} runs; windows ${seconds} s, probes ${probeSeconds} s; ` +
      `raw SQL ${withRaw ? `over ${rawConnections} connections` : "not measured"}; ${cpus().length} cores; load average ${loadAverage()}`,
  );
  const { db } = await seededDatabase(`${customers} realistic customers, 10 000 contact requests`, async (sql) => {
    await seedRealisticCustomers(sql, customers);
    await seedContactRequests(sql);
  });
  const databaseUrl = db.url ?? "";
  const children: Awaited<ReturnType<typeof startChild<Ready>>>[] = [];
  let raw: Sql | null = null;
  const problems: string[] = [];
  try {
    // Picked before a cold restart: picking reads customers, which would warm them.
    const termSets: [TermsName, TermSet][] = [];
    for (const terms of (termsOption === "both" ? ["popular", "diverse"] : [termsOption]) as TermsName[]) {
      termSets.push([terms, terms === "diverse" ? await diverseTerms(db.sql, customers) : popularTerms()]);
    }
    if (cold) {
      await restartDatabaseCold(db.sql);
      log("cold: PostgreSQL restarted and the page cache dropped; no warm-up");
    }
    for (let index = 0; index < 2; index++) {
      children.push(
        await startChild<Ready>(new URL("./mixed.ts", import.meta.url).pathname, "--serve", {
          env: { BENCH_DATABASE_URL: databaseUrl },
        }),
      );
    }
    const origins = children.map((child) => `http://127.0.0.1:${child.ready.api}`);
    const account = await signUp(origins[0] as string);
    if (withRaw) {
      raw = postgres(databaseUrl, {
        max: rawConnections,
        onnotice: () => {},
        types: { int8: int8AsNumber },
        connection: readConnectionSettings,
      });
    }
    const [{ max: seededMax } = { max: 0 }] = await db.sql<
      { max: number }[]
    >`select max(id)::int as max from customers`;
    const targets: Target[] = withRaw ? ["API", "raw SQL"] : ["API"];
    for (const [terms, termSet] of termSets) {
      const bench: Bench = {
        sql: db.sql,
        shares,
        origins,
        headers: { Authorization: `Bearer ${account.token}` },
        termSet,
        seededMax,
        raw,
        who: {
          editor: { id: account.user.id, name: account.user.name },
          actor: { kind: "user", id: account.user.id, name: account.user.name, address: "127.0.0.1" },
        },
        problems,
        log,
      };
      log(`— ${terms} terms, ${termSet.terms.length} distinct —`);
      // Warm-up: JIT, pools, the database's caches.
      if (!cold) for (const target of targets) await measure(bench, target, startRate, 3);
      const runs: Record<Target, TargetRun[]> = { API: [], "raw SQL": [] };
      for (let run = 1; run <= runCount; run++) {
        for (const target of targets) {
          log(`run ${run}, ${target}:`);
          const rates = fixedRates ? null : await findRates(bench, target, { startRate, maxRate, probeSeconds });
          const windowRates =
            fixedRates ?? fractions.map((fraction) => Math.max(10, Math.round((rates?.knee ?? 0) * fraction)));
          const windows: Window[] = [];
          for (const rate of windowRates) {
            const window = await measure(bench, target, rate, seconds);
            printWindow(log, `${target} at ${rate}/s`, window);
            windows.push(window);
          }
          // `--at`: of the fixed rates, the highest each window kept up with and met the goal at.
          const judged = windows.map((window) => judge(window.rate, window.result));
          const { knee, goalRate } = rates ?? {
            knee: Math.max(0, ...judged.filter((one) => one.keptUp).map((one) => one.rate)),
            goalRate: Math.max(0, ...judged.filter((one) => one.goalMet).map((one) => one.rate)),
          };
          const of = fixedRates ? ` (of ${fixedRates.join(", ")}/s)` : "";
          log(`  ${target}: knee ${knee}/s, highest rate with every p99 ≤ ${goalP99Ms} ms: ${goalRate}/s${of}`);
          runs[target].push({ knee, goalRate, windows });
        }
      }
      if (!fixedRates) printSummary(log, terms, runs);
    }
    log(`load average at the end ${loadAverage()}`);
    if (problems.length === 0) {
      log("checks: every create answered 201 stored once; the checked pages and totals equal the database's");
    } else {
      for (const problem of problems) log(`CHECK FAILED: ${problem}`);
      process.exitCode = 1;
    }
  } finally {
    await raw?.end({ timeout: 5 });
    for (const child of children) await child.stop();
    await db.drop();
  }
}
