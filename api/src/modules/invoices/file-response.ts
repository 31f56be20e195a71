import { reprDigest, strongEtag } from "../../storage/blob-digest.ts";
import { contentDisposition } from "../files/index.ts";

/** Downloads are stored files (or made from stored data): nothing of them runs in our origin. */
export function fileResponse(body: BodyInit, type: string, name: string, sha256: string | null): Response {
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": contentDisposition("attachment", name),
    // Personal data, as every answer under /api: neither the browser nor a proxy keeps a copy.
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  // As the file area's downloads (files/serve.ts): the whole document's SHA-256 and a tag from it.
  if (sha256 !== null) {
    headers.set("Repr-Digest", reprDigest(sha256));
    headers.set("ETag", strongEtag(sha256));
  }
  return new Response(body, { headers });
}
