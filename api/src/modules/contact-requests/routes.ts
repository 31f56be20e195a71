import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { idParams } from "../../http/ids.ts";
import { jsonTextAnswer } from "../../http/json-text.ts";
import { visitorActor } from "../audit/index.ts";
import {
  markDoneRoute,
  openRequestsRoute,
  replyRoute,
  requestDetailRoute,
  sendContactRoute,
  takeOverRoute,
} from "./model.ts";
import { schedulePurge } from "./retention.ts";
import { contactRequestsService } from "./service.ts";

export { contactRateLimit } from "./service.ts";

/** The answer to every accepted request, stored or caught by the honeypot alike. */
const accepted = { status: "received" } as const;

/**
 * Contact requests, from the public form to the dashboard (the flows are service.ts's):
 * - `POST /api/contact` (public) → 201; spam guard: a honeypot field and a per-address limit;
 * - `GET /api/requests[?limit=50&before=<id>]` (bearer): open requests newest first, a page at a
 *   time (`next` continues), and the exact open/done counts. Every signed-in user sees all of
 *   them: the portal is the company's staff tool and the requests its shared inbox;
 * - `PUT /api/requests/{id}/done` (bearer): marks one done for the signed-in user;
 * - `GET /api/requests/{id}` (bearer) → `{ request }` with who marked it done and every reply;
 * - `POST /api/requests/{id}/reply` (bearer) `{ message }` → 201 `{ request, counts }`;
 * - `POST /api/requests/{id}/customer` (bearer) `{ customer_id? }` → `{ request, customer, created }`:
 *   „Als Kunde übernehmen“ (decision 0095), 409 `customer-exists` with `matches` instead of a duplicate.
 * While the server runs, answered requests are deleted after the retention period.
 */
export function contactRequestsModule(
  deps: Pick<Deps, "sql" | "auth" | "config" | "rateLimits" | "outbox" | "changes">,
) {
  const { sql, auth, config } = deps;
  const service = contactRequestsService(deps);
  let stopPurge: (() => Promise<void>) | null = null;

  return new Elysia({ name: "contact-requests", prefix: "/api" })
    .use(auth.guard)
    .use(idParams)
    .onStart(() => {
      stopPurge ??= schedulePurge(sql, config, service.purged);
    })
    .onStop(async () => {
      const stop = stopPurge;
      stopPurge = null;
      await stop?.();
    })
    .post(
      "/contact",
      async ({ body, request, server, status }) => {
        await service.receive(body, clientAddressOf(request, server, config.trustedProxies), visitorActor);
        return status(201, accepted);
      },
      sendContactRoute.options(),
    )
    .get("/requests", async ({ query }) => jsonTextAnswer(await service.listOpen(query)), {
      auth: true,
      ...openRequestsRoute.options(),
    })
    .put("/requests/:id/done", ({ id, user, actor }) => service.markDone(id, user, actor), {
      auth: true,
      ...markDoneRoute.options(),
    })
    .get("/requests/:id", async ({ id }) => ({ request: await service.detail(id) }), {
      auth: true,
      ...requestDetailRoute.options(),
    })
    .post(
      "/requests/:id/reply",
      async ({ id, body, user, actor, status }) => status(201, await service.reply(id, body, user, actor)),
      { auth: true, ...replyRoute.options() },
    )
    .post("/requests/:id/customer", ({ id, body, user, actor }) => service.takeOver(id, body, user, actor), {
      auth: true,
      ...takeOverRoute.options(),
    });
}
