import type { User } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import type { AuditActor } from "../audit/index.ts";
import { foldersApiMessages as messages } from "./messages.ts";
import { createFolder, type FolderRow, folderExists } from "./store.ts";
import { type createFolderBody, folderNameOf, parentIdOf } from "./validation.ts";

/** A new folder: 422 bad name, 404 unknown parent, 409 when the parent already holds that name (any case). */
export async function addFolder(
  sql: Sql,
  body: typeof createFolderBody.static,
  creator: Pick<User, "id" | "name">,
  actor: AuditActor,
): Promise<FolderRow> {
  const name = folderNameOf(body.name);
  const parentId = parentIdOf(body.parent_id);
  if (parentId !== null && !(await folderExists(sql, parentId))) {
    throw new HttpError(404, "parent-folder-not-found", messages.parentNotFound);
  }
  const result = await createFolder(sql, { name, parentId, creator }, actor);
  if (result.outcome === "taken") throw new HttpError(409, "folder-name-taken", messages.nameTaken);
  return result.folder;
}
