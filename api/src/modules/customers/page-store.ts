import {
  type Customer,
  type CustomerActivityInput,
  type CustomerContact,
  type CustomerContactInput,
  type CustomerDetail,
  type CustomerPage,
  type CustomerTimelineEntry,
  type CustomerTimelinePage,
  customerPageLimits,
} from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import { type AuditActor, changedFields, recordAuditEvent } from "../audit/index.ts";
import { type Editor, searchTextMatches, shownColumns } from "./store.ts";
import type { ListQuery } from "./validation.ts";

/**
 * The customer page's reads and writes (decision 0095). Every write locks the customer's row
 * first: a customer erased meanwhile is gone (null, a 404), and the per-customer limits (50
 * Ansprechpartner, 20 tags) hold under concurrent adds. Each write records its audit event in its
 * transaction, naming fields, never values (personal data).
 */

const contactFields = ["name", "role", "email", "phone"] as const satisfies readonly (keyof CustomerContactInput)[];

/** The customer, its Ansprechpartner and tags, in one statement; null when there is none with this id. */
export async function readCustomerDetail(sql: Sql, id: number): Promise<CustomerDetail | null> {
  const columns = sql.unsafe(shownColumns.map((column) => `c.${column}`).join(", "));
  const [row] = await sql<{ customer: Customer; contacts: CustomerContact[]; tags: string[] }[]>`
    select
      (select to_json(shown) from (select ${columns}) shown) as customer,
      coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'role', p.role, 'email', p.email,
          'phone', p.phone) order by p.id)
        from customer_contacts p where p.customer_id = c.id), '[]') as contacts,
      coalesce((select json_agg(t.tag order by t.tag) from customer_tags t where t.customer_id = c.id), '[]') as tags
    from customers c where c.id = ${id}`;
  return row ?? null;
}

/** Locks the customer's row for the rest of the transaction; false when there is none. */
async function lockCustomer(tx: Queries, id: number): Promise<boolean> {
  const [row] = await tx`select id from customers where id = ${id} for update`;
  return row !== undefined;
}

export type ContactWrite =
  | { ok: true; contact: CustomerContact }
  | { ok: false; reason: "no-customer" | "no-contact" | "too-many" };

export function addContact(
  sql: Sql,
  id: number,
  contact: CustomerContactInput,
  editor: Editor,
  actor: AuditActor,
): Promise<ContactWrite> {
  return sql.begin(async (tx): Promise<ContactWrite> => {
    if (!(await lockCustomer(tx, id))) return { ok: false, reason: "no-customer" };
    const [count] = await tx<
      { n: number }[]
    >`select count(*)::int as n from customer_contacts where customer_id = ${id}`;
    if ((count?.n ?? 0) >= customerPageLimits.contactsPerCustomer) return { ok: false, reason: "too-many" };
    const [stored] = await tx<CustomerContact[]>`
      insert into customer_contacts (customer_id, name, role, email, phone, created_by, created_by_name)
      values (${id}, ${contact.name}, ${contact.role}, ${contact.email}, ${contact.phone}, ${editor.id}, ${editor.name})
      returning id, name, role, email, phone`;
    if (!stored) throw new Error("insert into customer_contacts returned no row");
    await recordAuditEvent(tx, actor, {
      action: "customer.contact_added",
      objectId: id,
      fields: changedFields(null, contact, contactFields).fields,
    });
    return { ok: true, contact: stored };
  });
}

export function changeContact(
  sql: Sql,
  id: number,
  contactId: number,
  contact: CustomerContactInput,
  actor: AuditActor,
): Promise<ContactWrite> {
  return sql.begin(async (tx): Promise<ContactWrite> => {
    if (!(await lockCustomer(tx, id))) return { ok: false, reason: "no-customer" };
    const [before] = await tx<CustomerContactInput[]>`
      select name, role, email, phone from customer_contacts where id = ${contactId} and customer_id = ${id} for update`;
    if (!before) return { ok: false, reason: "no-contact" };
    const [stored] = await tx<CustomerContact[]>`
      update customer_contacts set name = ${contact.name}, role = ${contact.role}, email = ${contact.email},
        phone = ${contact.phone}, updated_at = now()
      where id = ${contactId} and customer_id = ${id}
      returning id, name, role, email, phone`;
    if (!stored) throw new Error("the locked contact was not updated");
    const { fields } = changedFields(before, contact, contactFields);
    await recordAuditEvent(tx, actor, { action: "customer.contact_changed", objectId: id, fields });
    return { ok: true, contact: stored };
  });
}

export function removeContact(
  sql: Sql,
  id: number,
  contactId: number,
  actor: AuditActor,
): Promise<"removed" | "no-customer" | "no-contact"> {
  return sql.begin(async (tx) => {
    if (!(await lockCustomer(tx, id))) return "no-customer";
    const removed =
      await tx`delete from customer_contacts where id = ${contactId} and customer_id = ${id} returning id`;
    if (removed.length === 0) return "no-contact";
    await recordAuditEvent(tx, actor, { action: "customer.contact_removed", objectId: id, fields: ["contact"] });
    return "removed";
  });
}

async function tagsOf(tx: Queries, id: number): Promise<string[]> {
  const rows = await tx<{ tag: string }[]>`select tag from customer_tags where customer_id = ${id} order by tag`;
  return rows.map((row) => row.tag);
}

/** The customer's tags after adding `tag` (already there: unchanged, no event). */
export function addTag(
  sql: Sql,
  id: number,
  tag: string,
  actor: AuditActor,
): Promise<{ ok: true; tags: string[] } | { ok: false; reason: "no-customer" | "too-many" }> {
  return sql.begin(async (tx) => {
    if (!(await lockCustomer(tx, id))) return { ok: false as const, reason: "no-customer" as const };
    const tags = await tagsOf(tx, id);
    if (tags.includes(tag)) return { ok: true as const, tags };
    if (tags.length >= customerPageLimits.tagsPerCustomer) return { ok: false as const, reason: "too-many" as const };
    await tx`insert into customer_tags (customer_id, tag) values (${id}, ${tag}) on conflict do nothing`;
    await recordAuditEvent(tx, actor, { action: "customer.tag_added", objectId: id, fields: ["tag"] });
    return { ok: true as const, tags: await tagsOf(tx, id) };
  });
}

/** The customer's tags after taking `tag` off (not there: unchanged, no event); null without the customer. */
export function removeTag(sql: Sql, id: number, tag: string, actor: AuditActor): Promise<string[] | null> {
  return sql.begin(async (tx) => {
    if (!(await lockCustomer(tx, id))) return null;
    const removed = await tx`delete from customer_tags where customer_id = ${id} and tag = ${tag} returning tag`;
    if (removed.length > 0) {
      await recordAuditEvent(tx, actor, { action: "customer.tag_removed", objectId: id, fields: ["tag"] });
    }
    return tagsOf(tx, id);
  });
}

/** Every tag in use with its number of customers, by name. */
export function listTags(sql: Sql): Promise<{ tag: string; customers: number }[]> {
  return sql<{ tag: string; customers: number }[]>`
    select tag, count(*)::int as customers from customer_tags group by tag order by tag`;
}

interface EntryRow extends Omit<CustomerTimelineEntry, "at"> {
  at: Date;
}

function entryOf({ at, ...row }: EntryRow): CustomerTimelineEntry {
  return { ...row, at: at.toISOString() };
}

/** A note, call or meeting, signed by the editor and dated now; null without the customer. */
export function logActivity(
  sql: Sql,
  id: number,
  activity: CustomerActivityInput,
  editor: Editor,
  actor: AuditActor,
): Promise<CustomerTimelineEntry | null> {
  return sql.begin(async (tx) => {
    if (!(await lockCustomer(tx, id))) return null;
    const [row] = await tx<EntryRow[]>`
      insert into customer_activities (customer_id, kind, body, author_id, author_name)
      values (${id}, ${activity.kind}, ${activity.text}, ${editor.id}, ${editor.name})
      returning kind, id::int as id, happened_at as at, body as text, author_name as author,
        null::text as number, null::int as amount_cents, null::int as invoice_id`;
    if (!row) throw new Error("insert into customer_activities returned no row");
    await recordAuditEvent(tx, actor, { action: "customer.activity_logged", objectId: id, fields: [activity.kind] });
    return entryOf(row);
  });
}

/** A file's entry in the timeline: its name, who linked it and when (decision 0103). */
const fileEntryColumns = (tx: Queries) => tx`
  'file' as kind, f.id::int as id, l.linked_at as at, f.original_name as text, l.linked_by_name as author,
  null::text as number, null::int as amount_cents, null::int as invoice_id`;

export type FileLinkResult =
  | { ok: true; entry: CustomerTimelineEntry; linked: boolean }
  | { ok: false; reason: "no-customer" | "no-file" };

/**
 * Links a live file to the customer inside the caller's transaction (the page's „Verknüpfen“, an
 * upload from the customer's page): the customer's row is locked first (erased meanwhile: none),
 * the file's against a deletion (a file in the Papierkorb is not linked). A link that exists
 * changes nothing and records no event; a new one records `customer.file_linked` with the file's id.
 */
export async function linkFileLocked(
  tx: Queries,
  customerId: number,
  fileId: number,
  editor: Editor,
  actor: AuditActor,
): Promise<FileLinkResult> {
  if (!(await lockCustomer(tx, customerId))) return { ok: false, reason: "no-customer" };
  const [file] = await tx`select id from files where id = ${fileId} and deletion_id is null for share`;
  if (!file) return { ok: false, reason: "no-file" };
  const added = await tx`
    insert into customer_files (customer_id, file_id, linked_by, linked_by_name)
    values (${customerId}, ${fileId}, ${editor.id}, ${editor.name})
    on conflict (customer_id, file_id) do nothing returning id`;
  if (added.length > 0) {
    await recordAuditEvent(tx, actor, {
      action: "customer.file_linked",
      objectId: customerId,
      fields: ["file_id"],
      changes: { file_id: { before: null, after: fileId } },
    });
  }
  const [row] = await tx<EntryRow[]>`
    select ${fileEntryColumns(tx)}
    from customer_files l join files f on f.id = l.file_id
    where l.customer_id = ${customerId} and l.file_id = ${fileId}`;
  if (!row) throw new Error("the file's link was not found after it was made");
  return { ok: true, entry: entryOf(row), linked: added.length > 0 };
}

export function linkFile(
  sql: Sql,
  customerId: number,
  fileId: number,
  editor: Editor,
  actor: AuditActor,
): Promise<FileLinkResult> {
  return sql.begin((tx) => linkFileLocked(tx, customerId, fileId, editor, actor));
}

/** Removes the link (the file stays in the file area); why not when there is none. */
export function unlinkFile(
  sql: Sql,
  customerId: number,
  fileId: number,
  actor: AuditActor,
): Promise<"unlinked" | "no-customer" | "no-link"> {
  return sql.begin(async (tx) => {
    if (!(await lockCustomer(tx, customerId))) return "no-customer";
    const removed = await tx`
      delete from customer_files where customer_id = ${customerId} and file_id = ${fileId} returning id`;
    if (removed.length === 0) return "no-link";
    await recordAuditEvent(tx, actor, {
      action: "customer.file_unlinked",
      objectId: customerId,
      fields: ["file_id"],
      changes: { file_id: { before: fileId, after: null } },
    });
    return "unlinked";
  });
}

/**
 * One page of the customer's timeline, newest first, or null without the customer: its notes,
 * calls and meetings; its invoices (a restricted one, and its payments, for admins only, as
 * everywhere), quotes and payments; mails the product wrote to its address or an
 * Ansprechpartner's; contact requests from those addresses or taken over into it (migration 055),
 * each once; files linked to it (migration 063) while they are not in the Papierkorb. Read-only
 * joins, one statement.
 */
export async function readTimeline(
  sql: Sql,
  id: number,
  { page, limit, admin }: { page: number; limit: number; admin: boolean },
): Promise<CustomerTimelinePage | null> {
  const [customer] = await sql`select id from customers where id = ${id}`;
  if (!customer) return null;
  const shown = (invoice: string) =>
    admin
      ? sql`true`
      : sql`not exists (select 1 from privacy_restrictions r
          where r.table_name = 'invoices' and r.row_id = ${sql.unsafe(invoice)}.id)`;
  const rows = await sql<EntryRow[]>`
    with addresses as (
      select lower(email) as address from customers where id = ${id} and email is not null
      union
      select lower(email) from customer_contacts where customer_id = ${id} and email is not null
    ),
    entries as (
      select kind, id, happened_at as at, body as text, author_name as author,
        null::text as number, null::bigint as amount_cents, null::bigint as invoice_id
      from customer_activities where customer_id = ${id}
      union all
      select 'invoice', i.id, coalesce(i.issued_at, i.created_at), i.recipient_name,
        coalesce(i.issued_by_name, i.created_by_name), i.number, i.total_cents, null
      from invoices i where i.customer_id = ${id} and ${shown("i")}
      union all
      select 'quote', q.id, coalesce(q.issued_at, q.created_at), q.recipient_name,
        coalesce(q.issued_by_name, q.created_by_name), q.number, q.total_cents, null
      from quotes q where q.customer_id = ${id}
      union all
      select 'payment', p.id, p.recorded_at, i.recipient_name, p.recorded_by_name, i.number, p.amount_cents, i.id
      from payments p join invoices i on i.id = p.invoice_id where i.customer_id = ${id} and ${shown("i")}
      union all
      select 'mail', o.id, o.created_at, o.subject, null, null, null, null
      from outbox o where lower(o.to_address) in (select address from addresses)
      union all
      select 'request', r.id, r.created_at, r.message, r.name, null, null, null
      from contact_requests r
      where r.customer_id = ${id} or lower(r.email) in (select address from addresses)
      union all
      select 'file', f.id, l.linked_at, f.original_name, l.linked_by_name, null, null, null
      from customer_files l join files f on f.id = l.file_id
      where l.customer_id = ${id} and f.deletion_id is null
    )
    select kind, id::int as id, at, text, author, number, amount_cents::int as amount_cents,
      invoice_id::int as invoice_id
    from entries order by at desc, kind, id desc
    limit ${limit + 1} offset ${(page - 1) * limit}`;
  return { entries: rows.slice(0, limit).map(entryOf), has_more: rows.length > limit };
}

/**
 * One page of the list filtered by a tag (with the list's search and status), newest first, with
 * its exact count: read from the tag's index, like every list page (decision 0106). A cursor
 * (`after`) starts the page below it.
 */
export async function readTaggedPage(
  sql: Sql,
  { search, status, page, limit, after }: ListQuery,
  tag: string,
): Promise<CustomerPage> {
  const columns = sql.unsafe(shownColumns.map((column) => `c.${column}`).join(", "));
  const byName = search === null ? sql`` : sql`and ${searchTextMatches(sql, search, "c.search_lower")}`;
  const byStatus = status === null ? sql`` : sql`and c.status = ${status}`;
  const [row] = await sql<{ total: number; customers: Customer[] }[]>`
    with hits as materialized (
      select c.id from customer_tags t join customers c on c.id = t.customer_id
      where t.tag = ${tag} ${byName} ${byStatus}
    )
    select
      (select count(*)::int from hits) as total,
      coalesce((select json_agg(shown order by shown.id desc) from (
        select ${columns} from customers c where c.id in (
          select id from hits where ${after === null ? sql`true` : sql`id < ${after}`}
          order by id desc limit ${limit} offset ${after === null ? (page - 1) * limit : 0})
      ) shown), '[]') as customers`;
  if (!row) throw new Error("the tagged list query returned no row");
  return {
    customers: row.customers,
    total: row.total,
    pages: Math.max(1, Math.ceil(row.total / limit)),
    total_exact: true,
  };
}
