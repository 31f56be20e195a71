import { stat } from "node:fs/promises";
import { basename, extname, resolve, sep } from "node:path";
import { lockedPagePolicy, type PagePolicy } from "./content-security-policy.ts";
import { HttpError } from "./errors.ts";
import { httpMessages } from "./messages.ts";

/** Always revalidated: they name the current build, so a redeploy must be seen at once. */
const entryFiles = new Set(["index.html", "mf-manifest.json", "remoteEntry.js", "remotes.json"]);

/** Rsbuild writes hashed files under `static/` as `name.[contenthash:8].ext` (hex). */
const hashedName = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;

export const noCache = "no-cache";
export const immutable = "public, max-age=31536000, immutable";

/** Sent with every HTML page; `nosniff` goes with every static file. */
export const htmlSecurityHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
} as const;

/** `relativePath` uses "/" separators, relative to the dist folder. */
export function cacheControlFor(relativePath: string): string {
  const name = basename(relativePath);
  if (entryFiles.has(name)) return noCache;
  const inStatic = relativePath.split("/").includes("static");
  return inStatic && hashedName.test(name) ? immutable : noCache;
}

/**
 * Maps a URL path (still percent-encoded, relative to the folder's mount point) to a file path
 * inside `root`, or null when it must not be served: `..` or `.` segments, hidden files,
 * backslashes or NUL bytes, raw or encoded. Undecodable percent-escapes are a 400.
 */
export function resolveInside(root: string, encodedPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedPath);
  } catch {
    throw new HttpError(400, "bad-request", httpMessages.badRequest);
  }
  if (decoded.includes("\\") || decoded.includes("\0")) return null;
  const segments = decoded.split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => segment.startsWith("."))) return null;
  const base = resolve(root);
  const full = resolve(base, ...segments);
  return full === base || full.startsWith(base + sep) ? full : null;
}

/** A regular file's size and mtime, or null (missing, a directory, unreadable). */
export async function fileInfo(path: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** Whether Accept-Encoding allows `coding` (q > 0, directly or through `*`). */
export function accepts(acceptEncoding: string | null, coding: string): boolean {
  let wildcard = false;
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [token = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (token.trim() === coding) return allowed;
    if (token.trim() === "*") wildcard = allowed;
  }
  return wildcard;
}

const precompressed = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;

export interface ServeOptions {
  /** Cache-Control for this file. */
  cacheControl: string;
  /** The Content-Security-Policy of an HTML file; without one, an HTML file may load nothing. */
  pages?: PagePolicy;
}

/**
 * Answers with the file at `path` (which the caller found to exist), choosing a precompressed
 * `.br`/`.gz` sibling when the client accepts it. Files are read from disk on every request, so a
 * redeployed build is served at once. Weak ETags let revalidating clients get a 304.
 */
export async function serveFile(request: Request, path: string, options: ServeOptions): Promise<Response> {
  const headers = new Headers({
    "Cache-Control": options.cacheControl,
    "Content-Type": Bun.file(path).type,
    "X-Content-Type-Options": "nosniff",
  });
  if (extname(path) === ".html") {
    for (const [name, value] of Object.entries(htmlSecurityHeaders)) headers.set(name, value);
    headers.set("Content-Security-Policy", options.pages ? await options.pages.headerFor(path) : lockedPagePolicy);
  }

  let servedPath = path;
  let info = await fileInfo(path);
  let tag = "";
  const acceptEncoding = request.headers.get("accept-encoding");
  for (const { coding, suffix } of precompressed) {
    const siblingInfo = await fileInfo(path + suffix);
    if (!siblingInfo) continue;
    // The answer depends on Accept-Encoding whenever a compressed sibling exists at all.
    headers.set("Vary", "Accept-Encoding");
    if (servedPath === path && accepts(acceptEncoding, coding)) {
      servedPath = path + suffix;
      info = siblingInfo;
      tag = `-${coding}`;
      headers.set("Content-Encoding", coding);
    }
  }
  if (!info) throw new HttpError(404, "not-found", httpMessages.notFound);

  const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${tag}"`;
  headers.set("ETag", etag);
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch?.split(",").some((candidate) => candidate.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(Bun.file(servedPath), { headers });
}
