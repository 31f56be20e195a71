/** The folders module's public face (a Biome rule refuses deeper imports from outside). */
export { existingFolderParam, folderParamErrors, folderQueryParameter, optionalFolderId } from "./ids.ts";
export { foldersApiMessages } from "./messages.ts";
export { foldersModule } from "./routes.ts";
