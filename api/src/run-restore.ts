// `bun run restore <set|latest|folder> [--force <target>] [--unsigned]`: puts a set back into the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR) and blob store (BLOB_STORE). The whole set is
// proven first, then restored beside the target, verified there against the manifest, and only
// then swapped in (the old data set aside, its place printed); it prints how long it took (RTO)
// and how old the set is (RPO). A target that holds anything is refused unless --force names it
// (the database's name, or DATA_DIR for the embedded one). A set not signed with the backup key
// (BACKUP_KEY, else derived from JWT_SECRET) is refused unless --unsigned says to trust it.
import "./private-umask.ts";
import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { RestoreError, restoreSet } from "./backup/restore.ts";
import { listSets } from "./backup/sets.ts";
import { backupKeyOf } from "./backup/signature.ts";
import { backupTargetFor } from "./backup/target.ts";
import { loadCommandConfig, withJwtSecret } from "./command.ts";
import { parseCommandLine } from "./command-line.ts";
import type { BackupTargetConfig } from "./config.ts";

const commandLine = parseCommandLine({
  name: "restore",
  synopsis: "<Sicherung|latest|Ordner> [--force <Ziel>] [--unsigned]",
  description:
    "Spielt eine Sicherung in die eingestellte Datenbank (DATABASE_URL oder die eingebettete in DATA_DIR) und den\n" +
    "Dateispeicher (BLOB_STORE) zurück: erst wird die ganze Sicherung geprüft (zuerst ihre Signatur mit BACKUP_KEY,\n" +
    "sonst dem aus JWT_SECRET abgeleiteten Schlüssel), dann neben dem Ziel wiederhergestellt, dort gegen ihr Manifest\n" +
    "geprüft und erst dann umgeschaltet (die bisherigen Daten bleiben beiseite liegen).",
  positionals: [
    {
      name: "<Sicherung>",
      help: "der Name einer Sicherung, latest für die neueste, oder ihr Ordner (BACKUP_DIR/sets/<Name>)",
    },
  ],
  options: {
    force: {
      type: "string",
      value: "<Ziel>",
      help: "ein Ziel, das Daten enthält, ersetzen: der Name der Datenbank bzw. DATA_DIR",
    },
    unsigned: {
      type: "boolean",
      help:
        "die Signatur nicht prüfen: für Sicherungen von vor der Signatur oder unter einem früheren Schlüssel; " +
        "nur, wenn feststeht, dass niemand sie verändert hat",
    },
  },
  exitCodes: {
    0: "wiederhergestellt und geprüft",
    1:
      "die Sicherung ist nicht signiert, mit einem anderen Schlüssel signiert, beschädigt, gefälscht, von einer " +
      "neueren Version, oder das Ergebnis weicht ab (jeweils benannt)",
    2: "sie konnte nicht laufen (Aufruf, Einstellungen, keine solche Sicherung, ein Ziel mit Daten ohne --force)",
  },
});
const [given, ...extra] = commandLine.positionals;
const argument = given ?? commandLine.fail("Welche Sicherung? Ihren Namen, latest oder ihren Ordner angeben.");
if (extra.length > 0) commandLine.fail(`Unerwartetes Argument: ${extra[0]}`);
const force = commandLine.values.force ?? null;
const unsigned = commandLine.values.unsigned ?? false;

const config = await withJwtSecret(await loadCommandConfig());
const set = setNameOf(argument, config.backupTarget);

/**
 * A set's name as given, or the set a folder path names (`/srv/.backups/sets/<name>`,
 * `.backups/sets/<name>/`, relative to the repository's folder): it must be a set folder
 * inside BACKUP_DIR.
 */
function setNameOf(given: string, backupTarget: BackupTargetConfig): string {
  if (given === "latest" || /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(given)) return given;
  if (!(given.includes("/") || given.includes(sep) || given.startsWith("."))) {
    commandLine.fail(`${JSON.stringify(given)} ist weder der Name einer Sicherung noch ein Ordner.`);
  }
  if (backupTarget.kind !== "disk") {
    return commandLine.fail(
      `${given} ist ein Ordner, die Sicherungen liegen aber im Bucket BACKUP_S3_*: den Namen der Sicherung angeben.`,
    );
  }
  // `bun run` starts the script in the repository's folder and tells it nothing of where it was
  // typed (npm would set INIT_CWD): a relative folder is taken from the repository's folder.
  const base = process.env.INIT_CWD ?? process.cwd();
  const folder = real(isAbsolute(given) ? given : resolve(base, given));
  const setsDir = resolve(real(backupTarget.dir), "sets");
  const inside = relative(setsDir, folder);
  if (inside === "" || inside.startsWith("..") || isAbsolute(inside) || inside.includes(sep)) {
    commandLine.fail(
      `${given} ist kein Ordner einer Sicherung in BACKUP_DIR (${backupTarget.dir}): ` +
        `erwartet ${resolve(backupTarget.dir, "sets", "<Name>")}.`,
    );
  }
  return basename(folder);
}

/** The path with its symbolic links resolved, as far as it exists (a mounted or linked BACKUP_DIR). */
function real(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : resolve(real(parent), basename(absolute));
  }
}

const target = backupTargetFor(config.backupTarget);
try {
  const result = await restoreSet({
    config,
    target,
    set,
    force,
    key: backupKeyOf(config),
    unsigned,
    log: (line) => console.log(line),
  });
  const { manifest } = result;
  console.log(
    `Sicherung ${manifest.set} wiederhergestellt (${Object.values(manifest.row_counts).reduce((a, b) => a + b, 0)} Zeilen, ` +
      `${manifest.blobs.length} Dateien und Rechnungs-PDFs) und gegen ihr Manifest geprüft`,
  );
  console.log(`RTO: ${(result.durationMs / 1000).toFixed(1)} s (so lange dauerte die Wiederherstellung)`);
  console.log(`RPO: ${formatAge(result.ageMs)} (die Sicherung entstand ${manifest.created_at})`);
  for (const line of result.setAside) console.log(line);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  if (!(error instanceof RestoreError) && /keine (vollständige )?Sicherung/.test(String(error))) {
    const sets = (await listSets(target).catch(() => [])).filter((stored) => stored.complete);
    if (sets.length > 0)
      console.error(`Sicherungen in ${target.description}: ${sets.map((stored) => stored.name).join(", ")}`);
  }
  process.exit(error instanceof RestoreError ? 1 : 2);
}

function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  const hours = ms / 3_600_000;
  return hours < 48 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} Tage`;
}
