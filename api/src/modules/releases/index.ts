/**
 * What the releases module offers the rest of the API (the app, the web routes, the start): the
 * only file of this folder they may import (biome.json). Its Elysia plugin, `routes.ts`, is
 * imported by api/src/app.ts alone.
 */
export { releaseBlobArea, releaseBlobStore, sweepReleaseBlobs } from "./blobs.ts";
export { type CanaryVisitors, canaryVisitors } from "./callers.ts";
export { fetchExternalManifest } from "./external.ts";
export { parseVisitorId, type RolloutState, registryFor, rolloutState, urlsInUse } from "./rollout-state.ts";
export { type ReleaseFileServer, releaseFileServer } from "./serve.ts";
export { deployKeyRefusalLimit, releasesService } from "./service.ts";
export { shellNeeds } from "./shell-needs.ts";
export { releaseBlobRows } from "./store.ts";
export { type CanaryTickets, canaryTickets } from "./tickets.ts";
