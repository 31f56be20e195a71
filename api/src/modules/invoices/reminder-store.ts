import {
  type BaseRate,
  defaultReminderSettings,
  type InterestPeriod,
  type InvoiceReminder,
  type ReminderFigures,
  type ReminderLevel,
  type ReminderSettings,
  reminderPdfFileName,
} from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import type { AreaRow } from "../../storage/blob-area.ts";
import { type AuditActor, changedFields, recordAuditEvent, rowSnapshot, withinTransaction } from "../audit/index.ts";
import type { Author } from "./store.ts";

/** All SQL of the reminders (migration 046): the Mahnwesen settings, the base rates, each invoice's reminders. */

interface SettingsRow {
  fee_reminder_cents: number;
  fee_first_cents: number;
  fee_second_cents: number;
  points_business: string | number;
  points_consumer: string | number;
  flat_fee: boolean;
  reminder_interest: boolean;
  deadline_days: number;
}

function settingsOf(row: SettingsRow): ReminderSettings {
  return {
    feeReminderCents: Number(row.fee_reminder_cents),
    feeFirstCents: Number(row.fee_first_cents),
    feeSecondCents: Number(row.fee_second_cents),
    pointsBusiness: Number(row.points_business),
    pointsConsumer: Number(row.points_consumer),
    flatFee: row.flat_fee,
    reminderInterest: row.reminder_interest,
    deadlineDays: Number(row.deadline_days),
  };
}

export async function readReminderSettings(sql: Queries): Promise<ReminderSettings> {
  const [row] = await sql<SettingsRow[]>`
    select fee_reminder_cents, fee_first_cents, fee_second_cents, points_business::float8 as points_business,
      points_consumer::float8 as points_consumer, flat_fee, reminder_interest, deadline_days
    from reminder_settings`;
  return row ? settingsOf(row) : { ...defaultReminderSettings };
}

const settingsKeys = Object.keys(defaultReminderSettings) as (keyof ReminderSettings)[];

/** Stores the settings and, in the same transaction, an audit event with each changed value. */
export async function saveReminderSettings(
  sql: Queries,
  settings: ReminderSettings,
  userId: number,
  actor: AuditActor,
): Promise<ReminderSettings> {
  return withinTransaction(sql, async (tx) => {
    const [stored] = await tx<SettingsRow[]>`
      select fee_reminder_cents, fee_first_cents, fee_second_cents, points_business::float8 as points_business,
        points_consumer::float8 as points_consumer, flat_fee, reminder_interest, deadline_days
      from reminder_settings for update`;
    const before = stored ? settingsOf(stored) : null;
    await tx`
      insert into reminder_settings (
        fee_reminder_cents, fee_first_cents, fee_second_cents, points_business, points_consumer, flat_fee,
        reminder_interest, deadline_days, updated_by
      ) values (
        ${settings.feeReminderCents}, ${settings.feeFirstCents}, ${settings.feeSecondCents}, ${settings.pointsBusiness},
        ${settings.pointsConsumer}, ${settings.flatFee}, ${settings.reminderInterest}, ${settings.deadlineDays}, ${userId}
      )
      on conflict (singleton) do update set
        fee_reminder_cents = excluded.fee_reminder_cents, fee_first_cents = excluded.fee_first_cents,
        fee_second_cents = excluded.fee_second_cents, points_business = excluded.points_business,
        points_consumer = excluded.points_consumer, flat_fee = excluded.flat_fee,
        reminder_interest = excluded.reminder_interest, deadline_days = excluded.deadline_days,
        updated_at = now(), updated_by = excluded.updated_by`;
    const saved = await readReminderSettings(tx);
    const { fields, changes } = changedFields(before, saved, settingsKeys, { withValues: true });
    await recordAuditEvent(tx, actor, { action: "company.reminders_changed", fields, changes });
    return saved;
  });
}

export async function readBaseRates(sql: Queries): Promise<BaseRate[]> {
  const rows = await sql<{ valid_from: string; rate_percent: number }[]>`
    select to_char(valid_from, 'YYYY-MM-DD') as valid_from, rate_percent::float8 as rate_percent
    from base_rates order by valid_from`;
  return rows.map((row) => ({ validFrom: row.valid_from, ratePercent: Number(row.rate_percent) }));
}

/** Enters (or corrects) the rate from `validFrom` on, audited with its values. */
export async function saveBaseRate(sql: Queries, rate: BaseRate, userId: number, actor: AuditActor): Promise<void> {
  await withinTransaction(sql, async (tx) => {
    const [before] = await tx<{ rate_percent: number }[]>`
      select rate_percent::float8 as rate_percent from base_rates where valid_from = ${rate.validFrom} for update`;
    await tx`
      insert into base_rates (valid_from, rate_percent, created_by) values (${rate.validFrom}, ${rate.ratePercent}, ${userId})
      on conflict (valid_from) do update set rate_percent = excluded.rate_percent, created_at = now(),
        created_by = excluded.created_by`;
    await recordAuditEvent(tx, actor, {
      action: "company.base_rate_changed",
      fields: ["baseRate"],
      changes: {
        baseRate: {
          before: before ? { validFrom: rate.validFrom, ratePercent: Number(before.rate_percent) } : null,
          after: { ...rate },
        },
      },
    });
  });
}

/** Whether a stored reminder's interest ran over a day this rate applied to (then it stays). */
export async function baseRateUsed(sql: Queries, validFrom: string): Promise<boolean> {
  const [row] = await sql`
    select 1 from invoice_reminders r, jsonb_array_elements(r.interest_periods) p
    where (p.value ->> 'to')::date >= ${validFrom}::date
      and (p.value ->> 'from')::date < coalesce(
        (select min(b.valid_from) from base_rates b where b.valid_from > ${validFrom}::date), 'infinity'::date)
    limit 1`;
  return row !== undefined;
}

/** Deletes a mistaken rate; false when there was none for the date. */
export async function deleteBaseRate(sql: Queries, validFrom: string, actor: AuditActor): Promise<boolean> {
  return withinTransaction(sql, async (tx) => {
    const [before] = await tx<{ rate_percent: number }[]>`
      delete from base_rates where valid_from = ${validFrom} returning rate_percent::float8 as rate_percent`;
    if (!before) return false;
    await recordAuditEvent(tx, actor, {
      action: "company.base_rate_changed",
      fields: ["baseRate"],
      changes: { baseRate: { before: { validFrom, ratePercent: Number(before.rate_percent) }, after: null } },
    });
    return true;
  });
}

interface ReminderRow {
  id: number;
  invoice_id: number;
  level: ReminderLevel;
  reminded_on: string;
  pay_by: string;
  consumer: boolean;
  open_cents: number;
  fee_cents: number;
  flat_fee_cents: number;
  earlier_costs_cents: number;
  interest_cents: number;
  interest_points: number | null;
  interest_periods: InterestPeriod[];
  total_cents: number;
  pdf_blob: string;
  pdf_size: number;
  pdf_sha256: string;
  created_at: Date;
  created_by_name: string | null;
  sent_at: Date | null;
  sent_to: string | null;
  send_note: string | null;
}

const reminderColumns = (sql: Queries) => sql`
  id, invoice_id, level, to_char(reminded_on, 'YYYY-MM-DD') as reminded_on, to_char(pay_by, 'YYYY-MM-DD') as pay_by,
  consumer, open_cents, fee_cents, flat_fee_cents, earlier_costs_cents, interest_cents,
  interest_points::float8 as interest_points, interest_periods, total_cents, pdf_blob, pdf_size, pdf_sha256,
  created_at, created_by_name, sent_at, sent_to, send_note`;

export interface StoredReminder {
  reminder: InvoiceReminder;
  pdfBlob: string;
  pdfSha256: string;
}

function reminderOf(row: ReminderRow): StoredReminder {
  return {
    reminder: {
      id: Number(row.id),
      invoiceId: Number(row.invoice_id),
      level: Number(row.level) as ReminderLevel,
      remindedOn: row.reminded_on,
      payBy: row.pay_by,
      consumer: row.consumer,
      openCents: Number(row.open_cents),
      feeCents: Number(row.fee_cents),
      flatFeeCents: Number(row.flat_fee_cents),
      earlierCostsCents: Number(row.earlier_costs_cents),
      interestCents: Number(row.interest_cents),
      interestPoints: row.interest_points === null ? null : Number(row.interest_points),
      interestPeriods: row.interest_periods,
      totalCents: Number(row.total_cents),
      createdAt: row.created_at.toISOString(),
      createdByName: row.created_by_name,
      sentAt: row.sent_at?.toISOString() ?? null,
      sentTo: row.sent_to,
      sendNote: row.send_note,
    },
    pdfBlob: row.pdf_blob,
    pdfSha256: row.pdf_sha256,
  };
}

/** An invoice's reminders, oldest (lowest level) first. */
export async function remindersOf(sql: Queries, invoiceId: number): Promise<StoredReminder[]> {
  const rows = await sql<ReminderRow[]>`
    select ${reminderColumns(sql)} from invoice_reminders where invoice_id = ${invoiceId} order by level`;
  return rows.map(reminderOf);
}

export async function findReminder(sql: Queries, invoiceId: number, id: number): Promise<StoredReminder | null> {
  const [row] = await sql<ReminderRow[]>`
    select ${reminderColumns(sql)} from invoice_reminders where invoice_id = ${invoiceId} and id = ${id}`;
  return row ? reminderOf(row) : null;
}

/** Stores a reminder (the caller holds the invoice's row lock) with its PDF; audited with its values. */
export async function insertReminder(
  tx: Queries,
  invoiceId: number,
  figures: ReminderFigures,
  pdf: { id: string; size: number; sha256: string },
  author: Author,
  actor: AuditActor,
): Promise<number> {
  const [row] = await tx<{ id: number }[]>`
    insert into invoice_reminders (
      invoice_id, level, reminded_on, pay_by, consumer, open_cents, fee_cents, flat_fee_cents, earlier_costs_cents,
      interest_cents, interest_points, interest_periods, total_cents, pdf_blob, pdf_size, pdf_sha256, created_by,
      created_by_name
    ) values (
      ${invoiceId}, ${figures.level}, ${figures.remindedOn}, ${figures.payBy}, ${figures.consumer}, ${figures.openCents},
      ${figures.feeCents}, ${figures.flatFeeCents}, ${figures.earlierCostsCents}, ${figures.interestCents},
      ${figures.interestPoints}, ${JSON.stringify(figures.interestPeriods)}::text::jsonb, ${figures.totalCents},
      ${pdf.id}, ${pdf.size}, ${pdf.sha256}, ${author.id}, ${author.name}
    )
    returning id`;
  if (!row) throw new Error("insert into invoice_reminders returned no row");
  const id = Number(row.id);
  await recordAuditEvent(tx, actor, {
    action: "invoice.reminded",
    objectId: invoiceId,
    fields: ["reminder"],
    changes: { reminder: { before: null, after: await rowSnapshot(tx, "invoice_reminders", id) } },
  });
  return id;
}

/** Records that the reminder went out by e-mail (its mail written to the outbox in the same transaction). */
export async function markReminderSent(tx: Queries, id: number, sentTo: string): Promise<void> {
  await tx`update invoice_reminders set sent_at = now(), sent_to = ${sentTo}, send_note = null where id = ${id}`;
}

/** Records that the reminder was not sent by e-mail after all, and why (German). */
export async function markReminderNotSent(sql: Queries, id: number, note: string): Promise<void> {
  await sql`update invoice_reminders set sent_at = null, sent_to = null, send_note = ${note} where id = ${id}`;
}

// The blob store: reminder PDFs live beside the invoice PDFs (area "invoices"); their ids come
// from the invoices' sequence, so one page by id reads both kinds.

/** Reminder PDFs among these blob ids. */
export async function referencedReminderBlobIds(sql: Sql, ids: string[]): Promise<string[]> {
  const rows = await sql<{ pdf_blob: string }[]>`
    select pdf_blob from invoice_reminders where pdf_blob = any(${sql.array(ids)})`;
  return rows.map((row) => row.pdf_blob);
}

/** A page of reminder PDFs by id (beside the invoices' in `invoiceBlobRows`). */
export async function reminderBlobRows(sql: Sql, afterId: number, limit: number, withoutChecksum: boolean) {
  if (withoutChecksum) return []; // Recorded with their checksum from the start.
  const rows = await sql<(Omit<AreaRow, "name"> & { number: string; level: ReminderLevel })[]>`
    select r.id, i.number, r.level, r.pdf_blob as "blobId", 0 as "offset", r.pdf_size as size, r.pdf_sha256 as sha256
    from invoice_reminders r join invoices i on i.id = r.invoice_id
    where r.id > ${afterId} order by r.id limit ${limit}`;
  return rows.map(({ number, level, ...row }) => ({
    ...row,
    id: Number(row.id),
    size: Number(row.size),
    name: reminderPdfFileName(Number(level) as ReminderLevel, number),
  }));
}
