import { blobsPrefix, setsPrefix } from "./backup/manifest.ts";
import type { Config } from "./config.ts";
import type { PrivateFolder } from "./lib/private-files.ts";
import { diskFolders } from "./storage/configured-blob-store.ts";

/**
 * What the API and the commands keep to their account at start: `DATA_DIR` (the embedded
 * database with its lock and socket, the generated secret, the disk stores) and, for sets on disk,
 * `BACKUP_DIR`.
 */
export function privateFolders(config: Pick<Config, "dataDir" | "backupTarget">): PrivateFolder[] {
  const folders: PrivateFolder[] = [
    {
      label: "DATA_DIR",
      path: config.dataDir,
      entries: ["pglite", "pglite.lock", "pglite.sock", "jwt-secret", ...Object.values(diskFolders)],
    },
  ];
  if (config.backupTarget.kind === "disk") {
    const entries = [setsPrefix, blobsPrefix].map((prefix) => prefix.replace(/\/$/, ""));
    folders.push({ label: "BACKUP_DIR", path: config.backupTarget.dir, entries });
  }
  return folders;
}
