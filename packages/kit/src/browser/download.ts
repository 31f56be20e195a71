import { type ApiRequest, apiFetch } from "./api";

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
