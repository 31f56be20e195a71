import type { Customer } from "@klarwerk/kit";
import type { ChangeDetail, ChangeFeed } from "../../db/change-feed.ts";
import { TableCache } from "../../db/table-cache.ts";
import { listCount, type ReadPage, searchCount, searchNeedle, shownColumns } from "./store.ts";
import type { ListQuery } from "./validation.ts";

/** How many characters of JSON a process keeps in all, about: a page of 20 customers is a few KB, of 100 long-noted ones ~0.5 MB. */
const maxKeptChars = 64 * 1024 * 1024;

/** A change's rows (`{ tx, op, rows }`, or the rows alone), or null when it names none. */
function changedRows(detail: NonNullable<ChangeDetail>): readonly unknown[] | null {
  if (Array.isArray(detail)) return detail;
  const { rows } = detail as { rows?: unknown };
  return Array.isArray(rows) ? rows : null;
}

/**
 * The changed customers' `[search text, status]` (each row before and after, as the change
 * trigger (migration 060) and the writer's own announcement name them), the text in JavaScript's
 * lower case; null when a row has another shape (then it can show on any page).
 */
function changedCustomers(detail: NonNullable<ChangeDetail>): { text: string; status: string }[] | null {
  const changed = changedRows(detail);
  if (changed === null) return null;
  const rows: { text: string; status: string }[] = [];
  for (const row of changed) {
    if (!Array.isArray(row) || typeof row[0] !== "string" || typeof row[1] !== "string") return null;
    rows.push({ text: row[0].toLowerCase(), status: row[1] });
  }
  return rows;
}

/** What a page's search is matched by (`searchNeedle` of its lower-cased term), null without one. */
function needleOf(search: string | null): string | null {
  return search === null ? null : searchNeedle(search.toLowerCase());
}

/**
 * Which list pages can show one of the changed customers: those whose status filter is the row's
 * status or none, and whose search the row's search text contains or none, as `readCustomerPage`
 * matches them. JavaScript's lower case of both sides is at least as wide as the database's (which may
 * leave non-ASCII letters as they are), so a page that can show the row is never kept.
 */
export function pagesShowing(
  detail: NonNullable<ChangeDetail>,
): (query: Pick<ListQuery, "search" | "status">) => boolean {
  const rows = changedCustomers(detail);
  if (rows === null) return () => true;
  return ({ search, status }) => {
    const needle = needleOf(search);
    return rows.some(
      (row) => (status === null || row.status === status) && (needle === null || row.text.includes(needle)),
    );
  };
}

/**
 * The groups (`pageGroup`) whose pages can show one of the changed customers, named without
 * asking every kept group: a search a text contains is one of the text's substrings, so the
 * groups are each substring (and none) under the row's status (and none). Null, to ask every kept
 * group instead, when a row has another shape or the substrings outnumber the groups kept.
 */
export function groupsShowing(detail: NonNullable<ChangeDetail>, groupsKept: number): Iterable<string> | null {
  const rows = changedCustomers(detail);
  if (rows === null) return null;
  const named = rows.reduce((sum, { text }) => sum + 2 * (1 + (text.length * (text.length + 1)) / 2), 0);
  if (named > groupsKept) return null;
  const groups = new Set<string>();
  for (const { text, status } of rows) {
    for (const filter of [null, status]) {
      groups.add(groupKey(filter, ""));
      for (let start = 0; start < text.length; start++) {
        for (let end = start + 1; end <= text.length; end++) {
          groups.add(groupKey(filter, text.slice(start, end)));
        }
      }
    }
  }
  return groups;
}

/** `pagesShowing` asks only a page's status and search: every page and size of one is one group. */
export function pageGroup({ status, search }: Pick<ListQuery, "search" | "status">): string {
  return groupKey(status, needleOf(search) ?? "");
}

function groupKey(status: string | null, needle: string): string {
  return `${status ?? ""}\u0000${needle}`;
}

/** A kept page: as read (or revised), and its JSON once sent. */
export interface KeptPage {
  read: ReadPage;
  json: string | null;
}

/** An inserted row as the change names it: `[search_lower, status, {the row as shown}]`, else null. */
function insertedRow(row: unknown): { text: string; status: string; customer: Customer } | null {
  if (!Array.isArray(row)) return null;
  const [text, status, shown] = row as unknown[];
  if (typeof text !== "string" || typeof status !== "string") return null;
  if (typeof shown !== "object" || shown === null || typeof (shown as { id?: unknown }).id !== "number") return null;
  const values = shown as Record<string, unknown>;
  const customer = Object.fromEntries(
    shownColumns.map((column) => [column, values[column] ?? null]),
  ) as unknown as Customer;
  return { text: text.toLowerCase(), status, customer };
}

/**
 * How a kept first page takes in new customers (an insert whose rows the change shows), or null
 * for any other change (`pagesShowing` forgets then). A new customer belongs on a page whose
 * status filter is its status or none and whose search its search text contains (both lower-cased
 * by the database, as `readCustomerPage` matches). On a first page it takes its place by id (newest
 * first) and is counted; a page that already holds it stays as it is, so a change heard twice
 * changes nothing. A later page is forgotten (its rows move one down, and the row coming in is
 * on the page before), and so is a full first page the customer would rank below: whether its
 * count already holds the customer (a read after its commit) cannot be told there.
 */
export function revisePages(
  detail: NonNullable<ChangeDetail>,
): ((kept: KeptPage, query: ListQuery) => KeptPage | undefined) | null {
  if (Array.isArray(detail) || (detail as { op?: unknown }).op !== "insert") return null;
  const rows = changedRows(detail);
  if (rows === null) return null;
  const inserted = rows.map(insertedRow);
  if (inserted.some((row) => row === null)) return null;
  return (kept, query) => {
    if (query.page !== 1) return undefined;
    let read = kept.read;
    const needle = read.term === null ? null : searchNeedle(read.term);
    for (const row of inserted) {
      if (row === null) return undefined;
      if (query.status !== null && row.status !== query.status) continue;
      if (needle !== null && !row.text.includes(needle)) continue;
      const taken = withCustomer(read, row.customer, query);
      if (taken === undefined) return undefined;
      read = taken;
    }
    return read === kept.read ? kept : { read, json: null };
  };
}

/** A first page with one more customer on it, counted; undefined when that cannot be told. */
function withCustomer(read: ReadPage, customer: Customer, query: ListQuery): ReadPage | undefined {
  const rows = read.customers;
  if (rows.some((row) => row.id === customer.id)) return read;
  const last = rows.at(-1);
  if (rows.length >= query.limit && last !== undefined && customer.id < last.id) return undefined;
  const at = rows.findIndex((row) => row.id < customer.id);
  const customers = (at < 0 ? [...rows, customer] : rows.toSpliced(at, 0, customer)).slice(0, query.limit);
  if (read.term === null) return listCount({ customers, total: read.total + 1, term: null }, query);
  // A count that stopped ("mehr als") stays where it stopped.
  if (!read.total_exact) return { ...read, customers };
  return searchCount({ customers, total: read.total + 1, term: read.term }, query);
}

/**
 * Customer list pages kept as read, each until a save can show on it: a new customer is taken
 * into the first pages it belongs on (`revisePages`), any other save forgets the pages of its
 * status (or none) whose search the customer's search text contains (or none), in this process at once
 * and in the others when the change feed tells them. Nothing is kept while the feed is dark, nor
 * with `pagesKept` 0 (`CUSTOMER_PAGES_KEPT`). A page not kept is one statement of its own
 * (`readCustomerPage`), and misses do not wait for each other.
 */
export function customerListCache(changes: ChangeFeed | null, pagesKept: number) {
  const pages = new TableCache<KeptPage, ListQuery>(changes, {
    name: "customer pages",
    tables: ["customers"],
    affects: pagesShowing,
    revise: revisePages,
    group: pageGroup,
    groupsAffected: groupsShowing,
    maxEntries: pagesKept,
    // The rows' JSON length, about: what the page weighs.
    sizeOf: (kept) => 200 + kept.read.customers.reduce((sum, row) => sum + (row.notes?.length ?? 0) + 150, 0),
    maxSize: maxKeptChars,
  });

  /** One page as the JSON text of `{ customers, pages, total, total_exact }`. */
  async function page(query: ListQuery, read: () => Promise<ReadPage>): Promise<string> {
    const { search, status, page, limit, after } = query;
    const kept = await pages.get(
      JSON.stringify([search, status, page, limit, after]),
      async () => ({ read: await read(), json: null }),
      query,
    );
    if (kept.json === null) {
      const { term: _, ...answer } = kept.read;
      kept.json = JSON.stringify(answer);
    }
    return kept.json;
  }

  return { page };
}
