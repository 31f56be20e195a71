import { Type } from "@sinclair/typebox";
import type { Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { requireId } from "../../http/ids.ts";
import { errorResponses, queryParameter } from "../../http/openapi.ts";
import { foldersApiMessages as messages } from "./messages.ts";
import { folderExists } from "./store.ts";

/** An optional folder id from a query string: omitted or empty is the root level (null). */
export function optionalFolderId(raw: string | undefined, message: string): number | null {
  return raw === undefined || raw === "" ? null : requireId(raw, message);
}

/**
 * The folder a query parameter (`parent_id`, `folder_id`) names, checked to exist: null for the
 * root level, 400 when malformed, 404 when there is no such folder.
 */
export async function existingFolderParam(sql: Sql, raw: string | undefined): Promise<number | null> {
  const id = optionalFolderId(raw, messages.invalidId);
  if (id !== null && !(await folderExists(sql, id))) throw new HttpError(404, "folder-not-found", messages.notFound);
  return id;
}

/** A query parameter that `existingFolderParam` reads, for the OpenAPI document. */
export function folderQueryParameter(name: "parent_id" | "folder_id") {
  return queryParameter(name, "A folder's id; omitted or empty for the root level.", Type.Integer({ minimum: 1 }));
}

/** What `existingFolderParam` refuses with. */
export const folderParamErrors = errorResponses({
  400: { "invalid-id": [messages.invalidId] },
  404: { "folder-not-found": [messages.notFound] },
});
