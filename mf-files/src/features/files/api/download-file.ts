import type { StoredFile } from "@klarwerk/kit";
import { downloadStoredFile } from "@klarwerk/kit/browser";
import { useMutation } from "@klarwerk/kit/query";

/** Starts the browser's own download of a file (a signed link, the kit's `downloadStoredFile`). */
export function downloadFile(file: StoredFile): Promise<void> {
  return downloadStoredFile(file);
}

/** A download changes nothing on the server, so no list is refreshed. */
export function useDownloadFile({ onError }: { onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: downloadFile, onError });
}
