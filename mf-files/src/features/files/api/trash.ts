import type { Folder, TrashList, TrashRestored } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import {
  keepPreviousData,
  queryOptions,
  refetchAfterWrite,
  useMutation,
  useQuery,
  useQueryClient,
} from "@klarwerk/kit/query";

/** The Papierkorb (decision 0098): a staff member's own deletions, an admin's all, 50 a page. */
export function trashQueryOptions(page: number) {
  return queryOptions({
    queryKey: ["mf-files", "trash", page],
    queryFn: ({ signal }): Promise<TrashList> => callApi("GET /api/trash", { query: { page }, signal }),
  });
}

export function useTrash(page: number) {
  return useQuery({ ...trashQueryOptions(page), placeholderData: keepPreviousData });
}

/**
 * A deletion, a restore or a purge changes what every list of the file area shows (the folder it
 * left or came back to, a search's hits, the trash): all of them reload.
 */
function useRefreshFileArea() {
  const queryClient = useQueryClient();
  return () => refetchAfterWrite(queryClient, ["mf-files"]);
}

/** `DELETE /api/folders/{id}`: the folder with everything below it into the Papierkorb. */
export function useDeleteFolder() {
  const refresh = useRefreshFileArea();
  return useMutation({
    mutationFn: async (folder: Pick<Folder, "id">) => {
      await callApi("DELETE /api/folders/:id", { params: { id: folder.id } });
    },
    onSettled: refresh,
  });
}

/** `POST /api/trash/{id}/restore`: back where it was (`folderId` undefined), or into a folder (null: the root level). */
export function useRestore() {
  const refresh = useRefreshFileArea();
  return useMutation({
    mutationFn: ({ id, folderId }: { id: number; folderId?: number | null }): Promise<TrashRestored> =>
      callApi("POST /api/trash/:id/restore", {
        params: { id },
        json: folderId === undefined ? {} : { folder_id: folderId },
      }),
    onSettled: refresh,
  });
}

/** „Endgültig löschen“ (admins). */
export function usePurge() {
  const refresh = useRefreshFileArea();
  return useMutation({
    mutationFn: async (id: number) => {
      await callApi("DELETE /api/trash/:id", { params: { id } });
    },
    onSettled: refresh,
  });
}
