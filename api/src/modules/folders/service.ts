import type { User } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import type { AuditActor } from "../audit/index.ts";
import { foldersApiMessages as messages } from "./messages.ts";
import type { FolderChangeRequest, NewFolder } from "./model.ts";
import { changeFolder, createFolder, type FolderRow, folderExists } from "./store.ts";
import { trashItem } from "./trash.ts";

/** A new folder (the body's rules refused a bad name or parent with a 422): 404 unknown parent, 409 when the parent already holds that name (any case). */
export async function addFolder(
  sql: Sql,
  { name, parentId }: NewFolder,
  creator: Pick<User, "id" | "name">,
  actor: AuditActor,
): Promise<FolderRow> {
  if (parentId !== null && !(await folderExists(sql, parentId))) {
    throw new HttpError(404, "parent-folder-not-found", messages.parentNotFound);
  }
  const result = await createFolder(sql, { name, parentId, creator }, actor);
  if (result.outcome === "taken") throw new HttpError(409, "folder-name-taken", messages.nameTaken);
  if (result.outcome === "parent-gone") throw new HttpError(404, "parent-folder-not-found", messages.parentNotFound);
  return result.folder;
}

/** A folder renamed and/or moved: 404 unknown folder or target, 409 a taken name or a move into itself or below. */
export async function renameOrMoveFolder(
  sql: Sql,
  id: number,
  change: FolderChangeRequest,
  actor: AuditActor,
): Promise<FolderRow> {
  const result = await changeFolder(sql, id, change, actor);
  switch (result.outcome) {
    case "changed":
      return result.folder;
    case "not-found":
      throw new HttpError(404, "folder-not-found", messages.notFound);
    case "target-not-found":
      throw new HttpError(404, "target-folder-not-found", messages.targetNotFound);
    case "into-itself":
      throw new HttpError(409, "folder-into-itself", messages.intoItself);
    case "taken":
      throw new HttpError(409, "folder-name-taken", messages.nameTaken);
  }
}

/** Into the Papierkorb with everything below it, as one deletion (decision 0098): 404 when not there or trashed already. */
export async function trashFolder(sql: Sql, id: number, actor: AuditActor): Promise<void> {
  if ((await trashItem(sql, "folder", id, actor)) === null)
    throw new HttpError(404, "folder-not-found", messages.notFound);
}
