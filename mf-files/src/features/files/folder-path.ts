/** One step of the folder path: what the breadcrumbs show. */
export interface FolderCrumb {
  id: number;
  name: string;
}

/** The folder path is a stack (a click pushes, "Zurück" pops); the empty path is the root level. */
export type FolderPath = readonly FolderCrumb[];

/** Clicking a folder pushes it. */
export function enterFolder(path: FolderPath, folder: FolderCrumb): FolderPath {
  return [...path, { id: folder.id, name: folder.name }];
}

/** "Zurück" pops. */
export function leaveFolder(path: FolderPath): FolderPath {
  return path.slice(0, -1);
}

/** A breadcrumb click truncates to that level (0: the root level, which "Root" resets to). */
export function truncatePath(path: FolderPath, depth: number): FolderPath {
  return path.slice(0, Math.max(0, depth));
}

/** The folder whose contents are shown; null at the root level. */
export function currentFolderId(path: FolderPath): number | null {
  return path.at(-1)?.id ?? null;
}
