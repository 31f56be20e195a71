// `bun run backup [--prune [--dry-run]]`: one set of the database and every file and invoice PDF
// now, written to BACKUP_DIR or the BACKUP_S3_* bucket (the same environment as the API), recorded
// for admins. With the embedded database while the API runs (it holds the database), the API is
// asked to do it instead, with the operator token it left in DATA_DIR (backup/on-demand.ts).
// `--prune` instead removes the sets the retention (7 daily, 4 weekly, 12 monthly) no longer keeps
// and the blobs only they listed; with `--dry-run` it only prints what would go.
import "./private-umask.ts";
import { backupNow, withBackupLock } from "./backup/job.ts";
import { readOperatorToken } from "./backup/on-demand.ts";
import { planPrune, prune } from "./backup/sets.ts";
import { backupTargetFor } from "./backup/target.ts";
import { loadCommandConfig, openCommandDatabase, withJwtSecret } from "./command.ts";
import { parseCommandLine } from "./command-line.ts";

const commandLine = parseCommandLine({
  name: "backup",
  synopsis: "[--prune [--dry-run]]",
  description:
    "Schreibt jetzt eine Sicherung der Datenbank und aller Dateien und Rechnungs-PDFs nach BACKUP_DIR oder in den\n" +
    "Bucket BACKUP_S3_* (dieselbe Umgebung wie die API) und hält sie für Admins fest. Läuft die API mit der\n" +
    "eingebetteten Datenbank, gehört diese ihr: dann bittet der Befehl die laufende API, die Sicherung zu schreiben.",
  options: {
    prune: {
      type: "boolean",
      help: "statt zu sichern: die Sicherungen entfernen, die die Aufbewahrung (7 täglich, 4 wöchentlich, 12 monatlich) nicht mehr hält",
    },
    "dry-run": { type: "boolean", help: "mit --prune: nur ausgeben, was entfernt würde" },
  },
  exitCodes: {
    0: "gesichert (oder bereinigt); mit laufender API: die API hat die Sicherung begonnen",
    1: "die Sicherung ist fehlgeschlagen (die Admins bekommen eine E-Mail)",
    2: "sie konnte nicht laufen (Einstellungen, Datenbank, eine andere Sicherung oder Probe läuft)",
  },
});
const { prune: pruning = false, "dry-run": dryRun = false } = commandLine.values;
if (dryRun && !pruning) commandLine.fail("--dry-run gilt nur zusammen mit --prune.");

if (!pruning) {
  const config = await loadCommandConfig();
  const running = config.databaseUrl ? null : await readOperatorToken(config.dataDir);
  const answer = running ? await askRunningApi(running.url, running.token) : null;
  if (answer !== null) process.exit(answer);
}

/**
 * The running API's „Jetzt sichern“; null when no API answers there (a token file left by a
 * process that crashed): then the database is opened here.
 */
async function askRunningApi(url: string, token: string): Promise<number | null> {
  let response: Response;
  try {
    response = await fetch(`${url}/api/operations/backup`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch {
    console.error(`Die API unter ${url} antwortet nicht; die Datenbank wird hier geöffnet.`);
    return null;
  }
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  if (response.status === 202) {
    console.log(
      `Die laufende API (${url}) schreibt jetzt die Sicherung. Ihr Ergebnis steht im Dashboard unter „Betrieb“ ` +
        "und im Log der API; schlägt sie fehl, bekommen die Admins eine E-Mail.",
    );
    return 0;
  }
  console.error(`Die laufende API (${url}) hat die Sicherung abgelehnt (${response.status}): ${String(body.message)}`);
  return 2;
}

const { config: loaded, db } = await openCommandDatabase(
  "sichert sie sich nach ihrem Plan (BACKUP_SCHEDULE) und auf „Jetzt sichern“ im Dashboard; " +
    "`bun run backup` ohne --prune bittet sie darum",
);
const config = await withJwtSecret(loaded, db);
const target = backupTargetFor(config.backupTarget);
let code = 2;
try {
  const outcome = await withBackupLock(db, async () => {
    if (pruning) {
      const plan = await planPrune(target);
      console.log(
        `${dryRun ? "Würde" : "Entferne"} ${plan.sets.length} Sicherung(en) und ${plan.blobs.length} Datei(en) ` +
          `(${(plan.blobBytes / 1024 / 1024).toFixed(1)} MiB) aus ${target.description}${dryRun ? " entfernen" : ""}`,
      );
      for (const set of plan.sets) console.log(`  Sicherung  ${set}`);
      for (const blob of plan.blobs) console.log(`  Datei      ${blob}`);
      if (!dryRun) await prune(target, plan);
      return 0;
    }
    const run = await backupNow({ config, db, target, log: (line) => console.log(line) });
    if (!run?.ok) {
      console.error(`Die Sicherung ist fehlgeschlagen: ${run?.error ?? "nicht begonnen"}`);
      return 1;
    }
    console.log(`Sicherung ${run.value.manifest.set} geschrieben nach ${target.description}`);
    return 0;
  });
  if (outcome === "busy") {
    console.error("Gerade läuft eine andere Sicherung oder Probe der Wiederherstellung; bitte später noch einmal.");
  } else code = outcome;
} catch (error) {
  console.error("Die Sicherung konnte nicht laufen:", error instanceof Error ? error.message : error);
} finally {
  await db.close();
}
process.exit(code);
