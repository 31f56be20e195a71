import { extname } from "node:path";
import type { RemoteName } from "@klarwerk/kit";
import type { ChangeFeed } from "../../db/change-feed.ts";
import type { Sql } from "../../db/open.ts";
import { TableCache } from "../../db/table-cache.ts";
import { lockedPagePolicy } from "../../http/content-security-policy.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { accepts, htmlSecurityHeaders, immutable } from "../../http/static-files.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { releaseFilesOf, type StoredReleaseFile } from "./store.ts";

/**
 * Releases whose file lists are kept. A release is immutable, but an admin may delete it (and its
 * version be released anew): a kept list is forgotten when `releases` changes, in every process.
 */
const keptReleases = 64;

/**
 * What a remote's build needs served as it is: scripts, styles, data, fonts, raster images. None
 * of them runs as a page when opened. Anything else a release holds (SVG, XML, XHTML, SHTML, an
 * unknown type) could run script as the portal's origin when opened, with the session in local
 * storage: sandboxed and a download. Decided by the extension in lower case.
 */
const servedAsIs = new Set([
  ".js",
  ".mjs",
  ".cjs",
  ".css",
  ".json",
  ".map",
  ".wasm",
  ".txt",
  ".woff",
  ".woff2",
  ".ttf",
  ".otf",
  ".eot",
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".avif",
  ".ico",
  ".bmp",
]);
const htmlExtensions = new Set([".html", ".htm"]);

/** No script, no plugin, no same-origin access, nothing loaded: what every other file gets. */
export const sandboxedFilePolicy = `sandbox; ${lockedPagePolicy}`;

const precompressed = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;

/**
 * Serves an uploaded release's files from the blob store under
 * `/remotes/mf-<name>/releases/<version>/<path>`. Every file there, the manifest and the remote
 * entry too, is cached for a year (`immutable`): a version names one build forever, and which
 * version a visitor gets is decided by `/remotes.json`, which is never cached.
 */
export function releaseFileServer(sql: Sql, store: BlobStore, changes: ChangeFeed | null) {
  const lists = new TableCache<Map<string, StoredReleaseFile> | null>(changes, {
    name: "release-files",
    tables: ["releases"],
    maxEntries: keptReleases,
  });

  function filesOf(remote: RemoteName, version: string): Promise<Map<string, StoredReleaseFile> | null> {
    return lists.get(`${remote}/${version}`, () => releaseFilesOf(sql, remote, version));
  }

  return async function serveReleaseFile(
    request: Request,
    remote: RemoteName,
    version: string,
    path: string,
  ): Promise<Response> {
    const files = await filesOf(remote, version);
    const file = files?.get(path);
    if (!files || !file) throw new HttpError(404, "not-found", httpMessages.notFound);
    const headers = new Headers({
      "Cache-Control": immutable,
      "Content-Type": Bun.file(`x${extname(path).toLowerCase()}`).type,
      "X-Content-Type-Options": "nosniff",
    });
    const extension = extname(path).toLowerCase();
    if (htmlExtensions.has(extension)) {
      for (const [name, value] of Object.entries(htmlSecurityHeaders)) headers.set(name, value);
      headers.set("Content-Security-Policy", sandboxedFilePolicy);
    } else if (!servedAsIs.has(extension)) {
      headers.set("Content-Security-Policy", sandboxedFilePolicy);
      headers.set("Content-Disposition", "attachment");
    }
    let served = file;
    for (const { coding, suffix } of precompressed) {
      const sibling = files.get(path + suffix);
      if (!sibling) continue;
      headers.set("Vary", "Accept-Encoding");
      if (served === file && accepts(request.headers.get("accept-encoding"), coding)) {
        served = sibling;
        headers.set("Content-Encoding", coding);
      }
    }
    const etag = `"${served.sha256}"`;
    headers.set("ETag", etag);
    if (
      request.headers
        .get("if-none-match")
        ?.split(",")
        .some((candidate) => candidate.trim() === etag)
    ) {
      return new Response(null, { status: 304, headers });
    }
    headers.set("Content-Length", String(served.size));
    return new Response(store.content(served.blobId, 0, served.size), { headers });
  };
}

export type ReleaseFileServer = ReturnType<typeof releaseFileServer>;
