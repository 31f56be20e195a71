// `bun run backup [--prune [--dry-run]]`: one set of the database and every file and invoice PDF
// now, written to BACKUP_DIR or the BACKUP_S3_* bucket (the same environment as the API), recorded
// for admins. `--prune` instead removes the sets the retention (7 daily, 4 weekly, 12 monthly) no
// longer keeps and the blobs only they listed; with `--dry-run` it only prints what would go.
// Exit code 0: done; 1: the backup failed (admins are mailed); 2: it could not run (settings,
// database, another backup holding the lock).
import "./private-umask.ts";
import { backupNow, withBackupLock } from "./backup/job.ts";
import { planPrune, prune } from "./backup/sets.ts";
import { backupTargetFor } from "./backup/target.ts";
import { openCommandDatabase } from "./command.ts";

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--prune" && arg !== "--dry-run");
if (unknown.length > 0 || (args.includes("--dry-run") && !args.includes("--prune"))) {
  console.error("Usage: bun run backup [--prune [--dry-run]]");
  process.exit(2);
}

const { config, db } = await openCommandDatabase("backs itself up on its schedule (BACKUP_SCHEDULE)");
const target = backupTargetFor(config.backupTarget);
let code = 2;
try {
  const outcome = await withBackupLock(db, async () => {
    if (args.includes("--prune")) {
      const plan = await planPrune(target);
      const dryRun = args.includes("--dry-run");
      console.log(
        `${dryRun ? "would remove" : "removing"} ${plan.sets.length} set(s) and ${plan.blobs.length} blob(s) ` +
          `(${(plan.blobBytes / 1024 / 1024).toFixed(1)} MiB) from ${target.description}`,
      );
      for (const set of plan.sets) console.log(`  set  ${set}`);
      for (const blob of plan.blobs) console.log(`  blob ${blob}`);
      if (!dryRun) await prune(target, plan);
      return 0;
    }
    const run = await backupNow({ config, db, target, log: (line) => console.log(line) });
    if (!run?.ok) {
      console.error(`the backup failed: ${run?.error ?? "not started"}`);
      return 1;
    }
    console.log(`set ${run.value.manifest.set} written to ${target.description}`);
    return 0;
  });
  if (outcome === "busy") console.error("Another backup or restore drill is running right now; try again later.");
  else code = outcome;
} catch (error) {
  console.error("the backup could not run:", error instanceof Error ? error.message : error);
} finally {
  await db.close();
}
process.exit(code);
