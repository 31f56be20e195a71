import { mediaTypeOf } from "../../http/content-type.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import type { BlobStore, PendingBlob } from "../../storage/blob-store.ts";
import { filesApiMessages as messages } from "./messages.ts";
import { boundaryOf, MultipartError, MultipartParser, type PartHandler, type PartHeaders } from "./multipart.ts";

/**
 * What a multipart body may carry besides the file's bytes: boundaries, part headers (a long
 * UTF-8 file name) and the folder_id field. A declared length above the limit plus this is
 * refused before a byte is read.
 */
export const multipartOverheadBytes = 64 * 1024;

/** Text fields an upload may carry besides `file`, and how long each may be. */
const knownFields = new Set(["folder_id"]);
const fieldMaxBytes = 1024;

const fileNameMax = 255;

export interface ReceivedUpload {
  /** Written completely and closed, still in the incoming folder: commit or discard it. */
  blob: PendingBlob;
  originalName: string;
  mimeType: string;
  size: number;
  /** Text fields, e.g. `folder_id`. */
  fields: Map<string, string>;
}

export interface UploadOptions {
  store: BlobStore;
  maxBytes: number;
}

// Control characters cannot be typed into a name and would garble headers and logs.
const controlCharacters = /\p{Cc}/gu;

/** The name to keep: the browser's file name without path or control characters, in NFC. */
function originalNameOf(raw: string): string {
  const name = raw
    // Browsers escape a quote in a file name as %22 (and CR/LF as %0D/%0A) in multipart headers.
    .replace(/%22/g, '"')
    .replace(/%0[AD]/gi, "")
    .normalize("NFC")
    .replace(controlCharacters, "");
  // Old browsers sent the whole client path.
  return name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1).trim();
}

const mimeTypePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,62}$/;

/** The declared type, or `application/octet-stream` when missing or malformed. */
function mimeTypeOf(declared: string | null): string {
  return declared !== null && mimeTypePattern.test(declared) ? declared : "application/octet-stream";
}

function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/**
 * Streams a `multipart/form-data` upload (one part `file`, optional text fields) into a new blob
 * of the store, with bounded memory: the request body is read chunk by chunk and the next chunk
 * is read only when the disk has taken the last one (design.md section 3; `formData()` would
 * buffer the whole file). A file over `maxBytes`, a broken or cancelled transfer, or a malformed
 * body leave nothing behind and end in an HttpError (413, 400, ...).
 */
export async function receiveUpload(request: Request, { store, maxBytes }: UploadOptions): Promise<ReceivedUpload> {
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  if (mediaTypeOf(request).toLowerCase() !== "multipart/form-data" || boundary === null) {
    throw new HttpError(400, messages.notMultipart);
  }
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes + multipartOverheadBytes) {
    throw new HttpError(413, messages.tooLarge(maxBytes));
  }
  if (!request.body) throw new HttpError(400, messages.fileMissing);
  await store.prepare();

  const fields = new Map<string, string>();
  const received: { file: { blob: PendingBlob; name: string; mimeType: string } | null } = { file: null };

  const fileHandler = (part: PartHeaders, filename: string): PartHandler => {
    if (part.name !== "file") throw new HttpError(400, messages.unexpectedField);
    if (received.file) throw new HttpError(400, messages.oneFileOnly);
    const name = originalNameOf(filename);
    // A file input with nothing chosen sends an empty file name.
    if (name === "") throw new HttpError(400, messages.fileMissing);
    if ([...name].length > fileNameMax) throw new HttpError(422, messages.nameTooLong);
    const blob = store.create();
    received.file = { blob, name, mimeType: mimeTypeOf(part.contentType) };
    return {
      data(bytes) {
        if (blob.size + bytes.length > maxBytes) throw new HttpError(413, messages.tooLarge(maxBytes));
        blob.write(bytes);
      },
      end() {},
    };
  };

  const fieldHandler = (part: PartHeaders): PartHandler => {
    if (part.name === "file") throw new HttpError(400, messages.fileMissing);
    if (part.name === null || !knownFields.has(part.name)) throw new HttpError(400, messages.unexpectedField);
    const name = part.name;
    const chunks: Buffer[] = [];
    let size = 0;
    return {
      data(bytes) {
        size += bytes.length;
        if (size > fieldMaxBytes) throw new HttpError(400, messages.unexpectedField);
        chunks.push(Buffer.from(bytes));
      },
      end() {
        fields.set(name, Buffer.concat(chunks).toString("utf8"));
      },
    };
  };

  const parser = new MultipartParser(boundary, (part) =>
    part.filename !== null ? fileHandler(part, part.filename) : fieldHandler(part),
  );
  const reader = request.body.getReader();
  try {
    for (;;) {
      let chunk: Uint8Array | undefined;
      try {
        const next = await reader.read();
        if (next.done) break;
        chunk = next.value;
      } catch {
        // The client went away, or the connection broke.
        throw new HttpError(400, messages.uploadBroken);
      }
      await parser.write(chunk);
    }
    try {
      parser.end();
    } catch {
      // The body ended before the form did: a transfer cut short.
      throw new HttpError(400, messages.uploadBroken);
    }
    const { file } = received;
    if (!file) throw new HttpError(400, messages.fileMissing);
    await file.blob.close();
    return { blob: file.blob, originalName: file.name, mimeType: file.mimeType, size: file.blob.size, fields };
  } catch (error) {
    reader.cancel().catch(() => {});
    await received.file?.blob.discard();
    if (error instanceof HttpError) throw error;
    if (error instanceof MultipartError) throw new HttpError(400, httpMessages.badRequest);
    if (isDiskFull(error)) throw new HttpError(507, messages.diskFull);
    throw error;
  }
}
