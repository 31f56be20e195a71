import { todayInGermany } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import { changeRoute, createRoute, endRoute, listRoute, pauseRoute, resumeRoute, runNowRoute } from "./model.ts";
import { runRecurringInvoices } from "./run.ts";
import { recurringInvoicesService } from "./service.ts";

/**
 * Wiederkehrende Rechnungen (bearer; staff and admins alike, as invoices):
 * - `GET /api/recurring-invoices` → `{ templates }`;
 * - `POST /api/recurring-invoices` → 201 `{ template }`; `PUT /api/recurring-invoices/{id}` → `{ template }`;
 * - `POST /api/recurring-invoices/{id}/pause|resume|end` → `{ template }`;
 * - `POST /api/recurring-invoices/run` → `{ made, caughtUp, failed }`: the daily job now, admins only.
 */
export function recurringInvoicesModule({
  sql,
  auth,
  config,
  outbox,
}: Pick<Deps, "sql" | "auth" | "config" | "outbox">) {
  const service = recurringInvoicesService(sql);
  return new Elysia({ name: "recurring-invoices-routes", prefix: "/api/recurring-invoices" })
    .use(auth.guard)
    .use(idParams)
    .get("", async () => ({ templates: await service.list() }), { auth: true, ...listRoute.options() })
    .post(
      "/run",
      async ({ actor }) =>
        (await runRecurringInvoices({ sql, config, outbox }, { actor })) ?? { made: 0, caughtUp: 0, failed: 0 },
      { admin: true, ...runNowRoute.options() },
    )
    .post(
      "",
      async ({ body, user, actor, status }) =>
        status(201, { template: await service.create(body, user.id, actor, todayInGermany()) }),
      { auth: true, ...createRoute.options() },
    )
    .put(
      "/:id",
      async ({ id, body, actor }) => ({ template: await service.change(id, body, actor, todayInGermany()) }),
      {
        auth: true,
        ...changeRoute.options(),
      },
    )
    .post("/:id/pause", async ({ id, actor }) => ({ template: await service.pause(id, actor, todayInGermany()) }), {
      auth: true,
      ...pauseRoute.options(),
    })
    .post("/:id/resume", async ({ id, actor }) => ({ template: await service.resume(id, actor, todayInGermany()) }), {
      auth: true,
      ...resumeRoute.options(),
    })
    .post("/:id/end", async ({ id, actor }) => ({ template: await service.end(id, actor, todayInGermany()) }), {
      auth: true,
      ...endRoute.options(),
    });
}
