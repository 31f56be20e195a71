import { Elysia, t } from "elysia";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { requireId } from "../../http/ids.ts";
import { errorResponses, jsonResponse } from "../../http/openapi.ts";
import { listOutbox, retryMail } from "../../mail/outbox-store.ts";
import { outboxApiMessages as messages } from "./messages.ts";
import { outboxListSchema, retriedSchema } from "./responses.ts";

const tags = ["Outbox"];

/**
 * Outgoing mail for admins (`admin: true`), and the delivery worker's life with the server:
 * - `GET /api/outbox` → `{ mails, mail_configured }`: the newest mails with state, attempts and
 *   every failure's reason; admins read mails here while e-mail is not set up;
 * - `POST /api/outbox/{id}/retry` → `{ mail }`: a failed mail waits again, due now; 409 unless
 *   it failed.
 */
export function outboxModule({ sql, auth, outbox }: Pick<Deps, "sql" | "auth" | "outbox">) {
  return new Elysia({ name: "outbox-routes", prefix: "/api/outbox" })
    .use(auth.guard)
    .onStart(() => outbox.start())
    .onStop(() => outbox.stop())
    .get("", async () => ({ mails: await listOutbox(sql), mail_configured: outbox.configured }), {
      admin: true,
      detail: {
        summary: "Outgoing mail: waiting, sent and failed, with the reasons",
        tags,
        responses: { 200: jsonResponse("The newest mails.", outboxListSchema) },
      },
    })
    .post(
      "/:id/retry",
      async ({ params, actor }) => {
        const result = await retryMail(sql, requireId(params.id, messages.invalidId), actor);
        if (result.outcome === "not-found") throw new HttpError(404, messages.notFound);
        if (result.outcome === "not-failed") throw new HttpError(409, messages.notFailed);
        outbox.written();
        return { mail: result.mail };
      },
      {
        admin: true,
        params: t.Object({ id: t.String({ description: "The mail's id, a positive integer." }) }),
        detail: {
          summary: "Send a failed mail again (it waits for the worker, due now)",
          tags,
          responses: {
            200: jsonResponse("The mail, waiting again.", retriedSchema),
            ...errorResponses({ 400: [messages.invalidId], 404: [messages.notFound], 409: [messages.notFailed] }),
          },
        },
      },
    );
}
