// `bun run audit-verify`: recomputes the audit trail's hash chain and its seals under the audit key
// on the configured database (the same environment as the API: AUDIT_KEY or JWT_SECRET), compares
// the chain head each kept backup set recorded, and names the first event that does not match: its
// number, time and why. Exit code 0: the chain is whole; 1: it was changed; 2: it could not run.
import { manifestAuditHeads } from "./backup/sets.ts";
import { backupTargetFor } from "./backup/target.ts";
import { openCommandDatabase } from "./command.ts";
import { resolveJwtSecret } from "./config.ts";
import { auditChainKey, retentionPeriods, verifyAuditChain } from "./modules/audit/index.ts";

const { config, db } = await openCommandDatabase("checks the chain when an admin presses „Protokoll prüfen“");

let code = 2;
try {
  const resolved = await resolveJwtSecret(config);
  const verdict = await verifyAuditChain(db.sql, retentionPeriods(config), {
    key: auditChainKey(resolved),
    manifests: await manifestAuditHeads(backupTargetFor(config.backupTarget)),
  });
  if (verdict.ok) {
    console.log(`audit trail intact: ${verdict.checked} events checked`);
    code = 0;
  } else if (verdict.first_mismatch) {
    const { seq, occurred_at, reason } = verdict.first_mismatch;
    console.log(
      `audit trail changed: event #${seq}${occurred_at ? ` (${occurred_at})` : ""} does not match: ${reason} ` +
        `(${verdict.checked} events before it matched)`,
    );
    code = 1;
  }
} catch (error) {
  console.error("the audit check failed:", error);
} finally {
  await db.close();
}
process.exit(code);
