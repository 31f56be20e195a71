import type { FileChange, FileSearchPage, Folder, FolderChange, StoredFile } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import {
  keepPreviousData,
  queryOptions,
  refetchAfterWrite,
  useMutation,
  useQuery,
  useQueryClient,
} from "@klarwerk/kit/query";

/** `PATCH /api/files/{id}`: a new name and/or another folder. */
export async function changeFile({ id, change }: { id: number; change: FileChange }): Promise<StoredFile> {
  return (await callApi("PATCH /api/files/:id", { params: { id }, json: change })).file;
}

/** `PATCH /api/folders/{id}`: a new name and/or another parent. */
export async function changeFolder({ id, change }: { id: number; change: FolderChange }): Promise<Folder> {
  return (await callApi("PATCH /api/folders/:id", { params: { id }, json: change })).folder;
}

/**
 * After a rename or move every list of the file area may show it (the old and the new folder, a
 * search's hits, a folder's path): all of them reload.
 */
function useRefreshFileArea() {
  const queryClient = useQueryClient();
  return () => refetchAfterWrite(queryClient, ["mf-files"]);
}

export function useChangeFile() {
  const refresh = useRefreshFileArea();
  return useMutation({ mutationFn: changeFile, onSuccess: refresh });
}

export function useChangeFolder() {
  const refresh = useRefreshFileArea();
  return useMutation({ mutationFn: changeFolder, onSuccess: refresh });
}

/** One page of the search across every folder (`GET /api/files/search`). */
export function fileSearchQueryOptions({ search, page }: { search: string; page: number }) {
  return queryOptions({
    queryKey: ["mf-files", "search", search, page],
    queryFn: ({ signal }): Promise<FileSearchPage> =>
      callApi("GET /api/files/search", { query: { search, page }, signal }),
  });
}

export function useFileSearch(params: { search: string; page: number }, enabled: boolean) {
  return useQuery({ ...fileSearchQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
