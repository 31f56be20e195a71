import { type Customer, customerMessages } from "@klarwerk/kit";
import { Elysia, t } from "elysia";
import { TableCache } from "../../db/table-cache.ts";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { HttpError } from "../../http/errors.ts";
import { requireId } from "../../http/ids.ts";
import { listQueryDocs } from "../../http/list-query.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { customersApiMessages as messages } from "./messages.ts";
import { customerAnswerSchema, customerPageSchema } from "./responses.ts";
import { createCustomer, listCustomers, pagesShowing, updateCustomer } from "./store.ts";
import {
  createBody,
  customerFrom,
  customerListRules,
  type ListQuery,
  parseListQuery,
  updateBody,
} from "./validation.ts";

/**
 * List pages kept as the JSON text sent: a page of 100 long-noted customers is ~0.5 MB, most are
 * a few KB. Staff page, filter and search the same list all day; a save forgets only the pages
 * the saved customer can be on (its status or none, a search its name contains or none), so
 * searches for other names stay answered from memory while others write (issue 27).
 */
const cachedPages = { maxEntries: 2000, maxChars: 32 * 1024 * 1024 };

const jsonHeaders = { "content-type": "application/json; charset=utf-8" };

function pageKey({ page, limit, search, status }: ListQuery): string {
  return JSON.stringify([page, limit, status, search]);
}

const tags = ["Customers"];

/** What a save can be refused for: the kit's field rules, and a body that is not an object. */
const saveErrors = {
  ...errorResponses({
    400: [httpMessages.badRequest],
    422: [...Object.values(customerMessages), messages.statusRequired, httpMessages.notJsonObject],
  }),
  ...jsonBodyErrors,
};

/** The path's `{id}`; the handler checks it (a malformed one is a 400 with the module's message). */
const idParams = t.Object({ id: t.String({ description: "The customer's id, a positive integer." }) });

/**
 * The customer tool's API; every call needs a bearer token (customer data is personal):
 * - `GET /api/customers?page=&limit=&search=&status=` → `{ customers, pages, total }`;
 * - `POST /api/customers` → 201 `{ customer }`;
 * - `PUT /api/customers/{id}` → `{ customer }`, 404 for an unknown id.
 */
export function customersModule({ sql, auth, changes }: Pick<Deps, "sql" | "auth" | "changes">) {
  const pages = new TableCache<string, ListQuery>(changes, {
    name: "customer pages",
    tables: ["customers"],
    affects: pagesShowing,
    maxEntries: cachedPages.maxEntries,
    sizeOf: (json) => json.length,
    maxSize: cachedPages.maxChars,
  });
  const listPage = (query: ListQuery) =>
    pages.get(pageKey(query), async () => JSON.stringify(await listCustomers(sql, query)), query);
  // The writer's next list must show the save at once, not one NOTIFY round trip later: the rows
  // as migration 018's trigger describes them (that NOTIFY then forgets the same pages again).
  const customersChanged = (...rows: Pick<Customer, "name" | "status">[]) =>
    changes?.changed(
      "customers",
      rows.map((row) => [row.name, row.status]),
    );

  const listDocs = listQueryDocs(customerListRules, {
    items: "Customers",
    search: "Part of the name, any case; `%` and `_` match themselves.",
  });

  return new Elysia({ name: "customers-routes", prefix: "/api/customers" })
    .use(auth.guard)
    .get("", async ({ query }) => new Response(await listPage(parseListQuery(query)), { headers: jsonHeaders }), {
      auth: true,
      detail: {
        summary: "One page of customers, newest first, optionally searched and filtered",
        tags,
        // Documented here, read by parseListQuery: its 400s carry the module's own messages.
        parameters: listDocs.parameters,
        responses: {
          200: jsonResponse("The page and how many pages and customers match.", customerPageSchema),
          ...errorResponses({
            400: listDocs.badRequest,
          }),
        },
      },
    })
    .post(
      "",
      async ({ body, user, status, actor }) => {
        const customer = await createCustomer(sql, customerFrom(body), user, actor);
        customersChanged(customer);
        return status(201, { customer });
      },
      {
        auth: true,
        ...jsonBody(createBody),
        detail: {
          summary: "Add a customer (without a status: in_kontakt)",
          tags,
          responses: { 201: jsonResponse("The stored customer.", customerAnswerSchema), ...saveErrors },
        },
      },
    )
    .put(
      "/:id",
      async ({ params, body, user, actor }) => {
        const id = requireId(params.id, messages.invalidId);
        const updated = await updateCustomer(sql, id, customerFrom(body, { statusRequired: true }), user, actor);
        if (!updated) throw new HttpError(404, messages.notFound);
        customersChanged(updated.before, updated.customer);
        return { customer: updated.customer };
      },
      {
        auth: true,
        params: idParams,
        ...jsonBody(updateBody),
        detail: {
          summary: "Replace a customer's fields and status",
          tags,
          responses: {
            200: jsonResponse("The stored customer.", customerAnswerSchema),
            ...saveErrors,
            ...errorResponses({ 400: [messages.invalidId, httpMessages.badRequest], 404: [messages.notFound] }),
          },
        },
      },
    );
}
