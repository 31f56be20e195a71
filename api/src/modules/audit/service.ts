import {
  type AuditEvent,
  type AuditFilter,
  type AuditRetentionClass,
  type AuditVerification,
  auditActions,
  auditMessages,
  auditObjectTypes,
  formatDateTime,
  todayInGermany,
} from "@klarwerk/kit";
import type { Config } from "../../config.ts";
import { whileLocked } from "../../db/advisory-lock.ts";
import type { Sql } from "../../db/open.ts";
import { type Schedule, scheduleEvery } from "../../lib/schedule-every.ts";
import { chainHead, chainLinks, listAuditEvents, purgeExpiredEvents, type RetentionPeriods } from "./store.ts";

/** Each class's period as a PostgreSQL interval (`AUDIT_RETENTION_*_YEARS`). */
export function retentionPeriods(config: Pick<Config, "auditRetentionYears">): RetentionPeriods {
  const period = (kind: AuditRetentionClass) => `${config.auditRetentionYears[kind]} years`;
  return { books: period("books"), security: period("security"), other: period("other") };
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/**
 * Recomputes the chain oldest first, `chunk` events a query: each event's hash over its previous
 * hash and its content (the database computes it as audit_append did), each link to the event
 * before (the anchor for the oldest), no gap in the numbers, no tombstone emptied before its
 * class's period ended, and the newest event is the chain head's. Names the first event that
 * does not match.
 */
export async function verifyAuditChain(sql: Sql, periods: RetentionPeriods, chunk = 5000): Promise<AuditVerification> {
  const head = await chainHead(sql);
  let previous = { seq: head.anchor_seq, hash: hex(head.anchor_hash) };
  let checked = 0;
  const mismatch = (seq: number, at: Date | null, reason: string): AuditVerification => ({
    ok: false,
    checked,
    first_mismatch: { seq, occurred_at: at?.toISOString() ?? null, reason },
  });
  for (;;) {
    const links = await chainLinks(sql, { afterSeq: previous.seq, limit: chunk, periods });
    for (const link of links) {
      if (link.seq !== previous.seq + 1) return mismatch(previous.seq + 1, null, auditMessages.mismatch.gap);
      if (hex(link.prev_hash) !== previous.hash) {
        return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.linkBroken);
      }
      if (!link.content_matches) return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.contentChanged);
      if (link.purged_early) return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.purgedEarly);
      previous = { seq: link.seq, hash: hex(link.hash) };
      checked++;
    }
    if (links.length < chunk) break;
  }
  if (previous.seq !== head.last_seq || previous.hash !== hex(head.last_hash)) {
    return mismatch(Math.max(previous.seq, head.last_seq), null, auditMessages.mismatch.headMismatch);
  }
  return { ok: true, checked, first_mismatch: null };
}

/** The chain's newest hash (hex) and its number, for the backup manifest. */
export async function auditChainHead(sql: Sql): Promise<string> {
  const head = await chainHead(sql);
  return `${head.last_seq}:${hex(head.last_hash)}`;
}

/** One CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet shows it as text. */
function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function changesText(event: AuditEvent): string {
  if (!event.changes) return "";
  const show = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value));
  return Object.entries(event.changes)
    .map(([field, change]) => `${field}: ${show(change.before)} → ${show(change.after)}`)
    .join(", ");
}

const csvColumns = [
  auditMessages.columnTime,
  auditMessages.columnActor,
  auditMessages.columnAddress,
  auditMessages.columnAction,
  auditMessages.columnObject,
  auditMessages.filterObjectId,
  auditMessages.columnFields,
  auditMessages.columnChanges,
];

export function auditCsvRow(event: AuditEvent): string {
  return [
    formatDateTime(event.occurred_at),
    event.actor_name,
    event.client_address ?? "",
    auditActions[event.action]?.label ?? event.action,
    event.object_type ? auditObjectTypes[event.object_type] : "",
    event.object_id ?? "",
    event.fields.join(", "),
    changesText(event),
  ]
    .map(csvCell)
    .join(";");
}

/**
 * The filtered events as CSV for German Excel: UTF-8 with a byte order mark, `;` between cells,
 * CRLF line ends, newest first; streamed a page at a time, so a large export holds one page in memory.
 */
export function auditCsv(sql: Sql, filter: AuditFilter, pageSize = 1000): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let before: number | null = null;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvColumns.join(";")}\r\n`));
      }
      const page = await listAuditEvents(sql, filter, { before, limit: pageSize });
      if (page.events.length > 0) {
        controller.enqueue(encoder.encode(page.events.map((event) => `${auditCsvRow(event)}\r\n`).join("")));
      }
      if (page.next === null) controller.close();
      before = page.next;
    },
  });
}

/** The advisory lock's name: one purge at a time in a deployment. */
export const auditPurgeLock = "klarwerk.audit-purge";

/**
 * Today's purge, once per deployment: under the advisory lock, and only when the chain head says
 * it has not run today (Germany's date). `busy` when another process holds the lock.
 */
export async function runAuditPurge(
  sql: Sql,
  config: Pick<Config, "auditRetentionYears">,
  today: string = todayInGermany(),
): Promise<number | null | "busy"> {
  const outcome = await whileLocked(sql, auditPurgeLock, () =>
    purgeExpiredEvents(sql, retentionPeriods(config), today),
  );
  return outcome.locked ? outcome.value : "busy";
}

/** In an API process: looks every hour (a minute after start first) whether today's purge is due. */
export function scheduleAuditPurge(
  sql: Sql,
  config: Pick<Config, "auditRetentionYears">,
  { firstAfterMs = 60_000, everyMs = 60 * 60_000 }: Partial<Schedule> = {},
): () => Promise<void> {
  return scheduleEvery(
    "the audit trail's purge",
    async () => {
      const purged = await runAuditPurge(sql, config);
      if (typeof purged === "number") console.log(`[api] audit trail: ${purged} events past their retention emptied`);
    },
    { firstAfterMs, everyMs },
  );
}
