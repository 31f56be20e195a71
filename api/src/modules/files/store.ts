import type { FileSearchHit, StoredFile } from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import type { Row } from "../../db/rows.ts";
import { isForeignKeyViolation } from "../../db/sql-errors.ts";
import type { AreaRow, AreaRowsPage } from "../../storage/blob-area.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { linkFileLocked } from "../customers/index.ts";
import { liveFolderLocked, rootFolderLocked } from "../folders/index.ts";

/** A file as the store reads it; the answers carry the kit's `StoredFile`. */
export type FileRow = Row<StoredFile>;

/** A file with the name of its blob, for the routes that read or delete it. */
export interface FileWithBlob extends FileRow {
  blob_id: string;
  /** Where the file's bytes begin in the blob. */
  blob_offset: number;
  /** SHA-256 (hex) of the file's bytes; null for a file stored before checksums, until the backfill. */
  sha256: string | null;
}

const columns = (sql: Queries) => sql`id, original_name, mime_type, size, created_at, uploader_name, folder_id`;

/** The files directly inside `folderId` (null: the root level), newest first; none in the trash (decision 0098). */
export function listFiles(sql: Sql, folderId: number | null): Promise<FileRow[]> {
  const inFolder = folderId === null ? sql`folder_id is null` : sql`folder_id = ${folderId}`;
  return sql<FileRow[]>`
    select ${columns(sql)} from files
    where ${inFolder} and deletion_id is null
    order by created_at desc, id desc`;
}

/** A file that is not in the trash: a trashed one is neither downloaded, shown nor changed. */
export async function findFile(sql: Sql, id: number): Promise<FileWithBlob | null> {
  const [file] = await sql<FileWithBlob[]>`
    select ${columns(sql)}, blob_id, blob_offset, sha256 from files where id = ${id} and deletion_id is null`;
  return file ?? null;
}

export interface NewFile {
  folderId: number | null;
  originalName: string;
  mimeType: string;
  size: number;
  blobId: string;
  /** Where the file's bytes begin in the blob. */
  blobOffset: number;
  sha256: string;
  uploader: { id: number; name: string };
}

/** Where an upload goes: a folder (null: the root level), or a customer's (decision 0103). */
export type UploadPlace =
  | { folderId: number | null; customerId?: undefined }
  | { folderId: number | null; customerId: number; customerFolder: string };

export type InsertFileResult = { outcome: "stored"; file: FileRow } | { outcome: "folder-gone" | "customer-gone" };

/** Rolls the upload's transaction back with the reason it gives. */
class UploadRefused extends Error {
  constructor(readonly outcome: "folder-gone" | "customer-gone") {
    super(outcome);
  }
}

/**
 * Records an uploaded file whose blob is already in place. Refused when the folder does not exist
 * or is in the trash: its row is locked against a deletion until the file is in, so a folder
 * trashed meanwhile takes the new file with it or refuses it, never leaves it live inside. An
 * upload for a customer (decision 0103) goes into the given folder, or without one into the
 * customer folder at the root level (made when missing), and is linked to the customer in the
 * same transaction: a customer erased meanwhile refuses it, and no file is left unlinked.
 */
export async function insertFile(
  sql: Sql,
  file: Omit<NewFile, "folderId">,
  place: UploadPlace,
  actor: AuditActor,
): Promise<InsertFileResult> {
  try {
    return await sql.begin(async (tx): Promise<InsertFileResult> => {
      let folderId = place.folderId;
      if (folderId !== null && !(await liveFolderLocked(tx, folderId))) return { outcome: "folder-gone" };
      if (place.customerId !== undefined && folderId === null) {
        folderId = await rootFolderLocked(tx, place.customerFolder, file.uploader, actor);
      }
      const row = await insertFileRow(tx, { ...file, folderId });
      await recordAuditEvent(tx, actor, {
        action: "file.uploaded",
        objectId: row.id,
        fields: ["original_name", "folder_id", "mime_type", "size"],
      });
      if (place.customerId !== undefined) {
        const link = await linkFileLocked(tx, place.customerId, row.id, file.uploader, actor);
        if (!link.ok) throw new UploadRefused("customer-gone");
      }
      return { outcome: "stored", file: row };
    });
  } catch (error) {
    if (error instanceof UploadRefused) return { outcome: error.outcome };
    if (isForeignKeyViolation(error)) return { outcome: "folder-gone" };
    throw error;
  }
}

async function insertFileRow(sql: Queries, file: NewFile): Promise<FileRow> {
  const [row] = await sql<FileRow[]>`
      insert into files (folder_id, original_name, mime_type, size, blob_id, blob_offset, sha256, uploaded_by,
                         uploader_name)
      values (${file.folderId}, ${file.originalName}, ${file.mimeType}, ${file.size}, ${file.blobId},
              ${file.blobOffset}, ${file.sha256}, ${file.uploader.id}, ${file.uploader.name})
      returning ${columns(sql)}`;
  if (!row) throw new Error("insert into files returned no row");
  return row;
}

/** One download of a file by `actor` (the bytes or a download link). */
export async function recordDownload(sql: Sql, actor: AuditActor, fileId: number): Promise<void> {
  await recordAuditEvent(sql, actor, { action: "file.downloaded", objectId: fileId });
}

/**
 * Which of `blobIds` a file row names, or a queued removal still waits for (a backup may be
 * copying it): the blob store's sweep keeps those, and the scrub counts none of them as orphans.
 */
export async function referencedBlobIds(sql: Sql, blobIds: string[]): Promise<Set<string>> {
  if (blobIds.length === 0) return new Set();
  const rows = await sql<{ blob_id: string }[]>`
    select blob_id from files where blob_id = any(${sql.array(blobIds)})
    union select blob_id from blob_deletions where area = 'files' and blob_id = any(${sql.array(blobIds)})`;
  return new Set(rows.map((row) => row.blob_id));
}

/** Every blob id a file row names, in pages (the sweep's check for rows whose blob is missing). */
export async function* allFileBlobIds(sql: Sql, pageSize = 1000): AsyncGenerator<string[]> {
  let after = "";
  for (;;) {
    const rows = await sql<{ blob_id: string }[]>`
      select blob_id from files where blob_id > ${after} order by blob_id limit ${pageSize}`;
    if (rows.length === 0) return;
    yield rows.map((row) => row.blob_id);
    after = rows[rows.length - 1]?.blob_id ?? after;
  }
}

/** A page of files by id (the scrub, the checksum backfill), as the blob area reads them. */
export function fileBlobRows(sql: Sql, { afterId, limit, withoutChecksum }: AreaRowsPage): Promise<AreaRow[]> {
  return sql<AreaRow[]>`
    select id, original_name as name, blob_id as "blobId", blob_offset as "offset", size, sha256 from files
    where id > ${afterId} ${withoutChecksum ? sql`and sha256 is null` : sql``}
    order by id limit ${limit}`;
}

export async function fileNamesBlob(sql: Sql, id: number, blobId: string): Promise<boolean> {
  const [row] = await sql`select 1 from files where id = ${id} and blob_id = ${blobId}`;
  return row !== undefined;
}

/** A file's checksum, recorded once (by the backfill); false when it had one or is gone. */
export async function recordFileChecksum(sql: Sql, id: number, sha256: string): Promise<boolean> {
  const rows = await sql`update files set sha256 = ${sha256} where id = ${id} and sha256 is null returning id`;
  return rows.length > 0;
}

export type ChangeFileResult = { outcome: "changed"; file: FileRow } | { outcome: "not-found" | "target-not-found" };

/**
 * Renames and/or moves a file (undefined: unchanged; `folderId` null: the root level), one audit
 * event per change: the name's field only (a name may hold personal data), the folder ids before
 * and after. Two files may share a name, as two uploads may. A target folder that is gone is the
 * foreign key's to tell, as on upload.
 */
export async function changeFile(
  sql: Sql,
  id: number,
  change: { name: string | undefined; folderId: number | null | undefined },
  actor: AuditActor,
): Promise<ChangeFileResult> {
  try {
    return await sql.begin(async (tx): Promise<ChangeFileResult> => {
      const [before] = await tx<FileRow[]>`
        select ${columns(tx)} from files where id = ${id} and deletion_id is null for update`;
      if (!before) return { outcome: "not-found" };
      if (change.folderId != null && !(await liveFolderLocked(tx, change.folderId))) {
        return { outcome: "target-not-found" };
      }
      const name = change.name ?? before.original_name;
      const folderId = change.folderId === undefined ? before.folder_id : change.folderId;
      const [after] = await tx<FileRow[]>`
        update files set original_name = ${name}, folder_id = ${folderId} where id = ${id}
        returning ${columns(tx)}`;
      if (!after) return { outcome: "not-found" };
      if (after.original_name !== before.original_name) {
        await recordAuditEvent(tx, actor, { action: "file.renamed", objectId: id, fields: ["original_name"] });
      }
      if (after.folder_id !== before.folder_id) {
        await recordAuditEvent(tx, actor, {
          action: "file.moved",
          objectId: id,
          fields: ["folder_id"],
          changes: { folder_id: { before: before.folder_id, after: after.folder_id } },
        });
      }
      return { outcome: "changed", file: after };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return { outcome: "target-not-found" };
    throw error;
  }
}

/**
 * Up to `limit` files of every folder whose name contains `search` (any case, as the customer
 * search: `lower`, `%` and `_` literal), newest first from `offset`, each with its folder path
 * from the root level down. The names are matched by migration 051's trigram index.
 */
export function searchFiles(
  sql: Sql,
  { search, offset, limit }: { search: string; offset: number; limit: number },
): Promise<FileSearchHit[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<FileSearchHit[]>`
    with recursive hits as (
      select ${columns(sql)} from files
      where lower(original_name) like lower(${pattern}) and deletion_id is null
      order by created_at desc, id desc
      limit ${limit} offset ${offset}
    ),
    chain as (
      select hits.id as file_id, f.id, f.name, f.parent_id, 0 as depth
      from hits join folders f on f.id = hits.folder_id
      union all
      select chain.file_id, f.id, f.name, f.parent_id, chain.depth + 1
      from chain join folders f on f.id = chain.parent_id
    )
    select hits.*, coalesce(
      (select jsonb_agg(jsonb_build_object('id', chain.id, 'name', chain.name) order by chain.depth desc)
       from chain where chain.file_id = hits.id),
      '[]'::jsonb
    ) as folder_path
    from hits
    order by created_at desc, id desc`;
}
