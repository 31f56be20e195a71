import type { StoredFile } from "@klarwerk/kit";

/** Files per page, paged on the client (a folder's list arrives whole). */
export const filesPerPage = 10;

const collatorLocale = "de-DE";

/** Case-insensitive search in the original name, on the client (the folder's list is already there). */
export function searchFiles(files: readonly StoredFile[], search: string): StoredFile[] {
  const needle = search.trim().toLocaleLowerCase(collatorLocale);
  if (needle === "") return [...files];
  return files.filter((file) => file.original_name.toLocaleLowerCase(collatorLocale).includes(needle));
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / filesPerPage));
}

/** The files of `page` (1-based); a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], page: number): { items: T[]; page: number; from: number; to: number } {
  const shown = Math.min(Math.max(1, page), pageCount(items.length));
  const start = (shown - 1) * filesPerPage;
  const slice = items.slice(start, start + filesPerPage);
  return { items: slice, page: shown, from: slice.length ? start + 1 : 0, to: start + slice.length };
}
