import { type Customer, type CustomerInput, customerPaging } from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import { type AuditActor, auditEventsStaging, changedFields, recordAuditEvent } from "../audit/index.ts";
import type { ListQuery } from "./validation.ts";

/**
 * `%`, `_` and `\` typed into the search box are matched as themselves, not as wildcards: each is
 * preceded by a backslash, LIKE's default escape character (no ESCAPE clause, which would wrap the
 * pattern in a function call evaluated for every candidate row of a generic plan).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * What a search term is matched by in a customer's search text (`search_lower`, migration 060:
 * the name, e-mail, phone, Kundennummer, Ansprechpartner and tags, one per line, then the same
 * lines with their digits alone): a term that reads as a phone number (digits with spaces, `+`,
 * `/`, `-`, `.` or brackets, at least three digits) by its digits, so „030 / 123 45“ finds
 * „+49 30 12345“; any other term as typed. Whatever the typed form would find in a field, the
 * digits find in that field's digits. The list, its export and the header's search match by it.
 */
export function searchNeedle(term: string): string {
  if (!/^[\d\s+()/.-]+$/.test(term)) return term;
  const digits = term.replace(/\D/g, "");
  return digits.length >= 3 ? digits : term;
}

/** The columns of a list page's customer, in the order the page shows them. */
export const shownColumns = [
  "id",
  "name",
  "email",
  "phone",
  "website",
  "notes",
  "status",
  "address",
  "leitweg_id",
  "debitor_number",
] as const;

/**
 * A search counts its matches up to the page shown and this many pages after it; past that the
 * answer says "mehr als …" (`total_exact: false`). Counting stops where the screen stops needing
 * it: each match counted is a row read and rechecked, and on a broad term ("mü", "gmbh") every
 * match of 100 000 customers was read for a number nobody pages through.
 */
export const searchPagesCountedAhead = customerPaging.searchPagesCountedAhead;

/** How many matches a search for this page counts, at most. */
export function searchCountCap({ page, limit }: Pick<ListQuery, "page" | "limit">): number {
  return (page + searchPagesCountedAhead) * limit;
}

/**
 * Whether pg_trgm can take the term's trigrams from its index: it builds them from runs of
 * letters and digits, so a term without three in a row ("mü", "e.k.") would read the whole
 * index. Such a term reads the newest rows first instead (`matchingIds`).
 */
export function usesTrigramIndex(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

/**
 * The ids of up to `count` matches, newest first. The plan is chosen here rather than by the
 * planner, which estimates a `%…%` pattern's share of the rows badly (a short term as 32 rows
 * where 5 000 match, a rare two-word term as 1 000 where 100 do) and then reads the whole table:
 * - a term with a trigram: the planner picks between the trigram index (few matches: those, then
 *   sorted) and the primary key read backwards (many: the newest rows until enough match), on
 *   custom plans (open.ts) and the column's finer statistics (migration 033);
 * - a term without one: the primary key (or the status index) backwards, newest first, until
 *   enough match; for a term with a trigram at a word's edge (`hasWordEdgeTrigram`) only through
 *   the newest `newestRowsRead` rows, then the older rows through the index. The subqueries keep
 *   the filter outside the ordered read, so no estimate can turn it into a read of every row and
 *   a sort.
 */
function matchingIds(
  sql: Sql,
  search: string,
  status: ListQuery["status"],
  count: number,
  below: number | null = null,
) {
  const needle = searchNeedle(search);
  const pattern = containsPattern(needle);
  const byStatus = status === null ? sql`` : sql`and status = ${status}`;
  const belowCursor = below === null ? sql`` : sql`and id < ${below}`;
  if (usesTrigramIndex(needle)) {
    return sql`
      select id from customers where search_lower like lower(${pattern}) ${byStatus} ${belowCursor}
      order by id desc limit ${count}`;
  }
  const within = sql`select id, search_lower from customers where true ${byStatus} ${belowCursor}`;
  if (!hasWordEdgeTrigram(needle)) {
    return sql`
      select id from (${within} order by id desc offset 0) newest
      where search_lower like lower(${pattern}) limit ${count}`;
  }
  // Newest first through the last `newestRowsRead` rows; a term that has not matched enough there
  // is rare, and the rest is read through the trigram index from the padded trigrams at its
  // words' edges („e.v. 85“: " 85", " v "; „al n“: "al "), then sorted. Without that step a rare
  // term read every row: 0.5 s at 1 000 000 customers (decision 0104). The older rows are read
  // only when the newest did not give enough (the `count(*) from near` gate is decided once,
  // before them).
  const newest = sql`(${within} order by id desc limit ${newestRowsRead})`;
  return sql`
    with near as materialized (
      select id from ${newest} newest where search_lower like lower(${pattern}) limit ${count}
    )
    select id from (
      select id from near
      union all
      (select id from (
        select id from customers
        where search_lower like lower(${pattern}) ${byStatus} ${belowCursor}
          and (select count(*) from near) < ${count}
          and id < (select min(id) from ${newest} window_rows)
        offset 0
      ) older order by id desc limit ${count})
    ) matches order by id desc limit ${count}`;
}

/**
 * Whether pg_trgm finds a trigram at a word's edge in the term: a word start followed by two
 * letters or digits („e.v. 85“: " 85"), two before a word's end („al n“: "al "), or a whole
 * one-letter word („e.v. 9“: " v "). pg_trgm pads words with spaces, so the index can narrow the
 * rows by such a trigram. A term with none („eo“, „&7“, „k k“) gives it only trigrams most rows
 * have ("  k"), or none: reading the index is then slower than reading the newest rows until
 * enough match. Each part was measured term by term at 1 000 000 customers (decision 0104).
 */
export function hasWordEdgeTrigram(term: string): boolean {
  return /[^\p{L}\p{N}][\p{L}\p{N}]{2}|[\p{L}\p{N}]{2}[^\p{L}\p{N}]|[^\p{L}\p{N}][\p{L}\p{N}][^\p{L}\p{N}]/u.test(term);
}

/** How many of the newest rows a term without a trigram is looked for in before the trigram index is asked. */
const newestRowsRead = 10_000;

/**
 * The portal header's search (modules/search, decision 0102): up to `limit` customers the list's
 * search finds for the term, newest first, by the same plans (`matchingIds`), so both find the same.
 */
export function customerSearchHits(
  sql: Sql,
  search: string,
  limit: number,
): Promise<{ id: number; name: string; email: string | null; phone: string | null }[]> {
  return sql`
    with hits as materialized (${matchingIds(sql, search, null, limit)})
    select id, name, email, phone from customers where id in (select id from hits) order by id desc`;
}

/**
 * One page of the customer list, newest first (id descending: unique, so the order is stable
 * across pages), as the JSON text of `CustomerPage` built by the database and passed through as
 * it comes (nothing parsed or serialised again in this process), in ONE statement: one round
 * trip, the page and its count from the same snapshot. Read every time (decision 0106): no page
 * is kept between requests, so any API process answers any request alike.
 *
 * Without a search the count is customer_counts' (migration 018, kept by triggers) and the page
 * is read from the primary key or the status index. With one, the matches are collected newest
 * first up to `searchCountCap` (and one more, to know there are more), counted, and the page is
 * taken from them: past the cap `total` stops there (`total_exact` false) and `pages` reaches one
 * page past it, so "Weiter" leads on ("Seite 1 von mehr als 5"). With a cursor (`after`, decision
 * 0104) the page starts below it instead of being counted off, and a search collects its matches
 * from there: the pages before are taken as full, so a deep page reads what it shows and the
 * pages counted ahead, not every match above.
 */
export async function readCustomerPage(sql: Sql, query: ListQuery): Promise<string> {
  const { search, status, page, limit, after } = query;
  const offset = after === null ? (page - 1) * limit : 0;
  const pagesBefore = after === null ? 0 : (page - 1) * limit;
  const columns = sql.unsafe(shownColumns.join(", "));
  if (search === null) {
    const byStatus = status === null ? sql`` : sql`where status = ${status}`;
    const belowCursor = after === null ? sql`` : sql`${status === null ? sql`where` : sql`and`} id < ${after}`;
    const [row] = await sql<{ page: string }[]>`
      with counted as (select coalesce(sum(customers), 0)::int as total from customer_counts ${byStatus})
      select json_build_object(
        'customers', coalesce(
          (select json_agg(page order by page.id desc) from (
            select ${columns} from customers ${byStatus} ${belowCursor}
            order by id desc limit ${limit} offset ${offset}
          ) page),
          '[]'::json
        ),
        'pages', greatest(1, ceil(total / ${limit}::numeric))::int,
        'total', total,
        'total_exact', true
      )::text as page
      from counted`;
    if (!row) throw new Error("the customer list query returned no row");
    return row.page;
  }
  const cap = searchCountCap(query);
  const [row] = await sql<{ page: string; below: number }[]>`
    with hits as materialized (${matchingIds(sql, search, status, cap + 1 - pagesBefore, after)}),
    counted as (select ${pagesBefore}::int + count(*)::int as matches, count(*)::int as below from hits)
    select below, json_build_object(
      'customers', coalesce(
        (select json_agg(page order by page.id desc) from (
          select ${columns} from customers
          where id in (select id from hits order by id desc limit ${limit} offset ${offset})
        ) page),
        '[]'::json
      ),
      'pages', greatest(1, ceil(matches / ${limit}::numeric))::int,
      'total', least(matches, ${cap}::int),
      'total_exact', matches <= ${cap}::int
    )::text as page
    from counted`;
  if (!row) throw new Error("the customer list query returned no row");
  // Nothing below the cursor: the pages before cannot be taken as full (the list shrank under
  // the page asked for), so it is counted off, as the screen then pulls back to the last page.
  if (after !== null && row.below === 0) return readCustomerPage(sql, { ...query, after: null });
  return row.page;
}

/** What an export is filtered by: the list's search, status and tag (its page and limit play no part). */
export type ExportFilter = Pick<ListQuery, "search" | "status"> & { tag: string | null };

/** `search_lower like …` for a term, as the list matches it (`searchNeedle`). */
export function searchTextMatches(sql: Sql, search: string, column = "search_lower") {
  return sql`${sql.unsafe(column)} like lower(${containsPattern(searchNeedle(search))})`;
}

/**
 * The rows an export's filter matches, as the list matches them: a search text containing the
 * term (any case), the status, and the tag (decision 0095).
 */
function exportMatches(sql: Sql, { search, status, tag }: ExportFilter) {
  const byName = search === null ? sql`true` : searchTextMatches(sql, search);
  const byStatus = status === null ? sql`` : sql`and status = ${status}`;
  const byTag =
    tag === null
      ? sql``
      : sql`and exists (select 1 from customer_tags t where t.customer_id = customers.id and t.tag = ${tag})`;
  return sql`${byName} ${byStatus} ${byTag}`;
}

/**
 * How many customers an export will hold and the newest one's id (0 for none), in one statement
 * (one snapshot): the export reads up to that id, so what it counts is what it writes unless a
 * customer's name or status changes while it streams.
 */
export async function exportScope(sql: Sql, filter: ExportFilter): Promise<{ count: number; lastId: number }> {
  const [row] = await sql<{ count: number; last_id: number }[]>`
    select count(*)::int as count, coalesce(max(id), 0)::int as last_id
    from customers where ${exportMatches(sql, filter)}`;
  if (!row) throw new Error("the export's count returned no row");
  return { count: row.count, lastId: row.last_id };
}

/**
 * One batch of an export: up to `limit` matching customers with an id below `below`, newest
 * first (keyset pagination over the list's order: each batch is one bounded statement, however
 * many customers match).
 */
export async function readExportBatch(
  sql: Sql,
  filter: ExportFilter,
  { below, limit }: { below: number; limit: number },
): Promise<Customer[]> {
  const columns = sql.unsafe(shownColumns.join(", "));
  return sql<Customer[]>`
    select ${columns} from customers
    where id < ${below} and ${exportMatches(sql, filter)}
    order by id desc limit ${limit}`;
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

/** One create: the customer as validated, who saves it, and who the audit event names. */
export interface NewCustomer {
  customer: CustomerInput;
  editor: Editor;
  actor: AuditActor;
}

/**
 * New customers and their audit events (`customer.created`, each naming its own actor and the
 * fields given, which are the values stored), in ONE statement and so in its own transaction:
 * the counts' row (one per status, kept by the insert's trigger) stays locked only inside the
 * commit, not across round trips to this process, where the staff's creates queued on it;
 * several creates share that commit (service.ts' group commit). The ids are drawn from the
 * identity's sequence first and each row is matched back to its item by them, as RETURNING
 * promises no order. The customers come back in the items' order.
 */
export async function createCustomers(sql: Queries, items: readonly NewCustomer[]): Promise<Customer[]> {
  if (items.length === 0) throw new Error("createCustomers needs at least one customer");
  const field = (key: keyof CustomerInput) => items.map(({ customer }) => customer[key]);
  const events = items.map(({ customer, actor }) => ({
    actor,
    event: { action: "customer.created" as const, fields: changedFields(null, customer, auditedFields).fields },
  }));
  const staging = auditEventsStaging(sql, events, sql`(select array_agg(id::text order by ord) from drawn)`);
  // `drawn` is read three times and runs once: each item's id is drawn once, from the identity's
  // sequence (migration 005; named here, not looked up per row).
  const created = await sql<Customer[]>`
    with drawn as materialized (
      select nextval('customers_id_seq') as id, item.*
      from unnest(
        ${field("name")}::text[], ${field("email")}::text[], ${field("phone")}::text[], ${field("website")}::text[],
        ${field("notes")}::text[], ${field("status")}::text[], ${field("address")}::text[],
        ${field("leitweg_id")}::text[], ${items.map(({ editor }) => editor.id)}::bigint[],
        ${items.map(({ editor }) => editor.name)}::text[]
      ) with ordinality as item(
        name, email, phone, website, notes, status, address, leitweg_id, editor_id, editor_name, ord
      )
    ),
    created as (
      insert into customers (
        id, name, email, phone, website, notes, status, address, leitweg_id,
        created_by, created_by_name, updated_by, updated_by_name
      )
      overriding system value
      select id, name, email, phone, website, notes, status, address, leitweg_id,
        editor_id, editor_name, editor_id, editor_name
      from drawn
      returning id, name, email, phone, website, notes, status, address, leitweg_id, debitor_number
    ),
    staged as (select ${staging} as events)
    select created.*
    from created join drawn using (id) cross join staged
    order by drawn.ord`;
  if (created.length !== items.length) {
    throw new Error(`insert into customers returned ${created.length} rows for ${items.length}`);
  }
  return created;
}

/**
 * The updated customer and whether its name changed, or null when there is none with this id;
 * with its audit event, whose changed fields come from the row as the update found it (one read,
 * one lock).
 */
export async function updateCustomer(
  sql: Sql,
  id: number,
  customer: CustomerInput,
  editor: Editor,
  actor: AuditActor,
): Promise<{ customer: Customer; renamed: boolean } | null> {
  return sql.begin(async (tx) => {
    const updated = await writeCustomer(tx, id, customer, editor);
    if (!updated) return null;
    const { fields } = changedFields<AuditedValues>(updated.before, updated.customer, auditedFields);
    await recordAuditEvent(tx, actor, { action: "customer.changed", objectId: id, fields });
    return { customer: updated.customer, renamed: fields.includes("name") };
  });
}

type AuditedValues = Pick<Customer, (typeof auditedFields)[number]>;

/** The update, and the row before it from the same statement: `before` reads and locks it once. */
async function writeCustomer(
  sql: Queries,
  id: number,
  customer: CustomerInput,
  editor: Editor,
): Promise<{ customer: Customer; before: AuditedValues } | null> {
  const [updated] = await sql<(Customer & { before: AuditedValues })[]>`
    with before as (
      select id, name, email, phone, website, notes, status, address, leitweg_id
      from customers where id = ${id} for update
    )
    update customers set
      name = ${customer.name}, email = ${customer.email}, phone = ${customer.phone},
      website = ${customer.website}, notes = ${customer.notes}, status = ${customer.status},
      address = ${customer.address}, leitweg_id = ${customer.leitweg_id},
      updated_at = now(), updated_by = ${editor.id}, updated_by_name = ${editor.name}
    from before
    where customers.id = before.id
    returning customers.id, customers.name, customers.email, customers.phone, customers.website,
      customers.notes, customers.status, customers.address, customers.leitweg_id, customers.debitor_number,
      to_json(before) as before`;
  if (!updated) return null;
  const { before, ...stored } = updated;
  return { customer: stored, before };
}

/**
 * Customers whose e-mail, or an Ansprechpartner's, equals `email` (trimmed, any case), oldest
 * first: who a contact request from that address may already be („Als Kunde übernehmen“).
 */
export async function customersWithEmail(sql: Queries, email: string): Promise<{ id: number; name: string }[]> {
  const address = email.trim().toLowerCase();
  if (address === "") return [];
  return sql<{ id: number; name: string }[]>`
    select id::int as id, name from customers
    where id in (
      select id from customers where lower(trim(email)) = ${address} and email is not null
      union
      select customer_id from customer_contacts where lower(email) = ${address} and email is not null
    )
    order by id limit 10`;
}

/** The customer's name, locked against deletion until the caller's transaction ends; null without it. */
export async function lockedCustomerName(sql: Queries, id: number): Promise<string | null> {
  const [row] = await sql<{ name: string }[]>`select name from customers where id = ${id} for key share`;
  return row?.name ?? null;
}
