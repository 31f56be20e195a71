import { refetchAfterWrite, useQueryClient } from "@klarwerk/kit/query";
import { enqueueUploads } from "../upload-queue";
import { filesQueryOptions } from "./get-files";

export interface UploadDestination {
  folderId: number | null;
  /** The server's limit when known: a larger file is refused before a byte is sent. */
  maxBytes: number | null;
}

/**
 * Uploads files into a folder. Not a `useMutation`: the upload queue (`../upload-queue.ts`) sends each
 * file with XMLHttpRequest for its progress bar, and keeps going when the user leaves the screen.
 * After each upload the file list of the folder it went to is refreshed, wherever the user is by
 * then, through that list's query key.
 */
export function useUploadFiles(): (files: readonly File[], destination: UploadDestination) => void {
  const queryClient = useQueryClient();
  return (files, { folderId, maxBytes }) =>
    enqueueUploads(files, {
      folderId,
      maxBytes,
      onUploaded: (target) => void refetchAfterWrite(queryClient, filesQueryOptions({ folderId: target }).queryKey),
    });
}
