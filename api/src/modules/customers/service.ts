import {
  type Customer,
  type CustomerExportFormat,
  type CustomerPage,
  customerExportFileName,
  todayInGermany,
} from "@klarwerk/kit";
import { GroupCommit } from "../../db/group-commit.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { customerCsv } from "./export.ts";
import { customersApiMessages as messages } from "./messages.ts";
import { readTaggedPage } from "./page-store.ts";
import {
  createCustomers,
  type Editor,
  type ExportFilter,
  exportScope,
  type NewCustomer,
  readCustomerPage,
  updateCustomer,
} from "./store.ts";
import { type createBody, customerFrom, type ListQuery, type updateBody } from "./validation.ts";

/**
 * Exports per account: each reads every matching customer (100 000 are a few seconds of database
 * work and tens of MB), so a stolen session or a runaway script cannot keep the database busy
 * with them; a person at the screen exports a few times in a row at most.
 */
export const customerExportRateLimit = { name: "customer-export", max: 10, windowMs: 60 * 1000 } as const;

/** At most this many creates share one statement: a batch is answered when its slowest insert commits. */
const maxCreatesTogether = 20;

/**
 * The customer list (each page one statement, read every time: decision 0106) and its saves.
 */
export function customersService({
  sql,
  writes,
  changes,
  rateLimits,
  now,
}: Pick<Deps, "sql" | "writes" | "changes" | "rateLimits" | "now">) {
  const exports = rateLimits(customerExportRateLimit);

  // The creates that come while one is being written go together next, in one transaction (each
  // create waited for the commits of those before it otherwise).
  const creates = new GroupCommit<NewCustomer, Customer>({
    name: "customer creates",
    maxBatch: maxCreatesTogether,
    write: (items) => createCustomers(writes, items),
  });

  /** One page as the JSON text of `{ customers, pages, total, total_exact }`. */
  function listPage(query: ListQuery): Promise<string> {
    return readCustomerPage(sql, query);
  }

  /** One page of the list filtered by a tag: from the database every time (page-store.ts). */
  function taggedPage(query: ListQuery, tag: string): Promise<CustomerPage> {
    return readTaggedPage(sql, query, tag);
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
    // The dashboard's kept open requests name their customer: this writer's next one shows a new
    // name at once, not one NOTIFY round trip later. Nothing else kept reads a customer (0106).
    if (updated.renamed) changes?.changed("customers");
    return updated.customer;
  }

  /**
   * The filtered list as a CSV download, read from the database in batches. Counted against the
   * account's allowance (429), then recorded (`customer.exported`: format, search, status, tag,
   * rows) before the first byte leaves.
   */
  async function exportList(filter: ExportFilter, format: CustomerExportFormat, actor: AuditActor): Promise<Response> {
    const hit = await exports.hit(`user:${actor.id}`);
    if (!hit.allowed) throw tooManyRequests(messages.tooManyExports, hit);
    const { count, lastId } = await exportScope(sql, filter);
    await recordAuditEvent(writes, actor, {
      action: "customer.exported",
      fields: ["format", "search", "status", "tag", "count"],
      changes: {
        format: { before: null, after: format },
        search: { before: null, after: filter.search },
        status: { before: null, after: filter.status },
        tag: { before: null, after: filter.tag },
        count: { before: null, after: count },
      },
    });
    const fileName = customerExportFileName(todayInGermany(new Date(now())));
    return new Response(customerCsv(sql, filter, format, { lastId }), {
      headers: {
        "Content-Type": format === "excel" ? "text/csv; charset=utf-8" : "text/csv; charset=utf-8; header=present",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }

  return { listPage, taggedPage, create, update, exportList };
}
