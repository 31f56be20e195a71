import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import { exportFormatOf } from "./export.ts";
import { customerImportModule } from "./import-routes.ts";
import { createCustomerRoute, exportCustomersRoute, listCustomersRoute, updateCustomerRoute } from "./model.ts";

export { customerImportUploadPath } from "./import-routes.ts";

import { jsonTextAnswer } from "../../http/json-text.ts";
import { customerPageModule } from "./page-routes.ts";
import { customersService } from "./service.ts";
import { parseExportFilter, parseListQuery, parseTagFilter } from "./validation.ts";

/**
 * The customer tool's API; every call needs a bearer token (customer data is personal):
 * - `GET /api/customers?page=&limit=&search=&status=&tag=` → `{ customers, pages, total }`;
 * - `POST /api/customers` → 201 `{ customer }`;
 * - `PUT /api/customers/{id}` → `{ customer }`, 404 for an unknown id;
 * - `GET /api/customers/export?format=excel|csv&search=&status=&tag=` → every match as a CSV file
 *   (decision 0093), 10 a minute per account;
 * - the customer page (`/api/customers/{id}`, its Ansprechpartner, tags, timeline): page-routes.ts;
 * - the CSV import (`/api/customers/imports…`, decision 0099): import-routes.ts.
 */
export function customersModule(deps: Pick<Deps, "sql" | "writes" | "auth" | "changes" | "rateLimits" | "now">) {
  const service = customersService(deps);
  return new Elysia({ name: "customers-routes", prefix: "/api/customers" })
    .use(deps.auth.guard)
    .use(idParams)
    .get(
      "",
      async ({ query }) => {
        const tag = parseTagFilter(query);
        const list = parseListQuery(query);
        if (tag !== null) return service.taggedPage(list, tag);
        return jsonTextAnswer(await service.listPage(list));
      },
      { auth: true, ...listCustomersRoute.options() },
    )
    .get(
      "/export",
      async ({ query, actor }) => {
        const format = exportFormatOf(query.format);
        return service.exportList(parseExportFilter(query), format, actor);
      },
      { auth: true, ...exportCustomersRoute.options() },
    )
    .post(
      "",
      async ({ body, user, actor, status }) => status(201, { customer: await service.create(body, user, actor) }),
      { auth: true, ...createCustomerRoute.options() },
    )
    .use(customerImportModule(deps))
    .use(customerPageModule(deps))
    .put("/:id", async ({ id, body, user, actor }) => ({ customer: await service.update(id, body, user, actor) }), {
      auth: true,
      ...updateCustomerRoute.options(),
    });
}
