// `bun run retention [--dry-run]`: deletes the contact requests marked done longer ago than
// CONTACT_REQUEST_RETENTION_DAYS with their replies and mails, and the restricted invoices whose
// retention period ended with their PDFs, as the API does once a day, each deletion in the erasure
// ledger; `--dry-run` only names what a run now would delete.
import "./private-umask.ts";
import { openCommandDatabase } from "./command.ts";
import { parseCommandLine } from "./command-line.ts";
import { invoiceBlobStore } from "./modules/invoices/index.ts";
import { planRetention, type RetentionPlan, runRetention } from "./modules/privacy/index.ts";

const commandLine = parseCommandLine({
  name: "retention",
  synopsis: "[--dry-run]",
  description:
    "Löscht Kontaktanfragen, die vor mehr als CONTACT_REQUEST_RETENTION_DAYS Tagen als erledigt markiert wurden,\n" +
    "mit ihren Antworten und E-Mails, und eingeschränkte Rechnungen nach Ablauf ihrer Aufbewahrungsfrist mit ihrem PDF,\n" +
    "wie es die API einmal am Tag tut; jede Löschung steht im Löschprotokoll, damit eine Wiederherstellung sie nicht\n" +
    "zurückbringt. Offene Anfragen bleiben, gleich wie alt.",
  options: {
    "dry-run": { type: "boolean", help: "nur zeigen, was ein Lauf jetzt löschen würde (Anzahl und Nummern)" },
  },
  exitCodes: {
    0: "gelöscht bzw. gezeigt",
    2: "er konnte nicht laufen (Aufruf, Einstellungen, Datenbank)",
  },
});
if (commandLine.positionals.length > 0) commandLine.fail(`Unerwartetes Argument: ${commandLine.positionals[0]}`);
const dryRun = commandLine.values["dry-run"] === true;

const { config, db } = await openCommandDatabase("löscht sie erledigte Anfragen selbst einmal am Tag");

function numbers(ids: readonly number[]): string {
  return ids.length === 0 ? "" : ` (${ids.map((id) => `#${id}`).join(", ")})`;
}

function describe(plan: RetentionPlan): string[] {
  return [
    `Kontaktanfragen: ${plan.requestIds.length}${numbers(plan.requestIds)}`,
    `Antworten: ${plan.replyIds.length}${numbers(plan.replyIds)}`,
    `E-Mails: ${plan.mailIds.length}${numbers(plan.mailIds)}`,
    `Eingeschränkte Rechnungen nach Ablauf der Aufbewahrungsfrist: ${plan.invoices.length}` +
      (plan.invoices.length === 0
        ? ""
        : ` (${plan.invoices.map((invoice) => `${invoice.number}, eingeschränkt bis ${invoice.restrictedUntil}`).join("; ")})`),
  ];
}

let code = 2;
try {
  const days = config.contactRequestRetentionDays;
  const since = `erledigt vor ${days} Tagen oder früher (vor dem ${new Date(Date.now() - days * 86_400_000).toISOString()})`;
  if (dryRun) {
    const plan = await planRetention(db.sql, days);
    console.log(`Probelauf, nichts gelöscht. Ein Lauf jetzt löschte, ${since}:`);
    for (const line of describe(plan)) console.log(`  ${line}`);
  } else {
    const invoiceBlobs = invoiceBlobStore(config);
    const plan = await runRetention(db.sql, { days, dataDir: config.dataDir, invoiceBlobs }).finally(() =>
      invoiceBlobs.close(),
    );
    console.log(`Gelöscht, ${since}, jede Anfrage im Löschprotokoll vermerkt:`);
    for (const line of describe(plan)) console.log(`  ${line}`);
  }
  code = 0;
} catch (error) {
  console.error(
    "Die Löschung nach Ablauf der Frist konnte nicht laufen:",
    error instanceof Error ? error.message : error,
  );
} finally {
  await db.close();
}
process.exit(code);
