import type { Folder } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { foldersQueryOptions } from "./get-folders";

export interface NewFolder {
  /** Trimmed and not blank. */
  name: string;
  /** Where it goes; null for the root level. */
  parentId: number | null;
}

/** `POST /api/folders`; resolves to the folder the server created. */
export async function createFolder({ name, parentId }: NewFolder): Promise<Folder> {
  const answer = await callApi("POST /api/folders", { json: { name, parent_id: parentId } });
  return answer.folder;
}

export interface CreateFolderOptions {
  onSuccess?: (folder: Folder) => void;
  onError?: (error: Error) => void;
}

/** Creates a folder, then reloads the folder list of the level it went into. */
export function useCreateFolder({ onSuccess, onError }: CreateFolderOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: (folder, { parentId }) => {
      onSuccess?.(folder);
      void refetchAfterWrite(queryClient, foldersQueryOptions({ parentId }).queryKey);
    },
    onError,
  });
}
