/**
 * What the files module offers the rest of the API (other modules, tools, the start): the only file
 * of this folder they may import (biome.json). Its Elysia plugin, `routes.ts`, is imported by
 * api/src/app.ts alone, so that importing this file stays cheap (no routes, no PDF library).
 */
export { fileBlobArea, fileBlobStore, sweepFileBlobs } from "./blobs.ts";
export { blobResponse, contentDisposition, digestHeaderDocs, inertHeaders, requestedRange } from "./serve.ts";
export { fileBlobRows, searchFiles } from "./store.ts";
