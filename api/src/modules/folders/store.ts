import type { Folder } from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import type { Row } from "../../db/rows.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { liveFolderLocked, lockFolderTree } from "./trash.ts";

/** A folder as the store reads it; the answers carry the kit's `Folder`. */
export type FolderRow = Row<Folder>;

/** A folder that is there and not in the trash (decision 0098): a trashed one is neither listed nor a target. */
export async function folderExists(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from folders where id = ${id} and deletion_id is null`;
  return row !== undefined;
}

/** The folders directly inside `parentId` (null: the root level), by name. */
export function listFolders(sql: Sql, parentId: number | null): Promise<FolderRow[]> {
  const inParent = parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`;
  return sql<FolderRow[]>`
    select id, name, parent_id, created_at from folders
    where ${inParent} and deletion_id is null
    order by lower(name), id`;
}

export type CreateFolderResult =
  | { outcome: "created"; folder: FolderRow }
  | { outcome: "taken" }
  | { outcome: "parent-gone" };

/**
 * Inserts the folder unless its parent already holds one of that name (any case). The unique
 * index decides, so two users creating the same name at once get one folder and one "taken".
 * The caller has checked that the parent exists; it is locked here against a deletion, so a
 * parent trashed meanwhile is "parent-gone" rather than holding a live folder in the trash.
 */
export async function createFolder(
  sql: Sql,
  folder: { name: string; parentId: number | null; creator: { id: number; name: string } },
  actor: AuditActor,
): Promise<CreateFolderResult> {
  return sql.begin(async (tx): Promise<CreateFolderResult> => {
    if (folder.parentId !== null && !(await liveFolderLocked(tx, folder.parentId))) return { outcome: "parent-gone" };
    const [created] = await tx<FolderRow[]>`
      insert into folders (name, parent_id, created_by, created_by_name)
      values (${folder.name}, ${folder.parentId}, ${folder.creator.id}, ${folder.creator.name})
      on conflict do nothing
      returning id, name, parent_id, created_at`;
    if (!created) return { outcome: "taken" };
    await recordAuditEvent(tx, actor, {
      action: "folder.created",
      objectId: created.id,
      fields: ["name", "parent_id"],
    });
    return { outcome: "created", folder: created };
  });
}

/**
 * The live folder `name` at the root level (any case), made inside the caller's transaction when
 * there is none (`folder.created`), and locked against a deletion until the transaction ends: the
 * customer page's uploads go into „Kunden“ (decision 0103). Two uploads at once make one folder:
 * the unique index makes the second insert wait and do nothing, and its next read sees the first.
 */
export async function rootFolderLocked(
  tx: Queries,
  name: string,
  creator: { id: number; name: string },
  actor: AuditActor,
): Promise<number> {
  const existing = () => tx<{ id: number }[]>`
    select id from folders where parent_id is null and lower(name) = lower(${name}) and deletion_id is null
    for share`;
  const [found] = await existing();
  if (found) return Number(found.id);
  const [created] = await tx<{ id: number }[]>`
    insert into folders (name, parent_id, created_by, created_by_name)
    values (${name}, null, ${creator.id}, ${creator.name})
    on conflict do nothing
    returning id`;
  if (created) {
    await recordAuditEvent(tx, actor, {
      action: "folder.created",
      objectId: created.id,
      fields: ["name", "parent_id"],
    });
    return Number(created.id);
  }
  const [made] = await existing();
  if (!made) throw new Error(`the folder „${name}“ was neither found nor made`);
  return Number(made.id);
}

/** A folder's name and parent after `changeFolder`, or why it was not changed. */
export type ChangeFolderResult =
  | { outcome: "changed"; folder: FolderRow }
  | { outcome: "not-found" | "target-not-found" | "into-itself" | "taken" };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23505";
}

/**
 * Renames and/or moves a folder (undefined: unchanged; `parentId` null: the root level), one
 * audit event per change. Moves take one lock for all folders' moves, so two crossing moves (A
 * into B, B into A) cannot both pass the check that the target is not the folder or below it.
 * The unique index decides a taken name, as on creation.
 */
export async function changeFolder(
  sql: Sql,
  id: number,
  change: { name: string | undefined; parentId: number | null | undefined },
  actor: AuditActor,
): Promise<ChangeFolderResult> {
  try {
    return await sql.begin(async (tx): Promise<ChangeFolderResult> => {
      if (change.parentId !== undefined) await lockFolderTree(tx);
      const [before] = await tx<FolderRow[]>`
        select id, name, parent_id, created_at from folders where id = ${id} and deletion_id is null for update`;
      if (!before) return { outcome: "not-found" };
      const parentId = change.parentId === undefined ? before.parent_id : change.parentId;
      if (change.parentId !== undefined && change.parentId !== null) {
        if (!(await liveFolderLocked(tx, change.parentId))) return { outcome: "target-not-found" };
        // The target and every folder above it: the folder itself among them is a cycle.
        const [cycle] = await tx`
          with recursive above as (
            select id, parent_id from folders where id = ${change.parentId}
            union
            select f.id, f.parent_id from folders f join above on f.id = above.parent_id
          )
          select 1 from above where id = ${id}`;
        if (cycle) return { outcome: "into-itself" };
      }
      const name = change.name ?? before.name;
      const [after] = await tx<FolderRow[]>`
        update folders set name = ${name}, parent_id = ${parentId} where id = ${id}
        returning id, name, parent_id, created_at`;
      if (!after) return { outcome: "not-found" };
      if (after.name !== before.name) {
        await recordAuditEvent(tx, actor, { action: "folder.renamed", objectId: id, fields: ["name"] });
      }
      if (after.parent_id !== before.parent_id) {
        await recordAuditEvent(tx, actor, {
          action: "folder.moved",
          objectId: id,
          fields: ["parent_id"],
          changes: { parent_id: { before: before.parent_id, after: after.parent_id } },
        });
      }
      return { outcome: "changed", folder: after };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: "taken" };
    throw error;
  }
}
