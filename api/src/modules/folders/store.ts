import type { Folder } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";
import type { Row } from "../../db/rows.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";

/** A folder as the store reads it; the answers carry the kit's `Folder`. */
export type FolderRow = Row<Folder>;

export async function folderExists(sql: Sql, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from folders where id = ${id}`;
  return row !== undefined;
}

/** The folders directly inside `parentId` (null: the root level), by name. */
export function listFolders(sql: Sql, parentId: number | null): Promise<FolderRow[]> {
  const inParent = parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`;
  return sql<FolderRow[]>`
    select id, name, parent_id, created_at from folders
    where ${inParent}
    order by lower(name), id`;
}

export type CreateFolderResult = { outcome: "created"; folder: FolderRow } | { outcome: "taken" };

/**
 * Inserts the folder unless its parent already holds one of that name (any case). The unique
 * index decides, so two users creating the same name at once get one folder and one "taken".
 * The caller has checked that the parent exists; folders are never deleted.
 */
export async function createFolder(
  sql: Sql,
  folder: { name: string; parentId: number | null; creator: { id: number; name: string } },
  actor: AuditActor,
): Promise<CreateFolderResult> {
  return sql.begin(async (tx) => {
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
