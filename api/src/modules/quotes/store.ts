import type {
  CompanySettings,
  InvoiceItem,
  Quote,
  QuoteContent,
  QuoteInvoiceReference,
  QuotePage,
  QuoteStatus,
  QuoteSummary,
  TaxCase,
} from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { type AuditActor, recordAuditEvent, rowSnapshot, snapshotChanges, withinTransaction } from "../audit/index.ts";
import type { KeptSeller } from "../company/index.ts";
import { type Author, jsonItems, safeTotals } from "../invoices/index.ts";

/** All SQL of the `quotes` table (migration 043). */

interface QuoteRow {
  id: number;
  state: "draft" | "issued";
  status: QuoteStatus;
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
  valid_until: string | null;
  items: InvoiceItem[];
  discount_percent: number;
  tax_percent: number;
  tax_case: TaxCase | null;
  tax_exemption_reason: string | null;
  extra_fees_cents: number;
  notes: string;
  total_cents: number;
  seller: CompanySettings | null;
  invoices: QuoteInvoiceReference[];
  decided_at: Date | null;
  decided_by_name: string | null;
  created_at: Date;
  created_by_name: string | null;
  issued_at: Date | null;
  issued_by_name: string | null;
}

/**
 * Every read's columns, the status computed from `today` (Germany's date): a draft; the customer's
 * answer once recorded; expired the day after „Gültig bis“ without one; otherwise open. The
 * invoices made from it, oldest first.
 */
function selectQuotes(sql: Queries, today: string) {
  const status = sql`case
      when q.state = 'draft' then 'draft'
      when q.decision is not null then q.decision
      when q.valid_until < ${today}::date then 'expired'
      else 'open'
    end`;
  return sql`
    select q.id, q.state, q.number, q.customer_id, q.recipient, q.recipient_name, q.recipient_vat_id,
      q.buyer_reference, q.provider,
      to_char(q.issue_date, 'YYYY-MM-DD') as issue_date,
      to_char(q.service_date, 'YYYY-MM-DD') as service_date,
      to_char(q.service_period_start, 'YYYY-MM-DD') as service_period_start,
      to_char(q.service_period_end, 'YYYY-MM-DD') as service_period_end,
      q.payment_term_days, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until,
      q.items, q.discount_percent::float8 as discount_percent, q.tax_percent::float8 as tax_percent,
      q.tax_case, q.tax_exemption_reason, q.extra_fees_cents, q.notes, q.total_cents, q.seller,
      (select coalesce(jsonb_agg(jsonb_build_object('id', v.id, 'number', v.number) order by v.id), '[]'::jsonb)
        from invoices v where v.quote_id = q.id) as invoices,
      q.decided_at, q.decided_by_name, q.created_at, q.created_by_name, q.issued_at, q.issued_by_name,
      ${status} as status
    from quotes q`;
}

function contentOf(row: QuoteRow): QuoteContent {
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
    validUntil: row.valid_until,
    items: row.items,
    discountPercent: row.discount_percent,
    taxPercent: row.tax_percent,
    taxCase: row.tax_case,
    taxExemptionReason: row.tax_exemption_reason,
    extraFeesCents: row.extra_fees_cents,
    notes: row.notes,
  };
}

function quoteOf(row: QuoteRow): Quote {
  const content = contentOf(row);
  return {
    id: row.id,
    status: row.status,
    number: row.number,
    ...content,
    totals: safeTotals(content),
    invoices: row.invoices.map((invoice) => ({ id: Number(invoice.id), number: invoice.number })),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedByName: row.decided_by_name,
    createdAt: row.created_at.toISOString(),
    createdByName: row.created_by_name,
    issuedAt: row.issued_at?.toISOString() ?? null,
    issuedByName: row.issued_by_name,
  };
}

function summaryOf(row: QuoteRow): QuoteSummary {
  return {
    id: row.id,
    status: row.status,
    number: row.number,
    recipientName: row.recipient_name,
    customerId: row.customer_id,
    issueDate: row.issue_date,
    validUntil: row.valid_until,
    totalCents: row.total_cents,
    invoices: row.invoices.map((invoice) => ({ id: Number(invoice.id), number: invoice.number })),
  };
}

/** `%`, `_` and `\` typed into the search box match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One page, newest first, searched by number and customer name, filtered by status. */
export async function listQuotes(sql: Sql, query: ListQuery<QuoteStatus>, today: string): Promise<QuotePage> {
  const { page, limit, search, status } = query;
  const pattern = search === null ? null : containsPattern(search.toLowerCase());
  const listed = sql`${selectQuotes(sql, today)}
    where (${pattern}::text is null
      or lower(q.recipient_name) like ${pattern}
      or lower(coalesce(q.number, '')) like ${pattern})`;
  const [rows, [count]] = await Promise.all([
    sql<QuoteRow[]>`
      with listed as (${listed}) select * from listed
      where ${status}::text is null or status = ${status}
      order by id desc limit ${limit} offset ${(page - 1) * limit}`,
    sql<{ total: number }[]>`
      with listed as (${listed}) select count(*)::int as total from listed
      where ${status}::text is null or status = ${status}`,
  ]);
  const total = count?.total ?? 0;
  return { quotes: rows.map(summaryOf), pages: Math.max(1, Math.ceil(total / limit)), total };
}

export interface StoredQuote {
  quote: Quote;
  content: QuoteContent;
  state: "draft" | "issued";
  seller: KeptSeller | null;
}

/** One quote, or null. `lock` takes its row lock (inside a transaction). */
export async function findQuote(
  sql: Queries,
  id: number,
  today: string,
  { lock = false } = {},
): Promise<StoredQuote | null> {
  const [row] = lock
    ? await sql<QuoteRow[]>`${selectQuotes(sql, today)} where q.id = ${id} for update of q`
    : await sql<QuoteRow[]>`${selectQuotes(sql, today)} where q.id = ${id}`;
  if (!row) return null;
  return { quote: quoteOf(row), content: contentOf(row), state: row.state, seller: row.seller };
}

export type QuoteAction =
  | "quote.draft_saved"
  | "quote.draft_deleted"
  | "quote.issued"
  | "quote.accepted"
  | "quote.rejected"
  | "quote.converted";

/** Records `action` on quote `id` with every field that differs from `before` (null for a new quote). */
export async function recordQuoteEvent(
  tx: Queries,
  actor: AuditActor,
  action: QuoteAction,
  id: number,
  before: Record<string, unknown> | null,
  extra: { fields: string[]; changes: Record<string, { before: unknown; after: unknown }> } = {
    fields: [],
    changes: {},
  },
): Promise<void> {
  const after = action === "quote.draft_deleted" ? null : await rowSnapshot(tx, "quotes", id);
  const changed = snapshotChanges(before, after);
  await recordAuditEvent(tx, actor, {
    action,
    objectId: id,
    fields: [...extra.fields, ...changed.fields],
    changes: { ...extra.changes, ...changed.changes },
  });
}

export function quoteSnapshot(tx: Queries, id: number): Promise<Record<string, unknown> | null> {
  return rowSnapshot(tx, "quotes", id);
}

/** Stores a new draft; with `actor` (saved on its own, not on the way to being issued) its audit event too. */
export async function insertQuoteDraft(
  sql: Queries,
  content: QuoteContent,
  author: Author,
  actor?: AuditActor,
): Promise<number> {
  if (!actor) return insertRow(sql, content, author);
  return withinTransaction(sql, async (tx) => {
    const id = await insertRow(tx, content, author);
    await recordQuoteEvent(tx, actor, "quote.draft_saved", id, null);
    return id;
  });
}

async function insertRow(sql: Queries, content: QuoteContent, author: Author): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into quotes (
      customer_id, recipient, recipient_vat_id, buyer_reference, provider, issue_date, service_date,
      service_period_start, service_period_end, payment_term_days, valid_until, items, discount_percent,
      tax_percent, tax_case, tax_exemption_reason, extra_fees_cents, notes, total_cents, created_by, created_by_name
    ) values (
      ${content.customerId}, ${content.recipient}, ${content.recipientVatId}, ${content.buyerReference},
      ${content.provider}, ${content.issueDate}, ${content.serviceDate}, ${content.servicePeriodStart},
      ${content.servicePeriodEnd}, ${content.paymentTermDays}, ${content.validUntil},
      ${sql.json(jsonItems(content.items))}, ${content.discountPercent}, ${content.taxPercent}, ${content.taxCase},
      ${content.taxExemptionReason}, ${content.extraFeesCents}, ${content.notes}, ${safeTotals(content).totalCents},
      ${author.id}, ${author.name}
    )
    returning id`;
  if (!row) throw new Error("insert into quotes returned no row");
  return row.id;
}

/** The draft's row locked, as a snapshot; null when there is no draft with this id. */
export async function lockedDraftSnapshot(tx: Queries, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await tx<{ row: Record<string, unknown> }[]>`
    select to_jsonb(q) as row from quotes q where id = ${id} and state = 'draft' for update`;
  return row?.row ?? null;
}

/** Replaces a locked draft's content. */
export async function updateDraftRow(tx: Queries, id: number, content: QuoteContent): Promise<void> {
  await tx`
    update quotes set
      customer_id = ${content.customerId}, recipient = ${content.recipient},
      recipient_vat_id = ${content.recipientVatId}, buyer_reference = ${content.buyerReference},
      provider = ${content.provider}, issue_date = ${content.issueDate}, service_date = ${content.serviceDate},
      service_period_start = ${content.servicePeriodStart}, service_period_end = ${content.servicePeriodEnd},
      payment_term_days = ${content.paymentTermDays}, valid_until = ${content.validUntil},
      items = ${tx.json(jsonItems(content.items))}, discount_percent = ${content.discountPercent},
      tax_percent = ${content.taxPercent}, tax_case = ${content.taxCase},
      tax_exemption_reason = ${content.taxExemptionReason}, extra_fees_cents = ${content.extraFeesCents},
      notes = ${content.notes}, total_cents = ${safeTotals(content).totalCents}, updated_at = now()
    where id = ${id} and state = 'draft'`;
}

export async function deleteDraftRow(tx: Queries, id: number): Promise<void> {
  await tx`delete from quotes where id = ${id} and state = 'draft'`;
}

export interface IssuedQuoteFields {
  number: string;
  year: number;
  sequence: number;
  content: QuoteContent & { validUntil: string };
  totalCents: number;
  seller: KeptSeller;
  issuer: Author;
}

/** Turns the draft `id` into the issued quote (kept items only; the seller's data copied). */
export async function markQuoteIssued(tx: Queries, id: number, fields: IssuedQuoteFields): Promise<void> {
  const { content } = fields;
  await tx`
    update quotes set
      state = 'issued', number = ${fields.number}, number_year = ${fields.year},
      number_sequence = ${fields.sequence}, issue_date = ${content.issueDate}, valid_until = ${content.validUntil},
      items = ${tx.json(jsonItems(content.items))}, tax_case = ${content.taxCase},
      tax_exemption_reason = ${content.taxExemptionReason}, total_cents = ${fields.totalCents},
      seller = ${tx.json({ ...fields.seller, logo: fields.seller.logo ? { ...fields.seller.logo } : null })}, issued_at = now(), issued_by = ${fields.issuer.id},
      issued_by_name = ${fields.issuer.name}, updated_at = now()
    where id = ${id} and state = 'draft'`;
}

/** Records the customer's answer on an issued quote (its row locked by the caller). */
export async function setDecision(
  tx: Queries,
  id: number,
  decision: "accepted" | "rejected",
  by: Author,
): Promise<void> {
  await tx`
    update quotes set decision = ${decision}, decided_at = now(), decided_by = ${by.id},
      decided_by_name = ${by.name}, updated_at = now()
    where id = ${id} and state = 'issued' and decision is null`;
}
