import {
  type InvoiceContent,
  normalizeInvoiceContent,
  providerBlock,
  type RecurringRunReport,
  recurringInvoiceMessages,
  recurringRunDate,
  recurringRunIndexOnOrAfter,
  recurringServicePeriod,
  todayInGermany,
} from "@klarwerk/kit";
import type { ResolvedConfig } from "../../config.ts";
import { whileLocked } from "../../db/advisory-lock.ts";
import type { Queries, Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { type Schedule, scheduleEvery } from "../../lib/schedule-every.ts";
import type { Outbox } from "../../mail/outbox.ts";
import { type AuditActor, recordAuditEvent, systemActor } from "../audit/index.ts";
import { readCompanySettings } from "../company/index.ts";
import { invoiceBlobStore, withInvoiceTransaction } from "../invoices/index.ts";
import { writeInvoiceMailToCustomer } from "../sending/index.ts";
import {
  claimRun,
  customerBlock,
  dueTemplateIds,
  findTemplate,
  finishRun,
  lockRunToSend,
  markRunSent,
  noteRun,
  pendingSendRuns,
  setNextRun,
} from "./store.ts";

/**
 * The daily job (docs/decisions/0080-recurring-invoices-exactly-once.md). Each run of a template
 * is one transaction: lock the template's row, claim the run's row (unique per template and
 * scheduled day), make the invoice through the invoices module (a draft, or issued with number
 * and PDF), link it, move the template's next day on, record the audit event. A crash anywhere
 * before the commit leaves nothing of the run; a second process waits on the row lock and then
 * finds the day moved on (or the claim taken) and makes nothing. Downtime is caught up: a
 * template due on several missed days runs once per day, oldest first, each marked „nachgeholt“.
 */

export interface RunOptions {
  /** Germany's date the job runs on (tests move it). */
  today?: string;
  actor?: AuditActor;
  /**
   * Called inside each run's transaction after everything is written, before the commit: tests
   * throw (or kill the process) here to crash a run in the middle.
   */
  beforeCommit?: (run: { templateId: number; scheduledOn: string; invoiceId: number }) => Promise<void> | void;
}

export interface RecurringDeps {
  sql: Sql;
  config: Pick<ResolvedConfig, "invoiceMaxBackdateDays" | "blobStore" | "dataDir" | "mailSendingsPerHour">;
  /** Nudged after a run's mail is written (without it the outbox's worker finds it at its next poll). */
  outbox?: Pick<Outbox, "written">;
}

/** How many due templates one query fetches. */
const batch = 200;

/** The invoice a run makes: the template's items and terms, the customer's current address, dated the day it is made. */
function contentOf(
  template: NonNullable<Awaited<ReturnType<typeof findTemplate>>>,
  recipient: string,
  provider: string,
  madeOn: string,
  period: { start: string; end: string },
): InvoiceContent {
  return normalizeInvoiceContent({
    customerId: template.customerId,
    recipient,
    recipientVatId: null,
    buyerReference: null,
    provider,
    issueDate: madeOn,
    serviceDate: null,
    servicePeriodStart: period.start,
    servicePeriodEnd: period.end,
    paymentTermDays: template.paymentTermDays,
    items: template.items,
    discountPercent: 0,
    taxPercent: template.taxPercent,
    taxCase: null,
    taxExemptionReason: null,
    extraFeesCents: 0,
    notes: template.notes,
  });
}

/**
 * Makes the run of template `id` due on its `next_run_on`, if it is due on `today`; what it made.
 * One transaction (see above).
 */
async function runOne(
  deps: RecurringDeps,
  id: number,
  today: string,
  actor: AuditActor,
  beforeCommit: RunOptions["beforeCommit"],
): Promise<{ made: boolean; caughtUp: boolean; sendAfter: number | null }> {
  const context = {
    sql: deps.sql,
    store: invoiceBlobStore(deps.config as ResolvedConfig),
    today,
    maxBackdateDays: deps.config.invoiceMaxBackdateDays,
    author: { id: null, name: actor.name },
    actor,
  };
  return withInvoiceTransaction(context, async (tx: Queries, invoices) => {
    const template = await findTemplate(tx, id, true);
    if (template?.state !== "active" || template.nextRunOn === null || template.nextRunOn > today)
      return { made: false, caughtUp: false, sendAfter: null };
    const scheduledOn = template.nextRunOn;
    const index = recurringRunIndexOnOrAfter(template.firstOn, template.frequency, scheduledOn);
    const following = recurringRunDate(template.firstOn, template.frequency, index + 1);
    const next = template.endsOn !== null && following > template.endsOn ? null : following;
    const period = recurringServicePeriod(scheduledOn, template.frequency, template.servicePeriod);
    const runId = await claimRun(tx, {
      templateId: id,
      scheduledOn,
      madeOn: today,
      periodStart: period.start,
      periodEnd: period.end,
    });
    if (runId === null) {
      // Made already (a template row that lagged behind its runs): only move the day on.
      await setNextRun(tx, id, next);
      return { made: false, caughtUp: false, sendAfter: null };
    }
    const recipient = (await customerBlock(tx, template.customerId)) ?? "";
    const provider = providerBlock(await readCompanySettings(tx));
    const content = contentOf(template, recipient, provider, today, period);
    const draft = template.mode === "draft";
    const invoiceId = draft ? await invoices.draft(content) : await invoices.issue(content);
    await finishRun(tx, runId, invoiceId, draft ? "draft" : "issued");
    await setNextRun(tx, id, next);
    const caughtUp = today > scheduledOn;
    await recordAuditEvent(tx, actor, {
      action: caughtUp ? "recurring_invoice.caught_up" : "recurring_invoice.run",
      objectId: id,
      fields: ["scheduled_on", "made_on", "period_start", "period_end", "invoice_id", "state"],
      changes: {
        scheduled_on: { before: null, after: scheduledOn },
        made_on: { before: null, after: today },
        period_start: { before: null, after: period.start },
        period_end: { before: null, after: period.end },
        invoice_id: { before: null, after: invoiceId },
        state: { before: null, after: draft ? "draft" : "issued" },
      },
    });
    await beforeCommit?.({ templateId: id, scheduledOn, invoiceId });
    return { made: true, caughtUp, sendAfter: template.mode === "send" ? runId : null };
  });
}

/**
 * Every run due on `today` or before, without the deployment-wide lock: the unique key and the
 * template's row lock alone keep each run to once (tests call this from two connections at once).
 * A template whose run fails (its invoice cannot be issued: company data missing, say) is logged
 * and left due for the next day; the others still run.
 */
export async function runDueRecurringInvoices(
  deps: RecurringDeps,
  options: RunOptions = {},
): Promise<RecurringRunReport> {
  const today = options.today ?? todayInGermany();
  const actor = options.actor ?? systemActor;
  const report: RecurringRunReport = { made: 0, caughtUp: 0, failed: 0 };
  const failed: number[] = [];
  // Runs issued before a crash (or a failed send) but not yet sent: each once, before new runs.
  for (const runId of await pendingSendRuns(deps.sql)) await sendRunOrLeave(deps, runId, actor);
  for (;;) {
    const ids = await dueTemplateIds(deps.sql, today, failed, batch);
    if (ids.length === 0) return report;
    for (const id of ids) {
      // One template's missed days one after another, oldest first, until it is not due.
      for (;;) {
        let result: Awaited<ReturnType<typeof runOne>>;
        try {
          result = await runOne(deps, id, today, actor, options.beforeCommit);
        } catch (error) {
          if (options.beforeCommit) throw error;
          console.error(`[api] recurring invoice ${id}: the run failed and is tried again tomorrow:`, error);
          failed.push(id);
          report.failed += 1;
          break;
        }
        if (!result.made) break;
        report.made += 1;
        if (result.caughtUp) report.caughtUp += 1;
        if (result.sendAfter !== null) await sendRunOrLeave(deps, result.sendAfter, actor);
      }
    }
  }
}

/** `sendRun`, its failure logged: the run stays `issued` and the next job tries it again. */
async function sendRunOrLeave(deps: RecurringDeps, runId: number, actor: AuditActor): Promise<void> {
  try {
    await sendRun(deps, runId, actor);
  } catch (error) {
    console.error(`[api] recurring invoice run ${runId}: the mail was not written and is tried again:`, error);
  }
}

/**
 * „ausstellen und senden“, the step after the run's commit: in one transaction, lock the run, and
 * only if it is still `issued` without a note write its invoice's mail (the customer's address, the
 * invoice template, the stored PDF) to the outbox and move it to `sent`. A crash before this commit
 * leaves the run `issued` and the next job (`pendingSendRuns`) sends it; after it, the run is `sent`
 * and nothing sends it again. A customer without an address: the run stays `issued` with a note.
 * A refusal that will not go away (an invalid address, the invoice cancelled meanwhile) is noted
 * too; anything else (the blob store down) throws and the next job tries again.
 */
export async function sendRun(deps: RecurringDeps, runId: number, actor: AuditActor): Promise<void> {
  const written = await deps.sql.begin(async (tx) => {
    const run = await lockRunToSend(tx, runId);
    if (run === null) return false;
    let result: Awaited<ReturnType<typeof writeInvoiceMailToCustomer>>;
    try {
      // Its refusals are thrown before anything is written (no SQL error): the transaction goes on.
      result = await writeInvoiceMailToCustomer(tx, deps.config, run.invoiceId, { id: null, name: actor.name }, actor);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500 || error.code === "invoice-pdf-missing") throw error;
      await noteRun(tx, runId, error.message);
      return false;
    }
    if (result === "no-email") {
      await noteRun(tx, runId, recurringInvoiceMessages.noCustomerEmail);
      return false;
    }
    await markRunSent(tx, runId);
    return true;
  });
  if (written) deps.outbox?.written();
}

/** One job of the deployment at a time per process (the embedded database's one session stacks locks). */
const running = new WeakMap<Sql, Promise<unknown>>();

/**
 * The daily job's run (and `POST /api/recurring-invoices/run`, „Jetzt ausführen“): under the
 * session advisory lock `recurring-invoices`, so one process of the deployment runs it at a time;
 * another process meanwhile gets `null`, and so does a second call in this process.
 */
export async function runRecurringInvoices(
  deps: RecurringDeps,
  options: RunOptions = {},
): Promise<RecurringRunReport | null> {
  if (running.has(deps.sql)) return null;
  const work = whileLocked(deps.sql, "recurring-invoices", () => runDueRecurringInvoices(deps, options));
  running.set(deps.sql, work);
  try {
    const result = await work;
    return result.locked ? result.value : null;
  } finally {
    running.delete(deps.sql);
  }
}

/**
 * The daily job in an API process: at start (a restart catches up at once) and then every hour,
 * so a day's runs happen within an hour of midnight in Germany whenever the process started.
 * Returns the stop.
 */
export function scheduleRecurringInvoices(
  deps: RecurringDeps,
  schedule: Schedule = { firstAfterMs: 5_000, everyMs: 60 * 60 * 1000 },
): () => Promise<void> {
  return scheduleEvery(
    "the recurring invoices' daily run",
    async () => {
      const report = await runRecurringInvoices(deps);
      if (report && report.made > 0)
        console.log(
          `[api] recurring invoices: made ${report.made} invoice(s), ${report.caughtUp} of them caught up after downtime`,
        );
    },
    schedule,
  );
}
