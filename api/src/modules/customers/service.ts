import type { Customer } from "@klarwerk/kit";
import { TableCache } from "../../db/table-cache.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import type { AuditActor } from "../audit/index.ts";
import { customersApiMessages as messages } from "./messages.ts";
import {
  type CustomerChange,
  createCustomer,
  type Editor,
  type KeptPage,
  keptRowsBefore,
  pageKey,
  pagesShowing,
  readCustomerPage,
  revisePages,
  updateCustomer,
} from "./store.ts";
import { type createBody, customerFrom, type ListQuery, type updateBody } from "./validation.ts";

/**
 * List pages kept as the JSON text sent: a page of 100 long-noted customers is ~0.5 MB, most are
 * a few KB, and a kept page also carries the rows before it (`keptRowsBefore`). Staff page,
 * filter and search the same list all day; a new customer is written into the kept pages it belongs on, an update forgets only the pages the saved customer can be on
 * (its status or none, a search its name contains or none), so searches stay answered from
 * memory while others write (issue 27).
 */
const cachedPages = { maxEntries: 2000, maxChars: 32 * 1024 * 1024 };

/**
 * The customer list, from memory while its pages are unchanged (with a change feed), and the
 * saves that tell it what they changed.
 */
export function customersService({ sql, writes, changes }: Pick<Deps, "sql" | "writes" | "changes">) {
  const pages = new TableCache<KeptPage, ListQuery>(changes, {
    name: "customer pages",
    tables: ["customers"],
    revise: revisePages,
    affects: pagesShowing,
    maxEntries: cachedPages.maxEntries,
    sizeOf: (kept) => kept.weight,
    maxSize: cachedPages.maxChars,
  });
  // The writer's next list must show the save at once, not one NOTIFY round trip later.
  const customersChanged = (change: CustomerChange, writeBegan: number) =>
    changes?.committed("customers", change, writeBegan);

  /** One page as the JSON text of `{ customers, pages, total, total_exact }`. */
  async function listPage(query: ListQuery): Promise<string> {
    const kept = await pages.get(
      pageKey(query),
      async () => {
        const read = await readCustomerPage(sql, query, keptRowsBefore);
        const json = JSON.stringify(read.page);
        // The rows before the page weigh what its own rows do, on average.
        const perRow = json.length / Math.max(1, read.page.customers.length);
        return {
          ...read,
          json,
          weight: Math.ceil(json.length + perRow * (read.window.rows.length - read.page.customers.length)),
        };
      },
      query,
    );
    // A page a new customer was written into is made into JSON again once, when next asked for.
    kept.json ??= JSON.stringify(kept.page);
    return kept.json;
  }

  async function create(body: typeof createBody.static, editor: Editor, actor: AuditActor): Promise<Customer> {
    const writeBegan = performance.now();
    const { customer, change } = await createCustomer(writes, customerFrom(body), editor, actor);
    customersChanged(change, writeBegan);
    return customer;
  }

  /** 404 for an unknown id. */
  async function update(
    id: number,
    body: typeof updateBody.static,
    editor: Editor,
    actor: AuditActor,
  ): Promise<Customer> {
    const writeBegan = performance.now();
    const updated = await updateCustomer(writes, id, customerFrom(body, { statusRequired: true }), editor, actor);
    if (!updated) throw new HttpError(404, "customer-not-found", messages.notFound);
    customersChanged(updated.change, writeBegan);
    return updated.customer;
  }

  return { listPage, create, update };
}
