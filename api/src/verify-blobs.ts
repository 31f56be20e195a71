// `bun run verify-blobs [--mib-per-second N]`: the scrub now, on the configured store and
// database (the same environment as the API). Re-reads every file, invoice PDF and release file, compares size
// and SHA-256 with its row, looks for blobs no row names, prints what it found with ids and names,
// and records the result for admins (`/api/health`, the dashboard). Runs under the lock the API's
// weekly run takes, so never twice at once. Exit code 0: all in order; 1: findings; 2: it could not
// run (settings, database, another run holding the lock).
import "./private-umask.ts";
import { openCommandDatabase } from "./command.ts";
import { parseCommandLine } from "./command-line.ts";
import { blobAreas, describeScrub, runBlobMaintenance } from "./modules/operations/index.ts";

const commandLine = parseCommandLine({
  name: "verify-blobs",
  synopsis: "[--mib-per-second <N>]",
  description:
    "Prüft jetzt jede gespeicherte Datei, Rechnungs-PDF und Release-Datei gegen Größe und SHA-256 ihrer Zeile,\n" +
    "sucht Dateien, die keine Zeile nennt, und hält das Ergebnis für Admins fest (wie die wöchentliche Prüfung der API).",
  options: {
    "mib-per-second": {
      type: "string",
      value: "<N>",
      help: "höchstens N MiB je Sekunde lesen (N > 0; sonst BLOB_SCRUB_MIB_PER_SECOND oder 32)",
    },
  },
  exitCodes: {
    0: "alles in Ordnung",
    1: "Befunde (fehlende, veränderte oder verwaiste Dateien, mit Id und Name ausgegeben)",
    2: "die Prüfung konnte nicht laufen (Einstellungen, Datenbank, eine andere Prüfung läuft)",
  },
});
const given = commandLine.values["mib-per-second"];
const mibPerSecond = given === undefined ? null : Number(given);
if (mibPerSecond !== null && !(mibPerSecond > 0)) {
  commandLine.fail(`--mib-per-second braucht eine Zahl größer als 0, nicht ${JSON.stringify(given)}.`);
}

const { config, db } = await openCommandDatabase("prüft sie den Speicher jede Woche selbst");

let code = 2;
try {
  const outcome = await runBlobMaintenance({
    sql: db.sql,
    areas: blobAreas(config, db.sql),
    bytesPerSecond: mibPerSecond === null ? config.blobScrubBytesPerSecond : mibPerSecond * 1024 * 1024,
    force: true,
    log: (line) => console.log(line),
  });
  if (outcome === "busy") {
    console.error(
      "Ein anderer Prozess prüft gerade den Speicher (oder trägt Prüfsummen nach); bitte später noch einmal versuchen.",
    );
  } else if (outcome !== null) {
    const [summary, ...findings] = describeScrub(outcome);
    console.log(summary);
    for (const line of findings) console.log(line);
    code = outcome.missing + outcome.changed + outcome.orphaned > 0 ? 1 : 0;
  }
} catch (error) {
  console.error("Die Prüfung des Speichers ist fehlgeschlagen:", error);
} finally {
  await db.close();
}
process.exit(code);
