import { HttpError } from "../../http/errors.ts";
import { reprDigest, strongEtag } from "../../storage/blob-digest.ts";
import type { BlobContent } from "../../storage/blob-store.ts";
import { filesApiMessages as messages } from "./messages.ts";

/**
 * Nothing a stored file contains may run in our origin: no sniffing into HTML, and should the
 * file be opened as a page (an SVG with a script), a sandbox without scripts or requests.
 */
export const inertHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

// RFC 5987 attr-char: what may stand unencoded in `filename*`. encodeURIComponent leaves ' ( ) *
// as they are, which that grammar does not allow.
function encodeAttrValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The name for clients that ignore `filename*`: ASCII, accents dropped, quotes replaced. */
function asciiFallback(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return ascii.trim() === "" ? "download" : ascii;
}

/**
 * `attachment; filename="Prasentation Marz u.pdf"; filename*=UTF-8''Pr%C3%A4sentation%20...`:
 * browsers save under the UTF-8 name, older clients under its ASCII shape (RFC 6266).
 */
export function contentDisposition(type: "attachment" | "inline", name: string): string {
  return `${type}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeAttrValue(name)}`;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * The one byte range a `Range` header asks for, or null to send the whole file (no header, a
 * unit other than bytes, several ranges, or syntax we do not read: RFC 9110 lets a server ignore
 * those). A range wholly outside the file is a 416.
 */
export function requestedRange(header: string | null, size: number): ByteRange | null {
  // The unit is case-insensitive (RFC 9110, section 14.1).
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header?.trim() ?? "");
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  let start: number;
  let end: number;
  if (first === "") {
    // "bytes=-500": the last 500 bytes.
    const suffix = Number(last);
    if (suffix === 0) throw unsatisfiable(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== "" && Number(last) < start) return null;
  }
  if (start >= size) throw unsatisfiable(size);
  return { start, end };
}

function unsatisfiable(size: number): HttpError {
  return new HttpError(416, "range-not-satisfiable", messages.rangeNotSatisfiable, {
    "Content-Range": `bytes */${size}`,
  });
}

export interface BlobResponseOptions {
  /** The blob's bytes from `start` up to `end` (exclusive), from its store. */
  content: (start: number, end: number) => BlobContent;
  /** Where the content begins in the blob. */
  offset: number;
  /** The content's length. */
  size: number;
  /** The content's SHA-256 (hex); null when not known yet (a file stored before checksums). */
  sha256: string | null;
  headers: Record<string, string>;
}

/** How the API document describes the digest headers of every download (files and invoices). */
export const digestHeaderDocs = {
  "Repr-Digest": {
    description:
      "`sha-256=:<base64>:` (RFC 9530): the SHA-256 of the whole document, also on a 206. Missing only for " +
      "one stored before checksums were kept, until the background backfill has reached it.",
    schema: { type: "string" },
  },
  ETag: {
    description: "A strong entity tag derived from the SHA-256.",
    schema: { type: "string" },
  },
} as const;

/** The entity tags of an `If-None-Match` or `If-Range` header (`*` stands for any). */
function entityTags(header: string): string[] {
  return header.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
}

/**
 * Whether `If-Range` lets the `Range` through (RFC 9110, 13.1.5): only for the same strong tag.
 * A date never matches (the answers carry no Last-Modified), nor does any tag of a file whose
 * checksum is not known yet: the client gets the whole file, never a piece of other bytes.
 */
function rangeStillValid(ifRange: string | null, etag: string | null): boolean {
  if (ifRange === null) return true;
  const tag = ifRange.trim();
  return etag !== null && !tag.startsWith("W/") && tag === etag;
}

/**
 * The blob as a streamed response (downloads and previews alike): the store's content is read
 * (from disk, or a ranged GET from the bucket) as the client takes it, so a 1 GiB download costs
 * no memory. A satisfiable `Range` gets a 206 with just those bytes (a resumed or seeking
 * download), one wholly outside the file a JSON 416, and a `Range` this server does not read the
 * whole file. HEAD gets the same headers and no body. Cache-Control is the API's `no-store`
 * (src/http/no-store.ts): stored files are personal.
 *
 * With the file's SHA-256 known, every answer (200, 206, HEAD) carries `Repr-Digest` (RFC 9530)
 * and a strong `ETag` derived from it. Both describe the whole file (the selected
 * representation), also on a 206: a client that resumed a download checks the assembled file
 * against them. `If-Range` with that tag resumes; any other validator gets the whole file.
 * `If-None-Match` with it is a 304.
 *
 * Bun's server answers `Range` by itself for a 200 whose body is a whole file (disk store only,
 * a blob stored at offset 0), with its own reading of the header (`Bytes=0-0`, `bytes=0 -0`) and
 * an empty 416 in the file's media type. So when this server ignores a `Range`, the whole file is
 * sent as a stream Bun does not recognize as a file: ranges are decided here only. A streamed
 * body (that one, and every body from the bucket) goes out chunked: Bun 1.4 drops the
 * Content-Length we set on it (oven-sh/bun#10507; docs/stack-facts.md).
 */
export function blobResponse(
  request: Request,
  { content, offset, size, sha256, headers }: BlobResponseOptions,
): Response {
  const all = new Headers(headers);
  all.set("Accept-Ranges", "bytes");
  const etag = sha256 === null ? null : strongEtag(sha256);
  if (sha256 !== null) {
    all.set("ETag", strongEtag(sha256));
    all.set("Repr-Digest", reprDigest(sha256));
  }
  const ifNoneMatch = request.headers.get("if-none-match");
  if (etag !== null && ifNoneMatch !== null && entityTags(ifNoneMatch).some((tag) => tag === "*" || tag === etag)) {
    return new Response(null, { status: 304, headers: all });
  }
  const rangeHeader = request.headers.get("range");
  const range = rangeStillValid(request.headers.get("if-range"), etag) ? requestedRange(rangeHeader, size) : null;
  // HEAD: the headers alone, without reading the blob; Bun's server keeps the Content-Length we
  // set only on a response without a body, never on a streamed one (the bucket's content).
  const head = request.method === "HEAD";
  if (!range) {
    all.set("Content-Length", String(size));
    if (head) return new Response(null, { status: 200, headers: all });
    const whole = content(offset, offset + size);
    if (rangeHeader === null || !(whole instanceof Blob)) return new Response(whole, { status: 200, headers: all });
    all.delete("Content-Length");
    return new Response(whole.stream().pipeThrough(new TransformStream()), { status: 200, headers: all });
  }
  all.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  all.set("Content-Length", String(range.end - range.start + 1));
  if (head) return new Response(null, { status: 206, headers: all });
  return new Response(content(offset + range.start, offset + range.end + 1), { status: 206, headers: all });
}
