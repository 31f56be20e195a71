import { customerFilesFolderName, type FileSearchPage, fileViewKind, isBlank, type User } from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { pagingParam, requireId } from "../../http/ids.ts";
import type { AuditActor } from "../audit/index.ts";
import { customersApiMessages } from "../customers/index.ts";
import { foldersApiMessages, optionalFolderId, trashItem } from "../folders/index.ts";
import { fileBlobStore, scheduleIncomingSweep } from "./blobs.ts";
import { createDownloadLinks, downloadLinkLifetimeSeconds } from "./download-links.ts";
import { filesApiMessages as messages } from "./messages.ts";
import { type FileChangeRequest, searchMaxPage, searchPageSize, searchTermMax } from "./model.ts";
import { blobResponse, contentDisposition, inertHeaders } from "./serve.ts";
import {
  changeFile,
  type FileRow,
  type FileWithBlob,
  findFile,
  insertFile,
  recordDownload,
  searchFiles,
  type UploadPlace,
} from "./store.ts";
import { receiveUpload } from "./upload.ts";

/** Where a PDF reader looks for the `%PDF-` header: the first KiB. */
const pdfHeaderWindow = 1024;

/** Whether a request asks for a later part of the bytes than the first (`Range: bytes=N-` with N > 0). */
function continuesDownload(request: Request | undefined): boolean {
  const range = request?.headers.get("range")?.trim() ?? "";
  return range !== "" && !/^bytes\s*=\s*0+-/i.test(range);
}

/** The file area's flows: upload, delete (into the trash), and the bytes of a file by bearer or by a download link. */
export function filesService({ sql, config }: Pick<Deps, "sql" | "config">) {
  const store = fileBlobStore(config);
  const links = createDownloadLinks(config.jwtSecret);

  async function fileOf(id: number): Promise<FileWithBlob> {
    const file = await findFile(sql, id);
    if (!file) throw new HttpError(404, "file-not-found", messages.notFound);
    return file;
  }

  /** The file's bytes in its blob: from its offset to the blob's end. */
  async function contentSizeOf(file: FileWithBlob): Promise<number> {
    const size = await store.sizeOf(file.blob_id);
    if (size === null || size < file.blob_offset) {
      console.error(`[api] file ${file.id}: blob ${file.blob_id} is missing`);
      throw new HttpError(404, "file-content-missing", messages.contentMissing);
    }
    return size - file.blob_offset;
  }

  /** The file's bytes: to save (`attachment`) or to show (`inline`), with `Range` either way. */
  async function send(
    request: Request,
    file: FileWithBlob,
    disposition: "attachment" | "inline",
    size?: number,
  ): Promise<Response> {
    return blobResponse(request, {
      content: (start, end) => store.content(file.blob_id, start, end),
      offset: file.blob_offset,
      size: size ?? (await contentSizeOf(file)),
      sha256: file.sha256,
      headers: {
        ...inertHeaders,
        "Content-Type": file.mime_type,
        "Content-Disposition": contentDisposition(disposition, file.original_name),
      },
    });
  }

  /**
   * The request's multipart body streamed into the store, then its row: 413 over
   * `UPLOAD_MAX_BYTES`, 404 for a folder that is gone. With `customer_id` (the customer page's
   * „Datei hochladen“, decision 0103) it goes into „Kunden“ unless a folder is named, and is linked
   * to the customer in the same transaction (404 `customer-not-found` when there is none). The blob is in place before the row
   * exists, so a row never names a missing blob; a refused upload leaves no blob.
   */
  async function upload(request: Request, uploader: User, freeChunks: boolean, actor: AuditActor): Promise<FileRow> {
    const upload = await receiveUpload(request, { store, maxBytes: config.uploadMaxBytes, freeChunks });
    try {
      const folderId = optionalFolderId(upload.fields.get("folder_id"), foldersApiMessages.invalidId);
      const customerField = upload.fields.get("customer_id");
      const place: UploadPlace =
        customerField === undefined || customerField === ""
          ? { folderId }
          : {
              folderId,
              customerId: requireId(customerField, customersApiMessages.invalidId),
              customerFolder: customerFilesFolderName,
            };
      await upload.blob.commit();
      const stored = await insertFile(
        sql,
        {
          originalName: upload.originalName,
          mimeType: upload.mimeType,
          size: upload.size,
          blobId: upload.blob.id,
          blobOffset: upload.offset,
          sha256: upload.sha256,
          uploader,
        },
        place,
        actor,
      );
      if (stored.outcome === "stored") return stored.file;
      throw stored.outcome === "customer-gone"
        ? new HttpError(404, "customer-not-found", customersApiMessages.notFound)
        : new HttpError(404, "folder-not-found", foldersApiMessages.notFound);
    } catch (error) {
      await upload.blob.discard();
      throw error;
    }
  }

  /** Renamed and/or moved: 404 for a file or target folder that does not exist. */
  async function change(id: number, request: FileChangeRequest, actor: AuditActor): Promise<FileRow> {
    const result = await changeFile(sql, id, request, actor);
    if (result.outcome === "changed") return result.file;
    if (result.outcome === "not-found") throw new HttpError(404, "file-not-found", messages.notFound);
    throw new HttpError(404, "target-folder-not-found", foldersApiMessages.targetNotFound);
  }

  /** One page of the search across every folder: one row past the page tells whether another follows. */
  async function search(query: Record<string, string | undefined>): Promise<FileSearchPage> {
    const term = (query.search ?? "").normalize("NFC").trim();
    if (isBlank(term)) throw new HttpError(400, "invalid-query", messages.searchRequired);
    if ([...term].length > searchTermMax) throw new HttpError(400, "invalid-query", messages.searchTooLong);
    const page = pagingParam(query.page, { fallback: 1, max: searchMaxPage }, messages.invalidPage);
    const rows = await searchFiles(sql, {
      search: term,
      offset: (page - 1) * searchPageSize,
      limit: searchPageSize + 1,
    });
    return { files: rows.slice(0, searchPageSize), more: rows.length > searchPageSize };
  }

  /**
   * Into the Papierkorb (decision 0098): row and blob stay until the deletion is purged; 404 for a
   * file that is not there or already in the trash.
   */
  async function remove(id: number, actor: AuditActor): Promise<void> {
    if ((await trashItem(sql, "file", id, actor)) === null) {
      throw new HttpError(404, "file-not-found", messages.notFound);
    }
  }

  /**
   * With `actor` (a signed-in download, not a link's): an audit event, once the bytes can be sent
   * (a file whose blob is missing was not downloaded). One per download: a request for a later
   * part of the bytes (`Range` not from byte 0: a resumed or streamed download) adds none.
   */
  async function download(request: Request, id: number, actor?: AuditActor): Promise<Response> {
    const file = await fileOf(id);
    const response = await send(request, file, "attachment");
    if (actor && !continuesDownload(request)) await recordDownload(sql, actor, file.id);
    return response;
  }

  /** Whether the file's first KiB holds a PDF header (`%PDF-`), as PDF readers look for it. */
  async function looksLikePdf(file: FileWithBlob, size: number): Promise<boolean> {
    const head = store.content(file.blob_id, file.blob_offset, file.blob_offset + Math.min(size, pdfHeaderWindow));
    const bytes = Buffer.from(await new Response(head).arrayBuffer());
    return bytes.includes("%PDF-");
  }

  /**
   * What the viewer shows (`fileViewKind`: images, PDFs, text up to their limits), inline; else
   * 415. A PDF only if its bytes start as one: the browser's PDF viewer then shows it, and a page
   * declared a PDF is never read as anything else (nosniff).
   */
  async function preview(request: Request, id: number): Promise<Response> {
    const file = await fileOf(id);
    const kind = fileViewKind(file);
    if (kind === null) throw new HttpError(415, "preview-unavailable", messages.noPreview);
    // The size is asked of the store once (on S3 a HEAD request), for the check and the answer.
    const size = await contentSizeOf(file);
    if (kind === "pdf" && !(await looksLikePdf(file, size))) {
      throw new HttpError(415, "preview-unavailable", messages.noPreview);
    }
    return send(request, file, "inline", size);
  }

  /** A link valid for a minute that downloads without the bearer header; issuing it is the audit event. */
  async function downloadLink(id: number, actor: AuditActor): Promise<{ url: string; expires_in: number }> {
    const file = await fileOf(id);
    // Checked now, so the browser never saves an error message as the file (and no download is
    // recorded of bytes that are gone).
    await contentSizeOf(file);
    await recordDownload(sql, actor, file.id);
    return { url: `/api/files/${file.id}/download/${links.issue(file.id)}`, expires_in: downloadLinkLifetimeSeconds };
  }

  /** A download by a link's ticket: 403 once it expired or for another file. */
  async function downloadByTicket(request: Request, id: number, ticket: string): Promise<Response> {
    if (!links.verify(id, ticket)) throw new HttpError(403, "download-link-invalid", messages.linkInvalid);
    return download(request, id);
  }

  /** While the server runs: abandoned incoming uploads are swept; `close` ends the store after the last request. */
  const lifecycle = { sweep: () => scheduleIncomingSweep(store), close: () => store.close() };

  return { upload, change, search, remove, download, preview, downloadLink, downloadByTicket, lifecycle };
}
