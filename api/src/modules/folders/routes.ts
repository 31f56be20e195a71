import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { existingFolderParam, folderParamErrors, folderQueryParameter } from "./ids.ts";
import { foldersApiMessages as messages } from "./messages.ts";
import { folderAnswerSchema, folderListSchema } from "./responses.ts";
import { createFolder, folderExists, listFolders } from "./store.ts";
import { createFolderBody, folderNameMax, folderNameOf, parentIdOf } from "./validation.ts";

const tags = ["Files"];

/**
 * Folders of the file area (every signed-in user sees all: a shared company drive):
 * - `GET /api/folders[?parent_id=<id>]`: `{ folders }` directly inside that folder (root when
 *   omitted); 404 for a folder that does not exist;
 * - `POST /api/folders` `{ name, parent_id }`: 201 `{ folder }`; 422 bad name, 404 unknown parent,
 *   409 when the parent already holds that name (any case).
 */
export function foldersModule({ sql, auth }: Pick<Deps, "sql" | "auth">) {
  return new Elysia({ name: "folders-routes", prefix: "/api/folders" })
    .use(auth.guard)
    .get(
      "",
      async ({ query }) => ({ folders: await listFolders(sql, await existingFolderParam(sql, query.parent_id)) }),
      {
        auth: true,
        detail: {
          summary: "The folders directly inside a folder",
          tags,
          parameters: [folderQueryParameter("parent_id")],
          responses: { 200: jsonResponse("The folders, by name.", folderListSchema), ...folderParamErrors },
        },
      },
    )
    .post(
      "",
      async ({ body, user, status, actor }) => {
        const name = folderNameOf(body.name);
        const parentId = parentIdOf(body.parent_id);
        if (parentId !== null && !(await folderExists(sql, parentId))) {
          throw new HttpError(404, messages.parentNotFound);
        }
        const result = await createFolder(sql, { name, parentId, creator: user }, actor);
        if (result.outcome === "taken") throw new HttpError(409, messages.nameTaken);
        return status(201, { folder: result.folder });
      },
      {
        auth: true,
        ...jsonBody(createFolderBody),
        detail: {
          summary: `Add a folder (name up to ${folderNameMax} characters)`,
          tags,
          responses: {
            201: jsonResponse("The stored folder.", folderAnswerSchema),
            ...jsonBodyErrors,
            ...errorResponses({
              400: [httpMessages.badRequest],
              404: [messages.parentNotFound],
              409: [messages.nameTaken],
              422: [
                messages.nameRequired,
                messages.nameTooLong,
                messages.nameInvalid,
                messages.invalidParent,
                httpMessages.notJsonObject,
              ],
            }),
          },
        },
      },
    );
}
