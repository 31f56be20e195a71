import type { OpenAPIV3 } from "openapi-types";
import { httpMessages } from "../../http/messages.ts";
import { bytesResponse, errorResponses, jsonResponse } from "../../http/openapi.ts";
import { folderParamErrors, folderQueryParameter, foldersApiMessages } from "../folders/index.ts";
import { filesApiMessages as messages } from "./messages.ts";
import { downloadLinkSchema, fileAnswerSchema, fileListingSchema } from "./responses.ts";
import { digestHeaderDocs } from "./serve.ts";

/** The OpenAPI `detail` of each route of the files module (routes.ts). */

const tags = ["Files"];

/** How routes.ts names the `:id` (the id-param macro documents it and its 400). */
export const fileIdParam = { description: "The file's id, a positive integer.", invalid: messages.invalidId };

/** What every route that finds a file by its id can answer besides its own errors. */
const fileErrors = errorResponses({
  404: { "file-not-found": [messages.notFound], "file-content-missing": [messages.contentMissing] },
});

const downloadHeaders = {
  "Content-Disposition": { description: "`attachment` with the original file name.", schema: { type: "string" } },
  "Accept-Ranges": { description: "`bytes`: one `Range` is honoured.", schema: { type: "string" } },
  ...digestHeaderDocs,
} as const;

/** The answers of a download: the whole file, or the one range asked for. */
const downloadResponses = {
  200: bytesResponse("The file's bytes, in its stored media type.", downloadHeaders),
  206: bytesResponse("The requested range of the file's bytes.", {
    ...downloadHeaders,
    "Content-Range": { description: "Which bytes of the file these are.", schema: { type: "string" } },
  }),
  304: { description: "`If-None-Match` named the file's ETag: the client has these bytes." },
  ...errorResponses({ 416: { "range-not-satisfiable": [messages.rangeNotSatisfiable] } }),
};

export const listDocs = {
  summary: "The files directly inside a folder, and the upload limit",
  tags,
  parameters: [folderQueryParameter("folder_id")],
  responses: { 200: jsonResponse("The files, newest first.", fileListingSchema), ...folderParamErrors },
};

/** The upload's documentation; its 413 names the configured limit. */
export function uploadDocs(maxBytes: number): OpenAPIV3.OperationObject {
  return {
    summary: "Upload one file into a folder (streamed to disk)",
    tags,
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["file"],
            properties: {
              file: { type: "string", format: "binary", description: "Exactly one file, with its name." },
              folder_id: { type: "string", description: "A folder's id; omitted or empty for the root level." },
            },
          },
        },
      },
    },
    responses: {
      201: jsonResponse("The stored file.", fileAnswerSchema),
      ...errorResponses({
        400: {
          "bad-request": [
            messages.notMultipart,
            messages.oneFileOnly,
            messages.unexpectedField,
            messages.uploadBroken,
            httpMessages.badRequest,
          ],
          "file-missing": [messages.fileMissing],
          "invalid-id": [foldersApiMessages.invalidId],
        },
        404: { "folder-not-found": [foldersApiMessages.notFound] },
        413: { "payload-too-large": [messages.tooLarge(maxBytes)] },
        422: { validation: [messages.nameTooLong] },
        502: { "upload-incomplete": [messages.storedIncomplete] },
        507: { "disk-full": [messages.diskFull] },
      }),
    },
  };
}

export const deleteDocs = {
  summary: "Delete a file and its bytes",
  tags,
  responses: { 204: { description: "Deleted." }, ...fileErrors },
};

export const downloadDocs = {
  summary: "Download a file (with `Range`)",
  tags,
  responses: { ...downloadResponses, ...fileErrors },
};

export const downloadLinkDocs = {
  summary: "A short-lived link that downloads the file without the bearer header",
  description:
    "For the browser's own download manager, which cannot send the header: follow `url` " +
    "within `expires_in` seconds.",
  tags,
  responses: { 200: jsonResponse("The link.", downloadLinkSchema), ...fileErrors },
};

export const ticketDownloadDocs = {
  summary: "Download a file by a link from download-link (no bearer header)",
  tags,
  responses: {
    ...downloadResponses,
    ...errorResponses({
      400: { "invalid-id": [messages.invalidId] },
      403: { "download-link-invalid": [messages.linkInvalid] },
    }),
    ...fileErrors,
  },
};

export const previewDocs = {
  summary: "An image file, to be shown inline (with `Range`, exactly as a download)",
  tags,
  responses: {
    ...downloadResponses,
    200: bytesResponse("The image's bytes, in its stored media type."),
    ...errorResponses({ 415: { "preview-unavailable": [messages.noPreview] } }),
    ...fileErrors,
  },
};
