import type { FolderPathStep, TrashEntry, TrashKind } from "@klarwerk/kit";
import type { Queries, Sql, Transaction } from "../../db/open.ts";
import { isForeignKeyViolation } from "../../db/sql-errors.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { folderPathOf, liveFolderLocked, lockFolderTree } from "../folders/index.ts";
import { recordErasure } from "../privacy/index.ts";

/**
 * The Papierkorb's SQL (docs/decisions/0098-files-trash.md). A deletion is one row of
 * `file_deletions`; the file, or the folder and everything below it, carries its id in
 * `deletion_id` and is left out of every listing until restored or purged. Moving into the trash
 * is the folders module's (`trashItem`: the files and folders modules delete through it).
 */

/** Who asks: a staff member sees and restores their own deletions, an admin everyone's. */
export interface TrashOwner {
  id: number;
  admin: boolean;
}

const mine = (sql: Queries, owner: TrashOwner) => (owner.admin ? sql`true` : sql`d.deleted_by = ${owner.id}`);

/** One page of deletions, newest first; `days` gives each its purge date. */
export function listTrash(
  sql: Sql,
  owner: TrashOwner,
  { days, offset, limit }: { days: number; offset: number; limit: number },
): Promise<TrashEntry[]> {
  return sql<TrashEntry[]>`
    select d.id::int as id, d.kind, d.item_id::int as item_id, d.name, d.original_path, d.deleted_by_name,
      d.deleted_at, d.deleted_at + make_interval(days => ${days}) as purge_at, d.file_count, d.folder_count,
      d.size_bytes::float8 as size
    from file_deletions d
    where ${mine(sql, owner)}
    order by d.deleted_at desc, d.id desc
    limit ${limit} offset ${offset}`;
}

interface DeletionRow {
  id: number;
  kind: TrashKind;
  item_id: number;
  original_path: FolderPathStep[];
  deleted_by: number | null;
}

async function lockedDeletion(tx: Transaction, id: number, owner: TrashOwner | null): Promise<DeletionRow | null> {
  const [row] = await tx<DeletionRow[]>`
    select d.id::int as id, d.kind, d.item_id::int as item_id, d.original_path, d.deleted_by::int as deleted_by
    from file_deletions d where d.id = ${id} and ${owner ? mine(tx, owner) : tx`true`}
    for update`;
  return row ?? null;
}

export type RestoreResult =
  | { outcome: "restored"; kind: TrashKind; itemId: number; folderId: number | null; path: FolderPathStep[] }
  | { outcome: "not-found" | "target-not-found" | "place-taken" | "target-taken" };

class NameTaken extends Error {}

/**
 * The folder a deletion goes back to when no other is chosen: the deepest folder of its recorded
 * path that is still there (by id, wherever it was moved since), the rest of the path made again
 * below it by name (an existing live folder of that name is used).
 */
async function originalPlace(tx: Transaction, path: FolderPathStep[], actor: AuditActor): Promise<number | null> {
  let start = -1;
  for (let at = path.length - 1; at >= 0; at--) {
    const step = path[at];
    if (step && (await liveFolderLocked(tx, step.id))) {
      start = at;
      break;
    }
  }
  let parent = start >= 0 ? (path[start]?.id ?? null) : null;
  for (const step of path.slice(start + 1)) {
    const inParent = parent === null ? tx`parent_id is null` : tx`parent_id = ${parent}`;
    const [found] = await tx<{ id: number }[]>`
      select id::int as id from folders where ${inParent} and lower(name) = lower(${step.name}) and deletion_id is null
      for share`;
    if (found) {
      parent = found.id;
      continue;
    }
    const [made] = await tx<{ id: number }[]>`
      insert into folders (name, parent_id, created_by, created_by_name)
      values (${step.name}, ${parent}, ${actor.id}, ${actor.name})
      returning id::int as id`;
    if (!made) throw new Error("insert into folders returned no row");
    await recordAuditEvent(tx, actor, { action: "folder.created", objectId: made.id, fields: ["name", "parent_id"] });
    parent = made.id;
  }
  return parent;
}

/**
 * Puts a whole deletion back: into `target` when given (null: the root level), else where it was
 * (`originalPlace`). A folder whose name is taken where it goes is refused (the unique index of
 * live folders decides); files never clash. The deletion row goes, so a second restore, or a
 * purge after it, finds nothing.
 */
export async function restoreDeletion(
  sql: Sql,
  id: number,
  target: number | null | undefined,
  owner: TrashOwner,
  actor: AuditActor,
): Promise<RestoreResult> {
  try {
    return await sql.begin(async (tx): Promise<RestoreResult> => {
      await lockFolderTree(tx);
      const deletion = await lockedDeletion(tx, id, owner);
      if (!deletion) return { outcome: "not-found" };
      if (target !== undefined && target !== null && !(await liveFolderLocked(tx, target)))
        return { outcome: "target-not-found" };
      const folderId = target !== undefined ? target : await originalPlace(tx, deletion.original_path, actor);
      const before = deletion.original_path.at(-1)?.id ?? null;
      if (deletion.kind === "folder") {
        try {
          await tx.savepoint(
            (inner) => inner`
            update folders set parent_id = ${folderId}, deletion_id = null
            where id = ${deletion.item_id} and deletion_id = ${deletion.id}`,
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw new NameTaken();
          throw error;
        }
        await tx`update folders set deletion_id = null where deletion_id = ${deletion.id}`;
        await tx`update files set deletion_id = null where deletion_id = ${deletion.id}`;
      } else {
        await tx`
          update files set folder_id = ${folderId}, deletion_id = null where deletion_id = ${deletion.id}`;
      }
      await tx`delete from file_deletions where id = ${deletion.id}`;
      await recordAuditEvent(tx, actor, {
        action: deletion.kind === "file" ? "file.restored" : "folder.restored",
        objectId: deletion.item_id,
        fields: ["deletion_id", deletion.kind === "file" ? "folder_id" : "parent_id"],
        changes: {
          deletion_id: { before: deletion.id, after: null },
          [deletion.kind === "file" ? "folder_id" : "parent_id"]: { before, after: folderId },
        },
      });
      return {
        outcome: "restored",
        kind: deletion.kind,
        itemId: deletion.item_id,
        folderId,
        path: await folderPathOf(tx, folderId),
      };
    });
  } catch (error) {
    if (error instanceof NameTaken) return { outcome: target === undefined ? "place-taken" : "target-taken" };
    if (isForeignKeyViolation(error)) return { outcome: "target-not-found" };
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23505";
}

/** What a purge took: the blobs to remove once no backup copies them. */
export interface Purged {
  kind: TrashKind;
  itemId: number;
  blobIds: string[];
}

/**
 * A deletion purged for good in one transaction: its share links (with their access logs), its
 * files (their blobs queued in `blob_deletions` by the same statement), its folders and the
 * deletion itself, all in one erasure-ledger entry (reason `trash`) so that a restore of an older
 * backup does not bring them back. `owner` null: anyone's (the daily job); `skipLocked`: a
 * deletion being restored or purged elsewhere is left to that. Null when there is none (any more).
 */
export async function purgeDeletion(
  sql: Sql,
  id: number,
  { owner, actor, due, skipLocked }: { owner: TrashOwner | null; actor: AuditActor; due: boolean; skipLocked: boolean },
): Promise<Purged | null> {
  return sql.begin(async (tx) => {
    const [deletion] = await tx<DeletionRow[]>`
      select d.id::int as id, d.kind, d.item_id::int as item_id, d.original_path, d.deleted_by::int as deleted_by
      from file_deletions d where d.id = ${id} and ${owner ? mine(tx, owner) : tx`true`}
      for update ${skipLocked ? tx`skip locked` : tx``}`;
    if (!deletion) return null;
    const links = await tx<{ id: number }[]>`
      delete from share_links
      where file_id in (select id from files where deletion_id = ${id})
         or folder_id in (select id from folders where deletion_id = ${id})
      returning id::int as id`;
    const files = await tx<{ id: number; blob_id: string }[]>`
      with gone as (delete from files where deletion_id = ${id} returning id, blob_id),
      queued as (insert into blob_deletions (area, blob_id) select 'files', blob_id from gone)
      select id::int as id, blob_id from gone order by id`;
    const folders = await tx<{ id: number }[]>`
      delete from folders where deletion_id = ${id} returning id::int as id`;
    await tx`delete from file_deletions where id = ${id}`;
    await recordErasure(tx, {
      reason: "trash",
      address: null,
      rows: [
        { table: "share_links", ids: links.map((row) => row.id) },
        { table: "files", ids: files.map((row) => row.id) },
        { table: "folders", ids: folders.map((row) => row.id).sort((a, b) => a - b) },
        { table: "file_deletions", ids: [id] },
      ].filter((rows) => rows.ids.length > 0),
      blobs: files.map((row) => ({ area: "files" as const, id: row.blob_id })),
    });
    await recordAuditEvent(tx, actor, {
      action: deletion.kind === "file" ? "file.purged" : "folder.purged",
      objectId: deletion.item_id,
      fields: ["deletion_id", "files", "folders", "purge"],
      changes: {
        deletion_id: { before: id, after: null },
        files: { before: files.length, after: 0 },
        folders: { before: folders.length, after: 0 },
        purge: { before: null, after: due ? "due" : "by_hand" },
      },
    });
    return { kind: deletion.kind, itemId: deletion.item_id, blobIds: files.map((row) => row.blob_id) };
  });
}

/** Deletions older than `days`, oldest first, at most `limit` (the daily job's batch). */
export async function dueDeletions(sql: Sql, days: number, now: Date, limit: number): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id::int as id from file_deletions
    where deleted_at <= ${now} - make_interval(days => ${days})
    order by deleted_at, id limit ${limit}`;
  return rows.map((row) => row.id);
}
