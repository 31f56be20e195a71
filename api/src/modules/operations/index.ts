/** The operations module's public face: `/api/health` and the blob maintenance (a Biome rule refuses deeper imports from outside). */
export { blobAreas, describeScrub, runBlobMaintenance, scheduleBlobMaintenance } from "./maintenance.ts";
export { healthModule } from "./routes.ts";
