import type { Customer } from "@klarwerk/kit";
import { TableCache } from "../../db/table-cache.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { customersApiMessages as messages } from "./messages.ts";
import { createCustomer, type Editor, listCustomers, pagesShowing, updateCustomer } from "./store.ts";
import { type createBody, customerFrom, type ListQuery, type updateBody } from "./validation.ts";

/**
 * List pages kept as the JSON text sent: a page of 100 long-noted customers is ~0.5 MB, most are
 * a few KB. Staff page, filter and search the same list all day; a save forgets only the pages
 * the saved customer can be on (its status or none, a search its name contains or none), so
 * searches for other names stay answered from memory while others write (issue 27).
 */
const cachedPages = { maxEntries: 2000, maxChars: 32 * 1024 * 1024 };

function pageKey({ page, limit, search, status }: ListQuery): string {
  return JSON.stringify([page, limit, status, search]);
}

/**
 * The customer list, from memory while its pages are unchanged (with a change feed), and the
 * saves that tell it what they changed.
 */
export function customersService({ sql, changes }: Pick<Deps, "sql" | "changes">) {
  const pages = new TableCache<string, ListQuery>(changes, {
    name: "customer pages",
    tables: ["customers"],
    affects: pagesShowing,
    maxEntries: cachedPages.maxEntries,
    sizeOf: (json) => json.length,
    maxSize: cachedPages.maxChars,
  });
  // The writer's next list must show the save at once, not one NOTIFY round trip later: the rows
  // as migration 018's trigger describes them (that NOTIFY then forgets the same pages again).
  const customersChanged = (...rows: Pick<Customer, "name" | "status">[]) =>
    changes?.changed(
      "customers",
      rows.map((row) => [row.name, row.status]),
    );

  /** One page as the JSON text of `{ customers, pages, total, total_exact }`. */
  const listPage = (query: ListQuery): Promise<string> =>
    pages.get(pageKey(query), async () => JSON.stringify(await listCustomers(sql, query)), query);

  async function create(body: typeof createBody.static, editor: Editor): Promise<Customer> {
    const customer = await createCustomer(sql, customerFrom(body), editor);
    customersChanged(customer);
    return customer;
  }

  /** 404 for an unknown id. */
  async function update(id: number, body: typeof updateBody.static, editor: Editor): Promise<Customer> {
    const updated = await updateCustomer(sql, id, customerFrom(body, { statusRequired: true }), editor);
    if (!updated) throw new HttpError(404, "customer-not-found", messages.notFound);
    customersChanged(updated.before, updated.customer);
    return updated.customer;
  }

  return { listPage, create, update };
}
