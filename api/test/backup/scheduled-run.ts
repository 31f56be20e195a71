// One API process's scheduled look for a due backup, as `scheduleBackups` makes it every minute:
// for the scheduling test, which starts two of these at once against one deployment.
import { runScheduledBackup } from "../../src/backup/job.ts";
import { loadConfig, resolveJwtSecret } from "../../src/config.ts";
import { openDatabase } from "../../src/db/open.ts";

const config = await resolveJwtSecret(loadConfig(process.env));
const db = await openDatabase(config);
try {
  console.log(`outcome: ${await runScheduledBackup({ config, db })}`);
} finally {
  await db.close();
}
