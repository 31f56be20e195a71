import {
  type AgeingBucket,
  type CompanySettings,
  type Invoice,
  type InvoiceContent,
  type InvoiceItem,
  type InvoicePage,
  type InvoicePayment,
  type InvoiceReference,
  type InvoiceStatus,
  type InvoiceSummary,
  invoicePdfFileName,
  invoiceTotals,
  type TaxCase,
} from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import type { ListQuery as GenericListQuery } from "../../http/list-query.ts";
import type { AreaRow, AreaRowsPage } from "../../storage/blob-area.ts";
import { type AuditActor, recordAuditEvent, rowSnapshot, snapshotChanges, withinTransaction } from "../audit/index.ts";
import { reminderBlobRows } from "./reminder-store.ts";
import type { InvoiceDocumentData } from "./types.ts";

/**
 * All SQL of the `invoices` table and its number counter. Issuing and cancelling run in one
 * transaction each (see routes.ts and issue.ts); these are their steps.
 */

/** The search is trimmed and in lower case; `ageing` keeps only open items of that age. */
export type ListQuery = GenericListQuery<InvoiceStatus> & { ageing: AgeingBucket | null };

/** The stored row, as the queries below select it. */
interface InvoiceRow {
  id: number;
  state: "draft" | "issued";
  kind: "invoice" | "cancellation";
  status: InvoiceStatus;
  number: string | null;
  customer_id: number | null;
  recipient: string;
  recipient_name: string;
  recipient_vat_id: string | null;
  buyer_reference: string | null;
  provider: string;
  issue_date: string;
  service_date: string | null;
  service_period_start: string | null;
  service_period_end: string | null;
  payment_term_days: number;
  due_date: string;
  items: InvoiceItem[];
  discount_percent: number;
  tax_percent: number;
  tax_case: TaxCase | null;
  tax_exemption_reason: string | null;
  extra_fees_cents: number;
  notes: string;
  total_cents: number;
  seller: CompanySettings | null;
  paid_on: string | null;
  paid_cents: number;
  open_cents: number;
  pdf_blob: string | null;
  pdf_sha256: string | null;
  cancels_id: number | null;
  cancels_number: string | null;
  cancels_issue_date: string | null;
  cancelled_by_id: number | null;
  cancelled_by_number: string | null;
  from_quote_id: number | null;
  from_quote_number: string | null;
  created_at: Date;
  created_by_name: string | null;
  issued_at: Date | null;
  issued_by_name: string | null;
}

/**
 * How far past its due date invoice `i` is on `today` (`ageingBuckets`; meaningful for open items
 * only): not yet due on the due date itself, as the status "Überfällig" begins the day after.
 */
function ageingSql(sql: Queries, today: string) {
  return sql`case
      when i.due_date >= ${today}::date then 'not_due'
      when i.due_date >= ${today}::date - 30 then 'days_1_30'
      when i.due_date >= ${today}::date - 60 then 'days_31_60'
      else 'days_over_60'
    end`;
}

/**
 * Whether a row of `selectInvoices` is an open item: issued, neither paid in full nor cancelled,
 * not a Stornorechnung (the statuses "Offen" and "Überfällig"); it counts with its `open_cents`.
 */
export function isOpenItemSql(sql: Queries) {
  return sql`status in ('open', 'overdue')`;
}

/**
 * The columns every read selects, with the status computed in the database (the list filters and
 * pages by it): draft; a cancellation invoice; cancelled when a cancellation invoice names it;
 * paid (in full: `paid_on` is set); overdue once Germany's today is past the due date; otherwise
 * open. `today` is a parameter so that status and tests agree on the day. `paid_cents` sums the
 * payments; `open_cents` is what is left of an open or overdue invoice, 0 otherwise.
 */
export function selectInvoices(sql: Queries, today: string) {
  const paidCents = sql`(select coalesce(sum(p.amount_cents), 0) from payments p where p.invoice_id = i.id)::bigint`;
  const status = sql`case
        when i.state = 'draft' then 'draft'
        when i.kind = 'cancellation' then 'cancellation'
        when c.id is not null then 'cancelled'
        when i.paid_on is not null then 'paid'
        when i.due_date < ${today}::date then 'overdue'
        else 'open'
      end`;
  return sql`
    select i.id, i.state, i.kind, i.number, i.customer_id, i.recipient, i.recipient_name, i.recipient_vat_id,
      i.buyer_reference, i.provider,
      to_char(i.issue_date, 'YYYY-MM-DD') as issue_date,
      to_char(i.service_date, 'YYYY-MM-DD') as service_date,
      to_char(i.service_period_start, 'YYYY-MM-DD') as service_period_start,
      to_char(i.service_period_end, 'YYYY-MM-DD') as service_period_end,
      i.payment_term_days, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
      i.items, i.discount_percent::float8 as discount_percent, i.tax_percent::float8 as tax_percent,
      i.tax_case, i.tax_exemption_reason, i.extra_fees_cents, i.notes, i.total_cents, i.seller,
      to_char(i.paid_on, 'YYYY-MM-DD') as paid_on, ${paidCents} as paid_cents,
      case when ${status} in ('open', 'overdue') then i.total_cents - ${paidCents} else 0 end as open_cents,
      i.pdf_blob, i.pdf_sha256,
      o.id as cancels_id, o.number as cancels_number, to_char(o.issue_date, 'YYYY-MM-DD') as cancels_issue_date,
      c.id as cancelled_by_id, c.number as cancelled_by_number,
      q.id as from_quote_id, q.number as from_quote_number,
      i.created_at, i.created_by_name, i.issued_at, i.issued_by_name, ${status} as status,
      ${ageingSql(sql, today)} as ageing
    from invoices i
    left join invoices o on o.id = i.cancels_id
    left join invoices c on c.cancels_id = i.id
    left join quotes q on q.id = i.quote_id`;
}

function reference(id: number | null, number: string | null): InvoiceReference | null {
  return id !== null && number !== null ? { id, number } : null;
}

function contentOf(row: InvoiceRow): InvoiceContent {
  return {
    customerId: row.customer_id,
    recipient: row.recipient,
    recipientVatId: row.recipient_vat_id,
    buyerReference: row.buyer_reference,
    provider: row.provider,
    issueDate: row.issue_date,
    serviceDate: row.service_date,
    servicePeriodStart: row.service_period_start,
    servicePeriodEnd: row.service_period_end,
    paymentTermDays: row.payment_term_days,
    items: row.items,
    discountPercent: row.discount_percent,
    taxPercent: row.tax_percent,
    taxCase: row.tax_case,
    taxExemptionReason: row.tax_exemption_reason,
    extraFeesCents: row.extra_fees_cents,
    notes: row.notes,
  };
}

function invoiceOf(row: InvoiceRow, payments: InvoicePayment[]): Invoice {
  const content = contentOf(row);
  return {
    id: row.id,
    status: row.status,
    number: row.number,
    ...content,
    dueDate: row.due_date,
    // Drafts may hold amounts the calculation refuses (it is checked on issuing): zero, not a 500.
    totals: safeTotals(content),
    paidOn: row.paid_on,
    paidCents: row.paid_cents,
    openCents: row.open_cents,
    payments,
    cancels: reference(row.cancels_id, row.cancels_number),
    cancelledBy: reference(row.cancelled_by_id, row.cancelled_by_number),
    fromQuote: reference(row.from_quote_id, row.from_quote_number),
    createdAt: row.created_at.toISOString(),
    createdByName: row.created_by_name,
    issuedAt: row.issued_at?.toISOString() ?? null,
    issuedByName: row.issued_by_name,
  };
}

export function safeTotals(content: InvoiceContent) {
  try {
    return invoiceTotals(content);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return invoiceTotals({ items: [], discountPercent: 0, taxPercent: 0, extraFeesCents: 0 });
  }
}

function summaryOf(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    status: row.status,
    number: row.number,
    recipientName: row.recipient_name,
    customerId: row.customer_id,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    totalCents: row.total_cents,
    paidOn: row.paid_on,
    paidCents: row.paid_cents,
    openCents: row.open_cents,
    cancels: reference(row.cancels_id, row.cancels_number),
    cancelledBy: reference(row.cancelled_by_id, row.cancelled_by_number),
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * `%`, `_` and `\` typed into the search box match themselves (LIKE's default escape is `\`).
 */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * One page, newest first (id descending), searched by number and customer name, and the match
 * count. `hideRestricted`: without the invoices a data-protection erasure restricted (staff).
 */
export async function listInvoices(
  sql: Sql,
  query: ListQuery,
  today: string,
  hideRestricted = false,
): Promise<InvoicePage> {
  const { page, limit, search, status, ageing } = query;
  const pattern = search === null ? null : containsPattern(search);
  const shown = hideRestricted ? sql`and not ${restrictedSql(sql)}` : sql``;
  const filtered = sql`(${status}::text is null or status = ${status})
    and (${ageing}::text is null or (${isOpenItemSql(sql)} and ageing = ${ageing}))`;
  const rows = await sql<(InvoiceRow & { total: number })[]>`
    with listed as (${selectInvoices(sql, today)}
      where (${pattern}::text is null
        or lower(i.recipient_name) like ${pattern}
        or lower(coalesce(i.number, '')) like ${pattern})
        ${shown})
    select *, count(*) over () as total from listed
    where ${filtered}
    order by id desc
    limit ${limit} offset ${(page - 1) * limit}`;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // Past the last page: still say how many there are.
    const [count] = await sql<{ total: number }[]>`
      with listed as (${selectInvoices(sql, today)}
        where (${pattern}::text is null
          or lower(i.recipient_name) like ${pattern}
          or lower(coalesce(i.number, '')) like ${pattern})
          ${shown})
      select count(*) as total from listed where ${filtered}`;
    total = count?.total ?? 0;
  }
  return { invoices: rows.map(summaryOf), pages: Math.max(1, Math.ceil(total / limit)), total };
}

/**
 * The portal header's search (modules/search, decision 0102): up to `limit` invoices matched as the
 * list matches them (number or customer name, any case), newest first; `hideRestricted` as the list.
 */
export async function invoiceSearchHits(
  sql: Sql,
  search: string,
  limit: number,
  today: string,
  hideRestricted: boolean,
): Promise<InvoiceSummary[]> {
  const pattern = containsPattern(search.toLowerCase());
  const shown = hideRestricted ? sql`and not ${restrictedSql(sql)}` : sql``;
  const rows = await sql<InvoiceRow[]>`
    ${selectInvoices(sql, today)}
    where (lower(i.recipient_name) like ${pattern} or lower(coalesce(i.number, '')) like ${pattern}) ${shown}
    order by i.id desc
    limit ${limit}`;
  return rows.map(summaryOf);
}

/** Whether a data-protection erasure restricted invoice `i` (Art. 18 DSGVO; table of migration 034). */
export function restrictedSql(sql: Queries) {
  return sql`exists (select 1 from privacy_restrictions r where r.table_name = 'invoices' and r.row_id = i.id)`;
}

export async function isRestricted(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql<{ restricted: boolean }[]>`
    select ${restrictedSql(sql)} as restricted from (select ${id}::bigint as id) i`;
  return row?.restricted === true;
}

export interface StoredInvoice {
  invoice: Invoice;
  content: InvoiceContent;
  state: "draft" | "issued";
  kind: "invoice" | "cancellation";
  seller: CompanySettings | null;
  pdfBlob: string | null;
  /** The stored PDF's SHA-256 (hex); null for drafts and, until the backfill, older invoices. */
  pdfSha256: string | null;
  cancels: { number: string; issueDate: string } | null;
}

function storedOf(row: InvoiceRow, payments: InvoicePayment[]): StoredInvoice {
  return {
    invoice: invoiceOf(row, payments),
    content: contentOf(row),
    state: row.state,
    kind: row.kind,
    seller: row.seller,
    pdfBlob: row.pdf_blob,
    pdfSha256: row.pdf_sha256,
    cancels:
      row.cancels_number !== null && row.cancels_issue_date !== null
        ? { number: row.cancels_number, issueDate: row.cancels_issue_date }
        : null,
  };
}

/** One invoice, or null. `lock` takes its row lock (inside a transaction). */
export async function findInvoice(
  sql: Queries,
  id: number,
  today: string,
  { lock = false } = {},
): Promise<StoredInvoice | null> {
  const [row] = lock
    ? await sql<InvoiceRow[]>`${selectInvoices(sql, today)} where i.id = ${id} for update of i`
    : await sql<InvoiceRow[]>`${selectInvoices(sql, today)} where i.id = ${id}`;
  return row ? storedOf(row, await paymentsOf(sql, id)) : null;
}

// Payments (migration 042): partial payments and the open amount, docs/decisions/0072.

interface PaymentRow {
  id: number;
  paid_on: string;
  amount_cents: number;
  note: string | null;
  recorded_at: Date;
  recorded_by: number | null;
  recorded_by_name: string | null;
}

function paymentOf(row: PaymentRow): InvoicePayment {
  return {
    id: row.id,
    paidOn: row.paid_on,
    amountCents: row.amount_cents,
    note: row.note,
    recordedAt: row.recorded_at.toISOString(),
    recordedBy: row.recorded_by,
    recordedByName: row.recorded_by_name,
  };
}

const paymentColumns = (sql: Queries) =>
  sql`id, to_char(paid_on, 'YYYY-MM-DD') as paid_on, amount_cents, note, recorded_at, recorded_by, recorded_by_name`;

/** An invoice's payments, oldest first (by date, then as recorded). */
export async function paymentsOf(sql: Queries, invoiceId: number): Promise<InvoicePayment[]> {
  const rows = await sql<PaymentRow[]>`
    select ${paymentColumns(sql)} from payments where invoice_id = ${invoiceId} order by paid_on, id`;
  return rows.map(paymentOf);
}

/** One payment of the invoice, or null (another invoice's id is none of this one's). */
export async function findPayment(sql: Queries, invoiceId: number, paymentId: number): Promise<InvoicePayment | null> {
  const [row] = await sql<PaymentRow[]>`
    select ${paymentColumns(sql)} from payments where invoice_id = ${invoiceId} and id = ${paymentId}`;
  return row ? paymentOf(row) : null;
}

export interface NewPayment {
  paidOn: string;
  amountCents: number;
  note: string | null;
}

/**
 * Records a payment of the invoice (its row locked by the caller, so the open amount it checked
 * still holds; the table's trigger refuses an overpayment regardless), sets the invoice's paid
 * date, and writes the audit event: the payment, and the paid date where it changed.
 */
export async function insertPayment(
  tx: Queries,
  invoiceId: number,
  payment: NewPayment,
  recorder: Author,
  actor: AuditActor,
): Promise<number> {
  const before = await invoiceSnapshot(tx, invoiceId);
  const [row] = await tx<{ id: number }[]>`
    insert into payments (invoice_id, paid_on, amount_cents, note, recorded_by, recorded_by_name)
    values (${invoiceId}, ${payment.paidOn}, ${payment.amountCents}, ${payment.note}, ${recorder.id}, ${recorder.name})
    returning id`;
  if (!row) throw new Error("insert into payments returned no row");
  await settlePaidOn(tx, invoiceId);
  await recordPaymentEvent(tx, actor, "invoice.paid", invoiceId, before, {
    before: null,
    after: await rowSnapshot(tx, "payments", row.id),
  });
  return row.id;
}

/** Deletes a mistaken payment (the caller locked the invoice), resets the paid date, audited with its values. */
export async function deletePayment(tx: Queries, invoiceId: number, paymentId: number, actor: AuditActor) {
  const before = await invoiceSnapshot(tx, invoiceId);
  const payment = await rowSnapshot(tx, "payments", paymentId);
  await tx`delete from payments where id = ${paymentId} and invoice_id = ${invoiceId}`;
  await settlePaidOn(tx, invoiceId);
  await recordPaymentEvent(tx, actor, "invoice.payment_deleted", invoiceId, before, { before: payment, after: null });
}

/**
 * The invoice's paid date from its payments: the last payment's date once they add up to the
 * total, else none. Only after a payment changed: an invoice of 0,00 € keeps the date it was
 * marked paid on without any payment.
 */
async function settlePaidOn(tx: Queries, invoiceId: number): Promise<void> {
  await tx`
    update invoices i set paid_on = settled.paid_on, updated_at = now()
    from (
      select case when coalesce(sum(p.amount_cents), 0) >= v.total_cents then max(p.paid_on) end as paid_on
      from invoices v left join payments p on p.invoice_id = v.id
      where v.id = ${invoiceId}
      group by v.total_cents
    ) settled
    where i.id = ${invoiceId} and i.paid_on is distinct from settled.paid_on`;
}

async function recordPaymentEvent(
  tx: Queries,
  actor: AuditActor,
  action: "invoice.paid" | "invoice.payment_deleted",
  invoiceId: number,
  before: Record<string, unknown> | null,
  payment: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
): Promise<void> {
  const invoice = snapshotChanges(before, await invoiceSnapshot(tx, invoiceId));
  await recordAuditEvent(tx, actor, {
    action,
    objectId: invoiceId,
    fields: ["payment", ...invoice.fields],
    changes: { payment, ...invoice.changes },
  });
}

/** The data its documents are made from; null for a draft. */
export function documentDataOf(stored: StoredInvoice): InvoiceDocumentData | null {
  const { invoice, seller } = stored;
  if (stored.state !== "issued" || invoice.number === null || seller === null) return null;
  return {
    kind: stored.kind,
    number: invoice.number,
    content: stored.content,
    totals: invoice.totals,
    dueDate: invoice.dueDate,
    seller,
    cancels: stored.cancels,
  };
}

export interface Author {
  id: number | null;
  name: string;
}

/**
 * Stores a new draft; its id. With `actor` (a draft saved on its own, not on the way to being
 * issued) the save is an audit event with every field's value, in one transaction.
 */
export async function insertDraft(
  sql: Queries,
  content: InvoiceContent,
  author: Author,
  actor?: AuditActor,
  quoteId: number | null = null,
): Promise<number> {
  if (!actor) return insertDraftRow(sql, content, author, quoteId);
  return withinTransaction(sql, async (tx) => {
    const id = await insertDraftRow(tx, content, author, quoteId);
    await recordInvoiceEvent(tx, actor, "invoice.draft_saved", id, null);
    return id;
  });
}

/**
 * Records `action` on invoice `id` with every field that differs from `before` (a snapshot taken
 * earlier in the transaction; null for a new invoice), values included: invoices are books.
 */
export async function recordInvoiceEvent(
  tx: Queries,
  actor: AuditActor,
  action: "invoice.draft_saved" | "invoice.draft_deleted" | "invoice.issued" | "invoice.cancelled" | "invoice.paid",
  id: number,
  before: Record<string, unknown> | null,
): Promise<void> {
  const after = action === "invoice.draft_deleted" ? null : await rowSnapshot(tx, "invoices", id);
  await recordAuditEvent(tx, actor, { action, objectId: id, ...snapshotChanges(before, after) });
}

export function invoiceSnapshot(tx: Queries, id: number): Promise<Record<string, unknown> | null> {
  return rowSnapshot(tx, "invoices", id);
}

async function insertDraftRow(
  sql: Queries,
  content: InvoiceContent,
  author: Author,
  quoteId: number | null,
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into invoices (
      quote_id, customer_id, recipient, recipient_vat_id, buyer_reference, provider, issue_date, service_date,
      service_period_start, service_period_end, payment_term_days, items, discount_percent, tax_percent,
      tax_case, tax_exemption_reason, extra_fees_cents, notes, total_cents, created_by, created_by_name
    ) values (
      ${quoteId}, ${content.customerId}, ${content.recipient}, ${content.recipientVatId}, ${content.buyerReference},
      ${content.provider}, ${content.issueDate}, ${content.serviceDate}, ${content.servicePeriodStart},
      ${content.servicePeriodEnd}, ${content.paymentTermDays}, ${sql.json(jsonItems(content.items))},
      ${content.discountPercent}, ${content.taxPercent}, ${content.taxCase}, ${content.taxExemptionReason},
      ${content.extraFeesCents},
      ${content.notes}, ${safeTotals(content).totalCents}, ${author.id}, ${author.name}
    )
    returning id`;
  if (!row) throw new Error("insert into invoices returned no row");
  return row.id;
}

/** postgres.js's `json` takes its own JSON value type; items are plain data. */
export function jsonItems(items: InvoiceItem[]) {
  return items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
  }));
}

/** Replaces a draft's content; false when there is no draft with this id (gone, or issued). */
/** Replaces a draft's content (false: no draft with this id); with `actor`, recorded as an audit event. */
export async function updateDraft(
  sql: Queries,
  id: number,
  content: InvoiceContent,
  actor?: AuditActor,
): Promise<boolean> {
  if (!actor) return updateDraftRow(sql, id, content);
  return withinTransaction(sql, async (tx) => {
    const before = await lockedDraftSnapshot(tx, id);
    if (!before || !(await updateDraftRow(tx, id, content))) return false;
    await recordInvoiceEvent(tx, actor, "invoice.draft_saved", id, before);
    return true;
  });
}

async function lockedDraftSnapshot(tx: Queries, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await tx<{ row: Record<string, unknown> }[]>`
    select to_jsonb(i) as row from invoices i where id = ${id} and state = 'draft' for update`;
  return row?.row ?? null;
}

async function updateDraftRow(sql: Queries, id: number, content: InvoiceContent): Promise<boolean> {
  const rows = await sql`
    update invoices set
      customer_id = ${content.customerId}, recipient = ${content.recipient},
      recipient_vat_id = ${content.recipientVatId}, buyer_reference = ${content.buyerReference},
      provider = ${content.provider}, issue_date = ${content.issueDate}, service_date = ${content.serviceDate},
      service_period_start = ${content.servicePeriodStart}, service_period_end = ${content.servicePeriodEnd},
      payment_term_days = ${content.paymentTermDays}, items = ${sql.json(jsonItems(content.items))},
      discount_percent = ${content.discountPercent}, tax_percent = ${content.taxPercent},
      tax_case = ${content.taxCase}, tax_exemption_reason = ${content.taxExemptionReason}, extra_fees_cents = ${content.extraFeesCents},
      notes = ${content.notes}, total_cents = ${safeTotals(content).totalCents}, updated_at = now()
    where id = ${id} and state = 'draft'`;
  return rows.count > 0;
}

/** Deletes a draft; false when there is no draft with this id. */
export async function deleteDraft(sql: Sql, id: number, actor: AuditActor): Promise<boolean> {
  return sql.begin(async (tx) => {
    const before = await lockedDraftSnapshot(tx, id);
    if (!before) return false;
    await tx`delete from invoices where id = ${id} and state = 'draft'`;
    await recordInvoiceEvent(tx, actor, "invoice.draft_deleted", id, before);
    return true;
  });
}

/** The number series with a gap-free counter per year (migration 043): invoices and quotes. */
export type NumberSeries = "invoice" | "quote";

/**
 * The next number of `series`' sequence in `year`. The counter row stays locked until the calling
 * transaction ends: a concurrent issue waits, and a rollback gives the number back.
 */
export async function nextSequence(tx: Queries, series: NumberSeries, year: number): Promise<number> {
  const [row] = await tx<{ last_sequence: number }[]>`
    insert into invoice_number_counters (series, year, last_sequence) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last_sequence = invoice_number_counters.last_sequence + 1
    returning last_sequence`;
  if (!row) throw new Error(`the ${series} number counter returned no row`);
  return row.last_sequence;
}

/** The date of the latest issued invoice (a cancellation included), or null before the first. */
export async function latestIssueDate(tx: Queries): Promise<string | null> {
  const [row] = await tx<{ latest: string | null }[]>`
    select to_char(max(issue_date), 'YYYY-MM-DD') as latest from invoices where state = 'issued'`;
  return row?.latest ?? null;
}

export interface IssuedFields {
  number: string;
  year: number;
  sequence: number;
  content: InvoiceContent;
  totalCents: number;
  seller: CompanySettings;
  /** The PDF written for it: blob id, size and SHA-256 (hex). */
  pdf: { id: string; size: number; sha256: string };
  issuer: Author;
}

/** Turns the draft `id` into the issued invoice (kept items only; the seller's data copied). */
export async function markIssued(tx: Queries, id: number, fields: IssuedFields): Promise<void> {
  const { content } = fields;
  await tx`
    update invoices set
      state = 'issued', number = ${fields.number}, number_year = ${fields.year},
      number_sequence = ${fields.sequence}, items = ${tx.json(jsonItems(content.items))},
      tax_case = ${content.taxCase}, tax_exemption_reason = ${content.taxExemptionReason},
      total_cents = ${fields.totalCents},
      seller = ${tx.json({ ...fields.seller })}, pdf_blob = ${fields.pdf.id}, pdf_size = ${fields.pdf.size},
      pdf_sha256 = ${fields.pdf.sha256}, issued_at = now(),
      issued_by = ${fields.issuer.id}, issued_by_name = ${fields.issuer.name}, updated_at = now()
    where id = ${id} and state = 'draft'`;
}

/** Stores a cancellation invoice, issued at once; its id. */
export async function insertCancellation(tx: Queries, cancelsId: number, fields: IssuedFields): Promise<number> {
  const { content } = fields;
  const [row] = await tx<{ id: number }[]>`
    insert into invoices (
      state, kind, cancels_id, number, number_year, number_sequence, customer_id, recipient,
      recipient_vat_id, buyer_reference, provider, issue_date, service_date, service_period_start,
      service_period_end, payment_term_days, items, discount_percent, tax_percent, tax_case, tax_exemption_reason,
      extra_fees_cents, notes, total_cents, seller, pdf_blob, pdf_size, pdf_sha256, created_by, created_by_name,
      issued_at, issued_by, issued_by_name
    ) values (
      'issued', 'cancellation', ${cancelsId}, ${fields.number}, ${fields.year}, ${fields.sequence},
      ${content.customerId}, ${content.recipient}, ${content.recipientVatId}, ${content.buyerReference},
      ${content.provider}, ${content.issueDate}, ${content.serviceDate}, ${content.servicePeriodStart},
      ${content.servicePeriodEnd}, ${content.paymentTermDays}, ${tx.json(jsonItems(content.items))},
      ${content.discountPercent}, ${content.taxPercent}, ${content.taxCase}, ${content.taxExemptionReason},
      ${content.extraFeesCents}, ${content.notes}, ${fields.totalCents}, ${tx.json({ ...fields.seller })},
      ${fields.pdf.id}, ${fields.pdf.size}, ${fields.pdf.sha256}, ${fields.issuer.id}, ${fields.issuer.name}, now(),
      ${fields.issuer.id}, ${fields.issuer.name}
    )
    returning id`;
  if (!row) throw new Error("insert into invoices returned no row");
  return row.id;
}

/** "Als bezahlt markieren" of an invoice of 0,00 €: nothing to pay, so a date and no payment. */
export async function setPaidOn(tx: Queries, id: number, paidOn: string, actor: AuditActor): Promise<void> {
  const before = await invoiceSnapshot(tx, id);
  await tx`update invoices set paid_on = ${paidOn}, updated_at = now() where id = ${id}`;
  await recordInvoiceEvent(tx, actor, "invoice.paid", id, before);
}

/** Of these blob ids, the ones an invoice names (the start-up sweep of the invoice store). */
export async function referencedInvoiceBlobIds(sql: Sql, ids: string[]): Promise<Set<string>> {
  // Reminder PDFs (migration 046) and the letterhead's logos (migration 048) live in the same store.
  const rows = await sql<{ pdf_blob: string }[]>`
    select pdf_blob from invoices where pdf_blob = any(${sql.array(ids)})
    union all select pdf_blob from invoice_reminders where pdf_blob = any(${sql.array(ids)})
    union all select blob_id from company_logos where blob_id = any(${sql.array(ids)})`;
  return new Set(rows.map((row) => row.pdf_blob));
}

/** Whether a customer with this id exists (a draft may name only a real one). */
export async function customerExists(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from customers where id = ${id}`;
  return row !== undefined;
}

/** Every PDF blob an invoice names, in pages (the sweep's check for invoices whose PDF is missing). */
export async function* allInvoiceBlobIds(sql: Sql, pageSize = 1000): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    // Invoices and their reminders share one id sequence (migration 046): one page reads both.
    const rows = await sql<{ id: number; pdf_blob: string }[]>`
      select id, pdf_blob from (
        select id, pdf_blob from invoices where id > ${after} and pdf_blob is not null
        union all select id, pdf_blob from invoice_reminders where id > ${after}
        union all select id, blob_id from company_logos where id > ${after}
      ) named order by id limit ${pageSize}`;
    if (rows.length === 0) return;
    yield rows.map((row) => row.pdf_blob);
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** A page of issued invoices' PDFs by invoice id (the scrub, the checksum backfill). */
export async function invoiceBlobRows(sql: Sql, { afterId, limit, withoutChecksum }: AreaRowsPage): Promise<AreaRow[]> {
  const rows = await sql<(Omit<AreaRow, "name"> & { number: string })[]>`
    select id, number, pdf_blob as "blobId", 0 as "offset", pdf_size as size, pdf_sha256 as sha256 from invoices
    where pdf_blob is not null and id > ${afterId} ${withoutChecksum ? sql`and pdf_sha256 is null` : sql``}
    order by id limit ${limit}`;
  const invoices = rows.map(({ number, ...row }) => ({ ...row, name: invoicePdfFileName(number) }));
  // The reminders' PDFs (migration 046), from the same id sequence: merged by id, one page long.
  const reminders = await reminderBlobRows(sql, afterId, limit, withoutChecksum === true);
  const logos = withoutChecksum ? [] : await logoBlobRows(sql, afterId, limit);
  return [...invoices, ...reminders, ...logos].sort((a, b) => Number(a.id) - Number(b.id)).slice(0, limit);
}

/**
 * The letterhead's logos (migration 048), from the same id sequence: backed up and scrubbed with
 * the PDFs. Recorded with their checksum from the start.
 */
async function logoBlobRows(sql: Sql, afterId: number, limit: number): Promise<AreaRow[]> {
  const rows = await sql<(Omit<AreaRow, "name"> & { content_type: string })[]>`
    select id, blob_id as "blobId", 0 as "offset", size, sha256, content_type from company_logos
    where id > ${afterId} order by id limit ${limit}`;
  return rows.map(({ content_type, ...row }) => ({
    ...row,
    id: Number(row.id),
    size: Number(row.size),
    name: content_type === "image/png" ? "Logo.png" : "Logo.jpg",
  }));
}

/** Whether the row still names the blob: invoices and reminders always do, a replaced logo may be gone. */
export async function invoiceAreaStillNames(sql: Sql, row: AreaRow): Promise<boolean> {
  const [found] = await sql`
    select 1 from invoices where id = ${row.id} and pdf_blob = ${row.blobId}
    union all select 1 from invoice_reminders where id = ${row.id} and pdf_blob = ${row.blobId}
    union all select 1 from company_logos where id = ${row.id} and blob_id = ${row.blobId}
    limit 1`;
  return found !== undefined;
}

/** An invoice's PDF size and checksum, recorded once (by the backfill; the trigger allows no other change). */
export async function recordInvoicePdfChecksum(sql: Sql, id: number, size: number, sha256: string): Promise<boolean> {
  const rows = await sql`
    update invoices set pdf_size = ${size}, pdf_sha256 = ${sha256}
    where id = ${id} and pdf_sha256 is null returning id`;
  return rows.length > 0;
}
