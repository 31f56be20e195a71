import { Elysia, t } from "elysia";
import { removeUnlessBackingUp } from "../../backup/deferred-deletes.ts";
import type { Deps } from "../../deps.ts";
import { receivedFromPeer } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { requireId } from "../../http/ids.ts";
import { httpMessages } from "../../http/messages.ts";
import { bytesResponse, errorResponses, jsonResponse } from "../../http/openapi.ts";
import type { AuditActor } from "../audit/store.ts";
import { existingFolderParam, folderParamErrors, folderQueryParameter, optionalFolderId } from "../folders/ids.ts";
import { foldersApiMessages } from "../folders/messages.ts";
import { fileBlobStore, scheduleIncomingSweep } from "./blobs.ts";
import { createDownloadLinks, downloadLinkLifetimeSeconds } from "./download-links.ts";
import { filesApiMessages as messages } from "./messages.ts";
import { downloadLinkSchema, fileAnswerSchema, fileListingSchema } from "./responses.ts";
import { blobResponse, contentDisposition, digestHeaderDocs } from "./serve.ts";
import { deleteFile, type FileWithBlob, findFile, insertFile, listFiles, recordDownload } from "./store.ts";
import { receiveUpload } from "./upload.ts";

/**
 * Nothing a stored file contains may run in our origin: no sniffing into HTML, and should the
 * file be opened as a page (an SVG with a script), a sandbox without scripts or requests.
 */
const inertHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

/** Where uploads stream to: the only paths whose multipart bodies may exceed the JSON limit. */
export const streamedBodyPaths = ["/api/files/upload"] as const;

const tags = ["Files"];

/** The path's `{id}`; the handlers check it (a malformed one is a 400 with the module's message). */
const fileId = t.String({ description: "The file's id, a positive integer." });

/** What every route that finds a file by its id can answer besides its own errors. */
const fileErrors = errorResponses({ 400: [messages.invalidId], 404: [messages.notFound, messages.contentMissing] });

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
  ...errorResponses({ 416: [messages.rangeNotSatisfiable] }),
};

/**
 * Files of the file area (every signed-in user sees all: a shared company drive), all bearer:
 * - `GET /api/files[?folder_id=<id>]`: `{ files, max_upload_bytes }`, newest first;
 * - `POST /api/files/upload` (multipart: `file`, optional `folder_id`): streamed to disk, 201
 *   `{ file }`; 413 over `UPLOAD_MAX_BYTES`; 404 unknown folder;
 * - `DELETE /api/files/{id}`: row and blob, 204;
 * - `GET /api/files/{id}/download`: the bytes as an attachment under the original name, with Range;
 * - `POST /api/files/{id}/download-link`: `{ url }`, a link valid for a minute that downloads
 *   without the bearer header (`GET /api/files/{id}/download/{ticket}`), for the browser's own
 *   download manager;
 * - `GET /api/files/{id}/preview`: image files only (else 415), inline and inert, with Range like
 *   a download.
 */
export /** Whether a request asks for a later part of the bytes than the first (`Range: bytes=N-` with N > 0). */
function continuesDownload(request: Request | undefined): boolean {
  const range = request?.headers.get("range")?.trim() ?? "";
  return range !== "" && !/^bytes\s*=\s*0+-/i.test(range);
}

export function filesModule({ sql, auth, config }: Pick<Deps, "sql" | "auth" | "config">) {
  const store = fileBlobStore(config);
  const links = createDownloadLinks(config.jwtSecret);

  /**
   * The file; with `actor`, its download is an audit event: one per download, so a request for a
   * later part of the bytes (`Range` not from byte 0: a resumed or streamed download) adds none.
   */
  async function fileOf(rawId: string, actor?: AuditActor, request?: Request): Promise<FileWithBlob> {
    const file = await findFile(sql, requireId(rawId, messages.invalidId));
    if (!file) throw new HttpError(404, messages.notFound);
    if (actor && !continuesDownload(request)) await recordDownload(sql, actor, file.id);
    return file;
  }

  /** The file's bytes in its blob: from its offset to the blob's end. */
  async function contentSizeOf(file: FileWithBlob): Promise<number> {
    const size = await store.sizeOf(file.blob_id);
    if (size === null || size < file.blob_offset) {
      console.error(`[api] file ${file.id}: blob ${file.blob_id} is missing`);
      throw new HttpError(404, messages.contentMissing);
    }
    return size - file.blob_offset;
  }

  /** The file's bytes: to save (`attachment`) or to show (`inline`), with `Range` either way. */
  async function send(request: Request, file: FileWithBlob, disposition: "attachment" | "inline"): Promise<Response> {
    return blobResponse(request, {
      content: (start, end) => store.content(file.blob_id, start, end),
      offset: file.blob_offset,
      size: await contentSizeOf(file),
      sha256: file.sha256,
      headers: {
        ...inertHeaders,
        "Content-Type": file.mime_type,
        "Content-Disposition": contentDisposition(disposition, file.original_name),
      },
    });
  }

  let stopSweeping: (() => void) | null = null;

  return new Elysia({ name: "files-routes", prefix: "/api/files" })
    .use(auth.guard)
    .onStart(() => {
      stopSweeping ??= scheduleIncomingSweep(store);
    })
    .onStop(async () => {
      stopSweeping?.();
      stopSweeping = null;
      // After the server's last request: this process's incoming folder goes with it.
      await store.close();
    })
    .get(
      "",
      async ({ query }) => ({
        files: await listFiles(sql, await existingFolderParam(sql, query.folder_id)),
        max_upload_bytes: config.uploadMaxBytes,
      }),
      {
        auth: true,
        detail: {
          summary: "The files directly inside a folder, and the upload limit",
          tags,
          parameters: [folderQueryParameter("folder_id")],
          responses: { 200: jsonResponse("The files, newest first.", fileListingSchema), ...folderParamErrors },
        },
      },
    )
    .post(
      "/upload",
      async ({ request, server, user, status, actor }) => {
        const upload = await receiveUpload(request, {
          store,
          maxBytes: config.uploadMaxBytes,
          freeChunks: receivedFromPeer(request, server),
        });
        try {
          const folderId = optionalFolderId(upload.fields.get("folder_id"), foldersApiMessages.invalidId);
          // The blob is in place before the row exists: a row never names a missing blob.
          await upload.blob.commit();
          const file = await insertFile(
            sql,
            {
              folderId,
              originalName: upload.originalName,
              mimeType: upload.mimeType,
              size: upload.size,
              blobId: upload.blob.id,
              blobOffset: upload.offset,
              sha256: upload.sha256,
              uploader: user,
            },
            actor,
          );
          if (!file) throw new HttpError(404, foldersApiMessages.notFound);
          return status(201, { file });
        } catch (error) {
          await upload.blob.discard();
          throw error;
        }
      },
      // The body is read by receiveUpload as a stream: Elysia must not parse (buffer) it, so the
      // document learns the body from `detail` rather than from a schema.
      {
        auth: true,
        parse: "none",
        detail: {
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
              400: [
                messages.notMultipart,
                messages.fileMissing,
                messages.oneFileOnly,
                messages.unexpectedField,
                messages.uploadBroken,
                foldersApiMessages.invalidId,
                httpMessages.badRequest,
              ],
              404: [foldersApiMessages.notFound],
              413: [messages.tooLarge(config.uploadMaxBytes)],
              422: [messages.nameTooLong],
              502: [messages.storedIncomplete],
              507: [messages.diskFull],
            }),
          },
        },
      },
    )
    .delete(
      "/:id",
      async ({ params, actor }) => {
        const blobId = await deleteFile(sql, requireId(params.id, messages.invalidId), actor);
        if (blobId === null) throw new HttpError(404, messages.notFound);
        // After the row is gone, unless a backup is copying (then after it): a blob that fails to
        // go now is an orphan the next start sweeps.
        await removeUnlessBackingUp(sql, "files", store, blobId).catch((error: unknown) => {
          console.error(`[api] could not delete blob ${blobId}:`, error);
        });
        return new Response(null, { status: 204 });
      },
      {
        auth: true,
        params: t.Object({ id: fileId }),
        detail: {
          summary: "Delete a file and its bytes",
          tags,
          responses: { 204: { description: "Deleted." }, ...fileErrors },
        },
      },
    )
    .get(
      "/:id/download",
      async ({ params, request, actor }) => send(request, await fileOf(params.id, actor, request), "attachment"),
      {
        auth: true,
        params: t.Object({ id: fileId }),
        detail: {
          summary: "Download a file (with `Range`)",
          tags,
          responses: { ...downloadResponses, ...fileErrors },
        },
      },
    )
    .post(
      "/:id/download-link",
      async ({ params, actor }) => {
        const file = await fileOf(params.id, actor);
        // Checked now, so the browser never saves an error message as the file.
        await contentSizeOf(file);
        return {
          url: `/api/files/${file.id}/download/${links.issue(file.id)}`,
          expires_in: downloadLinkLifetimeSeconds,
        };
      },
      {
        auth: true,
        params: t.Object({ id: fileId }),
        detail: {
          summary: "A short-lived link that downloads the file without the bearer header",
          description:
            "For the browser's own download manager, which cannot send the header: follow `url` " +
            "within `expires_in` seconds.",
          tags,
          responses: { 200: jsonResponse("The link.", downloadLinkSchema), ...fileErrors },
        },
      },
    )
    .get(
      "/:id/download/:ticket",
      async ({ params, request }) => {
        const id = requireId(params.id, messages.invalidId);
        if (!links.verify(id, params.ticket)) throw new HttpError(403, messages.linkInvalid);
        return send(request, await fileOf(params.id), "attachment");
      },
      {
        params: t.Object({
          id: fileId,
          ticket: t.String({ description: "From `POST /api/files/{id}/download-link`." }),
        }),
        detail: {
          summary: "Download a file by a link from download-link (no bearer header)",
          tags,
          responses: { ...downloadResponses, ...errorResponses({ 403: [messages.linkInvalid] }), ...fileErrors },
        },
      },
    )
    .get(
      "/:id/preview",
      async ({ params, request }) => {
        const file = await fileOf(params.id);
        if (!file.mime_type.startsWith("image/")) throw new HttpError(415, messages.noPreview);
        return send(request, file, "inline");
      },
      {
        auth: true,
        params: t.Object({ id: fileId }),
        detail: {
          summary: "An image file, to be shown inline (with `Range`, exactly as a download)",
          tags,
          responses: {
            ...downloadResponses,
            200: bytesResponse("The image's bytes, in its stored media type."),
            ...errorResponses({ 415: [messages.noPreview] }),
            ...fileErrors,
          },
        },
      },
    );
}
