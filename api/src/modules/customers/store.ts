import { type Customer, type CustomerInput, type CustomerPage, customerPaging } from "@klarwerk/kit";
import type { ChangeDetail } from "../../db/change-feed.ts";
import type { Queries, Sql } from "../../db/open.ts";
import { parseSnapshot, type Snapshot, visibleInSnapshot } from "../../db/snapshot.ts";
import type { Revision } from "../../db/table-cache.ts";
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

/** The columns of a list page's customer, in `readCustomerPage`'s order. */
const shownColumns = ["id", "name", "email", "phone", "website", "notes", "status", "address", "leitweg_id"] as const;

interface PageRow {
  total: number;
  customers: Customer[];
  snapshot: string;
  term: string | null;
}

/**
 * Which rows of a list a process keeps as one answer: the list's search, filter and page size,
 * and its rows from `start` to `end` (offsets, the end exclusive). A list's first pages are kept
 * together (`pagesKeptTogether`): a read of page 1 answers pages 2 and 3 too, from the same
 * count; a later page is kept alone.
 */
export interface ListRange extends Pick<ListQuery, "search" | "status" | "limit"> {
  start: number;
  end: number;
}

/** How many of a list's first pages one read brings, and one kept answer holds. */
export const pagesKeptTogether = 3;

/** The kept range a page is answered from. */
export function rangeOf(query: ListQuery): ListRange {
  const { search, status, limit } = query;
  const { start, end } = pageBounds(query);
  const together = pagesKeptTogether * limit;
  return end <= together ? { search, status, limit, start: 0, end: together } : { search, status, limit, start, end };
}

/** The key a range is kept under (service.ts' cache). */
export function rangeKey({ start, end, limit, status, search }: ListRange): string {
  return JSON.stringify([start, end, limit, status, search]);
}

/**
 * The rows a kept range can be revised from: the list from `offset` (up to `keptRowsBefore` rows
 * before the range) to the range's end, newest first, as one snapshot saw them. Shorter than
 * that only where the list ends.
 */
export interface ListWindow {
  offset: number;
  rows: Customer[];
}

/** A range of a list as a process keeps it (service.ts), with what it needs to take in a new customer. */
export interface KeptList {
  /** Everything of a page's answer but its rows: the same for every page of the range. */
  count: Omit<CustomerPage, "customers">;
  window: ListWindow;
  /** `pg_current_snapshot()` of the statement that read it: which changes it already shows. */
  snapshot: Snapshot;
  /** The search as the database lower-cases it (`lower(search)`), null without one. */
  term: string | null;
  /** Each page's answer as JSON, by page number, made when first sent after each change. */
  json: Map<number, string>;
  /** How much the kept range weighs (its rows' JSON length, about). */
  weight: number;
}

/**
 * How many rows before its range a kept range carries: a new customer ranks above nearly every
 * row (newest first), so it pushes the range's rows one down and the row before the range comes
 * in. With the rows before it, a range takes every new customer without asking the database; up
 * to page 11 of 20 that is the whole list above it, further down it takes this many.
 */
export const keptRowsBefore = 200;

/** Where a page starts and ends in the whole list (offsets, the end exclusive). */
function pageBounds({ page, limit }: Pick<ListQuery, "page" | "limit">): { start: number; end: number } {
  const start = (page - 1) * limit;
  return { start, end: start + limit };
}

/** One page's answer from a kept range that holds it. */
export function pageOf({ count, window }: Pick<KeptList, "count" | "window">, query: ListQuery): CustomerPage {
  const { start, end } = pageBounds(query);
  return { customers: window.rows.slice(start - window.offset, end - window.offset), ...count };
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
export async function listCustomers(sql: Sql, query: ListQuery): Promise<CustomerPage> {
  const { search, status, limit } = query;
  return pageOf(await readCustomerPage(sql, { search, status, limit, ...pageBounds(query) }, 0), query);
}

/**
 * A range of `listCustomers`' list (the rows and up to `rowsBefore` rows before them), with the
 * count, the snapshot it was read in and the search as the database folds it, in one statement.
 */
export async function readCustomerPage(
  sql: Sql,
  range: ListRange,
  rowsBefore: number,
): Promise<Omit<KeptList, "json" | "weight">> {
  const { search, status, limit } = range;
  const offset = Math.max(0, range.start - rowsBefore);
  const count = range.end - offset;
  const byStatus = status === null ? sql`` : sql`and status = ${status}`;
  const columns = sql.unsafe(shownColumns.join(", "));
  const kept = (row: PageRow, counted: KeptList["count"], term: string | null) => ({
    count: counted,
    window: { offset, rows: row.customers },
    snapshot: parseSnapshot(row.snapshot),
    term,
  });
  if (search === null) {
    const [row] = await sql<PageRow[]>`
      select
        (select coalesce(sum(customers), 0)::int from customer_counts
          ${status === null ? sql`` : sql`where status = ${status}`}) as total,
        coalesce(
          (select json_agg(page order by page.id desc) from (
            select ${columns} from customers where true ${byStatus}
            order by id desc limit ${count} offset ${offset}
          ) page),
          '[]'
        ) as customers,
        pg_current_snapshot()::text as snapshot`;
    if (!row) throw new Error("the customer list query returned no row");
    return kept(row, listCount(row.total, limit), null);
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
            and id in (select id from hits order by id desc limit ${count} offset ${offset})
          union all
          (select ${columns} from customers
            where counted.total > ${searchCountCap} and (name_lower || '') like lower(${pattern}) ${byStatus}
            order by id desc limit ${count} offset ${offset})
        ) page),
        '[]'
      ) as customers,
      pg_current_snapshot()::text as snapshot,
      lower(${search}) as term
    from counted`;
  if (!row) throw new Error("the customer list query returned no row");
  return kept(row, searchCount(row.total, limit), row.term);
}

/** A list's count without a search: exact (customer_counts). */
function listCount(total: number, limit: number): KeptList["count"] {
  return { pages: Math.max(1, Math.ceil(total / limit)), total, total_exact: true };
}

/**
 * A search's count from its matches counted up to one past the cap. Past the cap one page more
 * than the cap fills, so "Weiter" leads past the 10 000th.
 */
function searchCount(counted: number, limit: number): KeptList["count"] {
  const total = Math.min(counted, searchCountCap);
  return { pages: Math.max(1, Math.ceil(counted / limit)), total, total_exact: counted <= searchCountCap };
}

/** Who saves: kept by id and, so a deleted account's work stays attributed, by name. */
export interface Editor {
  id: number;
  name: string;
}

/**
 * What a save tells the change feed, as migration 021's trigger describes it: the transaction and
 * `[name_lower, status]` of each row (before and after), for an insert with the row as shown.
 */
export type CustomerChange = {
  tx: string;
  op: "insert" | "update";
  rows: unknown[][];
};

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
 * promises no order. The customers come back in the items' order, with the one change (all rows,
 * as migration 021's trigger describes them) that the statement's transaction made.
 */
export async function createCustomers(
  sql: Sql,
  items: readonly NewCustomer[],
): Promise<{ customers: Customer[]; change: CustomerChange }> {
  if (items.length === 0) throw new Error("createCustomers needs at least one customer");
  const field = (key: keyof CustomerInput) => items.map(({ customer }) => customer[key]);
  const events = items.map(({ customer, actor }) => ({
    actor,
    event: { action: "customer.created" as const, fields: changedFields(null, customer, auditedFields).fields },
  }));
  const staging = auditEventsStaging(sql, events, sql`(select array_agg(id::text order by ord) from drawn)`);
  // `drawn` is read three times and runs once: each item's id is drawn once, from the identity's
  // sequence (migration 005; named here, not looked up per row).
  const created = await sql<(Customer & { name_lower: string; tx: string })[]>`
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
      returning id, name, email, phone, website, notes, status, address, leitweg_id, name_lower
    ),
    staged as (select ${staging} as events)
    select created.*, pg_current_xact_id()::text as tx
    from created join drawn using (id) cross join staged
    order by drawn.ord`;
  if (created.length !== items.length) {
    throw new Error(`insert into customers returned ${created.length} rows for ${items.length}`);
  }
  const customers: Customer[] = [];
  const rows: unknown[][] = [];
  for (const { name_lower, tx: _, ...stored } of created) {
    customers.push(stored);
    rows.push([name_lower, stored.status, stored]);
  }
  const tx = created[0]?.tx ?? "";
  return { customers, change: { tx, op: "insert", rows } };
}

/**
 * The updated customer and the change, or null when there is none with this id; with its audit
 * event, whose changed fields come from the row as the update found it (one read, one lock).
 */
export async function updateCustomer(
  sql: Sql,
  id: number,
  customer: CustomerInput,
  editor: Editor,
  actor: AuditActor,
): Promise<{ customer: Customer; change: CustomerChange } | null> {
  return sql.begin(async (tx) => {
    const updated = await writeCustomer(tx, id, customer, editor);
    if (!updated) return null;
    const { before, ...saved } = updated;
    const { fields } = changedFields<AuditedValues>(before, saved.customer, auditedFields);
    await recordAuditEvent(tx, actor, { action: "customer.changed", objectId: id, fields });
    return saved;
  });
}

type AuditedValues = Pick<Customer, (typeof auditedFields)[number]>;

/** The row as an update found it: the audited fields, and what the change feed names of it. */
type RowBefore = AuditedValues & { name_lower: string };

/** The update, and the row before it from the same statement: `before` reads and locks it once. */
async function writeCustomer(
  sql: Queries,
  id: number,
  customer: CustomerInput,
  editor: Editor,
): Promise<{ customer: Customer; change: CustomerChange; before: RowBefore } | null> {
  const [updated] = await sql<(Customer & { name_lower: string; before: RowBefore; tx: string })[]>`
    with before as (
      select id, name, name_lower, email, phone, website, notes, status, address, leitweg_id
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
      customers.notes, customers.status, customers.address, customers.leitweg_id, customers.name_lower,
      to_json(before) as before, pg_current_xact_id()::text as tx`;
  if (!updated) return null;
  const { name_lower, before, tx, ...stored } = updated;
  const rows = [
    [before.name_lower, before.status],
    [name_lower, stored.status],
  ];
  return { customer: stored, change: { tx, op: "update", rows }, before };
}

/** A change's rows (migration 021: `{ tx, op, rows }`; 018 sent the rows alone), or null when it names none. */
function changedRows(detail: NonNullable<ChangeDetail>): readonly unknown[] | null {
  if (Array.isArray(detail)) return detail;
  const { rows } = detail as { rows?: unknown };
  return Array.isArray(rows) ? rows : null;
}

/**
 * Which list pages can show one of the changed customers (a change's detail, migration 018:
 * `[name, status]` of each row before and after; a lower-cased name or not): those whose status
 * filter is the row's status or none, and whose search the row's name contains or none, as
 * `listCustomers` matches them. JavaScript's lower case of both sides is at least as wide as the
 * database's (which may leave non-ASCII letters as they are), so a page that can show the row is
 * never kept. A row of another shape affects every page.
 */
export function pagesShowing(
  detail: NonNullable<ChangeDetail>,
): (query: Pick<ListQuery, "search" | "status">) => boolean {
  const changed = changedRows(detail);
  if (changed === null) return () => true;
  const rows: { name: string; status: string }[] = [];
  for (const row of changed) {
    if (!Array.isArray(row) || typeof row[0] !== "string" || typeof row[1] !== "string") return () => true;
    rows.push({ name: row[0].toLowerCase(), status: row[1] });
  }
  return ({ search, status }) => {
    const term = search?.toLowerCase() ?? null;
    return rows.some((row) => (status === null || row.status === status) && (term === null || row.name.includes(term)));
  };
}

/**
 * A new customer written into the kept ranges (service.ts' cache), instead of forgetting them. It
 * belongs on a list when its status fits the filter and the search is a substring of its name,
 * both lower-cased by the database (as `readCustomerPage` matches). A range whose own read already
 * saw the insert (its snapshot) stays as it is, so each insert is counted once; on every other range
 * of a list it belongs on it is counted (`total`, `pages`, the cap as a fresh read says it) and
 * takes its place in the range's window (`windowWith`). A window is a run of the list as one
 * snapshot saw it, and adding a row to a run is the same in any order; so the inserts can come in
 * any order (the writer's own first, before the NOTIFYs of others committed earlier), several in
 * one statement, and also while the range is still being read (applied when it lands).
 * Updates, deletes and inserts without their rows are not revisions: `pagesShowing` forgets.
 */
export function revisePages(detail: NonNullable<ChangeDetail>): Revision<KeptList, ListRange> | null {
  if (Array.isArray(detail)) return null;
  const { tx, op } = detail as { tx?: unknown; op?: unknown };
  const changed = changedRows(detail);
  if (typeof tx !== "string" || op !== "insert" || changed === null) return null;
  const inserted: { nameLower: string; status: string; customer: Customer }[] = [];
  for (const row of changed) {
    if (!Array.isArray(row)) return null;
    const [nameLower, status, shown] = row as unknown[];
    if (typeof nameLower !== "string" || typeof status !== "string") return null;
    if (typeof shown !== "object" || shown === null || typeof (shown as { id?: unknown }).id !== "number") return null;
    inserted.push({ nameLower, status, customer: shownCustomer(shown as Record<string, unknown>) });
  }
  const transaction = BigInt(tx);
  return {
    spoils: () => false,
    apply(kept, range) {
      // Every kept range is asked on every insert: the cheap test first, nothing made for a range
      // the insert does not belong on.
      let window: ListWindow | undefined = kept.window;
      let added = 0;
      for (const row of inserted) {
        if (range.status !== null && row.status !== range.status) continue;
        if (kept.term !== null && !row.nameLower.includes(kept.term)) continue;
        if (added === 0 && visibleInSnapshot(transaction, kept.snapshot)) return kept;
        added++;
        window = window && windowWith(window, row.customer, range);
      }
      if (added === 0) return kept;
      if (window === undefined) {
        // The window lies past the list's end: the range stays empty while the list stays short of it.
        const { total, total_exact } = kept.count;
        const stillShort = kept.window.rows.length === 0 && total_exact && total + added <= range.start;
        return stillShort ? withCounted(kept, range, added, kept.window) : undefined;
      }
      return withCounted(kept, range, added, window);
    },
  };
}

/**
 * The window with a new customer in the list, or undefined when the range's rows are no longer
 * all in it. Ranked above the window's first row (newest first), the customer goes before the
 * window: every row in it moves one down, so the window now begins one row later, unless it
 * begins the list. Otherwise it takes its place among the rows. Rows pushed past the range's end
 * leave the window; so a window shorter than it could be ends where the list ends.
 */
function windowWith(window: ListWindow, customer: Customer, { start, end }: ListRange): ListWindow | undefined {
  const { offset, rows } = window;
  const first = rows[0];
  if (offset > 0 && first === undefined) return undefined;
  if (offset > 0 && first !== undefined && customer.id > first.id) {
    return offset + 1 > start ? undefined : { offset: offset + 1, rows: rows.slice(0, end - offset - 1) };
  }
  const at = rows.findIndex((row) => row.id < customer.id);
  const taken = at < 0 ? [...rows, customer] : rows.toSpliced(at, 0, customer);
  return { offset, rows: taken.slice(0, end - offset) };
}

/** The range with this window and `added` more customers counted. */
function withCounted(kept: KeptList, { limit }: ListRange, added: number, window: ListWindow): KeptList {
  const { total, total_exact } = kept.count;
  const count =
    kept.term === null ? listCount(total + added, limit) : total_exact ? searchCount(total + added, limit) : kept.count;
  return { ...kept, count, window, json: new Map() };
}

/** A customer as a page shows it, from a notification's row (whose keys the database ordered). */
function shownCustomer(shown: Record<string, unknown>): Customer {
  return Object.fromEntries(shownColumns.map((column) => [column, shown[column] ?? null])) as unknown as Customer;
}
