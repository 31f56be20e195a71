// `bun run verify-blobs [--mib-per-second N]`: the scrub now, on the configured store and
// database (the same environment as the API). Re-reads every file, invoice PDF and release file, compares size
// and SHA-256 with its row, looks for blobs no row names, prints what it found with ids and names,
// and records the result for admins (`/api/health`, the dashboard). Runs under the lock the API's
// weekly run takes, so never twice at once. Exit code 0: all in order; 1: findings; 2: it could not
// run (settings, database, another run holding the lock).
import "./private-umask.ts";
import { openCommandDatabase } from "./command.ts";
import { blobAreas, describeScrub, runBlobMaintenance } from "./modules/operations/index.ts";

function rateArgument(argv: string[]): number | null {
  const at = argv.indexOf("--mib-per-second");
  if (at < 0) return null;
  const value = Number(argv[at + 1]);
  if (!(value > 0)) {
    console.error("Usage: bun run verify-blobs [--mib-per-second N]  (N > 0; default BLOB_SCRUB_MIB_PER_SECOND or 32)");
    process.exit(2);
  }
  return value * 1024 * 1024;
}

const rate = rateArgument(process.argv.slice(2));
const { config, db } = await openCommandDatabase("checks the store itself every week");

let code = 2;
try {
  const outcome = await runBlobMaintenance({
    sql: db.sql,
    areas: blobAreas(config, db.sql),
    bytesPerSecond: rate ?? config.blobScrubBytesPerSecond,
    force: true,
    log: (line) => console.log(line),
  });
  if (outcome === "busy") {
    console.error("Another process is checking the blob store right now (or filling in checksums); try again later.");
  } else if (outcome !== null) {
    const [summary, ...findings] = describeScrub(outcome);
    console.log(summary);
    for (const line of findings) console.log(line);
    code = outcome.missing + outcome.changed + outcome.orphaned > 0 ? 1 : 0;
  }
} catch (error) {
  console.error("the blob check failed:", error);
} finally {
  await db.close();
}
process.exit(code);
