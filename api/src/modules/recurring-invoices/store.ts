import {
  type InvoiceItem,
  invoiceTotals,
  type RecurringFrequency,
  type RecurringInvoice,
  type RecurringInvoiceRun,
  type RecurringMode,
  type RecurringRunState,
  type RecurringServicePeriod,
  type RecurringState,
  recurringInvoiceLimits,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";

/** All SQL of `recurring_invoices` and `recurring_invoice_runs` (migration 045). */

/** What a template is made of, as the service checked it. */
export interface TemplateFields {
  customerId: number;
  items: InvoiceItem[];
  taxPercent: number;
  paymentTermDays: number;
  notes: string;
  frequency: RecurringFrequency;
  firstOn: string;
  endsOn: string | null;
  servicePeriod: RecurringServicePeriod;
  mode: RecurringMode;
}

export interface TemplateRow extends TemplateFields {
  id: number;
  state: RecurringState;
  nextRunOn: string | null;
  runCount: number;
}

const templateColumns = (sql: Queries) => sql`
  t.id, t.customer_id as "customerId", t.items, t.tax_percent::float8 as "taxPercent",
  t.payment_term_days as "paymentTermDays", t.notes, t.frequency, to_char(t.first_on, 'YYYY-MM-DD') as "firstOn",
  to_char(t.ends_on, 'YYYY-MM-DD') as "endsOn", t.service_period as "servicePeriod", t.mode, t.state,
  to_char(t.next_run_on, 'YYYY-MM-DD') as "nextRunOn",
  (select count(*) from recurring_invoice_runs r where r.template_id = t.id)::int as "runCount"`;

/** One template, locked for the transaction when `lock` is set; null when there is none. */
export async function findTemplate(sql: Queries, id: number, lock = false): Promise<TemplateRow | null> {
  const [row] = await sql<TemplateRow[]>`
    select ${templateColumns(sql)} from recurring_invoices t where t.id = ${id} ${lock ? sql`for update` : sql``}`;
  return row ?? null;
}

export async function countTemplates(sql: Queries): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from recurring_invoices`;
  return row?.count ?? 0;
}

export async function customerExists(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from customers where id = ${id}`;
  return row !== undefined;
}

/** The customer as an invoice's "Kunde" block: the name, then the address lines (as the invoice form fills it). */
export async function customerBlock(sql: Queries, id: number): Promise<string | null> {
  const [row] = await sql<{ name: string; address: string | null }[]>`
    select name, address from customers where id = ${id}`;
  if (!row) return null;
  return [row.name, row.address ?? ""].filter((line) => line.trim() !== "").join("\n");
}

const columnsOf = (fields: TemplateFields) => ({
  customer_id: fields.customerId,
  items: fields.items,
  tax_percent: fields.taxPercent,
  payment_term_days: fields.paymentTermDays,
  notes: fields.notes,
  frequency: fields.frequency,
  first_on: fields.firstOn,
  ends_on: fields.endsOn,
  service_period: fields.servicePeriod,
  mode: fields.mode,
});

export async function insertTemplate(
  sql: Queries,
  fields: TemplateFields,
  nextRunOn: string | null,
  userId: number,
): Promise<number> {
  const values = { ...columnsOf(fields), next_run_on: nextRunOn, created_by: userId };
  const [row] = await sql<{ id: number }[]>`
    insert into recurring_invoices ${sql(values as Record<string, unknown>)} returning id`;
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateTemplate(
  sql: Queries,
  id: number,
  fields: TemplateFields,
  nextRunOn: string | null,
): Promise<void> {
  const values = { ...columnsOf(fields), next_run_on: nextRunOn };
  await sql`
    update recurring_invoices set ${sql(values as Record<string, unknown>)}, updated_at = now() where id = ${id}`;
}

export async function setTemplateState(
  sql: Queries,
  id: number,
  state: RecurringState,
  nextRunOn: string | null,
): Promise<void> {
  await sql`
    update recurring_invoices set state = ${state}, next_run_on = ${nextRunOn}, updated_at = now() where id = ${id}`;
}

/** Active templates due on `today` or earlier, earliest first, but those in `except` (failed this run). */
export async function dueTemplateIds(sql: Queries, today: string, except: number[], limit: number): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from recurring_invoices
    where state = 'active' and next_run_on <= ${today}::date and not (id = any(${except}::bigint[]))
    order by next_run_on, id limit ${limit}`;
  return rows.map((row) => row.id);
}

/** Claims the run of `templateId` due on `scheduledOn`; null when it was made already (by anyone). */
export async function claimRun(
  sql: Queries,
  run: { templateId: number; scheduledOn: string; madeOn: string; periodStart: string; periodEnd: string },
): Promise<number | null> {
  const [row] = await sql<{ id: number }[]>`
    insert into recurring_invoice_runs (template_id, scheduled_on, made_on, period_start, period_end, state)
    values (${run.templateId}, ${run.scheduledOn}, ${run.madeOn}, ${run.periodStart}, ${run.periodEnd}, 'draft')
    on conflict (template_id, scheduled_on) do nothing
    returning id`;
  return row?.id ?? null;
}

export async function finishRun(
  sql: Queries,
  runId: number,
  invoiceId: number,
  state: RecurringRunState,
): Promise<void> {
  await sql`update recurring_invoice_runs set invoice_id = ${invoiceId}, state = ${state} where id = ${runId}`;
}

/** The run `runId` locked for its sending, if it is still `issued` without a note and has its invoice. */
export async function lockRunToSend(sql: Queries, runId: number): Promise<{ invoiceId: number } | null> {
  const [row] = await sql<{ invoiceId: number }[]>`
    select invoice_id as "invoiceId" from recurring_invoice_runs
    where id = ${runId} and state = 'issued' and send_note is null and invoice_id is not null
    for update`;
  return row ? { invoiceId: Number(row.invoiceId) } : null;
}

export async function markRunSent(sql: Queries, runId: number): Promise<void> {
  await sql`update recurring_invoice_runs set state = 'sent', sent_at = now() where id = ${runId} and state = 'issued'`;
}

/** Why the run's invoice was not sent (German, shown with the run); it stays `issued`. */
export async function noteRun(sql: Queries, runId: number, note: string): Promise<void> {
  await sql`update recurring_invoice_runs set send_note = ${note.slice(0, 500)} where id = ${runId}`;
}

/** Runs of „ausstellen und senden“ templates issued but not sent (a crash or a failure between the two steps). */
export async function pendingSendRuns(sql: Queries): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select r.id from recurring_invoice_runs r join recurring_invoices t on t.id = r.template_id
    where t.mode = 'send' and r.state = 'issued' and r.send_note is null and r.invoice_id is not null
    order by r.id`;
  return rows.map((row) => Number(row.id));
}

export async function setNextRun(sql: Queries, id: number, nextRunOn: string | null): Promise<void> {
  await sql`
    update recurring_invoices
    set next_run_on = ${nextRunOn}, state = case when ${nextRunOn}::date is null then 'ended' else state end
    where id = ${id}`;
}

interface ListRow extends TemplateRow {
  customerName: string;
  runs: (Omit<RecurringInvoiceRun, "caughtUp"> & { caughtUp?: boolean })[] | null;
}

/** Every template with its customer's name and its latest runs (newest first), newest template first. */
export async function listTemplates(sql: Queries, id: number | null = null): Promise<RecurringInvoice[]> {
  const rows = await sql<ListRow[]>`
    select ${templateColumns(sql)}, c.name as "customerName",
      (select jsonb_agg(x order by x."scheduledOn" desc) from (
        select r.id, to_char(r.scheduled_on, 'YYYY-MM-DD') as "scheduledOn", to_char(r.made_on, 'YYYY-MM-DD') as "madeOn",
          to_char(r.period_start, 'YYYY-MM-DD') as "periodStart", to_char(r.period_end, 'YYYY-MM-DD') as "periodEnd",
          r.state, r.invoice_id as "invoiceId", i.number as "invoiceNumber", r.send_note as "sendNote"
        from recurring_invoice_runs r left join invoices i on i.id = r.invoice_id
        where r.template_id = t.id order by r.scheduled_on desc limit ${recurringInvoiceLimits.runsShown}) x) as runs
    from recurring_invoices t join customers c on c.id = t.customer_id
    ${id === null ? sql`` : sql`where t.id = ${id}`}
    order by t.id desc`;
  return rows.map(({ runCount: _count, runs, ...row }) => ({
    ...row,
    totalCents: totalOf(row),
    runs: (runs ?? []).map((run) => ({
      ...run,
      invoiceId: run.invoiceId === null ? null : Number(run.invoiceId),
      caughtUp: run.madeOn > run.scheduledOn,
    })),
  }));
}

function totalOf(fields: Pick<TemplateFields, "items" | "taxPercent">): number {
  try {
    return invoiceTotals({ items: fields.items, discountPercent: 0, taxPercent: fields.taxPercent, extraFeesCents: 0 })
      .totalCents;
  } catch {
    return 0;
  }
}

/** A template's row as the audit event compares it. */
export async function templateSnapshot(sql: Queries, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await sql<{ row: Record<string, unknown> }[]>`
    select to_jsonb(t) - 'updated_at' as row from recurring_invoices t where id = ${id}`;
  return row?.row ?? null;
}
