import type { BackupRun } from "@klarwerk/kit";
import type { Sql } from "../db/open.ts";
import { enqueueMail } from "../mail/outbox-store.ts";
import { backupFailedMail } from "../mail/templates.ts";
import { recordAuditEvent, systemActor } from "../modules/audit/index.ts";

/**
 * `backup_runs` (migration 016): every backup and drill, for admins and for the schedule (one run
 * per slot and kind). A running backup row is also the fence deletes look at (`storage/deferred-deletes.ts`).
 */

export type RunKind = BackupRun["kind"];

/**
 * Runs still marked running from a process that ended (only called under the backup lock, which
 * every run holds: no other run can be going on).
 */
export async function closeInterruptedRuns(sql: Sql): Promise<void> {
  await sql`
    update backup_runs
    set result = 'failed', finished_at = now(), error = 'Abgebrochen: der Prozess endete vorher.',
        duration_ms = (extract(epoch from now() - started_at) * 1000)::int
    where result = 'running'`;
}

/** Starts a run; null when this slot already has one of this kind (another process took it). */
export async function startRun(sql: Sql, kind: RunKind, slot: Date | null): Promise<number | null> {
  const [row] = await sql<{ id: number }[]>`
    insert into backup_runs (kind, slot) values (${kind}, ${slot})
    on conflict (kind, slot) do nothing returning id`;
  return row?.id ?? null;
}

export interface RunOutcome {
  ok: boolean;
  error?: string;
  set?: string | null;
  sizeBytes?: number | null;
  copiedBytes?: number | null;
  durationMs: number;
}

/** Records how a run ended and, in the same transaction, the audit event `System` writes for it. */
export async function finishRun(sql: Sql, id: number, outcome: RunOutcome): Promise<void> {
  await sql.begin(async (tx) => {
    const [run] = await tx<{ kind: RunKind }[]>`
      update backup_runs
      set finished_at = now(), result = ${outcome.ok ? "ok" : "failed"}, error = ${outcome.error ?? null},
          set_name = ${outcome.set ?? null}, size_bytes = ${outcome.sizeBytes ?? null},
          copied_bytes = ${outcome.copiedBytes ?? null}, duration_ms = ${outcome.durationMs}
      where id = ${id}
      returning kind`;
    if (!run) return;
    await recordAuditEvent(tx, systemActor, {
      action: run.kind === "drill" ? "backup.drilled" : "backup.created",
      objectId: id,
      fields: ["result", "set_name"],
    });
  });
}

/** Whether a slot already has a run of this kind (cheap check before taking the lock). */
export async function slotTaken(sql: Sql, kind: RunKind, slot: Date): Promise<boolean> {
  const [row] = await sql`select 1 from backup_runs where kind = ${kind} and slot = ${slot}`;
  return row !== undefined;
}

/** A failed run → every active admin, through the outbox (it goes out once SMTP is set up). */
export async function mailAdminsAboutFailure(
  sql: Sql,
  failure: { kind: RunKind; startedAt: Date; error: string },
  publicUrl: string,
): Promise<number> {
  return sql.begin(async (tx) => {
    const admins = await tx<{ name: string; email: string }[]>`
      select name, email from users where role = 'admin' and status = 'active' order by id`;
    for (const admin of admins) {
      await enqueueMail(tx, backupFailedMail({ name: admin.name, address: admin.email }, failure, { publicUrl }));
    }
    return admins.length;
  });
}
