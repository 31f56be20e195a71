import type { StoredFile } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { filesQueryOptions } from "./get-files";

/** `DELETE /api/files/{id}`. */
export async function deleteFile(file: Pick<StoredFile, "id">): Promise<void> {
  await callApi("DELETE /api/files/:id", { params: { id: file.id } });
}

export interface DeleteFileOptions {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * Deletes a file, then reloads its folder's file list, after a failure too: the file may be gone
 * all the same. The mutation stays pending until the list is back, so the row's button spins
 * until the row is gone.
 */
export function useDeleteFile({ onSuccess, onError }: DeleteFileOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: StoredFile) => deleteFile(file),
    onSuccess,
    onError,
    // The folder's list, and the Papierkorb the file went to.
    onSettled: (_answer, _error, file) =>
      Promise.all([
        refetchAfterWrite(queryClient, filesQueryOptions({ folderId: file.folder_id }).queryKey),
        refetchAfterWrite(queryClient, ["mf-files", "trash"]),
      ]),
  });
}
