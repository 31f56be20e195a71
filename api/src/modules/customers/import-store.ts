import {
  type CustomerImportCounts,
  type CustomerImportDelimiter,
  type CustomerImportEncoding,
  type CustomerImportMapping,
  type CustomerInput,
  customerImportLimits,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import { type AuditActor, auditEventsStaging } from "../audit/index.ts";
import type { Existing, Matches } from "./import-plan.ts";
import type { Editor } from "./store.ts";

/** SQL of the customer import (decision 0099, migration 059). */

export interface ImportRecord {
  id: number;
  state: "prepared" | "checked" | "imported" | "undone";
  encoding: CustomerImportEncoding;
  delimiter: CustomerImportDelimiter;
  header_key: string;
  file_text: string | null;
  row_count: number;
  mapping: CustomerImportMapping | null;
  verdicts: string[] | null;
  counts: CustomerImportCounts | null;
  imported_recently: boolean;
}

/**
 * Forgets what the import kept of personal data past its time: an upload not imported after 24
 * hours (its file), the previous values of an import after 30 days (its undo). Run on every
 * upload and by the daily retention run.
 */
export async function purgeCustomerImports(sql: Queries): Promise<{ files: number; rows: number }> {
  const files = await sql`
    delete from customer_imports
    where state in ('prepared', 'checked')
      and created_at < now() - make_interval(hours => ${customerImportLimits.preparedHours})`;
  const rows = await sql`
    delete from customer_import_rows where import_id in (
      select id from customer_imports
      where imported_at < now() - make_interval(days => ${customerImportLimits.undoDays}))`;
  return { files: files.count, rows: rows.count };
}

export async function insertImport(
  sql: Queries,
  record: {
    encoding: CustomerImportEncoding;
    delimiter: CustomerImportDelimiter;
    headerKey: string;
    text: string;
    rows: number;
    editor: Editor;
  },
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into customer_imports (encoding, delimiter, header_key, file_text, row_count, created_by, created_by_name)
    values (${record.encoding}, ${record.delimiter}, ${record.headerKey}, ${record.text}, ${record.rows},
      ${record.editor.id}, ${record.editor.name})
    returning id::int as id`;
  if (!row) throw new Error("insert into customer_imports returned no row");
  return row.id;
}

/** The import, locked for the caller's transaction with `lock`. */
export async function readImport(sql: Queries, id: number, { lock = false } = {}): Promise<ImportRecord | null> {
  const [row] = await sql<ImportRecord[]>`
    select id::int as id, state, encoding, delimiter, header_key, file_text, row_count, mapping, verdicts, counts,
      coalesce(imported_at > now() - make_interval(days => ${customerImportLimits.undoDays}), false) as imported_recently
    from customer_imports where id = ${id} ${lock ? sql`for update` : sql``}`;
  return row ?? null;
}

export async function rememberedMapping(sql: Queries, key: string): Promise<CustomerImportMapping | null> {
  const [row] = await sql<{ mapping: CustomerImportMapping }[]>`
    select mapping from customer_import_mappings where header_key = ${key}`;
  return row?.mapping ?? null;
}

/** The dry run's mapping (also remembered for its headers), its verdicts and counts; the check's time is the transaction's. */
export async function saveCheck(
  sql: Queries,
  id: number,
  headerKeyOf: string,
  check: { mapping: CustomerImportMapping; verdicts: string[]; counts: CustomerImportCounts },
): Promise<void> {
  await sql`
    update customer_imports set state = 'checked', mapping = ${JSON.stringify(check.mapping)}::text::jsonb,
      verdicts = ${JSON.stringify(check.verdicts)}::text::jsonb, counts = ${JSON.stringify(check.counts)}::text::jsonb,
      checked_at = now()
    where id = ${id}`;
  await sql`
    insert into customer_import_mappings (header_key, mapping) values (${headerKeyOf}, ${JSON.stringify(check.mapping)}::text::jsonb)
    on conflict (header_key) do update set mapping = excluded.mapping, updated_at = now()`;
}

const existingColumns = (sql: Queries) =>
  sql`id::int as id, name, email, phone, website, notes, status, address, leitweg_id, debitor_number,
    (extract(epoch from updated_at) * 1000000)::bigint::text as version`;

/**
 * The customers the rows name: by id, and by e-mail (trimmed, any case; oldest first, as
 * „Als Kunde übernehmen“ finds them). With `lock` each is locked for the import's transaction,
 * so no one changes it between this read and the writes.
 */
export async function readMatches(
  sql: Queries,
  { ids, emails }: { ids: number[]; emails: string[] },
  { lock = false } = {},
): Promise<Matches> {
  const forUpdate = lock ? sql`for update` : sql``;
  const rows = await sql<Existing[]>`
    select ${existingColumns(sql)} from customers
    where id = any(${ids}::bigint[]) or (email is not null and lower(trim(email)) = any(${emails}::text[]))
    order by id ${forUpdate}`;
  const byId = new Map<number, Existing>();
  const byEmail = new Map<string, Existing[]>();
  for (const row of rows) {
    if (ids.includes(row.id)) byId.set(row.id, row);
    if (row.email !== null) {
      const key = row.email.trim().toLowerCase();
      byEmail.set(key, [...(byEmail.get(key) ?? []), row]);
    }
  }
  return { byId, byEmail };
}

/** One update of an import: the customer as found, its new fields, the names of the fields that change. */
export interface ImportUpdate {
  customer: Existing;
  fields: CustomerInput;
  changed: string[];
  line: number;
}

/** Updates in one statement, each with its `customer.changed` event; the new versions by id. */
export async function updateCustomersInBulk(
  sql: Queries,
  updates: readonly ImportUpdate[],
  editor: Editor,
  actor: AuditActor,
): Promise<Map<number, string>> {
  if (updates.length === 0) return new Map();
  const field = (key: keyof CustomerInput) => updates.map(({ fields }) => fields[key]);
  const staging = auditEventsStaging(
    sql,
    updates.map(({ customer, changed }) => ({
      actor,
      event: { action: "customer.changed" as const, objectId: customer.id, fields: changed },
    })),
  );
  const rows = await sql<{ id: number; version: string }[]>`
    with input as (
      select * from unnest(
        ${updates.map(({ customer }) => customer.id)}::bigint[], ${field("name")}::text[], ${field("email")}::text[],
        ${field("phone")}::text[], ${field("website")}::text[], ${field("notes")}::text[], ${field("status")}::text[],
        ${field("address")}::text[], ${field("leitweg_id")}::text[]
      ) as u(id, name, email, phone, website, notes, status, address, leitweg_id)
    ),
    updated as (
      update customers c set name = u.name, email = u.email, phone = u.phone, website = u.website, notes = u.notes,
        status = u.status, address = u.address, leitweg_id = u.leitweg_id,
        updated_at = now(), updated_by = ${editor.id}, updated_by_name = ${editor.name}
      from input u where c.id = u.id
      returning c.id::int as id, (extract(epoch from c.updated_at) * 1000000)::bigint::text as version
    ),
    staged as (select ${staging} as events)
    select updated.* from updated cross join staged`;
  return new Map(rows.map((row) => [row.id, row.version]));
}

/** What the import did, row by row, for its undo. */
export async function recordImportRows(
  sql: Queries,
  importId: number,
  rows: readonly { customerId: number; line: number; action: "created" | "updated"; before: Existing | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into customer_import_rows (import_id, customer_id, line, action, before, updated_at)
    select ${importId}, r.customer_id, r.line, r.action, r.before::jsonb, c.updated_at
    from unnest(
      ${rows.map((row) => row.customerId)}::bigint[], ${rows.map((row) => row.line)}::int[],
      ${rows.map((row) => row.action)}::text[],
      ${rows.map((row) => (row.before === null ? null : JSON.stringify(beforeOf(row.before))))}::text[]
    ) as r(customer_id, line, action, before)
    join customers c on c.id = r.customer_id`;
}

/** The master data an undo restores (no id, version or Debitor: those are not the import's). */
function beforeOf(customer: Existing): CustomerInput {
  const { name, email, phone, website, notes, status, address, leitweg_id } = customer;
  return { name, email, phone, website, notes, status, address, leitweg_id };
}

export async function markImported(sql: Queries, id: number, counts: Record<string, number>): Promise<void> {
  await sql`
    update customer_imports set state = 'imported', file_text = null, imported_at = now(),
      counts = ${JSON.stringify(counts)}::text::jsonb
    where id = ${id}`;
}

/** One customer the import touched, as it is now (locked): whether it changed since, or is used where an undo cannot follow. */
export interface ImportedRow {
  customer_id: number;
  line: number;
  action: "created" | "updated";
  before: CustomerInput | null;
  name: string;
  current: CustomerInput;
  unchanged: boolean;
  used: boolean;
}

export async function readImportedRows(sql: Queries, importId: number): Promise<ImportedRow[]> {
  return sql<ImportedRow[]>`
    select r.customer_id::int as customer_id, r.line, r.action, r.before, c.name,
      json_build_object('name', c.name, 'email', c.email, 'phone', c.phone, 'website', c.website, 'notes', c.notes,
        'status', c.status, 'address', c.address, 'leitweg_id', c.leitweg_id) as current,
      r.updated_at = c.updated_at as unchanged,
      r.action = 'created' and (
        exists (select 1 from invoices i where i.customer_id = c.id)
        or exists (select 1 from quotes q where q.customer_id = c.id)
        or exists (select 1 from recurring_invoices ri where ri.customer_id = c.id)
        or exists (select 1 from customer_contacts cc where cc.customer_id = c.id)
        or exists (select 1 from customer_activities ca where ca.customer_id = c.id)
        or exists (select 1 from customer_tags ct where ct.customer_id = c.id)
        or exists (select 1 from contact_requests cr where cr.customer_id = c.id)
      ) as used
    from customer_import_rows r join customers c on c.id = r.customer_id
    where r.import_id = ${importId}
    order by r.line
    for update of c`;
}

/** The undo's writes: created customers deleted (`customer.deleted`), updated ones restored (`customer.changed`). */
export async function undoRows(
  sql: Queries,
  importId: number,
  { deleted, restored }: { deleted: number[]; restored: { id: number; fields: string[] }[] },
  editor: Editor,
  actor: AuditActor,
): Promise<void> {
  if (deleted.length > 0) {
    const staging = auditEventsStaging(
      sql,
      deleted.map((id) => ({ actor, event: { action: "customer.deleted" as const, objectId: id } })),
    );
    await sql`
      with gone as (delete from customers where id = any(${deleted}::bigint[]) returning id),
      staged as (select ${staging} as events)
      select count(*) from gone cross join staged`;
  }
  if (restored.length > 0) {
    const staging = auditEventsStaging(
      sql,
      restored.map(({ id, fields }) => ({
        actor,
        event: { action: "customer.changed" as const, objectId: id, fields },
      })),
    );
    await sql`
      with back as (
        update customers c set name = b->>'name', email = b->>'email', phone = b->>'phone', website = b->>'website',
          notes = b->>'notes', status = b->>'status', address = b->>'address', leitweg_id = b->>'leitweg_id',
          updated_at = now(), updated_by = ${editor.id}, updated_by_name = ${editor.name}
        from (select customer_id, before as b from customer_import_rows
              where import_id = ${importId} and customer_id = any(${restored.map(({ id }) => id)}::bigint[])) r
        where c.id = r.customer_id
        returning c.id
      ),
      staged as (select ${staging} as events)
      select count(*) from back cross join staged`;
  }
  await sql`delete from customer_import_rows where import_id = ${importId}`;
  await sql`update customer_imports set state = 'undone', undone_at = now() where id = ${importId}`;
}
