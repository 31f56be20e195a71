/**
 * The file area as the API answers it, read by the API's stores and the files
 * screen alike. Timestamps are ISO 8601 strings in the JSON answer.
 */

/** A folder; `parent_id` is null at the root level. */
export interface Folder {
  id: number;
  name: string;
  parent_id: number | null;
  created_at: string;
}

/** An uploaded file; `folder_id` is null at the root level. */
export interface StoredFile {
  id: number;
  original_name: string;
  mime_type: string;
  size: number;
  created_at: string;
  uploader_name: string;
  folder_id: number | null;
}

/** `GET /api/files`: the files of one folder, newest first. */
export interface FileListing {
  files: StoredFile[];
  /** The server's upload limit, so a too large file is refused before it is sent. */
  max_upload_bytes: number;
}

/** `GET /api/folders`: the folders of one level, by name. */
export interface FolderList {
  folders: Folder[];
}

/** `POST /api/folders`: the folder as stored. */
export interface FolderAnswer {
  folder: Folder;
}

/** `POST /api/files/upload`: the file as stored. */
export interface FileAnswer {
  file: StoredFile;
}

/** `POST /api/files/{id}/download-link`: a short-lived link that downloads without the bearer header. */
export interface DownloadLink {
  /** Same-origin path. */
  url: string;
  /** Seconds the link stays valid. */
  expires_in: number;
}

/** `PATCH /api/files/{id}`: a new name, another folder (null: the root level), or both. */
export interface FileChange {
  name?: string;
  folder_id?: number | null;
}

/** `PATCH /api/folders/{id}`: a new name, another parent (null: the root level), or both. */
export interface FolderChange {
  name?: string;
  parent_id?: number | null;
}

/** One folder of a path, from the root level down. */
export interface FolderPathStep {
  id: number;
  name: string;
}

/** A file found by `GET /api/files/search`, with the folders it lies in (empty: the root level). */
export interface FileSearchHit extends StoredFile {
  folder_path: FolderPathStep[];
}

/** `GET /api/files/search`: one page of hits, newest first; `more` when another page follows. */
export interface FileSearchPage {
  files: FileSearchHit[];
  more: boolean;
}

/** What the file viewer shows of a file (decision 0097): an image, the browser's PDF viewer, or text. */
export type FileViewKind = "image" | "pdf" | "text";

/** The largest file of each kind the viewer fetches whole into memory; a larger one is downloaded. */
export const fileViewMaxBytes: Record<FileViewKind, number> = {
  image: 20 * 1024 * 1024,
  pdf: 50 * 1024 * 1024,
  text: 1024 * 1024,
};

/** Media types shown as text (never as a page: the viewer writes the text into a <pre>). */
const textViewTypes = new Set(["text/plain", "text/csv", "text/markdown", "application/json"]);

/**
 * How the viewer shows a file, by its stored media type and size; null: it offers the download.
 * The API's preview serves exactly these (a PDF only if its bytes start as one), so both sides
 * share one rule.
 */
export function fileViewKind(file: Pick<StoredFile, "mime_type" | "size">): FileViewKind | null {
  const type = file.mime_type.toLowerCase();
  const kind: FileViewKind | null = type.startsWith("image/")
    ? "image"
    : type === "application/pdf"
      ? "pdf"
      : textViewTypes.has(type)
        ? "text"
        : null;
  return kind !== null && file.size <= fileViewMaxBytes[kind] ? kind : null;
}

/** What a deletion put in the Papierkorb (decision 0098): a file, or a folder with everything below it. */
export type TrashKind = "file" | "folder";

/**
 * One deletion in the Papierkorb: one action by one person, a file or a folder with its subtree.
 * `original_path` is where it lay (folders from the root level down; empty: the root level).
 */
export interface TrashEntry {
  /** The deletion's id: what is restored or purged. */
  id: number;
  kind: TrashKind;
  /** The deleted file's or folder's id. */
  item_id: number;
  name: string;
  original_path: FolderPathStep[];
  deleted_by_name: string;
  deleted_at: string;
  /** When the daily job deletes it for good (deleted_at + FILES_TRASH_DAYS). */
  purge_at: string;
  /** Files that came with it (a file: 1), folders (a folder: itself and those below it), their bytes. */
  file_count: number;
  folder_count: number;
  size: number;
}

/** `GET /api/trash`: newest deletion first, 50 a page; a staff member's own, an admin's every one. */
export interface TrashList {
  entries: TrashEntry[];
  more: boolean;
  /** Whether every user's deletions are listed (an admin): only then may it purge. */
  all: boolean;
  /** `FILES_TRASH_DAYS`: how long a deletion stays. */
  days: number;
}

/** `POST /api/trash/{id}/restore`: omitted `folder_id` puts it back where it was; null the root level. */
export interface TrashRestoreRequest {
  folder_id?: number | null;
}

/** Where a restore put the deletion: the folder it now lies in (null: the root level), with its path. */
export interface TrashRestored {
  kind: TrashKind;
  item_id: number;
  folder_id: number | null;
  folder_path: FolderPathStep[];
}
