import type { Customer } from "@klarwerk/kit";
import { GroupCommit } from "../../db/group-commit.ts";
import { TableCache } from "../../db/table-cache.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { concurrencyLimit } from "../../lib/concurrency-limit.ts";
import type { AuditActor } from "../audit/index.ts";
import { customersApiMessages as messages } from "./messages.ts";
import {
  type CustomerChange,
  createCustomers,
  type Editor,
  type KeptList,
  keptRowsBefore,
  type ListRange,
  type NewCustomer,
  pageOf,
  pagesShowing,
  rangeKey,
  rangeOf,
  readCustomerPage,
  revisePages,
  updateCustomer,
} from "./store.ts";
import { type createBody, customerFrom, type ListQuery, type updateBody } from "./validation.ts";

/**
 * List ranges kept in memory: a list's first three pages as one, a later page alone, each with
 * the rows before it (`keptRowsBefore`) and each page's answer as the JSON text sent. A page of
 * 100 long-noted customers is ~0.5 MB, most are a few KB. Staff page, filter and search the same
 * list all day; a new customer is written into the kept ranges it belongs on, an update forgets
 * only the ranges the saved customer can be on (its status or none, a search its name contains
 * or none), so searches stay answered from memory while others write
 * (docs/decisions/0030-kept-list-ranges-written-into.md).
 */
const cachedRanges = { maxEntries: 2000, maxChars: 32 * 1024 * 1024 };

/**
 * At most this many creates share one statement: migration 021's NOTIFY describes up to 20 rows
 * (past that the other processes forget every page instead of taking the new customers in).
 */
const maxCreatesTogether = 20;

/**
 * A process sends one customer-list read to the database at a time; the others wait their turn.
 * A range's first read counts its search's matches (up to 10 000 rows rechecked, a few ms of a
 * core), and after a start each process reads every range its staff ask for: several such counts
 * at once took the two cores from the creates' commits (one at a time roughly halved the creates'
 * p99 under the mixed load: docs/decisions/0031-customer-creates-group-commit.md). Reads from memory
 * do not wait, and neither do the reads while the change feed is dark (then every list is a read:
 * one at a time halved the uncached searches a process answers).
 */
const listReadsAtOnce = 1;

/**
 * The customer list, from memory while its pages are unchanged (with a change feed), and the
 * saves that tell it what they changed.
 */
export function customersService({ sql, writes, changes }: Pick<Deps, "sql" | "writes" | "changes">) {
  const ranges = new TableCache<KeptList, ListRange>(changes, {
    name: "customer pages",
    tables: ["customers"],
    revise: revisePages,
    affects: pagesShowing,
    maxEntries: cachedRanges.maxEntries,
    sizeOf: (kept) => kept.weight,
    maxSize: cachedRanges.maxChars,
  });
  // The writer's next list must show the save at once, not one NOTIFY round trip later.
  const customersChanged = (change: CustomerChange, writeBegan: number) =>
    changes?.committed("customers", change, writeBegan);

  // The creates that come while one is being written go together next, in one transaction (each
  // create waited for the commits of those before it otherwise). The change is announced once, with all
  // rows, before any caller is answered.
  const creates = new GroupCommit<NewCustomer, Customer>({
    name: "customer creates",
    maxBatch: maxCreatesTogether,
    async write(items) {
      const writeBegan = performance.now();
      const { customers, change } = await createCustomers(writes, items);
      customersChanged(change, writeBegan);
      return customers;
    },
  });

  const listReads = concurrencyLimit(listReadsAtOnce);

  /** One page as the JSON text of `{ customers, pages, total, total_exact }`. */
  async function listPage(query: ListQuery): Promise<string> {
    const range = rangeOf(query);
    const kept = await ranges.get(
      rangeKey(range),
      async () => {
        // While the feed is dark nothing is kept and every page is a read: those are not held up,
        // and need no rows before the range (they only serve revisions of a kept range).
        const read = await (changes?.live
          ? listReads(() => readCustomerPage(sql, range, keptRowsBefore))
          : readCustomerPage(sql, range, 0));
        const json = JSON.stringify(pageOf(read, query));
        const rowsInPage = Math.max(1, Math.min(query.limit, read.window.rows.length));
        // The range's rows weigh what the page's own do, on average.
        const weight = Math.ceil((json.length / rowsInPage) * Math.max(1, read.window.rows.length));
        return { ...read, json: new Map([[query.page, json]]), weight };
      },
      range,
    );
    // A range a new customer was written into makes each page's JSON again once, when next asked for.
    let json = kept.json.get(query.page);
    if (json === undefined) {
      json = JSON.stringify(pageOf(kept, query));
      kept.json.set(query.page, json);
    }
    return json;
  }

  /** Alone when no other create is being written, else with those that came meanwhile. */
  async function create(body: typeof createBody.static, editor: Editor, actor: AuditActor): Promise<Customer> {
    return creates.submit({ customer: customerFrom(body), editor, actor });
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
