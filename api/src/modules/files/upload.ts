import { mediaTypeOf } from "../../http/content-type.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { requireStorableText } from "../../http/text-policy.ts";
import {
  type BlobStore,
  type IncomingBlob,
  IncompleteBlobError,
  type PendingBlob,
  type WrittenBody,
} from "../../storage/blob-store.ts";
import { filesApiMessages as messages } from "./messages.ts";
import {
  boundaryOf,
  MultipartError,
  MultipartParser,
  type PartHandler,
  type PartHeaders,
  partDelimiter,
} from "./multipart.ts";

/**
 * What a multipart body may carry besides the file's bytes: boundaries, part headers (a long
 * UTF-8 file name) and the folder_id field. A declared length above the limit plus this is
 * refused before a byte is read.
 */
export const multipartOverheadBytes = 64 * 1024;

/**
 * Bodies declaring at least this length are written to disk whole first (see `receiveWhole`);
 * smaller ones, and bodies of unknown length, are parsed as they stream in.
 */
export const wholeBodyMinBytes = 4 * 1024 * 1024;

/**
 * How much of a whole body's start and end is read to find the file part in it: room for the
 * preamble, every field and header block the parser allows (well below a whole body's minimum
 * size, so the two never overlap the file's middle).
 */
const edgeBytes = 512 * 1024;

/** Delimiters in a body's last bytes tried as the end of the file; more is not a browser's form. */
const maxEndCandidates = 64;

/** Text fields an upload may carry besides `file`, and how long each may be. */
const knownFields = new Set(["folder_id", "customer_id"]);
const fieldMaxBytes = 1024;

const fileNameMax = 255;

export interface ReceivedUpload {
  /** Complete, still in the incoming folder: commit or discard it. */
  blob: IncomingBlob;
  /** Where the file's bytes begin in the blob (a body written whole keeps the form's start). */
  offset: number;
  originalName: string;
  mimeType: string;
  size: number;
  /** SHA-256 (hex) of the file's bytes as stored. */
  sha256: string;
  /** Text fields, e.g. `folder_id`. */
  fields: Map<string, string>;
}

export interface UploadOptions {
  store: BlobStore;
  maxBytes: number;
  /**
   * The body's chunks are this process's alone (a request Bun's server read from a socket), so
   * each may be freed once handled; never for a body built from a caller's bytes.
   */
  freeChunks?: boolean;
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

/** The file part's headers, checked, and where its bytes begin in the body. */
interface FilePart {
  name: string;
  mimeType: string;
  bodyOffset: number;
}

/**
 * The rules for the parts of an upload form, whichever way its body is read: exactly one part
 * `file` with a name, known text fields of bounded size. `onFile` gets the file part's bytes.
 */
class UploadForm {
  readonly fields = new Map<string, string>();
  file: FilePart | null = null;

  constructor(private readonly onFile: (file: FilePart) => PartHandler) {}

  readonly onPart = (part: PartHeaders, bodyOffset: number): PartHandler =>
    part.filename !== null ? this.filePart(part, part.filename, bodyOffset) : this.fieldPart(part);

  private filePart(part: PartHeaders, filename: string, bodyOffset: number): PartHandler {
    if (part.name !== "file") throw new HttpError(400, "bad-request", messages.unexpectedField);
    if (this.file) throw new HttpError(400, "bad-request", messages.oneFileOnly);
    requireStorableText(filename);
    const name = originalNameOf(filename);
    // A file input with nothing chosen sends an empty file name.
    if (name === "") throw new HttpError(400, "file-missing", messages.fileMissing);
    if ([...name].length > fileNameMax) throw new HttpError(422, "validation", messages.nameTooLong);
    this.file = { name, mimeType: mimeTypeOf(part.contentType), bodyOffset };
    return this.onFile(this.file);
  }

  private fieldPart(part: PartHeaders): PartHandler {
    if (part.name === "file") throw new HttpError(400, "file-missing", messages.fileMissing);
    if (part.name === null || !knownFields.has(part.name))
      throw new HttpError(400, "bad-request", messages.unexpectedField);
    const name = part.name;
    const chunks: Buffer[] = [];
    let size = 0;
    return {
      data(bytes) {
        size += bytes.length;
        if (size > fieldMaxBytes) throw new HttpError(400, "bad-request", messages.unexpectedField);
        chunks.push(Buffer.from(bytes));
      },
      end: () => {
        const value = Buffer.concat(chunks).toString("utf8");
        requireStorableText(value);
        this.fields.set(name, value);
      },
    };
  }
}

/** What the caller gets for any failure: the HttpError it is, or the one it stands for. */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof MultipartError) return new HttpError(400, "bad-request", httpMessages.badRequest);
  if (isDiskFull(error)) return new HttpError(507, "disk-full", messages.diskFull);
  if (error instanceof IncompleteBlobError) {
    console.error("[api] an upload was not stored whole:", error.message);
    return new HttpError(502, "upload-incomplete", messages.storedIncomplete);
  }
  return error;
}

/**
 * Receives a `multipart/form-data` upload (one part `file`, optional text fields) into a new
 * blob of the store, with bounded memory (docs/stack-facts.md; `formData()` would buffer the
 * whole file). A file over `maxBytes`, a broken or cancelled transfer, or a malformed body leave
 * nothing behind and end in an HttpError (413, 400, ...).
 */
export async function receiveUpload(request: Request, options: UploadOptions): Promise<ReceivedUpload> {
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  if (mediaTypeOf(request).toLowerCase() !== "multipart/form-data" || boundary === null) {
    throw new HttpError(400, "bad-request", messages.notMultipart);
  }
  const declared = request.headers.get("content-length");
  const length = declared === null ? null : Number(declared);
  if (length !== null && length > options.maxBytes + multipartOverheadBytes) {
    throw new HttpError(413, "payload-too-large", messages.tooLarge(options.maxBytes));
  }
  if (!request.body) throw new HttpError(400, "file-missing", messages.fileMissing);
  await options.store.prepare();
  // Only a store that can write a body whole (the disk) takes the whole-body path; into a bucket
  // every upload streams through the parser (docs/decisions/0087-blob-storage-and-the-scrub.md, "Blob
  // storage").
  return length !== null && Number.isSafeInteger(length) && length >= wholeBodyMinBytes && options.store.writeBody
    ? receiveWhole(request, boundary, length, options.store.writeBody, options.maxBytes)
    : receiveStreamed(request, boundary, options);
}

/**
 * Large bodies: written to disk whole as they arrive (Bun's native path, the fastest there is),
 * then the file part is found from the body's two ends: its headers in the first bytes, the
 * delimiter that ends it in the last ones (trailing fields, such as a folder_id sent after the
 * file, are parsed there). The blob is cut after the file; the form's start stays in front of
 * it and the row records where the file begins.
 *
 * The file's middle is not searched for the delimiter: a conforming client chooses a boundary
 * that its file does not contain, and for a body that breaks that rule the difference is only
 * whether bytes the client sent end up in its own file.
 */
async function receiveWhole(
  request: Request,
  boundary: string,
  declaredLength: number,
  writeBody: (request: Request) => Promise<WrittenBody>,
  maxBytes: number,
): Promise<ReceivedUpload> {
  let body: WrittenBody;
  try {
    body = await writeBody(request);
  } catch (error) {
    if (isDiskFull(error)) throw new HttpError(507, "disk-full", messages.diskFull);
    // The client went away, or the connection broke.
    throw new HttpError(400, "bad-request", messages.uploadBroken);
  }
  try {
    if (body.size !== declaredLength) throw new HttpError(400, "bad-request", messages.uploadBroken);

    const form = new UploadForm(() => ({ data() {}, end() {} }));
    const start = new MultipartParser(boundary, form.onPart);
    await start.write(await body.read(0, edgeBytes));
    // The file part's headers must be near the start, and the file longer than what was read.
    if (!form.file || start.done) throw new HttpError(400, "file-missing", messages.fileMissing);
    const fileStart = form.file.bodyOffset;

    const endStart = Math.max(fileStart, body.size - edgeBytes);
    const end = Buffer.from(await body.read(endStart, body.size));
    const fileEnd = await findFileEnd(end, boundary, form.fields);
    if (fileEnd === null) throw new HttpError(400, "bad-request", messages.uploadBroken);

    const size = endStart + fileEnd - fileStart;
    if (size > maxBytes) throw new HttpError(413, "payload-too-large", messages.tooLarge(maxBytes));
    await body.truncate(endStart + fileEnd);
    const sha256 = await body.sha256(fileStart, endStart + fileEnd);
    const { name, mimeType } = form.file;
    return { blob: body, offset: fileStart, originalName: name, mimeType, size, sha256, fields: form.fields };
  } catch (error) {
    await body.discard();
    throw asHttpError(error);
  }
}

/**
 * Where in `end` (a body's last bytes, all inside or after the file part) the file part ends:
 * the first delimiter after which the rest parses as parts up to the closing delimiter. Their
 * values go into `fields`; parts that parse but are not allowed (a second file, an unknown
 * field) are refused as in a streamed upload. Null when no delimiter does (a body cut short).
 */
async function findFileEnd(end: Buffer, boundary: string, fields: Map<string, string>): Promise<number | null> {
  const delimiter = partDelimiter(boundary);
  let candidates = 0;
  for (let at = end.indexOf(delimiter); at >= 0; at = end.indexOf(delimiter, at + 1)) {
    if (++candidates > maxEndCandidates) return null;
    const trailing = new UploadForm(() => {
      throw new HttpError(400, "bad-request", messages.oneFileOnly);
    });
    const rest = new MultipartParser(boundary, trailing.onPart, { afterDelimiter: true });
    try {
      await rest.write(end.subarray(at + delimiter.length));
      rest.end();
    } catch (error) {
      // Parts that parse but break the form's rules (a second file, an unknown field) are real
      // parts: the answer. What does not parse as parts at all was file content.
      if (error instanceof MultipartError) continue;
      throw error;
    }
    for (const [name, value] of trailing.fields) fields.set(name, value);
    return at;
  }
  return null;
}

/** `ArrayBuffer.prototype.transfer` (ES2024): Bun has it, the TypeScript lib this repo uses stops at ES2023. */
interface TransferableBuffer {
  transfer(newLength?: number): ArrayBuffer;
}

/**
 * Frees a request chunk that has been handled: the parser has copied what it keeps, and every
 * blob store is done with bytes once their `write` has settled (the bucket's uploader has copied
 * them into its part, the disk's sink into its buffer). Bun's server gives each chunk memory of its own that the collector does not count, so
 * without this the chunks read in a 1 GiB upload waited for a collection that the heap's size
 * did not call for: 20-260 MB, the more the larger the heap (docs/stack-facts.md). Detaching the
 * chunk's buffer (`transfer(0)`) frees it at once. Only for `freeChunks` bodies: a body built
 * in-process hands the caller's own buffers to the reader. A chunk that is a view into a larger
 * buffer is left alone.
 */
function release(chunk: Uint8Array): void {
  const { buffer } = chunk;
  if (!(buffer instanceof ArrayBuffer) || chunk.byteOffset !== 0 || chunk.byteLength !== buffer.byteLength) return;
  try {
    (buffer as unknown as TransferableBuffer).transfer(0);
  } catch {
    // Not detachable (e.g. a WebAssembly memory): the collector frees it in time.
  }
}

/**
 * Small bodies, bodies of unknown length, and every body into a store without `writeBody` (the
 * bucket): parsed as they stream in, the file part's bytes written to a new blob chunk by chunk;
 * the next chunk is read only when the store has taken the last one.
 */
async function receiveStreamed(
  request: Request,
  boundary: string,
  { store, maxBytes, freeChunks = false }: UploadOptions,
): Promise<ReceivedUpload> {
  const received: { blob: PendingBlob | null } = { blob: null };
  const form = new UploadForm(() => {
    const blob = store.create();
    received.blob = blob;
    return {
      data(bytes) {
        if (blob.size + bytes.length > maxBytes)
          throw new HttpError(413, "payload-too-large", messages.tooLarge(maxBytes));
        return blob.write(bytes);
      },
      end() {},
    };
  });
  const parser = new MultipartParser(boundary, form.onPart);
  // Checked by receiveUpload.
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      let chunk: Uint8Array | undefined;
      try {
        const next = await reader.read();
        if (next.done) break;
        chunk = next.value;
      } catch {
        // The client went away, or the connection broke.
        throw new HttpError(400, "bad-request", messages.uploadBroken);
      }
      await parser.write(chunk);
      if (freeChunks) release(chunk);
    }
    try {
      parser.end();
    } catch {
      // The body ended before the form did: a transfer cut short.
      throw new HttpError(400, "bad-request", messages.uploadBroken);
    }
    const { blob } = received;
    if (!blob || !form.file) throw new HttpError(400, "file-missing", messages.fileMissing);
    await blob.close();
    if (blob.sha256 === null) throw new Error("a closed blob has no checksum");
    const { name, mimeType } = form.file;
    return {
      blob,
      offset: 0,
      originalName: name,
      mimeType,
      size: blob.size,
      sha256: blob.sha256,
      fields: form.fields,
    };
  } catch (error) {
    reader.cancel().catch(() => {});
    await received.blob?.discard();
    throw asHttpError(error);
  }
}
