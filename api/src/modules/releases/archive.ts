import { gunzipSync } from "node:zlib";
import { releaseArchiveMaxBytes } from "@klarwerk/kit";
import { HttpError } from "../../http/errors.ts";
import { releaseMessages as messages } from "./messages.ts";

/**
 * Reads the archive of a remote's `dist/` (tar, or tar.gz), entirely in memory and within limits,
 * before anything is stored. Written here rather than through `Bun.Archive`: that one unpacks
 * every entry whole, with no bound on what a small gzip expands to, and keeps `../` and absolute
 * names as they are; here the expansion is capped (`gunzipSync`'s `maxOutputLength`) and every
 * name is checked first. Only regular files and folders are taken: links could point anywhere.
 */

/**
 * At most this many entries in one archive, folders and hidden files included (a remote's dist
 * has about 50 files): each entry costs work before anything is refused, and folders are as
 * cheap to send as files (a million fit in a 7 MB gzip).
 */
export const maxArchiveFiles = 5000;

/**
 * Extended headers (pax, GNU long names) precede the entry they describe: a tar writes at most
 * two per entry, so more than this many in all is no tar a build made.
 */
const maxExtendedHeaders = 2 * maxArchiveFiles;

/** At most this many bytes unpacked (a gzip can expand a thousandfold). */
export const maxUnpackedBytes = 512 * 1024 * 1024;

export interface ArchiveFile {
  /** Relative, `/`-separated, no `.`/`..` segments. */
  path: string;
  bytes: Uint8Array;
}

const block = 512;
const decoder = new TextDecoder();

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
}

function octal(header: Uint8Array, start: number, length: number): number {
  // GNU base-256 for sizes of 8 GiB and more: far beyond the limits, so refused.
  if ((header[start] ?? 0) & 0x80)
    throw new HttpError(413, "release-archive-too-large", messages.archiveTooLarge(maxUnpackedBytes / 1024 / 1024));
  const text = field(header, start, length).trim();
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text)) throw new HttpError(422, "release-archive-unreadable", messages.archiveUnreadable);
  return Number.parseInt(text, 8);
}

function checksumMatches(header: Uint8Array): boolean {
  let sum = 0;
  for (let index = 0; index < block; index++) sum += index >= 148 && index < 156 ? 32 : (header[index] ?? 0);
  return octal(header, 148, 8) === sum;
}

/** The values of a pax extended header (`<length> <key>=<value>\n` records). */
function paxRecords(bytes: Uint8Array): Map<string, string> {
  const records = new Map<string, string>();
  const text = decoder.decode(bytes);
  let offset = 0;
  while (offset < text.length) {
    const space = text.indexOf(" ", offset);
    const length = Number(text.slice(offset, space));
    if (space < 0 || !Number.isInteger(length) || length <= 0) break;
    const record = text.slice(space + 1, offset + length - 1);
    const equals = record.indexOf("=");
    if (equals > 0) records.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return records;
}

/**
 * The name as stored, or a refusal: absolute, `..`, backslashes and NUL are unsafe (409 would
 * say "conflict"; the archive itself is bad input: 422). `./` and empty segments are dropped.
 */
export function safeArchivePath(name: string): string {
  if (name.startsWith("/") || name.includes("\\") || name.includes("\0") || /^[A-Za-z]:/.test(name)) {
    throw new HttpError(422, "release-archive-unsafe-path", messages.archiveUnsafePath(name));
  }
  const segments = name.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.some((segment) => segment === ".."))
    throw new HttpError(422, "release-archive-unsafe-path", messages.archiveUnsafePath(name));
  return segments.join("/");
}

function unpacked(archive: Uint8Array): Uint8Array {
  if (archive[0] !== 0x1f || archive[1] !== 0x8b) return archive;
  try {
    return gunzipSync(archive, { maxOutputLength: maxUnpackedBytes });
  } catch (error) {
    if (error instanceof RangeError)
      throw new HttpError(413, "release-archive-too-large", messages.archiveTooLarge(maxUnpackedBytes / 1024 / 1024));
    throw new HttpError(422, "release-archive-unreadable", messages.archiveUnreadable);
  }
}

/**
 * Every regular file of the archive, with its checked path. A leading `dist/` shared by every
 * file is dropped, so `tar czf x.tgz dist` and `tar czf x.tgz -C dist .` give the same release.
 * Hidden files (`.DS_Store`, `._x`) are left out: the server never serves them.
 */
export function readReleaseArchive(archive: Uint8Array): ArchiveFile[] {
  const tar = unpacked(archive);
  const files: ArchiveFile[] = [];
  const paths = new Set<string>();
  let entries = 0;
  let extendedHeaders = 0;
  let offset = 0;
  let longName: string | null = null;
  while (offset + block <= tar.length) {
    const header = tar.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) break;
    if (!checksumMatches(header)) throw new HttpError(422, "release-archive-unreadable", messages.archiveUnreadable);
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const dataStart = offset + block;
    const dataEnd = dataStart + size;
    if (dataEnd > tar.length) throw new HttpError(422, "release-archive-unreadable", messages.archiveUnreadable);
    const data = tar.subarray(dataStart, dataEnd);
    offset = dataStart + Math.ceil(size / block) * block;

    if (type === "x" || type === "L" || type === "g") {
      extendedHeaders++;
      if (extendedHeaders > maxExtendedHeaders)
        throw new HttpError(422, "release-archive-unreadable", messages.archiveUnreadable);
    } else {
      entries++;
      if (entries > maxArchiveFiles)
        throw new HttpError(422, "release-archive-too-many-files", messages.archiveTooManyFiles(maxArchiveFiles));
    }
    if (type === "x") {
      longName = paxRecords(data).get("path") ?? longName;
      continue;
    }
    if (type === "L") {
      longName = field(data, 0, data.length);
      continue;
    }
    if (type === "g") continue;
    const prefix = field(header, 345, 155);
    const rawName = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    longName = null;
    const path = safeArchivePath(rawName);
    if (type === "5") continue;
    if (type !== "0" && type !== "\0" && type !== "7")
      throw new HttpError(422, "release-archive-unsafe-path", messages.archiveUnsafePath(rawName));
    if (path === "" || path.split("/").some((segment) => segment.startsWith("."))) continue;
    // Stored by path (one row each): a second entry of a path would replace or clash with the first.
    if (paths.has(path))
      throw new HttpError(422, "release-archive-duplicate-path", messages.archiveDuplicatePath(path));
    paths.add(path);
    files.push({ path, bytes: data });
  }
  if (files.length === 0) throw new HttpError(422, "release-archive-empty", messages.archiveEmpty);
  if (files.every((file) => file.path.startsWith("dist/"))) {
    return files.map((file) => ({ ...file, path: file.path.slice("dist/".length) }));
  }
  return files;
}

/** The archive, read whole up to the limit: a declared length over it is refused before a byte is read. */
export async function readArchiveBody(request: Request): Promise<Uint8Array> {
  const tooLarge = () =>
    new HttpError(413, "payload-too-large", messages.archiveTooLarge(releaseArchiveMaxBytes / 1024 / 1024));
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > releaseArchiveMaxBytes) throw tooLarge();
  if (!request.body) throw new HttpError(422, "release-archive-unreadable", messages.archiveUnreadable);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > releaseArchiveMaxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
