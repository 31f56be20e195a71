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
