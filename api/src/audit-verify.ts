// `bun run audit-verify`: recomputes the audit trail's hash chain and its seals under the audit key
// on the configured database (the same environment as the API: AUDIT_KEY or JWT_SECRET), compares
// the chain head each kept backup set recorded, and names the first event that does not match: its
// number, time and why. Exit code 0: the chain is whole; 1: it was changed; 2: it could not run.
import "./private-umask.ts";
import { manifestAuditHeads } from "./backup/sets.ts";
import { backupTargetFor } from "./backup/target.ts";
import { openCommandDatabase } from "./command.ts";
import { parseCommandLine } from "./command-line.ts";
import { resolveJwtSecret } from "./config.ts";
import { auditChainKey, retentionPeriods, verifyAuditChain } from "./modules/audit/index.ts";

parseCommandLine({
  name: "audit-verify",
  synopsis: "",
  description:
    "Rechnet die Hash-Kette des Protokolls und ihre Siegel mit dem Protokollschlüssel (AUDIT_KEY oder JWT_SECRET)\n" +
    "nach, vergleicht den Kettenkopf jeder aufbewahrten Sicherung und nennt das erste Ereignis, das nicht passt.",
  options: {},
  exitCodes: {
    0: "die Kette ist unversehrt",
    1: "das Protokoll wurde verändert (das erste abweichende Ereignis wird genannt)",
    2: "die Prüfung konnte nicht laufen (Einstellungen, Datenbank)",
  },
});

const { config, db } = await openCommandDatabase("prüft sie die Kette, wenn ein Admin „Protokoll prüfen“ drückt");

let code = 2;
try {
  const resolved = await resolveJwtSecret(config);
  const verdict = await verifyAuditChain(db.sql, retentionPeriods(config), {
    key: auditChainKey(resolved),
    manifests: await manifestAuditHeads(backupTargetFor(config.backupTarget)),
  });
  if (verdict.ok) {
    console.log(`Protokoll unversehrt: ${verdict.checked} Ereignisse geprüft`);
    code = 0;
  } else if (verdict.first_mismatch) {
    const { seq, occurred_at, reason } = verdict.first_mismatch;
    console.log(
      `Protokoll verändert: Ereignis #${seq}${occurred_at ? ` (${occurred_at})` : ""} passt nicht: ${reason} ` +
        `(${verdict.checked} Ereignisse davor passten)`,
    );
    code = 1;
  }
} catch (error) {
  console.error("Die Prüfung des Protokolls ist fehlgeschlagen:", error);
} finally {
  await db.close();
}
process.exit(code);
