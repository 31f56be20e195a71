import type { FolderPathStep, TrashKind } from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";

/**
 * Moving a file or a folder with its subtree into the Papierkorb (docs/decisions/0098-files-trash.md),
 * and what every writer of the tree needs to respect it: a folder in the trash takes no new file
 * or folder. Here, in the folders module, because the files module deletes through it too and the
 * trash module (restore, purge) builds on the privacy module's ledger, which the files module
 * must not reach. Folder trees change under the lock every folder move takes, so a subtree is the
 * same while it is trashed or restored.
 */

/** The one lock of every change to the folder tree's shape (folders/store.ts takes it for moves). */
export const lockFolderTree = (tx: Queries) => tx`select pg_advisory_xact_lock(hashtext('klarwerk.folder-moves'))`;

/** A folder's path from the root level down, the folder itself last; empty for the root level (null). */
export async function folderPathOf(sql: Queries, folderId: number | null): Promise<FolderPathStep[]> {
  if (folderId === null) return [];
  const rows = await sql<FolderPathStep[]>`
    with recursive chain as (
      select id, name, parent_id, 0 as depth from folders where id = ${folderId}
      union all
      select f.id, f.name, f.parent_id, chain.depth + 1 from folders f join chain on f.id = chain.parent_id
      where chain.depth < 10000
    )
    select id::int as id, name from chain order by depth desc`;
  return [...rows];
}

/** A live folder (not in the trash), locked against a deletion until the caller's transaction ends. */
export async function liveFolderLocked(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from folders where id = ${id} and deletion_id is null for share`;
  return row !== undefined;
}

/**
 * Moves a live file, or a live folder with everything below it, to the trash as one deletion by
 * `actor`: who, when, and the folder path it lay in. Null when there is no such live item.
 */
export async function trashItem(sql: Sql, kind: TrashKind, id: number, actor: AuditActor): Promise<number | null> {
  return sql.begin(async (tx) => {
    if (kind === "folder") await lockFolderTree(tx);
    const [item] =
      kind === "file"
        ? await tx<{ name: string; parent: number | null }[]>`
            select original_name as name, folder_id as parent from files
            where id = ${id} and deletion_id is null for update`
        : await tx<{ name: string; parent: number | null }[]>`
            select name, parent_id as parent from folders where id = ${id} and deletion_id is null for update`;
    if (!item) return null;
    const path = await folderPathOf(tx, item.parent);
    const [deletion] = await tx<{ id: number }[]>`
      insert into file_deletions (kind, item_id, name, original_path, deleted_by, deleted_by_name,
                                  file_count, folder_count, size_bytes)
      values (${kind}, ${id}, ${item.name}, ${JSON.stringify(path)}::text::jsonb, ${actor.id}, ${actor.name}, 0, 0, 0)
      returning id::int as id`;
    if (!deletion) throw new Error("insert into file_deletions returned no row");
    let folders = 0;
    if (kind === "folder") {
      const marked = await tx`
        with recursive below as (
          select id from folders where id = ${id}
          union
          select f.id from folders f join below on f.parent_id = below.id where f.deletion_id is null
        )
        update folders set deletion_id = ${deletion.id} where id in (select id from below) and deletion_id is null`;
      folders = marked.count;
    }
    const [files] = await tx<{ count: number; size: string }[]>`
      with marked as (
        update files set deletion_id = ${deletion.id}
        where deletion_id is null and ${
          kind === "file"
            ? tx`id = ${id}`
            : tx`folder_id in (select id from folders where deletion_id = ${deletion.id})`
        }
        returning size
      )
      select count(*)::int as count, coalesce(sum(size), 0)::text as size from marked`;
    await tx`
      update file_deletions set file_count = ${files?.count ?? 0}, folder_count = ${folders},
        size_bytes = ${files?.size ?? "0"}::bigint
      where id = ${deletion.id}`;
    await recordAuditEvent(tx, actor, {
      action: kind === "file" ? "file.trashed" : "folder.trashed",
      objectId: id,
      fields: ["deletion_id", "files", "folders"],
      changes: {
        deletion_id: { before: null, after: deletion.id },
        files: { before: null, after: files?.count ?? 0 },
        folders: { before: null, after: folders },
      },
    });
    return deletion.id;
  });
}
