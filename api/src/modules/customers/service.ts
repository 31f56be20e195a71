import type { Customer } from "@klarwerk/kit";
import { GroupCommit } from "../../db/group-commit.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import type { AuditActor } from "../audit/index.ts";
import { customerListCache } from "./list-cache.ts";
import { customersApiMessages as messages } from "./messages.ts";
import {
  type CustomerChange,
  createCustomers,
  type Editor,
  type NewCustomer,
  readCustomerPage,
  updateCustomer,
} from "./store.ts";
import { type createBody, customerFrom, type ListQuery, type updateBody } from "./validation.ts";

/** At most this many creates share one statement: a batch is answered when its slowest insert commits. */
const maxCreatesTogether = 20;

/**
 * The customer list (each page from memory while nothing shown on it changed, else one statement),
 * and the saves that tell it what they changed.
 */
export function customersService({
  config,
  sql,
  writes,
  changes,
}: Pick<Deps, "config" | "sql" | "writes" | "changes">) {
  const listPages = customerListCache(changes, config.customerPagesKept);
  // The writer's next list must show the save at once, not one NOTIFY round trip later.
  const customersChanged = (change: CustomerChange) => changes?.changed("customers", change);

  // The creates that come while one is being written go together next, in one transaction (each
  // create waited for the commits of those before it otherwise). The change is announced once, with all
  // rows, before any caller is answered.
  const creates = new GroupCommit<NewCustomer, Customer>({
    name: "customer creates",
    maxBatch: maxCreatesTogether,
    async write(items) {
      const { customers, change } = await createCustomers(writes, items);
      customersChanged(change);
      return customers;
    },
  });

  /** One page as the JSON text of `{ customers, pages, total, total_exact }`. */
  function listPage(query: ListQuery): Promise<string> {
    return listPages.page(query, () => readCustomerPage(sql, query));
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
    const updated = await updateCustomer(writes, id, customerFrom(body, { statusRequired: true }), editor, actor);
    if (!updated) throw new HttpError(404, "customer-not-found", messages.notFound);
    customersChanged(updated.change);
    return updated.customer;
  }

  return { listPage, create, update };
}
