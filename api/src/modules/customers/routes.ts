import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { requireId } from "../../http/ids.ts";
import { customersApiMessages as messages } from "./messages.ts";
import { createCustomer, listCustomers, updateCustomer } from "./store.ts";
import { createBody, customerFrom, parseListQuery, updateBody } from "./validation.ts";

/**
 * The customer tool's API; every call needs a bearer token (design.md section 4):
 * - `GET /api/customers?page=&limit=&search=&status=` → `{ customers, pages, total }`;
 * - `POST /api/customers` → 201 `{ customer }`;
 * - `PUT /api/customers/{id}` → `{ customer }`, 404 for an unknown id.
 */
export function customersModule({ sql, auth }: Pick<Deps, "sql" | "auth">) {
  return new Elysia({ name: "customers-routes", prefix: "/api/customers" })
    .use(auth.guard)
    .get("/", ({ query }) => listCustomers(sql, parseListQuery(query)), { auth: true })
    .post(
      "/",
      async ({ body, user, status }) => {
        const customer = await createCustomer(sql, customerFrom(body), user.id);
        return status(201, { customer });
      },
      { auth: true, body: createBody },
    )
    .put(
      "/:id",
      async ({ params, body, user }) => {
        const id = requireId(params.id, messages.invalidId);
        const customer = await updateCustomer(sql, id, customerFrom(body, { statusRequired: true }), user.id);
        if (!customer) throw new HttpError(404, messages.notFound);
        return { customer };
      },
      { auth: true, body: updateBody },
    );
}
