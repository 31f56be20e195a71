import type { Sql } from "../db/open.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import type { BlobArea } from "../storage/configured-blob-store.ts";

/**
 * A blob whose row is deleted is removed from the store only while no backup runs. A backup's
 * snapshot may still name a row deleted after it was taken, and the set must not list a blob that
 * vanished before it was copied. The row's delete queues the blob in `blob_deletions` (same
 * statement); afterwards the blob goes at once unless a backup is running, else after it.
 *
 * Why this is enough: a backup marks itself running (a committed `backup_runs` row) before it
 * takes its snapshot. The check below runs after the row's delete committed. If it sees no
 * running backup, any backup that starts takes its snapshot after that delete, so its set does
 * not name the blob. A backup that crashed leaves a running row; the next run under the backup
 * lock closes it, and a day after its start it no longer holds removals back.
 */

const fence = `not exists (
  select 1 from backup_runs where kind = 'backup' and result = 'running' and started_at > now() - interval '1 day')`;

/** Removes one queued blob now unless a backup runs (then it stays queued). */
export async function removeUnlessBackingUp(
  sql: Sql,
  area: BlobArea,
  store: BlobStore,
  blobId: string,
): Promise<boolean> {
  const rows = await sql`
    delete from blob_deletions where area = ${area} and blob_id = ${blobId} and ${sql.unsafe(fence)} returning id`;
  if (rows.length === 0) return false;
  await store.remove(blobId);
  return true;
}

/** `removeUnlessBackingUp` for many blobs of one area at once (a release's files). Returns how many went. */
export async function removeAllUnlessBackingUp(
  sql: Sql,
  area: BlobArea,
  store: BlobStore,
  blobIds: readonly string[],
): Promise<number> {
  if (blobIds.length === 0) return 0;
  const rows = await sql<{ blob_id: string }[]>`
    delete from blob_deletions where area = ${area} and blob_id = any(${sql.array([...blobIds])})
      and ${sql.unsafe(fence)} returning blob_id`;
  for (const row of rows) {
    await store.remove(row.blob_id).catch((error: unknown) => {
      // Named by no row any more: the next start's sweep removes it.
      console.error(`[api] could not delete blob ${row.blob_id}:`, error);
    });
  }
  return rows.length;
}

/** Every queued removal, unless a backup runs (after each backup, and at start). Returns how many went. */
export async function runDeferredDeletions(sql: Sql, stores: Record<BlobArea, BlobStore>): Promise<number> {
  const rows = await sql<{ area: BlobArea; blob_id: string }[]>`
    delete from blob_deletions where ${sql.unsafe(fence)} returning area, blob_id`;
  for (const row of rows) {
    await stores[row.area].remove(row.blob_id).catch((error: unknown) => {
      // Named by no row any more: the next start's sweep removes it.
      console.error(`[api] could not delete blob ${row.blob_id}:`, error);
    });
  }
  return rows.length;
}
