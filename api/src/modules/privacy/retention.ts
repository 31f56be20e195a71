import type { Queries, Sql } from "../../db/open.ts";
import { type Schedule, scheduleEvery } from "../../lib/schedule-every.ts";
import { recordAuditEvent, systemActor } from "../audit/index.ts";
import { mirrorLedger, recordErasure } from "./ledger.ts";

/**
 * Retention without a request (docs/decisions/0059-contact-request-retention.md): a contact request
 * marked done more than `CONTACT_REQUEST_RETENTION_DAYS` ago goes, with its replies and the mails
 * about it (the notice to the team, the replies sent), once a day in every API process. Each
 * request's deletion is an entry of the erasure ledger (reason `retention`), so a restore of an
 * older set deletes it again; the audit trail gets one event per run with the counts only.
 */

export interface RetentionSettings {
  /** `CONTACT_REQUEST_RETENTION_DAYS`. */
  days: number;
  /** Where the ledger's copy is kept (`DATA_DIR`); null: the database's ledger only (tests, the dry run). */
  dataDir: string | null;
}

/** What a run deletes (the dry run) or deleted: ids, oldest request first. */
export interface RetentionPlan {
  /** Requests marked done before this moment go (ISO 8601). */
  cutoff: string;
  days: number;
  requestIds: number[];
  replyIds: number[];
  mailIds: number[];
}

const dayMs = 24 * 60 * 60 * 1000;

function cutoffOf(days: number, now: number): Date {
  return new Date(now - days * dayMs);
}

interface DueRequest {
  id: number;
  email: string;
  reply_ids: number[];
  mail_ids: number[];
}

/** The requests due at `cutoff` with what goes with them; `lock`: held until the transaction ends. */
async function dueRequests(sql: Queries, cutoff: Date, lock: boolean): Promise<DueRequest[]> {
  return sql<DueRequest[]>`
    select request.id, request.email,
      array(select reply.id from contact_request_replies reply where reply.request_id = request.id order by reply.id)
        as reply_ids,
      array(select mail.id from outbox mail where mail.contact_request_id = request.id order by mail.id) as mail_ids
    from contact_requests request
    where request.is_done and request.done_at < ${cutoff}
    order by request.id
    ${lock ? sql`for update of request skip locked` : sql``}`;
}

function planOf(days: number, cutoff: Date, due: readonly DueRequest[]): RetentionPlan {
  return {
    cutoff: cutoff.toISOString(),
    days,
    requestIds: due.map((request) => request.id),
    replyIds: due.flatMap((request) => request.reply_ids.map(Number)),
    mailIds: due.flatMap((request) => request.mail_ids.map(Number)),
  };
}

/** The dry run: what a run at `now` would delete, changing nothing. */
export async function planContactRetention(
  sql: Queries,
  days: number,
  now: number = Date.now(),
): Promise<RetentionPlan> {
  const cutoff = cutoffOf(days, now);
  return planOf(days, cutoff, await dueRequests(sql, cutoff, false));
}

/**
 * One run: every due request deleted with its replies and mails in one transaction, each written
 * to the erasure ledger, the counts to the audit trail; then the ledger copied to `DATA_DIR`.
 * Returns what went. Two processes running at once delete each request once (row locks).
 */
export async function runContactRetention(
  sql: Sql,
  settings: RetentionSettings,
  now: number = Date.now(),
): Promise<RetentionPlan> {
  const cutoff = cutoffOf(settings.days, now);
  const plan = await sql.begin(async (tx) => {
    const due = await dueRequests(tx, cutoff, true);
    if (due.length === 0) return planOf(settings.days, cutoff, due);
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
    const done = planOf(settings.days, cutoff, due);
    await recordAuditEvent(tx, systemActor, {
      action: "contact_request.retention_deleted",
      fields: ["requests", "mails"],
      changes: {
        requests: { before: null, after: done.requestIds.length },
        mails: { before: null, after: done.mailIds.length },
      },
    });
    return done;
  });
  if (settings.dataDir) await mirrorLedger(sql, settings.dataDir);
  return plan;
}

/**
 * The daily job in an API process: first `firstAfterMs` after start (at once by default: answered
 * requests past their period do not wait a day after a restart), then every 24 hours. Each run
 * also copies the erasure ledger to `DATA_DIR`, so an erasure written elsewhere reaches the copy
 * within a day at the latest. `deleted` is told after a run that deleted any. Returns the stop.
 */
export function scheduleContactRetention(
  sql: Sql,
  settings: RetentionSettings,
  deleted: (plan: RetentionPlan) => void = () => {},
  schedule: Schedule = { firstAfterMs: 0, everyMs: dayMs },
): () => Promise<void> {
  return scheduleEvery(
    "the deletion of answered contact requests after their retention period",
    async () => {
      const plan = await runContactRetention(sql, settings);
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
