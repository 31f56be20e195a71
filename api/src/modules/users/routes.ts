import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { idParams } from "../../http/ids.ts";
import { ownCopy } from "../../http/openapi.ts";
import { accountIdParam, changeDocs, deleteDocs, forgetAllDevicesDocs, forgetDevicesDocs, listDocs } from "./docs.ts";
import { usersService } from "./service.ts";
import { listAccounts } from "./store.ts";
import { accountChangeBody } from "./validation.ts";

/**
 * The user administration, for active admins only (`admin: true`; staff get 403):
 * - `GET /api/users` → `{ users }`, pending requests first, then by name;
 * - `PATCH /api/users/{id}` `{ status?: "active" | "disabled", role?: "admin" | "staff" }` →
 *   `{ user }`; approving is `{ status: "active" }`, disabling ends the account's sessions;
 * - `DELETE /api/users/{id}` → 204: rejects a request or removes an account;
 * - `DELETE /api/users/known-devices` and `DELETE /api/users/{id}/known-devices` → 204: every
 *   account's (or one account's) known browsers pass the sign-in limit no more.
 */
export function usersModule(deps: Pick<Deps, "sql" | "auth" | "now" | "config" | "outbox">) {
  const { sql, auth } = deps;
  const service = usersService(deps);
  return new Elysia({ name: "users-routes", prefix: "/api/users" })
    .use(auth.guard)
    .use(idParams)
    .get("", async () => ({ users: await listAccounts(sql) }), { admin: true, detail: ownCopy(listDocs) })
    .patch("/:id", async ({ id, body, user, actor }) => ({ user: await service.change(user, id, body, actor) }), {
      admin: true,
      idParam: accountIdParam,
      ...jsonBody(accountChangeBody),
      detail: ownCopy(changeDocs),
    })
    .delete(
      "/known-devices",
      async ({ actor }) => {
        await service.forgetDevices(null, actor);
        return new Response(null, { status: 204 });
      },
      { admin: true, detail: ownCopy(forgetAllDevicesDocs) },
    )
    .delete(
      "/:id/known-devices",
      async ({ id, actor }) => {
        await service.forgetDevices(id, actor);
        return new Response(null, { status: 204 });
      },
      { admin: true, idParam: accountIdParam, detail: ownCopy(forgetDevicesDocs) },
    )
    .delete(
      "/:id",
      async ({ id, user, actor }) => {
        await service.remove(user, id, actor);
        return new Response(null, { status: 204 });
      },
      { admin: true, idParam: accountIdParam, detail: ownCopy(deleteDocs) },
    );
}
