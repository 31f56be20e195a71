import { Elysia, t } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { HttpError } from "../../http/errors.ts";
import { requireId } from "../../http/ids.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import { accessGrantedMail } from "../../mail/templates.ts";
import { usersApiMessages as messages } from "./messages.ts";
import { changedAccountSchema, userAccountListSchema } from "./responses.ts";
import { type AccountRefusal, changeAccount, deleteAccount, listAccounts } from "./store.ts";
import { accountChangeBody, accountChangeFrom } from "./validation.ts";

const tags = ["User administration"];
const idParams = t.Object({ id: t.String({ description: "The account's id, a positive integer." }) });
const targetErrors = errorResponses({
  400: [messages.invalidId],
  404: [messages.notFound],
  409: [messages.lastAdmin, messages.ownAccount],
});

/** The answer to each refusal: its status and German message. */
function refused(refusal: AccountRefusal): HttpError {
  switch (refusal) {
    case "not-admin":
      return new HttpError(403, httpMessages.adminOnly);
    case "not-found":
      return new HttpError(404, messages.notFound);
    case "last-admin":
      return new HttpError(409, messages.lastAdmin);
    case "own-account":
      return new HttpError(409, messages.ownAccount);
  }
}

/**
 * The user administration, for active admins only (`admin: true`; staff get 403):
 * - `GET /api/users` → `{ users }`, pending requests first, then by name;
 * - `PATCH /api/users/{id}` `{ status?: "active" | "disabled", role?: "admin" | "staff" }` →
 *   `{ user }`; approving is `{ status: "active" }`, disabling ends the account's sessions;
 * - `DELETE /api/users/{id}` → 204: rejects a request or removes an account.
 * The last active admin cannot be disabled, demoted or deleted (409), and an admin cannot do that
 * to their own account (409), so nobody locks the company out of its portal.
 */
export function usersModule({
  sql,
  auth,
  now,
  config,
  outbox,
}: Pick<Deps, "sql" | "auth" | "now" | "config" | "outbox">) {
  return new Elysia({ name: "users-routes", prefix: "/api/users" })
    .use(auth.guard)
    .get("", async () => ({ users: await listAccounts(sql) }), {
      admin: true,
      detail: {
        summary: "Every account and access request",
        tags,
        responses: { 200: jsonResponse("The accounts.", userAccountListSchema) },
      },
    })
    .patch(
      "/:id",
      async ({ params, body, user, actor }) => {
        const targetId = requireId(params.id, messages.invalidId);
        const change = accountChangeFrom(body);
        const result = await changeAccount(sql, {
          actorId: user.id,
          targetId,
          change,
          now: now(),
          // Approving an access request tells its holder, in the same transaction.
          onGranted: (tx, account) =>
            enqueueMail(
              tx,
              accessGrantedMail({ name: account.name, address: account.email }, { publicUrl: config.publicUrl }),
            ),
          actor,
        });
        if (result.outcome !== "changed") throw refused(result.outcome);
        auth.sessions.changed();
        outbox.written();
        return { user: result.account };
      },
      {
        admin: true,
        params: idParams,
        ...jsonBody(accountChangeBody),
        detail: {
          summary: "Approve, disable, unlock, promote or demote an account",
          tags,
          responses: {
            200: jsonResponse("The account as it is now.", changedAccountSchema),
            ...jsonBodyErrors,
            ...targetErrors,
            ...errorResponses({
              422: [messages.invalidStatus, messages.invalidRole, messages.nothingToChange, httpMessages.notJsonObject],
            }),
          },
        },
      },
    )
    .delete(
      "/:id",
      async ({ params, user, actor }) => {
        const targetId = requireId(params.id, messages.invalidId);
        const result = await deleteAccount(sql, { actorId: user.id, targetId, actor });
        if (result.outcome !== "deleted") throw refused(result.outcome);
        auth.sessions.changed();
        return new Response(null, { status: 204 });
      },
      {
        admin: true,
        params: idParams,
        detail: {
          summary: "Reject an access request or remove an account (its work stays, under the name it had)",
          tags,
          responses: { 204: { description: "Deleted." }, ...targetErrors },
        },
      },
    );
}
