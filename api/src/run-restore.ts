// `bun run restore <set|latest> [--force <target>]`: puts a set back into the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR) and blob store (BLOB_STORE). The whole set is
// proven first, then restored beside the target, verified there against the manifest, and only
// then swapped in (the old data set aside, its place printed); it prints how long it took (RTO)
// and how old the set is (RPO). A target that holds anything is refused unless --force names it
// (the database's name, or DATA_DIR for the embedded one). Exit code 0: restored and verified;
// 1: the set is damaged, forged, from a newer version, or the result differs (each problem named);
// 2: it could not run.
import "./private-umask.ts";
import { RestoreError, restoreSet } from "./backup/restore.ts";
import { listSets } from "./backup/sets.ts";
import { backupTargetFor } from "./backup/target.ts";
import { loadCommandConfig } from "./command.ts";

const args = process.argv.slice(2);
const forceAt = args.indexOf("--force");
const force = forceAt >= 0 ? (args[forceAt + 1] ?? null) : null;
const positional = forceAt < 0 ? args : args.filter((_, index) => index !== forceAt && index !== forceAt + 1);
const set = positional[0];
if (positional.length !== 1 || !set || (forceAt >= 0 && !force)) {
  console.error("Usage: bun run restore <set|latest> [--force <database name or DATA_DIR>]");
  process.exit(2);
}

const config = await loadCommandConfig();

const target = backupTargetFor(config.backupTarget);
try {
  const result = await restoreSet({ config, target, set, force, log: (line) => console.log(line) });
  const { manifest } = result;
  console.log(
    `restored set ${manifest.set} (${Object.values(manifest.row_counts).reduce((a, b) => a + b, 0)} rows, ` +
      `${manifest.blobs.length} files and invoice PDFs) and verified it against its manifest`,
  );
  console.log(`RTO: ${(result.durationMs / 1000).toFixed(1)} s (the restore took this long)`);
  console.log(`RPO: ${formatAge(result.ageMs)} (the set was taken at ${manifest.created_at})`);
  for (const line of result.setAside) console.log(line);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  if (!(error instanceof RestoreError) && /no set|no complete set/.test(String(error))) {
    const sets = (await listSets(target).catch(() => [])).filter((stored) => stored.complete);
    if (sets.length > 0)
      console.error(`sets in ${target.description}: ${sets.map((stored) => stored.name).join(", ")}`);
  }
  process.exit(error instanceof RestoreError ? 1 : 2);
}

function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  const hours = ms / 3_600_000;
  return hours < 48 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} days`;
}
