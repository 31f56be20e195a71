import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import { blobStoreFor } from "../../storage/configured-blob-store.ts";
import { listTrashRoute, purgeTrashRoute, restoreTrashRoute } from "./model.ts";
import { trashService } from "./service.ts";

/**
 * The file area's Papierkorb (decision 0098), bearer:
 * - `GET /api/trash[?page=<n>]`: `{ entries, more, all, days }`, a staff member's own deletions, an
 *   admin's every one, newest first;
 * - `POST /api/trash/{id}/restore` `{ folder_id? }`: the whole deletion back where it was, or into
 *   the chosen folder (null: the root level); its deleter or an admin;
 * - `DELETE /api/trash/{id}`: „Endgültig löschen“, admins only, 204.
 * Deleting itself is `DELETE /api/files/{id}` and `DELETE /api/folders/{id}`. The daily purge
 * after `FILES_TRASH_DAYS` starts with the server.
 */
export function trashModule({ sql, auth, config }: Pick<Deps, "sql" | "auth" | "config">) {
  const store = blobStoreFor(config, "files");
  const service = trashService({ sql, config, store });
  const ownerOf = (user: { id: number; role: string }) => ({ id: user.id, admin: user.role === "admin" });
  let stopPurge: (() => Promise<void>) | null = null;

  return new Elysia({ name: "trash-routes", prefix: "/api/trash" })
    .use(auth.guard)
    .use(idParams)
    .onStart(() => {
      stopPurge ??= service.schedulePurge();
    })
    .onStop(async () => {
      await stopPurge?.();
      stopPurge = null;
      await store.close();
    })
    .get("", ({ user, query }) => service.list(ownerOf(user), query), { auth: true, ...listTrashRoute.options() })
    .post("/:id/restore", ({ id, body, user, actor }) => service.restore(id, body, ownerOf(user), actor), {
      auth: true,
      ...restoreTrashRoute.options(),
    })
    .delete(
      "/:id",
      async ({ id, actor }) => {
        await service.purge(id, actor);
        return new Response(null, { status: 204 });
      },
      { admin: true, ...purgeTrashRoute.options() },
    );
}
