import type {
  BackupRun,
  BlobCheck,
  BlobCheckProblem,
  ChecksumBackfill,
  MailDelivery,
  OperationsStatus,
} from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";
import type { ScrubReport } from "../../storage/blob-scrub.ts";
import type { BackfillProgress } from "../../storage/checksum-backfill.ts";

/** Runs of the scrub kept (`blob_scrubs`); older ones go when a new one is recorded. */
const keptScrubs = 52;

export async function recordScrub(sql: Sql, report: ScrubReport): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      insert into blob_scrubs (started_at, finished_at, blob_store, checked, bytes_read, without_checksum, missing,
                               changed, orphaned, problems)
      values (${report.started_at}, ${report.finished_at}, ${report.blob_store}, ${report.checked},
              ${report.bytes_read}, ${report.without_checksum}, ${report.missing}, ${report.changed},
              ${report.orphaned}, ${tx.json(report.problems as unknown as Parameters<typeof tx.json>[0])})`;
    await tx`
      delete from blob_scrubs
      where id not in (select id from blob_scrubs order by finished_at desc, id desc limit ${keptScrubs})`;
  });
}

/** The last finished scrub, as admins read it; null before the first. */
export async function lastScrub(sql: Sql): Promise<BlobCheck | null> {
  const [row] = await sql<(Omit<BlobCheck, "started_at" | "finished_at"> & { started_at: Date; finished_at: Date })[]>`
    select started_at, finished_at, blob_store, checked, bytes_read, without_checksum, missing, changed, orphaned,
           problems
    from blob_scrubs order by finished_at desc, id desc limit 1`;
  if (!row) return null;
  return {
    ...row,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at.toISOString(),
    problems: row.problems as BlobCheckProblem[],
  };
}

/** The backfill's progress per area, in `blob_checksum_backfill`. */
export function backfillProgress(sql: Sql): BackfillProgress {
  return {
    async load(area) {
      const [row] = await sql<{ after_id: number; finished_at: Date | null }[]>`
        select after_id, finished_at from blob_checksum_backfill where area = ${area}`;
      return { afterId: row?.after_id ?? 0, finished: row?.finished_at != null };
    },
    async save(area, afterId, finished) {
      await sql`
        insert into blob_checksum_backfill (area, after_id, finished_at)
        values (${area}, ${afterId}, ${finished ? sql`now()` : null})
        on conflict (area) do update set after_id = excluded.after_id, finished_at = excluded.finished_at`;
    },
  };
}

/** Whether the backfill went through every area, and how many rows still lack a checksum. */
export async function backfillStatus(sql: Sql, areas: readonly string[]): Promise<ChecksumBackfill> {
  const [row] = await sql<{ finished: number; remaining: number }[]>`
    select
      (select count(*) from blob_checksum_backfill
        where area = any(${sql.array([...areas])}) and finished_at is not null)::int as finished,
      ((select count(*) from files where sha256 is null)
        + (select count(*) from invoices where pdf_blob is not null and pdf_sha256 is null))::int as remaining`;
  return { finished: (row?.finished ?? 0) === areas.length, remaining: row?.remaining ?? 0 };
}

/** The outbox's delivery as admins read it: what is being retried since when and why, what was given up. */
export async function mailDeliveryStatus(sql: Sql, configured: boolean): Promise<MailDelivery> {
  const [row] = await sql<
    { retrying: number; failing_since: Date | null; last_error: string | null; failed: number }[]
  >`
    select
      (select count(*) from outbox where state = 'waiting' and first_failed_at is not null)::int as retrying,
      (select min(first_failed_at) from outbox where state = 'waiting' and first_failed_at is not null)
        as failing_since,
      (select failures -> -1 ->> 'reason' from outbox
        where state = 'waiting' and first_failed_at is not null
        order by failures -> -1 ->> 'at' desc limit 1) as last_error,
      (select count(*) from outbox where state = 'failed')::int as failed`;
  return {
    configured,
    retrying: row?.retrying ?? 0,
    failing_since: row?.failing_since?.toISOString() ?? null,
    last_error: row?.last_error ?? null,
    failed: row?.failed ?? 0,
  };
}

/** What admins see under "Betrieb" (`/api/health` details, the dashboard's notice). */
/**
 * The last finished backup or drill (`backup_runs`, written by api/src/backup/runs.ts), as admins
 * read it; null before the first. Read here, not there: the backups sit above the modules.
 */
export async function lastRun(sql: Sql, kind: BackupRun["kind"]): Promise<BackupRun | null> {
  const [row] = await sql<
    {
      started_at: Date;
      finished_at: Date;
      result: "ok" | "failed";
      error: string | null;
      set_name: string | null;
      size_bytes: number | null;
      duration_ms: number;
    }[]
  >`
    select started_at, finished_at, result, error, set_name, size_bytes, duration_ms from backup_runs
    where kind = ${kind} and result <> 'running' order by finished_at desc, id desc limit 1`;
  if (!row) return null;
  return {
    kind,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at.toISOString(),
    result: row.result,
    error: row.error,
    set: row.set_name,
    size_bytes: row.size_bytes,
    duration_ms: row.duration_ms,
  };
}

/**
 * The backup going on now, from its `running` row (committed before it reads anything). A row of a
 * process that died stays `running` until the next run closes it; older than a day it is no longer
 * shown, as the deferred deletes stop waiting for it then.
 */
export async function runningBackup(sql: Sql): Promise<{ started_at: string } | null> {
  const [row] = await sql<{ started_at: Date }[]>`
    select started_at from backup_runs
    where kind = 'backup' and result = 'running' and started_at > now() - interval '1 day'
    order by started_at desc limit 1`;
  return row ? { started_at: row.started_at.toISOString() } : null;
}

export async function operationsStatus(
  sql: Sql,
  areas: readonly string[],
  { mailConfigured }: { mailConfigured: boolean },
): Promise<OperationsStatus> {
  return {
    blob_check: await lastScrub(sql),
    checksum_backfill: await backfillStatus(sql, areas),
    mail_delivery: await mailDeliveryStatus(sql, mailConfigured),
    backup: await lastRun(sql, "backup"),
    restore_drill: await lastRun(sql, "drill"),
    backup_running: await runningBackup(sql),
  };
}
