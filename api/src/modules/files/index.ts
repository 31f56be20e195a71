/** The files module's public face (a Biome rule refuses deeper imports from outside). */
export { fileBlobArea, fileBlobStore, sweepFileBlobs } from "./blobs.ts";
export { filesModule, streamedBodyPaths } from "./routes.ts";
export { contentDisposition, digestHeaderDocs } from "./serve.ts";
export { fileBlobRows } from "./store.ts";
