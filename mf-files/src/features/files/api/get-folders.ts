import type { Folder } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";

export interface FolderLevel {
  /** The folder whose subfolders are listed; null for the root level. */
  parentId: number | null;
}

/** The folders of one level (`GET /api/folders`). */
export async function getFolders({ parentId }: FolderLevel, signal?: AbortSignal): Promise<Folder[]> {
  const answer = await callApi("GET /api/folders", { query: { parent_id: parentId }, signal });
  return answer.folders;
}

/** Keyed under "mf-files": every remote shares the portal's one query cache. */
export function foldersQueryOptions({ parentId }: FolderLevel) {
  return queryOptions({
    queryKey: ["mf-files", "folders", parentId],
    queryFn: ({ signal }) => getFolders({ parentId }, signal),
  });
}

export function useFolders(level: FolderLevel) {
  return useQuery(foldersQueryOptions(level));
}
