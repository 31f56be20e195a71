// Backups at size: 10 000 customers, 1 000 issued invoices (PDFs made by the API) and
// `--mib` (default 2048) of files on the disk store, with a database server. Measures, one run:
//   - the portal's lists under load with and without a backup running in the API's process
//     (alternating windows; each "with" window is a full backup into an empty folder, cut off
//     after the window), goal p99 with ≤ 1.5× without and no failed request;
//   - a first backup (everything copied), a second one (nothing changed: only the dump),
//   - `bun run restore latest` into an empty database and data folder (it re-reads every blob
//     and checks its SHA-256 against the manifest; the bench fails unless it passes).
// Usage: DATABASE_URL=… bun bench/backup.ts [--mib 2048] [--invoices 1000] [--customers 10000]
//        [--seconds 5] [--rounds 3] [--connections 8] [--mib-per-second 32]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../api/src/app.ts";
import { type BackupResult, createBackup } from "../api/src/backup/create.ts";
import { backupKeyOf } from "../api/src/backup/signature.ts";
import { DiskBackupTarget } from "../api/src/backup/target.ts";
import { listenForChanges } from "../api/src/db/change-feed.ts";
import { migrate } from "../api/src/db/migrate.ts";
import { openDatabase } from "../api/src/db/open.ts";
import { testConfig } from "../api/test/support/app.ts";
import { createInvoice, invoiceJson, saveCompany } from "../api/test/support/invoices.ts";
import { signedInOwner } from "../api/test/support/users.ts";
import { createDatabase } from "../scripts/test-server.ts";
import { reportReady, startChild } from "./support/child.ts";
import { formatLoad, type LoadResult, runLoad } from "./support/load.ts";
import { numberOption } from "./support/options.ts";
import { seedStoredFiles } from "./support/seed-files.ts";
import { signUp } from "./support/session.ts";
import { median } from "./support/stats.ts";

const mebibyte = 1024 * 1024;
const portalPaths = ["/api/requests", "/api/files", "/api/customers", "/api/invoices", "/api/folders"];

interface Ready {
  api: number;
  control: number;
  databaseUrl: string;
}

interface BackupState {
  running: boolean;
  last: Pick<BackupResult, "durationMs" | "copiedBytes" | "sizeBytes" | "copiedBlobs" | "reusedBlobs"> | null;
  error: string | null;
}

async function serve(): Promise<void> {
  const work = process.env.BENCH_WORK ?? "";
  const database = await createDatabase(process.env.DATABASE_URL ?? "");
  const config = testConfig({ DATABASE_URL: database.url, DATA_DIR: join(work, "data") });
  const db = await openDatabase(config);
  await migrate(db.sql);
  const started = performance.now();
  await db.sql`
    insert into customers (name, email, status)
    select 'Bench Kunde ' || i, 'kunde' || i || '@example.de', 'in_kontakt'
    from generate_series(1, ${Number(process.env.BENCH_CUSTOMERS)}) as i`;
  const files = await seedStoredFiles(db.sql, config, Number(process.env.BENCH_MIB));
  const changes = await listenForChanges(database.url);
  const app = createApp({ config, sql: db.sql, changes });
  const owner = await signedInOwner(app);
  await saveCompany(app);
  for (let index = 0; index < Number(process.env.BENCH_INVOICES); index++) {
    await createInvoice(app, owner.token, invoiceJson({ issue: true }));
  }
  console.error(`[bench] seeded ${files} files and the rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  app.listen({ port: 0, hostname: "127.0.0.1" });

  const state: BackupState = { running: false, last: null, error: null };
  let abort: AbortController | null = null;
  const control = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method === "POST" && !state.running) {
        state.running = true;
        state.error = null;
        abort = new AbortController();
        const target = new DiskBackupTarget(url.searchParams.get("dir") ?? "");
        createBackup({
          config,
          db,
          target,
          bytesPerSecond: Number(url.searchParams.get("rate")),
          key: backupKeyOf(config),
          signal: abort.signal,
        })
          .then(({ durationMs, copiedBytes, sizeBytes, copiedBlobs, reusedBlobs }) => {
            state.last = { durationMs, copiedBytes, sizeBytes, copiedBlobs, reusedBlobs };
          })
          .catch((error: unknown) => {
            state.error = abort?.signal.aborted ? "aborted" : String(error);
          })
          .finally(() => {
            state.running = false;
          });
      } else if (request.method === "DELETE") {
        abort?.abort();
        while (state.running) await Bun.sleep(20);
      }
      return Response.json(state);
    },
  });
  reportReady<Ready>(
    { api: app.server?.port ?? 0, control: control.port ?? 0, databaseUrl: database.url },
    async () => {
      control.stop(true);
      await app.stop();
      await changes.close();
      await db.close();
      await database.drop();
    },
  );
}

async function measure(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("bench/backup.ts measures with a database server: set DATABASE_URL");
  const mib = numberOption("mib", 2048, { integer: true });
  const invoices = numberOption("invoices", 1000, { integer: true });
  const customers = numberOption("customers", 10_000, { integer: true });
  const seconds = numberOption("seconds", 5);
  const rounds = numberOption("rounds", 3, { integer: true });
  const connections = numberOption("connections", 8, { integer: true });
  const rate = numberOption("mib-per-second", 32) * mebibyte;
  console.log(
    `PostgreSQL server; disk store: ${customers} customers, ${invoices} issued invoices, ${mib} MiB of files; ` +
      `backup read rate ${rate / mebibyte} MiB/s; ${connections} connections, ${rounds} rounds of ${seconds} s`,
  );
  const work = mkdtempSync(join(tmpdir(), "klarwerk-bench-backup-"));
  const server = await startChild<Ready>(import.meta.path, "--serve", {
    env: {
      BENCH_WORK: work,
      BENCH_MIB: String(mib),
      BENCH_INVOICES: String(invoices),
      BENCH_CUSTOMERS: String(customers),
    },
  });
  const restoredDb = await createDatabase(serverUrl);
  try {
    const api = `http://127.0.0.1:${server.ready.api}`;
    const control = `http://127.0.0.1:${server.ready.control}/backup`;
    const backupState = async (method = "GET", query = "") =>
      (await (await fetch(`${control}${query}`, { method })).json()) as BackupState;
    const { token } = await signUp(api);
    const headers = { Authorization: `Bearer ${token}` };
    const load = () => runLoad({ url: api, paths: portalPaths, headers, connections, durationMs: seconds * 1000 });

    const without: LoadResult[] = [];
    const withBackup: LoadResult[] = [];
    for (let round = 0; round < rounds; round++) {
      without.push(await load());
      await backupState("POST", `?dir=${join(work, `load-${round}`)}&rate=${rate}`);
      // Past the dump (the database's part) and into the files before the window opens.
      await Bun.sleep(1500);
      withBackup.push(await load());
      const state = await backupState("DELETE");
      if (state.error !== "aborted") throw new Error(`the backup under load ended early: ${JSON.stringify(state)}`);
    }

    const timed = join(work, "sets");
    const backup = async () => {
      await backupState("POST", `?dir=${timed}&rate=${rate}`);
      while ((await backupState()).running) await Bun.sleep(200);
      const state = await backupState();
      if (!state.last || state.error) throw new Error(`the backup failed: ${state.error}`);
      return state.last;
    };
    const first = await backup();
    const second = await backup();
    const restoreStarted = performance.now();
    const child = Bun.spawn(["bun", "run", "restore", "latest"], {
      cwd: join(import.meta.dir, ".."),
      env: { ...process.env, DATABASE_URL: restoredDb.url, DATA_DIR: join(work, "restored"), BACKUP_DIR: timed },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    const restoreSeconds = (performance.now() - restoreStarted) / 1000;
    if (code !== 0 || !out.includes("verified it against its manifest"))
      throw new Error(`the restore failed: ${out}${err}`);

    for (const [index, result] of without.entries())
      console.log(formatLoad(`without backup, round ${index + 1}`, result));
    for (const [index, result] of withBackup.entries())
      console.log(formatLoad(`with backup, round ${index + 1}`, result));
    const p99Without = median(without.map((result) => result.latency.p99));
    const p99With = median(withBackup.map((result) => result.latency.p99));
    const failures = [...without, ...withBackup].reduce(
      (sum, result) => sum + result.failures + result.socketErrors,
      0,
    );
    const ratio = p99With / p99Without;
    const mibOf = (bytes: number) => (bytes / mebibyte).toFixed(0);
    console.log(`\nPortal lists (${portalPaths.join(", ")}), medians of ${rounds} rounds`);
    console.log(`  p99 without a backup: ${p99Without.toFixed(1)} ms`);
    console.log(`  p99 with a backup:    ${p99With.toFixed(1)} ms`);
    console.log(
      `  ratio with/without: ${ratio.toFixed(2)}  (goal ≤ 1.5: ${ratio <= 1.5 ? "met" : "MISSED"}); failed requests: ${failures}`,
    );
    console.log(
      `  first backup:  ${(first.durationMs / 1000).toFixed(1)} s, ${mibOf(first.copiedBytes)} MiB written ` +
        `(${first.copiedBlobs} blobs copied), set ${mibOf(first.sizeBytes)} MiB`,
    );
    console.log(
      `  second backup: ${(second.durationMs / 1000).toFixed(1)} s, ${mibOf(second.copiedBytes)} MiB written ` +
        `(${second.copiedBlobs} copied, ${second.reusedBlobs} already there)`,
    );
    console.log(
      `  restore:       ${restoreSeconds.toFixed(1)} s wall (${/RTO: [^\n]+/.exec(out)?.[0]}), every blob's SHA-256 verified`,
    );
  } finally {
    await server.stop();
    await restoredDb.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--serve") await serve();
else await measure();
