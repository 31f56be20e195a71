import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import {
  changeAccountRoute,
  deleteAccountRoute,
  forgetAllDevicesRoute,
  forgetDevicesRoute,
  listAccountsRoute,
} from "./model.ts";
import { usersService } from "./service.ts";
import { listAccounts } from "./store.ts";

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
    .get("", async () => ({ users: await listAccounts(sql) }), { admin: true, ...listAccountsRoute.options() })
    .patch("/:id", async ({ id, body, user, actor }) => ({ user: await service.change(user, id, body, actor) }), {
      admin: true,
      ...changeAccountRoute.options(),
    })
    .delete(
      "/known-devices",
      async ({ actor }) => {
        await service.forgetDevices(null, actor);
        return new Response(null, { status: 204 });
      },
      { admin: true, ...forgetAllDevicesRoute.options() },
    )
    .delete(
      "/:id/known-devices",
      async ({ id, actor }) => {
        await service.forgetDevices(id, actor);
        return new Response(null, { status: 204 });
      },
      { admin: true, ...forgetDevicesRoute.options() },
    )
    .delete(
      "/:id",
      async ({ id, user, actor }) => {
        await service.remove(user, id, actor);
        return new Response(null, { status: 204 });
      },
      { admin: true, ...deleteAccountRoute.options() },
    );
}
