import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import { listOutbox } from "../../mail/outbox-store.ts";
import { listOutboxRoute, retryMailRoute } from "./model.ts";
import { outboxService } from "./service.ts";

/**
 * Outgoing mail for admins (`admin: true`), and the delivery worker's life with the server:
 * - `GET /api/outbox` → `{ mails, mail_configured }`: the newest mails with state, attempts and
 *   every failure's reason; admins read mails here while e-mail is not set up;
 * - `POST /api/outbox/{id}/retry` → `{ mail }`: a failed mail waits again, due now.
 */
export function outboxModule(deps: Pick<Deps, "sql" | "auth" | "outbox">) {
  const { sql, auth, outbox } = deps;
  const service = outboxService(deps);
  return new Elysia({ name: "outbox-routes", prefix: "/api/outbox" })
    .use(auth.guard)
    .use(idParams)
    .onStart(() => outbox.start())
    .onStop(() => outbox.stop())
    .get("", async () => ({ mails: await listOutbox(sql), mail_configured: outbox.configured }), {
      admin: true,
      ...listOutboxRoute.options(),
    })
    .post("/:id/retry", async ({ id, actor }) => ({ mail: await service.retry(id, actor) }), {
      admin: true,
      ...retryMailRoute.options(),
    });
}
