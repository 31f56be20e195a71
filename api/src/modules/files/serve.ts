import { HttpError } from "../../http/errors.ts";
import { filesApiMessages as messages } from "./messages.ts";

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
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
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
  return new HttpError(416, messages.rangeNotSatisfiable, { "Content-Range": `bytes */${size}` });
}

export interface BlobResponseOptions {
  path: string;
  /** Where the content begins in the file at `path`. */
  offset: number;
  /** The content's length. */
  size: number;
  headers: Record<string, string>;
  /** Honour `Range` (downloads); previews are always sent whole. */
  ranges: boolean;
}

/**
 * The blob as a streamed response: `Bun.file` reads from disk as the client takes it, so a
 * 1 GiB download costs no memory. A satisfiable `Range` gets a 206 with just those bytes (a
 * resumed or seeking download), answered here rather than by Bun so tests see the same. HEAD
 * gets the same response; Bun's server sends its headers without the body.
 */
export function blobResponse(request: Request, { path, offset, size, headers, ranges }: BlobResponseOptions): Response {
  const all = new Headers(headers);
  all.set("Cache-Control", "private, no-cache");
  if (ranges) all.set("Accept-Ranges", "bytes");
  const range = ranges ? requestedRange(request.headers.get("range"), size) : null;
  const file = Bun.file(path);
  if (!range) {
    all.set("Content-Length", String(size));
    return new Response(file.slice(offset, offset + size), { status: 200, headers: all });
  }
  all.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  all.set("Content-Length", String(range.end - range.start + 1));
  return new Response(file.slice(offset + range.start, offset + range.end + 1), { status: 206, headers: all });
}
