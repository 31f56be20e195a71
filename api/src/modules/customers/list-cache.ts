import type { CustomerPage } from "@klarwerk/kit";
import type { ChangeDetail, ChangeFeed } from "../../db/change-feed.ts";
import { TableCache } from "../../db/table-cache.ts";
import type { ListQuery } from "./validation.ts";

/** How many characters of JSON a process keeps in all: a page of 20 customers is a few KB, of 100 long-noted ones ~0.5 MB. */
const maxKeptChars = 64 * 1024 * 1024;

/** A change's rows (`{ tx, op, rows }`, or the rows alone), or null when it names none. */
function changedRows(detail: NonNullable<ChangeDetail>): readonly unknown[] | null {
  if (Array.isArray(detail)) return detail;
  const { rows } = detail as { rows?: unknown };
  return Array.isArray(rows) ? rows : null;
}

/**
 * Which list pages can show one of the changed customers (a change's detail: `[name, status]` of
 * each row, before and after, as the change trigger (migration 033) and the writer's own announcement name
 * them): those whose status filter is the row's status or none, and whose search the row's name
 * contains or none, as `readCustomerPage` matches them. JavaScript's lower case of both sides is at
 * least as wide as the database's (which may leave non-ASCII letters as they are), so a page that
 * can show the row is never kept. A row of another shape affects every page.
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
 * Customer list pages kept as the JSON text sent, each until a change can show on it: a save
 * forgets the pages of its status (or none) whose search the customer's name contains (or none),
 * in this process at once and in the others when the change feed tells them. Nothing is kept
 * while the feed is dark, nor with `pagesKept` 0 (`CUSTOMER_PAGES_KEPT`). Every page is one statement of its own (`readCustomerPage`); nothing is
 * revised in place, and misses do not wait for each other.
 */
export function customerListCache(changes: ChangeFeed | null, pagesKept: number) {
  const pages = new TableCache<string, ListQuery>(changes, {
    name: "customer pages",
    tables: ["customers"],
    affects: pagesShowing,
    maxEntries: pagesKept,
    sizeOf: (json) => json.length,
    maxSize: maxKeptChars,
  });

  /** One page as the JSON text of `{ customers, pages, total, total_exact }`. */
  function page(query: ListQuery, read: () => Promise<CustomerPage>): Promise<string> {
    const { search, status, page, limit } = query;
    return pages.get(JSON.stringify([search, status, page, limit]), async () => JSON.stringify(await read()), query);
  }

  return { page };
}
