import type { User } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import type { AuditActor } from "../audit/index.ts";
import { foldersApiMessages as messages } from "./messages.ts";
import type { NewFolder } from "./model.ts";
import { createFolder, type FolderRow, folderExists } from "./store.ts";

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
  return result.folder;
}
