import { Elysia } from "elysia";
import { TableCache } from "../../db/table-cache.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { requireId } from "../../http/ids.ts";
import { customersApiMessages as messages } from "./messages.ts";
import { createCustomer, listCustomers, updateCustomer } from "./store.ts";
import { createBody, customerFrom, type ListQuery, parseListQuery, updateBody } from "./validation.ts";

/**
 * List pages kept as the JSON text sent: a page of 100 long-noted customers is ~0.5 MB, most are
 * a few KB. Staff page, filter and search the same list all day while it changes a few times an
 * hour, so most requests are answered without the database.
 */
const cachedPages = { maxEntries: 2000, maxChars: 32 * 1024 * 1024 };

const jsonHeaders = { "content-type": "application/json; charset=utf-8" };

function pageKey({ page, limit, search, status }: ListQuery): string {
  return JSON.stringify([page, limit, status, search]);
}

/**
 * The customer tool's API; every call needs a bearer token (design.md section 4):
 * - `GET /api/customers?page=&limit=&search=&status=` → `{ customers, pages, total }`;
 * - `POST /api/customers` → 201 `{ customer }`;
 * - `PUT /api/customers/{id}` → `{ customer }`, 404 for an unknown id.
 */
export function customersModule({ sql, auth, changes }: Pick<Deps, "sql" | "auth" | "changes">) {
  const pages = new TableCache<string>(changes, {
    tables: ["customers"],
    maxEntries: cachedPages.maxEntries,
    sizeOf: (json) => json.length,
    maxSize: cachedPages.maxChars,
  });
  const listPage = (query: ListQuery) =>
    pages.get(pageKey(query), async () => JSON.stringify(await listCustomers(sql, query)));
  // The writer's next list must show the save at once, not one NOTIFY round trip later.
  const customersChanged = () => changes?.changed("customers");

  return new Elysia({ name: "customers-routes", prefix: "/api/customers" })
    .use(auth.guard)
    .get("/", async ({ query }) => new Response(await listPage(parseListQuery(query)), { headers: jsonHeaders }), {
      auth: true,
    })
    .post(
      "/",
      async ({ body, user, status }) => {
        const customer = await createCustomer(sql, customerFrom(body), user);
        customersChanged();
        return status(201, { customer });
      },
      { auth: true, body: createBody },
    )
    .put(
      "/:id",
      async ({ params, body, user }) => {
        const id = requireId(params.id, messages.invalidId);
        const customer = await updateCustomer(sql, id, customerFrom(body, { statusRequired: true }), user);
        if (!customer) throw new HttpError(404, messages.notFound);
        customersChanged();
        return { customer };
      },
      { auth: true, body: updateBody },
    );
}
