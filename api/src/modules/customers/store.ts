import { type Customer, type CustomerInput, type CustomerPage, customerPaging } from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import { type AuditActor, changedFields, recordAuditEvent } from "../audit/store.ts";
import type { ListQuery } from "./validation.ts";

/**
 * `%`, `_` and `\` typed into the search box are matched as themselves, not as wildcards: each is
 * preceded by a backslash, LIKE's default escape character (no ESCAPE clause, which would wrap the
 * pattern in a function call evaluated for every candidate row of a generic plan).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

interface PageRow {
  total: number;
  customers: Customer[];
}

/**
 * A search counts its matches up to this many; past it the answer says "more than 10 000"
 * (`total_exact: false`) instead of reading every match: a count costs a recheck of each
 * matching row, and nobody pages through 10 000 customers.
 */
export const searchCountCap = customerPaging.searchCountCap;

/**
 * Whether pg_trgm can take the term's trigrams from its index: it builds them from runs of
 * letters and digits, so a term without three in a row ("mü", "e.k.") would read the whole
 * index. Such a term reads the table instead, with a plan of its own (a seq scan stopping at the
 * cap), kept apart so a prepared statement's generic plan never picks the index for it.
 */
export function usesTrigramIndex(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

/**
 * One page, newest first (id descending: unique, so the order is stable across pages), and the
 * number of matches, in ONE statement: one round trip, and both from the same snapshot.
 *
 * Without a search the count is customer_counts' (migration 018, kept by triggers) and the page
 * is read from the primary key or the status index. With one, the matching ids are collected up
 * to the cap (the trigram index, then a recheck of each candidate row); up to the cap they are
 * all there, and the page is taken from them. Past it, most of the table matches: the page is
 * read newest first from the primary key (the matches are dense there), not from the index.
 */
export async function listCustomers(sql: Sql, { page, limit, search, status }: ListQuery): Promise<CustomerPage> {
  const offset = (page - 1) * limit;
  const byStatus = status === null ? sql`` : sql`and status = ${status}`;
  const columns = sql`id, name, email, phone, website, notes, status, address, leitweg_id`;
  if (search === null) {
    const [row] = await sql<PageRow[]>`
      select
        (select coalesce(sum(customers), 0)::int from customer_counts
          ${status === null ? sql`` : sql`where status = ${status}`}) as total,
        coalesce(
          (select json_agg(page order by page.id desc) from (
            select ${columns} from customers where true ${byStatus}
            order by id desc limit ${limit} offset ${offset}
          ) page),
          '[]'
        ) as customers`;
    if (!row) throw new Error("the customer list query returned no row");
    return {
      customers: row.customers,
      pages: Math.max(1, Math.ceil(row.total / limit)),
      total: row.total,
      total_exact: true,
    };
  }
  const pattern = containsPattern(search);
  // `name_lower || ''` is the same text, but no index serves it: the plans above.
  const matching = usesTrigramIndex(search)
    ? sql`name_lower like lower(${pattern})`
    : sql`(name_lower || '') like lower(${pattern})`;
  const [row] = await sql<PageRow[]>`
    with hits as materialized (
      select id from customers where ${matching} ${byStatus} limit ${searchCountCap + 1}
    ),
    counted as (select count(*)::int as total from hits)
    select
      counted.total,
      coalesce(
        (select json_agg(page order by page.id desc) from (
          select ${columns} from customers
          where counted.total <= ${searchCountCap}
            and id in (select id from hits order by id desc limit ${limit} offset ${offset})
          union all
          (select ${columns} from customers
            where counted.total > ${searchCountCap} and (name_lower || '') like lower(${pattern}) ${byStatus}
            order by id desc limit ${limit} offset ${offset})
        ) page),
        '[]'
      ) as customers
    from counted`;
  if (!row) throw new Error("the customer list query returned no row");
  const exact = row.total <= searchCountCap;
  const total = Math.min(row.total, searchCountCap);
  // Past the cap one page more than the cap fills, so "Weiter" leads past the 10 000th.
  return { customers: row.customers, pages: Math.max(1, Math.ceil(row.total / limit)), total, total_exact: exact };
}

/** Who saves: kept by id and, so a deleted account's work stays attributed, by name. */
export interface Editor {
  id: number;
  name: string;
}

/** The fields an audit event names when they change (their values are not recorded: personal data). */
const auditedFields = [
  "name",
  "email",
  "phone",
  "website",
  "notes",
  "status",
  "address",
  "leitweg_id",
] as const satisfies readonly (keyof Customer)[];

export async function createCustomer(
  sql: Sql,
  customer: CustomerInput,
  editor: Editor,
  actor: AuditActor,
): Promise<Customer> {
  return sql.begin(async (tx) => {
    const created = await insertCustomer(tx, customer, editor);
    const { fields } = changedFields(null, created, auditedFields);
    await recordAuditEvent(tx, actor, { action: "customer.created", objectId: created.id, fields });
    return created;
  });
}

async function insertCustomer(sql: Queries, customer: CustomerInput, editor: Editor): Promise<Customer> {
  const [created] = await sql<Customer[]>`
    insert into customers (
      name, email, phone, website, notes, status, address, leitweg_id,
      created_by, created_by_name, updated_by, updated_by_name
    )
    values (
      ${customer.name}, ${customer.email}, ${customer.phone}, ${customer.website}, ${customer.notes},
      ${customer.status}, ${customer.address}, ${customer.leitweg_id}, ${editor.id}, ${editor.name}, ${editor.id}, ${editor.name}
    )
    returning id, name, email, phone, website, notes, status, address, leitweg_id`;
  if (!created) throw new Error("insert into customers returned no row");
  return created;
}

/** The updated customer and its name and status before, or null when there is none with this id. */
export async function updateCustomer(
  sql: Sql,
  id: number,
  customer: CustomerInput,
  editor: Editor,
  actor: AuditActor,
): Promise<{ customer: Customer; before: Pick<Customer, "name" | "status"> } | null> {
  return sql.begin(async (tx) => {
    const [old] = await tx<Customer[]>`
      select id, name, email, phone, website, notes, status, address, leitweg_id from customers where id = ${id} for update`;
    if (!old) return null;
    const updated = await writeCustomer(tx, id, customer, editor);
    if (!updated) return null;
    const { fields } = changedFields(old, updated.customer, auditedFields);
    await recordAuditEvent(tx, actor, { action: "customer.changed", objectId: id, fields });
    return updated;
  });
}

async function writeCustomer(
  sql: Queries,
  id: number,
  customer: CustomerInput,
  editor: Editor,
): Promise<{ customer: Customer; before: Pick<Customer, "name" | "status"> } | null> {
  const [updated] = await sql<(Customer & { before_name: string; before_status: Customer["status"] })[]>`
    with before as (select id, name, status from customers where id = ${id} for update)
    update customers set
      name = ${customer.name}, email = ${customer.email}, phone = ${customer.phone},
      website = ${customer.website}, notes = ${customer.notes}, status = ${customer.status},
      address = ${customer.address}, leitweg_id = ${customer.leitweg_id},
      updated_at = now(), updated_by = ${editor.id}, updated_by_name = ${editor.name}
    from before
    where customers.id = before.id
    returning customers.id, customers.name, email, phone, website, notes, customers.status, address, leitweg_id,
      before.name as before_name, before.status as before_status`;
  if (!updated) return null;
  const { before_name, before_status, ...stored } = updated;
  return { customer: stored, before: { name: before_name, status: before_status } };
}

/**
 * Which list pages can show one of the changed customers (a change's detail, migration 018:
 * `[name, status]` of each row before and after; a lower-cased name or not): those whose status
 * filter is the row's status or none, and whose search the row's name contains or none, as
 * `listCustomers` matches them. JavaScript's lower case of both sides is at least as wide as the
 * database's (which may leave non-ASCII letters as they are), so a page that can show the row is
 * never kept. A row of another shape affects every page.
 */
export function pagesShowing(detail: readonly unknown[]): (query: Pick<ListQuery, "search" | "status">) => boolean {
  const rows: { name: string; status: string }[] = [];
  for (const row of detail) {
    if (!Array.isArray(row) || typeof row[0] !== "string" || typeof row[1] !== "string") return () => true;
    rows.push({ name: row[0].toLowerCase(), status: row[1] });
  }
  return ({ search, status }) => {
    const term = search?.toLowerCase() ?? null;
    return rows.some((row) => (status === null || row.status === status) && (term === null || row.name.includes(term)));
  };
}
