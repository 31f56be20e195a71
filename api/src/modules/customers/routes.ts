import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { idParams } from "../../http/ids.ts";
import { ownCopy } from "../../http/openapi.ts";
import { createDocs, customerIdParam, listDocs, updateDocs } from "./docs.ts";
import { customersService } from "./service.ts";
import { createBody, parseListQuery, updateBody } from "./validation.ts";

const jsonHeaders = { "content-type": "application/json; charset=utf-8" };

/**
 * The customer tool's API; every call needs a bearer token (customer data is personal):
 * - `GET /api/customers?page=&limit=&search=&status=` → `{ customers, pages, total }`;
 * - `POST /api/customers` → 201 `{ customer }`;
 * - `PUT /api/customers/{id}` → `{ customer }`, 404 for an unknown id.
 */
export function customersModule(deps: Pick<Deps, "config" | "sql" | "writes" | "auth" | "changes">) {
  const service = customersService(deps);
  return new Elysia({ name: "customers-routes", prefix: "/api/customers" })
    .use(deps.auth.guard)
    .use(idParams)
    .get(
      "",
      async ({ query }) => new Response(await service.listPage(parseListQuery(query)), { headers: jsonHeaders }),
      { auth: true, detail: ownCopy(listDocs) },
    )
    .post(
      "",
      async ({ body, user, actor, status }) => status(201, { customer: await service.create(body, user, actor) }),
      {
        auth: true,
        ...jsonBody(createBody),
        detail: ownCopy(createDocs),
      },
    )
    .put("/:id", async ({ id, body, user, actor }) => ({ customer: await service.update(id, body, user, actor) }), {
      auth: true,
      idParam: customerIdParam,
      ...jsonBody(updateBody),
      detail: ownCopy(updateDocs),
    });
}
