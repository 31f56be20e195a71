/**
 * A streaming `multipart/form-data` parser (RFC 7578) for uploads of any size at the speed of
 * the disk. Boundaries are found with `Buffer.indexOf` (native), part bodies are handed on as
 * views into the request's own chunks (no copy), and the caller's handler is awaited before the
 * next chunk is read, so memory stays bounded by what the handler buffers. busboy, measured with
 * bench/upload.ts on the same machine, reached about half the throughput: its per-chunk stream
 * plumbing, not the boundary search, was the cost.
 *
 * Parts are read as browsers send them (WHATWG "multipart/form-data encoding"): header values are
 * UTF-8, and a quoted `filename` is taken verbatim up to the next quote, since browsers never
 * escape inside it with backslashes (they percent-encode `"`, CR and LF instead).
 */

export class MultipartError extends Error {
  override name = "MultipartError";
}

export interface PartHeaders {
  /** The form field's name (`name="file"`); null when missing. */
  name: string | null;
  /** Present on file parts, as sent (may be ""); null on text fields. */
  filename: string | null;
  /** The part's media type, lower case without parameters; null when not declared. */
  contentType: string | null;
}

/** Receives one part's body, in order. A promise returned from `data` is awaited (backpressure). */
export interface PartHandler {
  data(bytes: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

/** Called at each part's headers; `bodyOffset` is where its body begins among all bytes written. */
export type PartStarter = (headers: PartHeaders, bodyOffset: number) => PartHandler;

export interface MultipartOptions {
  limits?: MultipartLimits;
  /**
   * Start as if a delimiter (`\r\n--boundary`) had just been read: to parse the end of a body
   * whose earlier parts were handled elsewhere.
   */
  afterDelimiter?: boolean;
}

export interface MultipartLimits {
  /** A part's header block. */
  headerBytes: number;
  /** Text before the first boundary (browsers send none). */
  preambleBytes: number;
  parts: number;
}

const defaultLimits: MultipartLimits = { headerBytes: 16 * 1024, preambleBytes: 16 * 1024, parts: 16 };

const empty = Buffer.alloc(0);
const headerEnd = Buffer.from("\r\n\r\n");
const dash = 0x2d;
const cr = 0x0d;
const lf = 0x0a;

/** The boundary of a `multipart/form-data` Content-Type header (RFC 2046: 1 to 70 characters). */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** What ends every part of a form: CR LF, two dashes, the boundary. */
export function partDelimiter(boundary: string): Buffer {
  return Buffer.from(`\r\n--${boundary}`, "latin1");
}

type State = "preamble" | "after-boundary" | "headers" | "body" | "done";

export class MultipartParser {
  private state: State = "preamble";
  /** Bytes kept from the previous chunk: a possible start of the delimiter, or an unfinished header. */
  private pending: Buffer;
  private readonly delimiter: Buffer;
  private part: PartHandler | null = null;
  private preambleSeen = 0;
  private partsSeen = 0;
  /** Bytes written so far: the data being looked at always ends here. */
  private written = 0;
  private readonly limits: MultipartLimits;

  constructor(
    boundary: string,
    private readonly onPart: PartStarter,
    options: MultipartOptions = {},
  ) {
    this.delimiter = partDelimiter(boundary);
    this.limits = options.limits ?? defaultLimits;
    if (options.afterDelimiter) {
      this.state = "after-boundary";
      this.pending = empty;
    } else {
      // The first boundary has no line break in front of it: start as if one had been read.
      this.pending = Buffer.from("\r\n");
    }
  }

  /** True once the closing boundary has been read; anything after it is ignored. */
  get done(): boolean {
    return this.state === "done";
  }

  async write(chunk: Uint8Array): Promise<void> {
    let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.written += data.length;
    while (data.length > 0 && this.state !== "done") {
      data = this.state === "body" ? await this.readBody(data) : this.readFraming(data);
    }
  }

  /** The body has ended: anything but a complete form is an error. */
  end(): void {
    if (this.state !== "done") throw new MultipartError("the form ends before its closing boundary");
  }

  /** Preamble, boundary line and part headers: small, so joining chunks here costs nothing. */
  private readFraming(data: Buffer): Buffer {
    // `data` is always what is left of the latest chunk, so it ends at `written`.
    const bufferStart = this.written - data.length - this.pending.length;
    const buffer = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
    this.pending = empty;
    switch (this.state) {
      case "preamble": {
        const at = buffer.indexOf(this.delimiter);
        if (at >= 0) {
          this.state = "after-boundary";
          return buffer.subarray(at + this.delimiter.length);
        }
        this.preambleSeen += data.length;
        if (this.preambleSeen > this.limits.preambleBytes) throw new MultipartError("no boundary found");
        this.pending = Buffer.from(buffer.subarray(Math.max(0, buffer.length - (this.delimiter.length - 1))));
        return empty;
      }
      case "after-boundary": {
        if (buffer.length < 2) {
          this.pending = Buffer.from(buffer);
          return empty;
        }
        if (buffer[0] === dash && buffer[1] === dash) {
          this.state = "done";
          return empty;
        }
        if (buffer[0] === cr && buffer[1] === lf) {
          this.state = "headers";
          return buffer.subarray(2);
        }
        throw new MultipartError("malformed boundary line");
      }
      case "headers": {
        // A blank line right away: a part without headers, so without a name.
        if (buffer.length >= 2 && buffer[0] === cr && buffer[1] === lf) {
          throw new MultipartError("part without Content-Disposition");
        }
        const at = buffer.indexOf(headerEnd);
        if (at < 0 || at > this.limits.headerBytes) {
          if (buffer.length > this.limits.headerBytes) throw new MultipartError("part headers too long");
          this.pending = Buffer.from(buffer);
          return empty;
        }
        this.partsSeen++;
        if (this.partsSeen > this.limits.parts) throw new MultipartError("too many parts");
        const bodyOffset = bufferStart + at + headerEnd.length;
        this.part = this.onPart(parsePartHeaders(buffer.subarray(0, at).toString("utf8")), bodyOffset);
        this.state = "body";
        return buffer.subarray(at + headerEnd.length);
      }
      default:
        throw new Error(`readFraming in state ${this.state}`);
    }
  }

  /**
   * Hands on everything before the next delimiter. Up to `delimiter.length - 1` bytes at the end
   * of a chunk are held back, since the delimiter may begin there and end in the next chunk.
   */
  private async readBody(data: Buffer): Promise<Buffer> {
    const keep = this.delimiter.length - 1;
    const carry = this.pending;
    if (carry.length > 0) {
      this.pending = empty;
      // Too short to decide against: join (both are small) and look again.
      if (data.length < keep) return this.scanBody(Buffer.concat([carry, data]));
      // A delimiter that starts in `carry` ends within the first `keep` bytes of `data`.
      const edge = Buffer.concat([carry, data.subarray(0, keep)]);
      const at = edge.indexOf(this.delimiter);
      if (at >= 0)
        return this.finishPart(edge.subarray(0, at), data.subarray(at + this.delimiter.length - carry.length));
      await this.emit(carry);
    }
    return this.scanBody(data);
  }

  /**
   * Ends the part at the delimiter in `chunk`; without one, hands on all but the last bytes a
   * delimiter could start in, and keeps those (copied: the chunk is the stream's) for the next.
   */
  private async scanBody(chunk: Buffer): Promise<Buffer> {
    const at = chunk.indexOf(this.delimiter);
    if (at >= 0) return this.finishPart(chunk.subarray(0, at), chunk.subarray(at + this.delimiter.length));
    const safe = Math.max(0, chunk.length - (this.delimiter.length - 1));
    await this.emit(chunk.subarray(0, safe));
    this.pending = Buffer.from(chunk.subarray(safe));
    return empty;
  }

  private async finishPart(last: Buffer, rest: Buffer): Promise<Buffer> {
    await this.emit(last);
    const part = this.part;
    this.part = null;
    this.state = "after-boundary";
    await part?.end();
    return rest;
  }

  private async emit(bytes: Buffer): Promise<void> {
    if (bytes.length === 0 || !this.part) return;
    const pending = this.part.data(bytes);
    if (pending) await pending;
  }
}

/** The headers of one part; only Content-Disposition and Content-Type matter here. */
function parsePartHeaders(block: string): PartHeaders {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MultipartError("malformed part header");
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === "content-disposition") disposition = value;
    else if (field === "content-type") contentType = value.split(";")[0]?.trim().toLowerCase() || null;
  }
  if (disposition === null) throw new MultipartError("part without Content-Disposition");
  const { type, params } = parseParameters(disposition);
  if (type.toLowerCase() !== "form-data") throw new MultipartError("part is not form-data");
  const extended = params.get("filename*");
  const filename = (extended !== undefined ? decodeExtendedValue(extended) : null) ?? params.get("filename") ?? null;
  return { name: params.get("name") ?? null, filename, contentType };
}

/** `form-data; name="file"; filename="a b.txt"` → type and parameters (names in lower case). */
function parseParameters(value: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  let at = value.indexOf(";");
  const type = (at < 0 ? value : value.slice(0, at)).trim();
  while (at >= 0 && at < value.length) {
    const equals = value.indexOf("=", at + 1);
    const nextSemicolon = value.indexOf(";", at + 1);
    if (equals < 0 || (nextSemicolon >= 0 && nextSemicolon < equals)) {
      at = nextSemicolon;
      continue;
    }
    const key = value
      .slice(at + 1, equals)
      .trim()
      .toLowerCase();
    let start = equals + 1;
    while (value[start] === " " || value[start] === "\t") start++;
    let parsed: string;
    if (value[start] === '"') {
      const close = value.indexOf('"', start + 1);
      if (close < 0) throw new MultipartError("unterminated quoted parameter");
      parsed = value.slice(start + 1, close);
      at = value.indexOf(";", close + 1);
    } else {
      const end = value.indexOf(";", start);
      parsed = (end < 0 ? value.slice(start) : value.slice(start, end)).trim();
      at = end;
    }
    if (key !== "" && !params.has(key)) params.set(key, parsed);
  }
  return { type, params };
}

/** RFC 8187 `UTF-8''Pr%C3%A4sentation.pdf`; null for other charsets or broken encodings. */
function decodeExtendedValue(value: string): string | null {
  const match = /^([A-Za-z0-9!#$&+^`{}~_-]+)'[^']*'(.*)$/.exec(value);
  if (!match?.[1] || match[2] === undefined) return null;
  const charset = match[1].toLowerCase();
  if (charset !== "utf-8" && charset !== "iso-8859-1") return null;
  try {
    const bytes = Buffer.from(
      match[2].replace(/%([0-9A-Fa-f]{2})|([^%])/g, (_, hex: string | undefined, char: string | undefined) =>
        hex ? String.fromCharCode(Number.parseInt(hex, 16)) : (char ?? ""),
      ),
      "latin1",
    );
    return charset === "utf-8" ? new TextDecoder("utf-8", { fatal: true }).decode(bytes) : bytes.toString("latin1");
  } catch {
    return null;
  }
}
