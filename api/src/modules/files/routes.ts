import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { receivedFromPeer } from "../../http/client-address.ts";
import { idParams, requireId } from "../../http/ids.ts";
import { existingFolderParam } from "../folders/index.ts";
import {
  changeFileRoute,
  deleteFileRoute,
  downloadFileRoute,
  downloadLinkRoute,
  listFilesRoute,
  previewFileRoute,
  searchFilesRoute,
  ticketDownloadRoute,
  ticketIdInvalid,
  ticketParams,
  uploadFileRoute,
} from "./model.ts";
import { filesService } from "./service.ts";
import { listFiles } from "./store.ts";

/** Where uploads stream to: the only paths whose multipart bodies may exceed the JSON limit. */
export const streamedBodyPaths = ["/api/files/upload"] as const;

/**
 * Files of the file area (every signed-in user sees all: a shared company drive), all bearer
 * but the ticket's download (the flows are service.ts's):
 * - `GET /api/files[?folder_id=<id>]`: `{ files, max_upload_bytes }`, newest first;
 * - `POST /api/files/upload` (multipart: `file`, optional `folder_id`): streamed, 201 `{ file }`;
 * - `GET /api/files/search?search=<term>[&page=<n>]`: `{ files, more }`, files of every folder by
 *   name, each with its folder path, 50 a page;
 * - `PATCH /api/files/{id}` `{ name?, folder_id? }`: renamed and/or moved, 200 `{ file }`; any
 *   signed-in user, as for delete (decision 0094);
 * - `DELETE /api/files/{id}`: into the Papierkorb (decision 0098; /api/trash restores or purges), 204;
 * - `GET /api/files/{id}/download`: the bytes as an attachment under the original name, with Range;
 * - `POST /api/files/{id}/download-link`: `{ url }`, a link valid for a minute that downloads
 *   without the bearer header (`GET /api/files/{id}/download/{ticket}`), for the browser's own
 *   download manager;
 * - `GET /api/files/{id}/preview`: what the viewer shows (images, PDFs, text), inline and inert, with
 *   Range like a download.
 */
export function filesModule({ sql, auth, config }: Pick<Deps, "sql" | "auth" | "config">) {
  const service = filesService({ sql, config });
  const uploadRoute = uploadFileRoute(config.uploadMaxBytes);
  let stopSweeping: (() => void) | null = null;

  return new Elysia({ name: "files-routes", prefix: "/api/files" })
    .use(auth.guard)
    .use(idParams)
    .onStart(() => {
      stopSweeping ??= service.lifecycle.sweep();
    })
    .onStop(async () => {
      stopSweeping?.();
      stopSweeping = null;
      // After the server's last request: this process's incoming folder goes with it.
      await service.lifecycle.close();
    })
    .get(
      "",
      async ({ query }) => ({
        files: await listFiles(sql, await existingFolderParam(sql, query.folder_id)),
        max_upload_bytes: config.uploadMaxBytes,
      }),
      { auth: true, ...listFilesRoute.options() },
    )
    .get("/search", ({ query }) => service.search(query), { auth: true, ...searchFilesRoute.options() })
    .patch("/:id", async ({ id, body, actor }) => ({ file: await service.change(id, body, actor) }), {
      auth: true,
      ...changeFileRoute.options(),
    })
    .post(
      "/upload",
      async ({ request, server, user, actor, status }) =>
        status(201, { file: await service.upload(request, user, receivedFromPeer(request, server), actor) }),
      // The body is read by the service as a stream: Elysia must not parse (buffer) it.
      { auth: true, parse: "none", ...uploadRoute.options() },
    )
    .delete(
      "/:id",
      async ({ id, actor }) => {
        await service.remove(id, actor);
        return new Response(null, { status: 204 });
      },
      { auth: true, ...deleteFileRoute.options() },
    )
    .get("/:id/download", ({ id, request, actor }) => service.download(request, id, actor), {
      auth: true,
      ...downloadFileRoute.options(),
    })
    .post("/:id/download-link", ({ id, actor }) => service.downloadLink(id, actor), {
      auth: true,
      ...downloadLinkRoute.options(),
    })
    .get(
      "/:id/download/:ticket",
      ({ params, request }) => service.downloadByTicket(request, requireId(params.id, ticketIdInvalid), params.ticket),
      { params: ticketParams, ...ticketDownloadRoute.options() },
    )
    .get("/:id/preview", ({ id, request }) => service.preview(request, id), {
      auth: true,
      ...previewFileRoute.options(),
    });
}
