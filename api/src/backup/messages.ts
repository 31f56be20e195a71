/**
 * What to do about a set whose signature is refused: `restore` takes `--unsigned`, the drill only
 * ever proves a signed set (the next backup writes one).
 */
export type SignatureRemedy = "restore" | "drill";

function remedyOf(remedy: SignatureRemedy, otherKey: boolean): string {
  if (remedy === "drill")
    return "Die Probe prüft nur Sicherungen, die mit dem eingestellten Schlüssel signiert sind: `bun run backup` schreibt eine.";
  const unsigned = "mit --unsigned wiederherstellen – nur, wenn feststeht, dass niemand sie verändert hat.";
  return otherKey ? `Den Schlüssel einstellen, unter dem sie entstand, oder sie ${unsigned}` : `Sie ${unsigned}`;
}

/** What `bun run restore` and the drill tell the operator when they refuse a set or a target. */
export const restoreMessages = {
  unsigned: (set: string, remedy: SignatureRemedy) =>
    `Die Sicherung ${set} ist nicht signiert: sie entstand, bevor Sicherungen signiert wurden, oder ihre Signatur ` +
    `wurde entfernt. ${remedyOf(remedy, false)}`,
  signatureUnreadable: (set: string, remedy: SignatureRemedy) =>
    `Die Signatur der Sicherung ${set} ist unlesbar (gefälscht oder beschädigt). ${remedyOf(remedy, false)}`,
  otherKey: (set: string, remedy: SignatureRemedy) =>
    `Die Sicherung ${set} ist mit einem anderen Schlüssel signiert als dem eingestellten: BACKUP_KEY (oder JWT_SECRET, ` +
    `aus dem er sonst abgeleitet wird) wurde seitdem gewechselt, oder sie stammt aus einer anderen Installation. ` +
    remedyOf(remedy, true),
  signatureMismatch: (set: string, remedy: SignatureRemedy) =>
    `Die Signatur der Sicherung ${set} passt nicht zu ihrem Manifest: die Sicherung wurde nach dem Sichern verändert ` +
    `oder unter anderem Namen abgelegt (gefälscht). ${remedyOf(remedy, false)}`,
  notChecked: (set: string) =>
    `--unsigned: die Signatur der Sicherung ${set} wird nicht geprüft; sie wird nur auf Vollständigkeit und Prüfsummen geprüft.`,
  noSuchSet: (set: string, where: string) =>
    `Es gibt keine Sicherung "${set}" in ${where} (oder sie ist unvollständig).`,
  noCompleteSet: (where: string) => `Es gibt keine vollständige Sicherung in ${where}.`,
  refused: (set: string) => `Die Sicherung ${set} wurde nicht wiederhergestellt:`,
  targetUnchanged: "Das Ziel ist unverändert.",
  abandonedStagingRemoved: (path: string) => `Die Kopie einer abgebrochenen Wiederherstellung wurde entfernt: ${path}`,
  abandonedCopyRemoved: (database: string) =>
    `Die Datenbank einer abgebrochenen Wiederherstellung wurde entfernt: ${database}`,
  abandonedDrillRemoved: (database: string) =>
    `Die Datenbank einer abgebrochenen Wiederherstellungsprobe wurde entfernt: ${database}`,
  abandonedDrillKept: (reason: string) =>
    `Datenbanken abgebrochener Wiederherstellungsproben konnten nicht entfernt werden (${reason}); die Probe läuft weiter.`,
  abandonedCopyKept: (reason: string) =>
    `Datenbanken abgebrochener Wiederherstellungen konnten nicht entfernt werden (${reason}); die Wiederherstellung läuft weiter.`,
  targetSwitched:
    "Das Ziel wurde bereits auf die Sicherung umgestellt; die bisherigen Daten liegen wie unten genannt beiseite.",
  more: (count: number) => `… und ${count} weitere`,
  manifestNotJson: (set: string) => `Das Manifest der Sicherung ${set} ist kein JSON.`,
  manifestInvalid: (set: string, problem: string) =>
    `Das Manifest der Sicherung ${set} ist ungültig (gefälscht oder beschädigt): ${problem}.`,
  wrongKind: (set: string, kind: "postgres" | "pglite") =>
    kind === "postgres"
      ? `Die Sicherung ${set} enthält den Dump eines PostgreSQL-Servers: mit gesetzter DATABASE_URL wiederherstellen.`
      : `Die Sicherung ${set} enthält die eingebettete Datenbank: ohne DATABASE_URL wiederherstellen.`,
  newerLevel: (set: string, level: string, known: string) =>
    `Die Sicherung ${set} hat den Migrationsstand ${level}, neuer als der dieser Version (${known}): ` +
    `zuerst die Version einspielen, mit der die Sicherung entstand, dann wiederherstellen.`,
  targetNotEmpty: (found: string[], name: string) =>
    `Das Ziel ist nicht leer (${found.join("; ")}). Eine Wiederherstellung ersetzt alles darin: ` +
    `dafür mit --force ${JSON.stringify(name)} aufrufen.`,
  databaseHasTables: (name: string) => `die Datenbank "${name}" hat Tabellen`,
  embeddedExists: (path: string) => `die eingebettete Datenbank in ${path} existiert`,
  storeHoldsBlobs: (kind: string, area: string) => `der ${kind}-Speicher von ${area} enthält Dateien`,
  dumpMissing: (key: string) => `Der Datenbank-Dump ${key} fehlt`,
  dumpDamaged: (key: string, truncated: boolean, size: number, sha256: string, expected: number, hash: string) =>
    `Der Datenbank-Dump ${key} ist beschädigt${truncated ? " (abgeschnitten)" : ""}: ${size} Bytes mit SHA-256 ` +
    `${sha256}, das Manifest nennt ${expected} Bytes mit ${hash}`,
  blobMissing: (blob: string, key: string) => `${blob} fehlt in der Sicherung (${key})`,
  blobAltered: (blob: string, size: number, sha256: string) =>
    `${blob} ist in der Sicherung verändert: ${size} Bytes mit SHA-256 ${sha256}`,
  blobNotStored: (blob: string) => `${blob} ist nach dem Zurückschreiben nicht gespeichert`,
  blobReadsBack: (blob: string, size: number, sha256: string) =>
    `${blob} liest sich nach dem Zurückschreiben als ${size} Bytes mit SHA-256 ${sha256}`,
  rowMismatch: (blob: string, row: { blobId: string; offset: number; size: number | null }) =>
    `${blob}: die Zeile in der Datenbank nennt offset ${row.offset}, ${row.size ?? "?"} Bytes und blob ${row.blobId}`,
  rowMissing: (blob: string) => `${blob}: keine Zeile in der Datenbank nennt diese Datei`,
  rowNotInManifest: (area: string, rowId: number, blobId: string) =>
    `${area} #${rowId} (blob ${blobId}) steht in der Datenbank, aber nicht im Manifest`,
  migrationLevel: (found: string, expected: string) =>
    `die Datenbank hat den Migrationsstand ${found}, das Manifest nennt ${expected}`,
  rowCount: (table: string, found: number | undefined, expected: number | undefined) =>
    `die Tabelle ${table} hat ${found ?? "keine"} Zeilen, das Manifest nennt ${expected ?? "keine"}`,
  pgRestoreFailed: (code: number, stderr: string) => `pg_restore ist fehlgeschlagen (${code}): ${stderr}`,
  cannotCreateDatabase: (name: string, reason: string) =>
    `Die Datenbank "${name}" für die Wiederherstellung neben dem Ziel ließ sich nicht anlegen (${reason}): ` +
    `der Benutzer der DATABASE_URL braucht das Recht CREATEDB`,
  nameTooLong: (name: string) =>
    `Der Datenbankname "${name}" lässt keinen Namen für die Kopie daneben zu (höchstens 63 Bytes)`,
  swapFailed: (reason: string, steps: string[]) =>
    `Die geprüfte Wiederherstellung liegt bereit, aber das Umschalten schlug fehl (${reason}). ` +
    `So wird von Hand umgeschaltet:\n${steps.map((step) => `      ${step}`).join("\n")}`,
  databaseAside: (name: string) =>
    `Die bisherigen Daten liegen in der Datenbank "${name}" (löschen, wenn nicht mehr gebraucht: drop database "${name}").`,
  folderAside: (path: string) =>
    `Die bisherigen Daten liegen in ${path} (löschen, wenn nicht mehr gebraucht: rm -r ${JSON.stringify(path)}).`,
  bucketReplaced: (removed: number) =>
    `${removed} Dateien, die die Sicherung nicht kennt, wurden nach dem Umschalten aus dem Bucket gelöscht.`,
};
