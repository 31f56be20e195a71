import "./private-umask.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "./app.ts";
import { scheduleBackups } from "./backup/job.ts";
import { backupRequests } from "./backup/on-demand.ts";
import { loadConfigOrExit } from "./config.ts";
import { type ChangeFeed, listenForChanges } from "./db/change-feed.ts";
import { migrate } from "./db/migrate.ts";
import { openDatabase } from "./db/open.ts";
import { serverBodyLimitBytes } from "./http/body-policy.ts";
import { closePrivateFolders } from "./lib/private-files.ts";
import { auditChainKey, scheduleAuditPurge, scheduleAuditSealing } from "./modules/audit/index.ts";
import { sweepFileBlobs } from "./modules/files/index.ts";
import { sweepInvoiceBlobs } from "./modules/invoices/index.ts";
import { blobAreas, scheduleBlobMaintenance } from "./modules/operations/index.ts";
import { scheduleRecurringInvoices } from "./modules/recurring-invoices/index.ts";
import { sweepReleaseBlobs } from "./modules/releases/index.ts";
import { privateFolders } from "./private-folders.ts";
import { emptyBlobReport } from "./storage/blob-report.ts";
import { blobStoresFor } from "./storage/configured-blob-store.ts";
import { runDeferredDeletions } from "./storage/deferred-deletes.ts";

const config = await loadConfigOrExit();
closePrivateFolders(
  privateFolders(config),
  (line) => console.log(`[api] ${line}`),
  (line) => console.warn(`[api] ${line}`),
);

if (!config.databaseUrl) console.log(`[api] starting the embedded database in ${join(config.dataDir, "pglite")}`);
const db = await openDatabase(config).catch((error: unknown) => {
  console.error("[api] could not open the database:", error instanceof Error ? error.message : error);
  process.exit(1);
});

try {
  const applied = await migrate(db.sql);
  if (applied.length > 0) console.log(`[api] applied migrations: ${applied.join(", ")}`);
} catch (error) {
  console.error("[api] migration failed:", error);
  await db.close();
  process.exit(1);
}

const blobReport = emptyBlobReport();
try {
  const swept = await sweepFileBlobs(config, db.sql);
  if (swept.incoming + swept.orphans > 0) {
    console.log(`[api] removed ${swept.incoming} unfinished upload(s) and ${swept.orphans} orphaned file(s)`);
  }
  const sweptInvoices = await sweepInvoiceBlobs(config, db.sql);
  if (sweptInvoices.incoming + sweptInvoices.orphans > 0) {
    console.log(`[api] removed ${sweptInvoices.incoming + sweptInvoices.orphans} unfinished invoice PDF(s)`);
  }
  // A release upload a crash cut off between its files and its rows.
  const sweptReleases = await sweepReleaseBlobs(config, db.sql);
  if (sweptReleases.orphans > 0) console.log(`[api] removed ${sweptReleases.orphans} file(s) of unfinished releases`);
  blobReport.missing = { files: swept.missing, invoices: sweptInvoices.missing, releases: sweptReleases.missing };
  // Files deleted while a backup copied (or before a crash): their blobs go now, unless one runs.
  await runDeferredDeletions(db.sql, blobStoresFor(config));
  // Not removed: a row without its blob is a store restored from an older backup, or an object
  // deleted by hand; an admin decides (the ids are in /api/health's details).
  for (const [area, ids] of Object.entries(blobReport.missing)) {
    if (ids.length > 0)
      console.error(`[api] ${ids.length} ${area} row(s) name a blob that is not stored: ${ids.join(", ")}`);
  }
} catch (error) {
  console.error(`[api] could not sweep the ${config.blobStore.kind} blob store:`, error);
  await db.close();
  process.exit(1);
}

if (!existsSync(join(config.webRoot, "shell", "dist", "index.html"))) {
  console.warn(`[api] no built shell in ${join(config.webRoot, "shell", "dist")}: run \`bun run build\` for the UI`);
}

// Every change to a table a cache copies is told by the table's trigger (NOTIFY), whoever made
// it: a server's feed LISTENs on a connection of its own (other API processes, psql), the
// embedded database's one connection LISTENs itself (open.ts).
let changes: ChangeFeed;
try {
  if (db.changes) changes = db.changes;
  else if (config.databaseUrl) changes = await listenForChanges(config.databaseUrl);
  else throw new Error("the embedded database came without its change feed");
} catch (error) {
  console.error("[api] could not listen for changes:", error instanceof Error ? error.message : error);
  await db.close();
  process.exit(1);
}

const backups = backupRequests({ config, db });
const app = createApp({ config, sql: db.sql, writes: db.writes, changes, blobReport, backups });
try {
  app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: serverBodyLimitBytes });
} catch (error) {
  console.error(
    `[api] could not listen on ${config.host}:${config.port}:`,
    error instanceof Error ? error.message : error,
  );
  await db.close();
  process.exit(1);
}
const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
console.log(`[api] listening on http://${shownHost}:${app.server?.port ?? config.port}`);
// The embedded database is this process's alone: `bun run backup` asks this process instead.
if (!config.databaseUrl) {
  const local = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const hostPart = local.includes(":") ? `[${local}]` : local;
  await backups.publishOperatorToken(`http://${hostPart}:${app.server?.port ?? config.port}`);
}

// In the background, one process of the deployment at a time: the checksum backfill of rows older
// than migration 014, then the weekly scrub (docs/decisions/0087-blob-storage-and-the-scrub.md, "Blob
// storage").
const stopMaintenance = scheduleBlobMaintenance({
  sql: db.sql,
  areas: blobAreas(config, db.sql),
  bytesPerSecond: config.blobScrubBytesPerSecond,
});

// BACKUP_SCHEDULE (default daily 02:30): one process of the deployment backs up, prunes old sets
// and runs the restore drill (docs/decisions/0088-backups-and-restore.md, "Backups").
const stopBackups = scheduleBackups({ config, db });

// Every hour each process looks whether today's audit purge ran; one process of the deployment
// runs it (an advisory lock, and the chain head records the day).
const stopAuditPurge = scheduleAuditPurge(db.sql, config);
// Every two seconds each process seals the events linked since under the audit key (one at a time).
const stopAuditSealing = scheduleAuditSealing(db.sql, auditChainKey(config));
// Every hour (and at start) each process looks for recurring invoices due today or missed during
// downtime; one process of the deployment makes them, each run exactly once (decision 0080).
const stopRecurringInvoices = scheduleRecurringInvoices({ sql: db.sql, config });

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`[api] ${signal}: shutting down`);
  try {
    await app.stop();
    await backups.stop();
    await stopMaintenance();
    await stopBackups();
    await stopAuditPurge();
    await stopAuditSealing();
    await stopRecurringInvoices();
    await changes.close();
    await db.close();
  } catch (error) {
    console.error("[api] error while shutting down:", error);
    process.exit(1);
  }
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
