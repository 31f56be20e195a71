import type { FileListing } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions } from "@klarwerk/kit/query";

export interface FileFolder {
  /** The folder whose files are listed; null for the root level. */
  folderId: number | null;
}

/** The files of one folder, newest first, and the server's upload limit (`GET /api/files`). */
export function getFiles({ folderId }: FileFolder, signal?: AbortSignal): Promise<FileListing> {
  return callApi("GET /api/files", { query: { folder_id: folderId }, signal });
}

/** Keyed under "mf-files": every remote shares the portal's one query cache. */
export function filesQueryOptions({ folderId }: FileFolder) {
  return queryOptions({
    queryKey: ["mf-files", "files", folderId],
    queryFn: ({ signal }) => getFiles({ folderId }, signal),
  });
}
