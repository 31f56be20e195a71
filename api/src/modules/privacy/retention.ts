import { todayInGermany } from "@klarwerk/kit";
import type { Queries, Sql, Transaction } from "../../db/open.ts";
import { type Schedule, scheduleEvery } from "../../lib/schedule-every.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { removeAllUnlessBackingUp } from "../../storage/deferred-deletes.ts";
import { recordAuditEvent, systemActor } from "../audit/index.ts";
import { purgeCustomerImports } from "../customers/index.ts";
import { mirrorLedger, recordErasure } from "./ledger.ts";

/**
 * Retention without a request (docs/decisions/0059-contact-request-retention.md): a contact request
 * marked done more than `CONTACT_REQUEST_RETENTION_DAYS` ago goes, with its replies and the mails
 * about it (the notice to the team, the replies sent), once a day in every API process. Each
 * request's deletion is an entry of the erasure ledger (reason `retention`), so a restore of an
 * older set deletes it again; the audit trail gets one event per run with the counts only.
 *
 * The same run releases restricted invoices (docs/decisions/0063): an invoice an erasure
 * restricted (Art. 18 DSGVO) until the last day of its retention period is deleted the day after,
 * row and stored PDF, in the ledger with both.
 */

export interface RetentionSettings {
  /** `CONTACT_REQUEST_RETENTION_DAYS`. */
  days: number;
  /** Where the ledger's copy is kept (`DATA_DIR`); null: the database's ledger only (tests, the dry run). */
  dataDir: string | null;
  /**
   * The invoices' blob store: a released invoice's PDF is removed from it once no backup copies.
   * Left out, the PDF stays queued (`blob_deletions`) for the next start or backup.
   */
  invoiceBlobs?: BlobStore;
}

/** An issued invoice whose restriction ended: deleted by the run. */
export interface ReleasedInvoice {
  id: number;
  number: string;
  /** The last day of its retention period (`yyyy-mm-dd`). */
  restrictedUntil: string;
}

/** What a run deletes (the dry run) or deleted: ids, oldest request first. */
export interface RetentionPlan {
  /** Requests marked done before this moment go (ISO 8601). */
  cutoff: string;
  days: number;
  requestIds: number[];
  /** When each of `requestIds` was marked done (ISO 8601), in the same order. */
  requestsDoneAt: string[];
  replyIds: number[];
  mailIds: number[];
  /** Germany's calendar day of the run: restrictions that ended before it are released. */
  today: string;
  /** Restricted invoices whose period ended, oldest restriction first. */
  invoices: ReleasedInvoice[];
  /**
   * Ended, but a cancellation invoice refers to it whose own restriction has not: the two go
   * together once both ended (the cancellation keeps its reference until then).
   */
  heldInvoiceIds: number[];
}

const dayMs = 24 * 60 * 60 * 1000;

function cutoffOf(days: number, now: number): Date {
  return new Date(now - days * dayMs);
}

interface DueRequest {
  id: number;
  email: string;
  done_at: Date;
  reply_ids: number[];
  mail_ids: number[];
}

/** The requests due at `cutoff` with what goes with them; `lock`: held until the transaction ends. */
async function dueRequests(sql: Queries, cutoff: Date, lock: boolean): Promise<DueRequest[]> {
  return sql<DueRequest[]>`
    select request.id, request.email, request.done_at,
      array(select reply.id from contact_request_replies reply where reply.request_id = request.id order by reply.id)
        as reply_ids,
      array(select mail.id from outbox mail where mail.contact_request_id = request.id order by mail.id) as mail_ids
    from contact_requests request
    where request.is_done and request.done_at < ${cutoff}
    order by request.id
    ${lock ? sql`for update of request skip locked` : sql``}`;
}

interface EndedRestriction {
  id: number;
  number: string;
  until: string;
  pdf_blob: string | null;
  /** Its reminders' PDFs (migration 046), deleted with it. */
  reminder_blobs: string[];
  cancels_id: number | null;
  /** The address of the case that restricted it, while the case exists (only its hash is kept). */
  email: string | null;
  cancelled_by: number | null;
}

/** Invoices whose restriction ended before `today`; `lock`: their restrictions held until the transaction ends. */
async function endedRestrictions(sql: Queries, today: string, lock: boolean): Promise<EndedRestriction[]> {
  const rows = await sql<EndedRestriction[]>`
    select restriction.row_id::int as id, invoice.number, restriction.restricted_until::text as until,
      invoice.pdf_blob, invoice.cancels_id::int as cancels_id,
      array(select reminder.pdf_blob from invoice_reminders reminder where reminder.invoice_id = invoice.id
        order by reminder.id) as reminder_blobs,
      (select privacy_case.email from privacy_cases privacy_case where privacy_case.id = restriction.case_id) as email,
      (select cancellation.id::int from invoices cancellation where cancellation.cancels_id = invoice.id)
        as cancelled_by
    from privacy_restrictions restriction
    join invoices invoice on invoice.id = restriction.row_id
    where restriction.table_name = 'invoices' and restriction.restricted_until < ${today}::date
    order by restriction.restricted_until, restriction.row_id
    ${lock ? sql`for update of restriction skip locked` : sql``}`;
  return [...rows];
}

/** An invoice's PDF and its reminders' PDFs: the blobs that go with it. */
function pdfsOf(row: EndedRestriction): string[] {
  return [...(row.pdf_blob ? [row.pdf_blob] : []), ...(row.reminder_blobs ?? [])];
}

/**
 * The ended ones split: those the run deletes, and those held because a cancellation refers to
 * them that is not deleted with them.
 */
function releasable(ended: readonly EndedRestriction[]): { release: EndedRestriction[]; held: number[] } {
  const ids = new Set(ended.map((row) => row.id));
  const held = ended.filter((row) => row.cancelled_by !== null && !ids.has(row.cancelled_by)).map((row) => row.id);
  return { release: ended.filter((row) => !held.includes(row.id)), held };
}

function planOf(
  days: number,
  cutoff: Date,
  due: readonly DueRequest[],
  today: string,
  invoices: { release: EndedRestriction[]; held: number[] },
): RetentionPlan {
  return {
    cutoff: cutoff.toISOString(),
    days,
    requestIds: due.map((request) => request.id),
    requestsDoneAt: due.map((request) => request.done_at.toISOString()),
    replyIds: due.flatMap((request) => request.reply_ids.map(Number)),
    mailIds: due.flatMap((request) => request.mail_ids.map(Number)),
    today,
    invoices: invoices.release.map((row) => ({ id: row.id, number: row.number, restrictedUntil: row.until })),
    heldInvoiceIds: invoices.held,
  };
}

/** The dry run: what a run at `now` would delete, changing nothing. */
export async function planRetention(sql: Queries, days: number, now: number = Date.now()): Promise<RetentionPlan> {
  const cutoff = cutoffOf(days, now);
  const today = todayInGermany(new Date(now));
  return planOf(
    days,
    cutoff,
    await dueRequests(sql, cutoff, false),
    today,
    releasable(await endedRestrictions(sql, today, false)),
  );
}

/**
 * The released invoices deleted in one statement (an invoice and its cancellation only together:
 * the reference), their PDFs queued for removal, one ledger entry per invoice with its
 * cancellation (a restore replays them as one statement too) naming the rows and the PDFs.
 * The GoBD guard (migration 035) lets exactly these through; their restrictions go with them.
 */
async function releaseInvoices(tx: Transaction, release: readonly EndedRestriction[], at: Date): Promise<void> {
  if (release.length === 0) return;
  const blobs = release.flatMap(pdfsOf);
  if (blobs.length > 0) {
    await tx`insert into blob_deletions (area, blob_id) select 'invoices', unnest(${tx.array(blobs)}::text[])`;
  }
  await tx`delete from invoices where id = any(${release.map((row) => row.id)}::bigint[])`;
  const byId = new Map(release.map((row) => [row.id, row]));
  for (const row of release) {
    // A released cancellation is written with the invoice it cancels.
    if (row.cancels_id !== null && byId.has(row.cancels_id)) continue;
    const cancellation = row.cancelled_by === null ? undefined : byId.get(row.cancelled_by);
    const group = cancellation ? [row, cancellation] : [row];
    await recordErasure(tx, {
      reason: "retention",
      address: row.email ?? cancellation?.email ?? null,
      rows: [{ table: "invoices", ids: group.map((each) => each.id) }],
      blobs: group.flatMap((each) => pdfsOf(each).map((id) => ({ area: "invoices" as const, id }))),
      at,
    });
  }
  await recordAuditEvent(tx, systemActor, {
    action: "invoice.restriction_released",
    fields: ["invoices"],
    changes: { invoices: { before: null, after: release.length } },
  });
}

/**
 * One run: every due request deleted with its replies and mails in one transaction, each written
 * to the erasure ledger, the counts to the audit trail; then the ledger copied to `DATA_DIR`.
 * Returns what went. Two processes running at once delete each request once (row locks).
 */
export async function runRetention(
  sql: Sql,
  settings: RetentionSettings,
  now: number = Date.now(),
): Promise<RetentionPlan> {
  const cutoff = cutoffOf(settings.days, now);
  const today = todayInGermany(new Date(now));
  const { plan, blobs } = await sql.begin(async (tx) => {
    const invoices = releasable(await endedRestrictions(tx, today, true));
    await releaseInvoices(tx, invoices.release, new Date(now));
    const blobs = invoices.release.flatMap(pdfsOf);
    const due = await dueRequests(tx, cutoff, true);
    if (due.length === 0) return { plan: planOf(settings.days, cutoff, due, today, invoices), blobs };
    const ids = due.map((request) => request.id);
    // The mails and replies go with their request (on delete cascade); named first for the ledger.
    await tx`delete from contact_requests where id = any(${ids}::bigint[])`;
    const at = new Date(now);
    for (const request of due) {
      await recordErasure(tx, {
        reason: "retention",
        address: request.email,
        at,
        rows: [
          { table: "outbox", ids: request.mail_ids.map(Number) },
          { table: "contact_request_replies", ids: request.reply_ids.map(Number) },
          { table: "contact_requests", ids: [request.id] },
        ],
      });
    }
    const done = planOf(settings.days, cutoff, due, today, invoices);
    await recordAuditEvent(tx, systemActor, {
      action: "contact_request.retention_deleted",
      fields: ["requests", "mails"],
      changes: {
        requests: { before: null, after: done.requestIds.length },
        mails: { before: null, after: done.mailIds.length },
      },
    });
    return { plan: done, blobs };
  });
  if (settings.invoiceBlobs) await removeAllUnlessBackingUp(sql, "invoices", settings.invoiceBlobs, blobs);
  if (settings.dataDir) await mirrorLedger(sql, settings.dataDir);
  // The customer import's uploaded files past 24 hours and its undo data past 30 days (decision 0099).
  await purgeCustomerImports(sql);
  return plan;
}

/**
 * The daily job in an API process: first `firstAfterMs` after start (at once by default: answered
 * requests past their period do not wait a day after a restart), then every 24 hours. Each run
 * also copies the erasure ledger to `DATA_DIR`, so an erasure written elsewhere reaches the copy
 * within a day at the latest. `deleted` is told after a run that deleted any. Returns the stop.
 */
export function scheduleRetention(
  sql: Sql,
  settings: RetentionSettings,
  deleted: (plan: RetentionPlan) => void = () => {},
  schedule: Schedule = { firstAfterMs: 0, everyMs: dayMs },
): () => Promise<void> {
  return scheduleEvery(
    "the deletion of answered contact requests and restricted invoices after their retention period",
    async () => {
      const plan = await runRetention(sql, settings);
      if (plan.invoices.length > 0)
        console.log(
          `[api] deleted ${plan.invoices.length} restricted invoice(s) whose retention period ended (erasure ledger: reason retention)`,
        );
      if (plan.requestIds.length === 0) return;
      deleted(plan);
      console.log(
        `[api] deleted ${plan.requestIds.length} answered contact request(s) and ${plan.mailIds.length} mail(s) ` +
          `after ${settings.days} days (erasure ledger: reason retention)`,
      );
    },
    schedule,
  );
}
