import type { DownloadLink, FileAnswer, FileListing, FileSearchHit, FileSearchPage, StoredFile } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { bytesResponse, errorResponses, nullable, queryParameter, schemaOf } from "../../http/openapi.ts";
import { customersApiMessages } from "../customers/index.ts";
import { folderParamErrors, folderQueryParameter, foldersApiMessages, itemNameOf } from "../folders/index.ts";
import { filesApiMessages as messages } from "./messages.ts";
import { digestHeaderDocs } from "./serve.ts";

/** Each route of /api/files in one definition: `:id`, answer and documentation (routes.ts mounts them). */

const tags = ["Files"];

const storedFileSchema = schemaOf<StoredFile>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      original_name: Type.String(),
      mime_type: Type.String(),
      size: Type.Integer({ minimum: 0, description: "Bytes." }),
      created_at: Type.String({ format: "date-time" }),
      uploader_name: Type.String(),
      folder_id: nullable(Type.Integer({ minimum: 1 })),
    },
    { additionalProperties: false, description: "An uploaded file; `folder_id` is null at the root level." },
  ),
);

const fileIdParam = { description: "The file's id, a positive integer.", invalid: messages.invalidId };

/** What every route that finds a file by its id can answer besides its own errors. */
const fileErrors = {
  404: { "file-not-found": [messages.notFound], "file-content-missing": [messages.contentMissing] },
} as const;

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

export const listFilesRoute = endpoint("GET /api/files")({
  summary: "The files directly inside a folder, and the upload limit",
  tags,
  // Read by existingFolderParam, which documents its own 400 and 404.
  parameters: [folderQueryParameter("folder_id")],
  answer: {
    status: 200,
    description: "The files, newest first.",
    schema: schemaOf<FileListing>()(
      Type.Object(
        {
          files: Type.Array(storedFileSchema, { description: "Newest first." }),
          max_upload_bytes: Type.Integer({
            minimum: 1,
            description: "The server's upload limit, so a too large file is refused before it is sent.",
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  sharedErrors: folderParamErrors,
});

/**
 * The upload, whose 413 names the configured limit. The service reads its body as a stream
 * (`parse: "none"` on the route), so the body is documented here rather than given as a schema.
 */
export function uploadFileRoute(maxBytes: number) {
  return endpoint("POST /api/files/upload")({
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
              customer_id: {
                type: "string",
                description:
                  "A customer's id (the customer page's „Datei hochladen“): the file is linked to it and, without `folder_id`, goes into the folder „Kunden“ at the root level, made when missing (decision 0103).",
              },
            },
          },
        },
      },
    },
    answer: {
      status: 201,
      description: "The stored file.",
      schema: schemaOf<FileAnswer>()(Type.Object({ file: storedFileSchema }, { additionalProperties: false })),
    },
    errors: {
      400: {
        "bad-request": [
          messages.notMultipart,
          messages.oneFileOnly,
          messages.unexpectedField,
          messages.uploadBroken,
          httpMessages.badRequest,
        ],
        "file-missing": [messages.fileMissing],
        "invalid-id": [foldersApiMessages.invalidId, customersApiMessages.invalidId],
      },
      404: { "folder-not-found": [foldersApiMessages.notFound], "customer-not-found": [customersApiMessages.notFound] },
      413: { "payload-too-large": [messages.tooLarge(maxBytes)] },
      422: { validation: [messages.nameTooLong] },
      502: { "upload-incomplete": [messages.storedIncomplete] },
      507: { "disk-full": [messages.diskFull] },
    },
  });
}

export const deleteFileRoute = endpoint("DELETE /api/files/:id")({
  summary: "Move a file into the Papierkorb (restored or purged through /api/trash)",
  tags,
  idParam: fileIdParam,
  answer: { status: 204, description: "In the Papierkorb." },
  errors: fileErrors,
});

export const downloadFileRoute = endpoint("GET /api/files/:id/download")({
  summary: "Download a file (with `Range`)",
  tags,
  idParam: fileIdParam,
  responses: downloadResponses,
  errors: fileErrors,
});

export const downloadLinkRoute = endpoint("POST /api/files/:id/download-link")({
  summary: "A short-lived link that downloads the file without the bearer header",
  description:
    "For the browser's own download manager, which cannot send the header: follow `url` " +
    "within `expires_in` seconds.",
  tags,
  idParam: fileIdParam,
  answer: {
    status: 200,
    description: "The link.",
    schema: schemaOf<DownloadLink>()(
      Type.Object(
        {
          url: Type.String({ description: "Same-origin path that downloads the file without the bearer header." }),
          expires_in: Type.Integer({ minimum: 1, description: "Seconds the link stays valid." }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: fileErrors,
});

/** Two path parameters: the route reads the id itself (`ticketIdInvalid`), the macro knows only `id`. */
export const ticketParams = t.Object({
  id: t.String({ description: fileIdParam.description }),
  ticket: t.String({ description: "From `POST /api/files/{id}/download-link`." }),
});

export const ticketIdInvalid = fileIdParam.invalid;

export const ticketDownloadRoute = endpoint("GET /api/files/:id/download/:ticket")({
  summary: "Download a file by a link from download-link (no bearer header)",
  tags,
  responses: downloadResponses,
  errors: {
    400: { "invalid-id": [messages.invalidId] },
    403: { "download-link-invalid": [messages.linkInvalid] },
    ...fileErrors,
  },
});

export const previewFileRoute = endpoint("GET /api/files/:id/preview")({
  summary: "A file the viewer shows (an image, a PDF, text up to 1 MiB), inline (with `Range`, exactly as a download)",
  description:
    "Which files: `fileViewKind` of the kit (images up to 20 MiB, PDFs up to 50 MiB whose first KiB holds `%PDF-`, " +
    "text/plain, text/csv, text/markdown and JSON up to 1 MiB); anything else 415. Served inert like a download.",
  tags,
  idParam: fileIdParam,
  responses: { ...downloadResponses, 200: bytesResponse("The file's bytes, in its stored media type.") },
  errors: { 415: { "preview-unavailable": [messages.noPreview] }, ...fileErrors },
});

const nameMessages = {
  required: messages.nameRequired,
  tooLong: messages.nameTooLong,
  invalid: messages.nameInvalid,
  slash: messages.nameSlash,
};

/** What the handler of `PATCH /api/files/:id` gets: undefined leaves the name or the folder as it is. */
export interface FileChangeRequest {
  name: string | undefined;
  /** null: the root level. */
  folderId: number | null | undefined;
}

function folderIdOf(raw: number | null): number | null {
  if (raw === null) return null;
  if (!Number.isSafeInteger(raw) || raw < 1) throw new HttpError(422, "validation", messages.invalidFolder);
  return raw;
}

export const changeFileRoute = endpoint("PATCH /api/files/:id")({
  summary: "Rename a file, move it into another folder (or to the root level), or both",
  description:
    "`folder_id` omitted keeps the file where it is, null moves it to the root level. Names follow a " +
    "folder's rules (1 to 255 characters, no control character, no `/` or `\\`); two files may share a name, as uploads may.",
  tags,
  idParam: fileIdParam,
  body: withRules(
    t.Object(
      {
        name: t.Optional(t.String({ error: messages.nameRequired })),
        folder_id: t.Optional(
          t.Nullable(t.Number({ error: messages.invalidFolder }), { error: messages.invalidFolder }),
        ),
      },
      { error: httpMessages.notJsonObject },
    ),
    (body): FileChangeRequest => {
      if (body.name === undefined && body.folder_id === undefined) {
        throw new HttpError(422, "validation", messages.changeEmpty);
      }
      return {
        name: body.name === undefined ? undefined : itemNameOf(body.name, nameMessages),
        folderId: body.folder_id === undefined ? undefined : folderIdOf(body.folder_id),
      };
    },
  ),
  answer: {
    status: 200,
    description: "The file as it is now.",
    schema: schemaOf<FileAnswer>()(Type.Object({ file: storedFileSchema }, { additionalProperties: false })),
  },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: { "file-not-found": [messages.notFound], "target-folder-not-found": [foldersApiMessages.targetNotFound] },
    422: {
      validation: [
        messages.nameRequired,
        messages.nameTooLong,
        messages.nameInvalid,
        messages.nameSlash,
        messages.invalidFolder,
        messages.changeEmpty,
        httpMessages.notJsonObject,
      ],
    },
  },
});

/** How many hits a search page holds. */
export const searchPageSize = 50;
/** The last page a search reads (50 × 200 = 10 000 hits): past it, a narrower term. */
export const searchMaxPage = 200;
/** Characters of a search term. */
export const searchTermMax = 200;

const folderPathStepSchema = Type.Object(
  { id: Type.Integer({ minimum: 1 }), name: Type.String() },
  { additionalProperties: false },
);

const fileSearchHitSchema = schemaOf<FileSearchHit>()(
  Type.Object(
    {
      ...storedFileSchema.properties,
      folder_path: Type.Array(folderPathStepSchema, {
        description: "The folders the file lies in, from the root level down; empty at the root level.",
      }),
    },
    { additionalProperties: false },
  ),
);

export const searchFilesRoute = endpoint("GET /api/files/search")({
  summary: `Files of every folder whose name contains the term, ${searchPageSize} a page, newest first`,
  tags,
  parameters: [
    queryParameter(
      "search",
      `Part of the file name, any case; \`%\` and \`_\` match themselves; up to ${searchTermMax} characters.`,
      Type.String({ minLength: 1, maxLength: searchTermMax }),
    ),
    queryParameter(
      "page",
      `From 1 (the default) to ${searchMaxPage}.`,
      Type.Integer({ minimum: 1, maximum: searchMaxPage }),
    ),
  ],
  answer: {
    status: 200,
    description: "One page of hits, each with its folder path.",
    schema: schemaOf<FileSearchPage>()(
      Type.Object(
        {
          files: Type.Array(fileSearchHitSchema, { description: "Newest first." }),
          more: Type.Boolean({ description: "Whether another page follows." }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: {
    // As the customer list's search: a query parameter's problem is a 400 (a blank term too: this route only searches).
    400: { "invalid-query": [messages.searchRequired, messages.searchTooLong, messages.invalidPage] },
  },
});
