// `bun run restore-drill`: the newest set restored into a throwaway database and blob folder,
// verified, the API started on them and asked /api/health and one signed-in call, the copies
// dropped; recorded for admins ("Letzte geprüfte Wiederherstellung"), a failure mailed to them.
// The API runs the same drill daily after its backup.
import "./private-umask.ts";
import { drillNow, withBackupLock } from "./backup/job.ts";
import { backupTargetFor } from "./backup/target.ts";
import { openCommandDatabase, withJwtSecret } from "./command.ts";
import { parseCommandLine } from "./command-line.ts";

parseCommandLine({
  name: "restore-drill",
  synopsis: "",
  description:
    "Probt die Wiederherstellung: die neueste Sicherung in eine Wegwerf-Datenbank und einen Wegwerf-Ordner\n" +
    "zurückspielen, prüfen, die API darauf starten und fragen, dann alles wieder löschen. Das Ergebnis sehen Admins\n" +
    "als „Letzte geprüfte Wiederherstellung“; ein Fehlschlag geht ihnen per E-Mail zu.",
  options: {},
  exitCodes: {
    0: "die Probe ist gelungen",
    1: "die Probe ist fehlgeschlagen (der Grund wird genannt; auch: die neueste Sicherung ist nicht mit dem eingestellten Schlüssel signiert)",
    2: "sie konnte nicht laufen (Einstellungen, Datenbank, eine Sicherung oder Probe läuft)",
  },
});

const { config: loaded, db } = await openCommandDatabase(
  "probt sie die Wiederherstellung nach jeder geplanten Sicherung",
);
const config = await withJwtSecret(loaded, db);
const target = backupTargetFor(config.backupTarget);
let code = 2;
try {
  const outcome = await withBackupLock(db, () => drillNow({ config, db, target, log: (line) => console.log(line) }));
  if (outcome === "busy") {
    console.error("Gerade läuft eine Sicherung oder Probe der Wiederherstellung; bitte später noch einmal.");
  } else if (outcome?.ok) {
    const { restore, durationMs, checked } = outcome.value;
    console.log(
      `Probe der Wiederherstellung gelungen: Sicherung ${restore.manifest.set}, wiederhergestellt und geprüft in ` +
        `${(restore.durationMs / 1000).toFixed(1)} s, ${restore.replayed.entries} ${restore.replayed.entries === 1 ? "Löschung" : "Löschungen"} ` +
        `aus dem Löschprotokoll nachgespielt, die API hat geantwortet (${checked}); ` +
        `${(durationMs / 1000).toFixed(1)} s insgesamt`,
    );
    code = 0;
  } else {
    console.error(`Probe der Wiederherstellung fehlgeschlagen: ${outcome?.error ?? "nicht begonnen"}`);
    code = 1;
  }
} catch (error) {
  console.error("Die Probe der Wiederherstellung konnte nicht laufen:", error instanceof Error ? error.message : error);
} finally {
  await db.close();
}
process.exit(code);
