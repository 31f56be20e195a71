import type { FileListing, Folder, StoredFile } from "@klarwerk/kit";
import { apiFetch, apiJson, apiUrl } from "@klarwerk/kit/browser";
import type { QueryClient } from "@tanstack/react-query";

/** Keys of the shared query cache; prefixed, since every remote shares one cache. */
export const filesQueryKeys = {
  folders: (parentId: number | null) => ["mf-files", "folders", parentId] as const,
  files: (folderId: number | null) => ["mf-files", "files", folderId] as const,
};

export async function fetchFolders(parentId: number | null): Promise<Folder[]> {
  const answer = await apiJson<{ folders: Folder[] }>("/api/folders", { query: { parent_id: parentId } });
  return answer.folders;
}

export function fetchFiles(folderId: number | null): Promise<FileListing> {
  return apiJson<FileListing>("/api/files", { query: { folder_id: folderId } });
}

export async function createFolder(name: string, parentId: number | null): Promise<Folder> {
  const answer = await apiJson<{ folder: Folder }>("/api/folders", { json: { name, parent_id: parentId } });
  return answer.folder;
}

export async function deleteFile(id: number): Promise<void> {
  await apiFetch(`/api/files/${id}`, { method: "DELETE" });
}

/** The preview image's bytes (bearer: an <img> could not send the header). */
export async function fetchPreview(id: number, signal: AbortSignal): Promise<Blob> {
  const response = await apiFetch(`/api/files/${id}/preview`, { signal });
  return response.blob();
}

/**
 * Starts the browser's own download of a file. A short-lived signed link (asked for with the
 * bearer token) is followed like any link, so the browser streams the file to disk with its own
 * progress: a 1 GiB file never sits in this page's memory, as it would with fetch → Blob.
 */
export async function downloadFile(file: StoredFile): Promise<void> {
  const { url } = await apiJson<{ url: string }>(`/api/files/${file.id}/download-link`, { method: "POST" });
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

/**
 * Reloads a list after a change. A first load still running may have been answered before the
 * change, and TanStack Query would hand that stale answer to the invalidation instead of fetching
 * again: so it is cancelled first.
 */
export async function refreshList(queryClient: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
