import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { folderParamErrors, folderQueryParameter } from "./ids.ts";
import { foldersApiMessages as messages } from "./messages.ts";
import { folderAnswerSchema, folderListSchema } from "./responses.ts";
import { folderNameMax } from "./validation.ts";

/** The OpenAPI `detail` of each route of the folders module (routes.ts). */

const tags = ["Files"];

export const listDocs = {
  summary: "The folders directly inside a folder",
  tags,
  parameters: [folderQueryParameter("parent_id")],
  responses: { 200: jsonResponse("The folders, by name.", folderListSchema), ...folderParamErrors },
};

export const createDocs = {
  summary: `Add a folder (name up to ${folderNameMax} characters)`,
  tags,
  responses: {
    201: jsonResponse("The stored folder.", folderAnswerSchema),
    ...jsonBodyErrors,
    ...errorResponses({
      400: { "bad-request": [httpMessages.badRequest] },
      404: { "parent-folder-not-found": [messages.parentNotFound] },
      409: { "folder-name-taken": [messages.nameTaken] },
      422: {
        validation: [
          messages.nameRequired,
          messages.nameTooLong,
          messages.nameInvalid,
          messages.invalidParent,
          httpMessages.notJsonObject,
        ],
      },
    }),
  },
};
