import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import {
  accessZipRoute,
  changeCaseRoute,
  createCaseRoute,
  erasurePlanRoute,
  erasureRoute,
  listCasesRoute,
  retentionPlanRoute,
  showCaseRoute,
} from "./model.ts";
import { privacyService } from "./service.ts";

/**
 * Data-protection requests, for active admins only (`admin: true`; staff get 403):
 * - `GET /api/privacy/cases` → `{ cases }`;
 * - `POST /api/privacy/cases` `{ email, name?, kind, received_on?, notes? }` → 201 `{ case }`;
 * - `GET /api/privacy/cases/{id}` → `{ case, hits, summary }`: every place naming the address;
 * - `PATCH /api/privacy/cases/{id}` `{ status?, notes? }` → `{ case }`;
 * - `GET /api/privacy/cases/{id}/auskunft.zip` → the Auskunft as HTML and JSON in a ZIP;
 * - `GET /api/privacy/cases/{id}/erasure-plan` → `{ case_id, items, summary }`: each hit's action;
 * - `POST /api/privacy/cases/{id}/erasure` → `{ case_id, items, counts, summary }`: carried out;
 * - `GET /api/privacy/retention-plan` → what the daily deletion would delete now (the dry run).
 * Each admin has `privacyRateLimit` calls a minute over all of them (429 beyond).
 */
export function privacyModule(deps: Pick<Deps, "sql" | "auth" | "now" | "config" | "rateLimits">) {
  const { auth } = deps;
  const service = privacyService(deps);
  return new Elysia({ name: "privacy-routes", prefix: "/api/privacy" })
    .use(auth.guard)
    .use(idParams)
    .get("/cases", async ({ actor }) => service.list(actor), { admin: true, ...listCasesRoute.options() })
    .post(
      "/cases",
      async ({ body, actor, set }) => {
        set.status = 201;
        return { case: await service.create(body, actor) };
      },
      { admin: true, ...createCaseRoute.options() },
    )
    .get("/cases/:id", async ({ id, actor }) => service.show(id, actor), { admin: true, ...showCaseRoute.options() })
    .patch("/cases/:id", async ({ id, body, actor }) => ({ case: await service.change(id, body, actor) }), {
      admin: true,
      ...changeCaseRoute.options(),
    })
    .get(
      "/cases/:id/auskunft.zip",
      async ({ id, actor }) => {
        const { name, bytes } = await service.accessZip(id, actor);
        return new Response(bytes, {
          headers: {
            "content-type": "application/zip",
            "content-disposition": `attachment; filename="${name}"`,
            "cache-control": "no-store",
          },
        });
      },
      { admin: true, ...accessZipRoute.options() },
    )
    .get("/cases/:id/erasure-plan", async ({ id, actor }) => service.erasurePlan(id, actor), {
      admin: true,
      ...erasurePlanRoute.options(),
    })
    .post("/cases/:id/erasure", async ({ id, actor }) => service.erase(id, actor), {
      admin: true,
      ...erasureRoute.options(),
    })
    .get("/retention-plan", async ({ actor }) => service.retentionPlan(actor), {
      admin: true,
      ...retentionPlanRoute.options(),
    });
}
