import type { TrashList, TrashRestored } from "@klarwerk/kit";
import type { Config } from "../../config.ts";
import type { Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { pagingParam } from "../../http/ids.ts";
import { type Schedule, scheduleEvery } from "../../lib/schedule-every.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { removeAllUnlessBackingUp } from "../../storage/deferred-deletes.ts";
import { type AuditActor, systemActor } from "../audit/index.ts";
import { mirrorLedger } from "../privacy/index.ts";
import { trashApiMessages as messages } from "./messages.ts";
import { type RestoreTarget, trashMaxPage, trashPageSize } from "./model.ts";
import { dueDeletions, listTrash, type Purged, purgeDeletion, restoreDeletion, type TrashOwner } from "./store.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** What purging needs: the file area's blob store, the ledger's copy in `DATA_DIR` (null: none, tests). */
export interface PurgeSettings {
  store: BlobStore;
  dataDir: string | null;
}

/** After the commit: the blobs once no backup copies them (else the queue keeps them), the ledger's copy. */
async function afterPurge(sql: Sql, settings: PurgeSettings, purged: readonly Purged[]): Promise<void> {
  const blobIds = purged.flatMap((each) => each.blobIds);
  await removeAllUnlessBackingUp(sql, "files", settings.store, blobIds).catch((error: unknown) => {
    console.error("[api] could not remove purged blobs (they stay queued):", error);
  });
  if (settings.dataDir && purged.length > 0) await mirrorLedger(sql, settings.dataDir);
}

/** The daily job's batch: a huge Papierkorb is emptied over several passes of one run, never in one transaction. */
const purgeBatch = 100;

/**
 * Every deletion older than `days` at `now` purged, each in its own transaction (as the system);
 * one being restored meanwhile is skipped (its row lock) and gone from the trash afterwards.
 * Returns how many went.
 */
export async function runTrashPurge(
  sql: Sql,
  settings: PurgeSettings & { days: number },
  now: Date = new Date(),
): Promise<number> {
  let count = 0;
  const seen = new Set<number>();
  for (;;) {
    const ids = (await dueDeletions(sql, settings.days, now, purgeBatch)).filter((id) => !seen.has(id));
    if (ids.length === 0) return count;
    const purged: Purged[] = [];
    for (const id of ids) {
      seen.add(id);
      const done = await purgeDeletion(sql, id, { owner: null, actor: systemActor, due: true, skipLocked: true });
      if (done) purged.push(done);
    }
    count += purged.length;
    await afterPurge(sql, settings, purged);
  }
}

/**
 * The Papierkorb's flows (docs/decisions/0098-files-trash.md): the list (a staff member's own
 * deletions, an admin's all), a whole deletion restored, „Endgültig löschen“ (admins), and the
 * daily purge after `FILES_TRASH_DAYS`.
 */
export function trashService({
  sql,
  config,
  store,
}: {
  sql: Sql;
  config: Pick<Config, "filesTrashDays" | "dataDir">;
  store: BlobStore;
}) {
  const settings: PurgeSettings = { store, dataDir: config.dataDir };

  async function list(owner: TrashOwner, query: Record<string, string | undefined>): Promise<TrashList> {
    const page = pagingParam(query.page, { fallback: 1, max: trashMaxPage }, messages.invalidPage);
    const rows = await listTrash(sql, owner, {
      days: config.filesTrashDays,
      offset: (page - 1) * trashPageSize,
      limit: trashPageSize + 1,
    });
    return {
      entries: rows.slice(0, trashPageSize),
      more: rows.length > trashPageSize,
      all: owner.admin,
      days: config.filesTrashDays,
    };
  }

  async function restore(
    id: number,
    target: RestoreTarget,
    owner: TrashOwner,
    actor: AuditActor,
  ): Promise<TrashRestored> {
    const result = await restoreDeletion(sql, id, target, owner, actor);
    switch (result.outcome) {
      case "restored":
        return { kind: result.kind, item_id: result.itemId, folder_id: result.folderId, folder_path: result.path };
      case "not-found":
        throw new HttpError(404, "trash-entry-not-found", messages.notFound);
      case "target-not-found":
        throw new HttpError(404, "target-folder-not-found", messages.targetNotFound);
      case "place-taken":
        throw new HttpError(409, "restore-place-taken", messages.placeTaken);
      case "target-taken":
        throw new HttpError(409, "folder-name-taken", messages.targetTaken);
    }
  }

  /** „Endgültig löschen“ by an admin: 404 when it is gone already (restored, or purged by another). */
  async function purge(id: number, actor: AuditActor): Promise<void> {
    const done = await purgeDeletion(sql, id, { owner: null, actor, due: false, skipLocked: false });
    if (!done) throw new HttpError(404, "trash-entry-not-found", messages.notFound);
    await afterPurge(sql, settings, [done]);
  }

  /** A minute after start, then daily, in every API process (row locks: each deletion purged once). */
  function schedulePurge(schedule: Schedule = { firstAfterMs: 60_000, everyMs: dayMs }): () => Promise<void> {
    return scheduleEvery(
      "the purge of the file area's Papierkorb",
      async () => {
        const count = await runTrashPurge(sql, { ...settings, days: config.filesTrashDays });
        if (count > 0)
          console.log(`[api] purged ${count} deletion(s) older than ${config.filesTrashDays} days from the Papierkorb`);
      },
      schedule,
    );
  }

  return { list, restore, purge, schedulePurge };
}
