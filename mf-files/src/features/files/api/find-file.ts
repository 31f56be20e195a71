import { type FileSearchHit, siteSearchParams } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";

/** A file the portal header's search opened the file area for (`/data?datei=<id>&suche=<name>`, decision 0102). */
export interface FileOfLocation {
  id: number;
  name: string;
}

export function fileOfLocation(): FileOfLocation | null {
  const params = new URLSearchParams(window.location.search);
  const id = Number(params.get(siteSearchParams.file));
  const name = params.get(siteSearchParams.search)?.trim() ?? "";
  return Number.isSafeInteger(id) && id > 0 && name !== "" ? { id, name } : null;
}

/** Once read, the address no longer carries it (a reload shows the file area's start). */
export function forgetFileOfLocation(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(siteSearchParams.file);
  url.searchParams.delete(siteSearchParams.search);
  window.history.replaceState(window.history.state, "", url);
}

/**
 * Where that file lies: the file search (`GET /api/files/search`) by its name, the hit with its id;
 * null when it is not among the first page's hits (renamed, moved to the Papierkorb, or one of
 * more than 50 files of that name).
 */
export async function findFile({ id, name }: FileOfLocation, signal?: AbortSignal): Promise<FileSearchHit | null> {
  const page = await callApi("GET /api/files/search", { query: { search: name }, signal });
  return page.files.find((file) => file.id === id) ?? null;
}
