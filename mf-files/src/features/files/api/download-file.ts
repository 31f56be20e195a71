import type { StoredFile } from "@klarwerk/kit";
import { apiUrl, callApi } from "@klarwerk/kit/browser";
import { useMutation } from "@klarwerk/kit/query";

/**
 * Starts the browser's own download of a file. A short-lived signed link (asked for with the
 * bearer token) is followed like any link, so the browser streams the file to disk with its own
 * progress: a 1 GiB file never sits in this page's memory, as it would with fetch → Blob.
 */
export async function downloadFile(file: StoredFile): Promise<void> {
  const { url } = await callApi("POST /api/files/:id/download-link", { params: { id: file.id } });
  const link = document.createElement("a");
  link.href = apiUrl(url);
  // The server names the file (Content-Disposition, UTF-8 safe); this is the same-origin fallback.
  link.download = file.original_name;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}

/** A download changes nothing on the server, so no list is refreshed. */
export function useDownloadFile({ onError }: { onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: downloadFile, onError });
}
