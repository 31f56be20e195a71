import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { idParams } from "../../http/ids.ts";
import { existingFolderParam } from "./ids.ts";
import { changeFolderRoute, createFolderRoute, deleteFolderRoute, listFoldersRoute } from "./model.ts";
import { addFolder, renameOrMoveFolder, trashFolder } from "./service.ts";
import { listFolders } from "./store.ts";

/**
 * Folders of the file area (every signed-in user sees all: a shared company drive):
 * - `GET /api/folders[?parent_id=<id>]`: `{ folders }` directly inside that folder (root when
 *   omitted); 404 for a folder that does not exist;
 * - `POST /api/folders` `{ name, parent_id }`: 201 `{ folder }` (service.ts says when it is refused);
 * - `PATCH /api/folders/{id}` `{ name?, parent_id? }`: renamed and/or moved, 200 `{ folder }`. Any
 *   signed-in user, as anyone may delete any file (decision 0094);
 * - `DELETE /api/folders/{id}`: into the Papierkorb with its subfolders and files, one deletion
 *   (decision 0098), 204; any signed-in user, as for files.
 */
export function foldersModule({ sql, auth }: Pick<Deps, "sql" | "auth">) {
  return new Elysia({ name: "folders-routes", prefix: "/api/folders" })
    .use(auth.guard)
    .use(idParams)
    .get(
      "",
      async ({ query }) => ({ folders: await listFolders(sql, await existingFolderParam(sql, query.parent_id)) }),
      { auth: true, ...listFoldersRoute.options() },
    )
    .post(
      "",
      async ({ body, user, actor, status }) => status(201, { folder: await addFolder(sql, body, user, actor) }),
      { auth: true, ...createFolderRoute.options() },
    )
    .patch("/:id", async ({ id, body, actor }) => ({ folder: await renameOrMoveFolder(sql, id, body, actor) }), {
      auth: true,
      ...changeFolderRoute.options(),
    })
    .delete(
      "/:id",
      async ({ id, actor }) => {
        await trashFolder(sql, id, actor);
        return new Response(null, { status: 204 });
      },
      { auth: true, ...deleteFolderRoute.options() },
    );
}
