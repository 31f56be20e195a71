import type { Sql } from "../db/open.ts";
import { fileBlobRows } from "../modules/files/index.ts";
import { invoiceBlobRows } from "../modules/invoices/index.ts";
import { releaseBlobRows } from "../modules/releases/index.ts";
import type { AreaRow, AreaRowsPage } from "../storage/blob-area.ts";
import { type BlobArea, blobAreaNames } from "../storage/configured-blob-store.ts";

/**
 * What a set records of the database and a restore compares: the migration level, the rows per
 * table, and every row's blob. Read inside the backup's snapshot (or from the restored copy).
 */
export interface DatabaseState {
  migrationLevel: string;
  rowCounts: Record<string, number>;
  serverVersion: string;
  /** The audit chain's newest event as `<seq>:<sha-256 hex>` (null before migration 019). */
  auditChainHead: string | null;
}

export async function readDatabaseState(sql: Sql): Promise<DatabaseState> {
  const [level] = await sql<{ version: string | null }[]>`select max(version) as version from schema_migrations`;
  const [server] = await sql<{ server_version: string }[]>`show server_version`;
  const tables = await sql<{ tablename: string }[]>`
    select tablename from pg_tables where schemaname = 'public' order by tablename`;
  const rowCounts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from ${sql(tablename)}`;
    rowCounts[tablename] = row?.count ?? 0;
  }
  const [chain] = await sql<
    { head: string }[]
  >`select last_seq || ':' || encode(last_hash, 'hex') as head from audit_chain`;
  return {
    migrationLevel: level?.version ?? "",
    rowCounts,
    serverVersion: server?.server_version ?? "",
    auditChainHead: chain?.head ?? null,
  };
}

const readers: Record<BlobArea, (sql: Sql, page: AreaRowsPage) => Promise<AreaRow[]>> = {
  files: fileBlobRows,
  invoices: invoiceBlobRows,
  releases: releaseBlobRows,
};

/** Every row that names a blob, area by area, in pages of the scrub's readers. */
export async function* blobRows(sql: Sql): AsyncGenerator<{ area: BlobArea; rows: AreaRow[] }> {
  for (const area of blobAreaNames) {
    for (let afterId = 0; ; ) {
      const rows = await readers[area](sql, { afterId, limit: 1000 });
      if (rows.length === 0) break;
      yield { area, rows };
      afterId = rows[rows.length - 1]?.id ?? afterId;
    }
  }
}

/** Whether the database holds no table of its own yet (a restore's target must be empty). */
export async function isEmptyDatabase(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ tables: number }[]>`
    select count(*)::int as tables from pg_tables where schemaname = 'public'`;
  return (row?.tables ?? 0) === 0;
}
