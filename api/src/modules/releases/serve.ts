import { extname } from "node:path";
import type { RemoteName } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { lockedPagePolicy } from "../../web/content-security-policy.ts";
import { accepts, htmlSecurityHeaders, immutable } from "../../web/static-files.ts";
import { releaseFilesOf, type StoredReleaseFile } from "./store.ts";

/** Releases whose file lists are kept (a release is immutable, so a kept list never goes stale). */
const keptReleases = 64;

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
export function releaseFileServer(sql: Sql, store: BlobStore) {
  const lists = new Map<string, Map<string, StoredReleaseFile>>();

  async function filesOf(remote: RemoteName, version: string): Promise<Map<string, StoredReleaseFile> | null> {
    const key = `${remote}/${version}`;
    const kept = lists.get(key);
    if (kept) return kept;
    const files = await releaseFilesOf(sql, remote, version);
    if (!files) return null;
    if (lists.size >= keptReleases) lists.delete(lists.keys().next().value ?? "");
    lists.set(key, files);
    return files;
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
      "Content-Type": Bun.file(`x${extname(path)}`).type,
      "X-Content-Type-Options": "nosniff",
    });
    if (extname(path) === ".html") {
      for (const [name, value] of Object.entries(htmlSecurityHeaders)) headers.set(name, value);
      headers.set("Content-Security-Policy", lockedPagePolicy);
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
