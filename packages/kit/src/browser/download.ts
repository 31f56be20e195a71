import { type ApiRequest, apiFetch, apiUrl, callApi } from "./api";

/**
 * Fetches an API answer with the bearer token (a plain link could not carry it) and hands it to
 * the browser's download as `fileName`. For answers small enough to hold in memory (an invoice's
 * PDF, the Protokoll's CSV); big files go through a signed link instead (mf-files).
 */
export async function downloadFromApi(path: string, fileName: string, query?: ApiRequest["query"]): Promise<void> {
  const response = await apiFetch(path, { query });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later rather than at once: the browser's download reads the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Starts the browser's own download of a file of the file area (mf-files, the customer page's
 * timeline). A short-lived signed link (asked for with the bearer token) is followed like any
 * link, so the browser streams the file to disk with its own progress: a 1 GiB file never sits in
 * this page's memory, as it would with fetch → Blob.
 */
export async function downloadStoredFile(file: { id: number; original_name: string }): Promise<void> {
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
