/**
 * What the trash module offers the rest of the API: the only file of this folder they may import
 * (biome.json). Moving into the trash is the folders module's (`trashItem`); `routes.ts` is app.ts's.
 */
export { trashApiMessages } from "./messages.ts";
export { runTrashPurge } from "./service.ts";
