// Does the scrub slow the portal down? The portal's lists under load (the requests a signed-in
// dashboard, file area, customer and invoice screen make), measured with and without the scrub
// running in the same API process, in alternating windows of one run. Goal: p99 with
// the scrub ≤ 1.5× p99 without. The scrub reads at the API's own rate (BLOB_SCRUB_MIB_PER_SECOND,
// default 32) over `--mib` of files seeded through the blob store, and must find nothing.
//
// bench/mixed.ts's `runMixedLoad({ seconds, during })` can run the same comparison under the mixed staff load.
//
// Usage: [DATABASE_URL=…] bun bench/scrub-load.ts [--mib 256] [--seconds 5] [--rounds 3] [--connections 8]
//        [--store disk|s3]
// The API runs in a child process as `bun start` runs it (change feed, caches); the blobs are
// written to a temporary folder (or an s3rver the bench starts), so the scrub reads from the page cache.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../api/src/app.ts";
import type { Sql } from "../api/src/db/open.ts";
import { blobAreas, runBlobMaintenance } from "../api/src/modules/operations/maintenance.ts";
import type { ScrubReport } from "../api/src/storage/blob-scrub.ts";
import { testConfig } from "../api/test/support/app.ts";
import { reportReady, startChild } from "./support/child.ts";
import { seededDatabase } from "./support/database.ts";
import { formatLoad, type LoadResult, runLoad } from "./support/load.ts";
import { databaseLabel, numberOption } from "./support/options.ts";
import { startS3Server } from "./support/s3-server.ts";
import { fileMiB, seedStoredFiles } from "./support/seed-files.ts";
import { signUp } from "./support/session.ts";
import { median } from "./support/stats.ts";

const mebibyte = 1024 * 1024;
/** What a signed-in portal asks for as its screens load. */
const portalPaths = ["/api/requests", "/api/files", "/api/customers", "/api/invoices", "/api/folders"];

interface Ready {
  api: number | undefined;
  /** The bench's own control port: POST /scrub starts a scrub in the API's process, GET /scrub reports. */
  control: number;
}

interface ScrubState {
  running: boolean;
  /** Scrubs started so far, and the last finished one. */
  started: number;
  last: ScrubReport | null;
  error: string | null;
}

/** `mib` of files through the store, then customers and contact requests for the lists. */
async function seedFiles(sql: Sql, config: ReturnType<typeof testConfig>, mib: number): Promise<number> {
  const files = await seedStoredFiles(sql, config, mib);
  await sql`
    insert into customers (name, status) select 'Bench Kunde ' || i, 'in_kontakt' from generate_series(1, 500) as i`;
  await sql`
    insert into contact_requests (name, email, message)
    select 'Bench Anfrage ' || i, 'anfrage' || i || '@example.de', 'Bitte um Rückruf.' from generate_series(1, 200) as i`;
  return files;
}

async function serve(): Promise<void> {
  const config = testConfig(JSON.parse(process.env.BENCH_ENV ?? "{}") as Record<string, string>);
  const mib = Number(process.env.BENCH_MIB);
  const { db, seeded } = await seededDatabase(`${mib} MiB of files`, (sql) => seedFiles(sql, config, mib));
  console.error(`[bench] ${seeded} files of ${fileMiB} MiB on the ${config.blobStore.kind} store`);
  const changes = await db.openChangeFeed();
  const app = createApp({ config, sql: db.sql, changes }).listen({ port: 0, hostname: "127.0.0.1" });
  const state: ScrubState = { running: false, started: 0, last: null, error: null };
  const control = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      if (request.method === "POST" && !state.running) {
        state.running = true;
        state.started++;
        runBlobMaintenance({
          sql: db.sql,
          areas: blobAreas(config, db.sql),
          bytesPerSecond: config.blobScrubBytesPerSecond,
          force: true,
        })
          .then((outcome) => {
            if (outcome === "busy" || outcome === null) state.error = `no scrub ran: ${outcome}`;
            else state.last = outcome;
          })
          .catch((error: unknown) => {
            state.error = String(error);
          })
          .finally(() => {
            state.running = false;
          });
      }
      return Response.json(state);
    },
  });
  reportReady<Ready>({ api: app.server?.port, control: control.port ?? 0 }, async () => {
    control.stop(true);
    await app.stop();
    await changes.close();
    await db.drop();
  });
}

async function measure(): Promise<void> {
  const mib = numberOption("mib", 256, { integer: true });
  const seconds = numberOption("seconds", 5);
  const rounds = numberOption("rounds", 3, { integer: true });
  const connections = numberOption("connections", 8, { integer: true });
  const storeFlag = process.argv.indexOf("--store");
  const store = storeFlag >= 0 ? process.argv[storeFlag + 1] : "disk";
  if (store !== "disk" && store !== "s3") throw new Error("--store is disk or s3");
  console.log(
    `Database: ${databaseLabel()}; ${store} store, ${mib} MiB of files; ${connections} connections; ` +
      `${rounds} rounds of ${seconds} s without and with the scrub`,
  );
  const workDir = mkdtempSync(join(tmpdir(), "klarwerk-bench-scrub-"));
  const s3 = store === "s3" ? await startS3Server(join(workDir, "s3")) : null;
  const server = await startChild<Ready>(import.meta.path, "--serve", {
    env: { BENCH_MIB: String(mib), BENCH_ENV: JSON.stringify(s3?.env ?? {}) },
  });
  try {
    const api = `http://127.0.0.1:${server.ready.api}`;
    const control = `http://127.0.0.1:${server.ready.control}/scrub`;
    const { token } = await signUp(api);
    const headers = { Authorization: `Bearer ${token}` };
    for (const path of portalPaths) {
      const response = await fetch(`${api}${path}`, { headers });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    }
    const scrubState = async (method = "GET") => (await (await fetch(control, { method })).json()) as ScrubState;
    const load = () => runLoad({ url: api, paths: portalPaths, headers, connections, durationMs: seconds * 1000 });

    const without: LoadResult[] = [];
    const withScrub: LoadResult[] = [];
    let scrubbedThroughout = 0;
    for (let round = 0; round < rounds; round++) {
      without.push(await load());
      await scrubState("POST");
      // The scrub under way (its first reads and queries done) before the window opens.
      await Bun.sleep(300);
      withScrub.push(await load());
      const state = await scrubState();
      if (state.running) scrubbedThroughout++;
      while ((await scrubState()).running) await Bun.sleep(200);
    }
    const final = await scrubState();
    if (final.error || !final.last) throw new Error(`the scrub failed: ${final.error}`);
    const report = final.last;
    const findings = report.missing + report.changed + report.orphaned;
    if (findings > 0 || report.without_checksum > 0) {
      throw new Error(`the scrub found ${findings} problem(s) in an intact store: ${JSON.stringify(report.problems)}`);
    }

    for (const [index, result] of without.entries())
      console.log(formatLoad(`without scrub, round ${index + 1}`, result));
    for (const [index, result] of withScrub.entries())
      console.log(formatLoad(`with scrub, round ${index + 1}`, result));
    const p99Without = median(without.map((result) => result.latency.p99));
    const p99With = median(withScrub.map((result) => result.latency.p99));
    const ratio = p99With / p99Without;
    // Dates arrive as JSON strings from the child.
    const scrubSeconds = (Date.parse(String(report.finished_at)) - Date.parse(String(report.started_at))) / 1000;
    console.log(`\nPortal lists (${portalPaths.join(", ")}), medians of ${rounds} rounds`);
    console.log(`  p99 without the scrub: ${p99Without.toFixed(1)} ms`);
    console.log(`  p99 with the scrub:    ${p99With.toFixed(1)} ms`);
    console.log(`  ratio with/without: ${ratio.toFixed(2)}  (goal ≤ 1.5: ${ratio <= 1.5 ? "met" : "MISSED"})`);
    console.log(
      `  requests/s without ${median(without.map((result) => result.requestsPerSecond)).toFixed(0)}, ` +
        `with ${median(withScrub.map((result) => result.requestsPerSecond)).toFixed(0)}`,
    );
    console.log(
      `  the scrub: ${report.checked} files, ${(report.bytes_read / mebibyte).toFixed(0)} MiB in ${scrubSeconds.toFixed(1)} s ` +
        `(${(report.bytes_read / mebibyte / scrubSeconds).toFixed(1)} MiB/s), nothing found; ` +
        `still running at the end of ${scrubbedThroughout} of ${rounds} windows`,
    );
  } finally {
    await server.stop();
    await s3?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--serve") await serve();
else await measure();
