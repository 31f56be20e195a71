/**
 * What the folders module offers the rest of the API (other modules, tools, the start): the only file
 * of this folder they may import (biome.json). Its Elysia plugin, `routes.ts`, is imported by
 * api/src/app.ts alone, so that importing this file stays cheap (no routes, no PDF library).
 */
export { existingFolderParam, folderParamErrors, folderQueryParameter, optionalFolderId } from "./ids.ts";
export { foldersApiMessages } from "./messages.ts";
export { itemNameMax, itemNameOf, type NameMessages } from "./names.ts";
export { rootFolderLocked } from "./store.ts";
export { folderPathOf, liveFolderLocked, lockFolderTree, trashItem } from "./trash.ts";
