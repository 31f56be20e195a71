// A second API process that dies in the middle of a recurring invoice's run: it makes the run
// (claim, invoice with number and PDF, audit event) and is killed (SIGKILL) before the commit.
// Usage: bun api/test/support/recurring-crash.ts <database url> <today>
import { tmpdir } from "node:os";
import { openDatabase } from "../../src/db/open.ts";
import { runDueRecurringInvoices } from "../../src/modules/recurring-invoices/index.ts";
import { testConfig } from "./app.ts";

const [url, today] = process.argv.slice(2);
if (!url || !today) throw new Error("usage: recurring-crash.ts <database url> <today>");
const { sql } = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
await runDueRecurringInvoices(
  { sql, config: testConfig() },
  {
    today,
    beforeCommit: () => {
      process.kill(process.pid, "SIGKILL");
      return new Promise(() => {});
    },
  },
);
console.error("the run committed: the kill did not happen");
process.exit(3);
