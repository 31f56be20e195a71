// `bun run restore-drill`: the newest set restored into a throwaway database and blob folder,
// verified, the API started on them and asked /api/health and one signed-in call, the copies
// dropped; recorded for admins ("Letzte geprüfte Wiederherstellung"), a failure mailed to them.
// The API runs the same drill daily after its backup. Exit code 0: passed; 1: failed (named);
// 2: it could not run (settings, database, a backup or drill holding the lock).
import "./private-umask.ts";
import { drillNow, withBackupLock } from "./backup/job.ts";
import { backupTargetFor } from "./backup/target.ts";
import { openCommandDatabase } from "./command.ts";

const { config, db } = await openCommandDatabase("runs the drill itself after each scheduled backup");
const target = backupTargetFor(config.backupTarget);
let code = 2;
try {
  const outcome = await withBackupLock(db, () => drillNow({ config, db, target, log: (line) => console.log(line) }));
  if (outcome === "busy") {
    console.error("A backup or restore drill is running right now; try again later.");
  } else if (outcome?.ok) {
    const { restore, durationMs, checked } = outcome.value;
    console.log(
      `restore drill passed: set ${restore.manifest.set}, restored and verified in ${(restore.durationMs / 1000).toFixed(1)} s, ` +
        `the API answered (${checked}); ${(durationMs / 1000).toFixed(1)} s in all`,
    );
    code = 0;
  } else {
    console.error(`restore drill failed: ${outcome?.error ?? "not started"}`);
    code = 1;
  }
} catch (error) {
  console.error("the restore drill could not run:", error instanceof Error ? error.message : error);
} finally {
  await db.close();
}
process.exit(code);
