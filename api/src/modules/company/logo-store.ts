import type { CompanyLogo } from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import type { LogoImage } from "./logo-image.ts";

/**
 * The letterhead's logos (migration 048, decision 0091): the current one, the ones issued quotes
 * still name. Their blobs live in the invoices' blob store (its sweep asks `referencedLogoBlobIds`).
 */

/** A logo with its blob: what a PDF is rendered with and what an issued quote keeps. */
export interface StoredLogo extends CompanyLogo {
  blobId: string;
}

interface LogoRow {
  blob_id: string;
  content_type: CompanyLogo["contentType"];
  width: number;
  height: number;
  size: number;
  sha256: string;
}

const logoColumns = (sql: Queries) => sql`blob_id, content_type, width, height, size, sha256`;

function logoOf(row: LogoRow): StoredLogo {
  return {
    blobId: row.blob_id,
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    size: row.size,
    sha256: row.sha256,
  };
}

/** The logo without its blob id: what the API answers. */
export function publicLogo(logo: StoredLogo | null): CompanyLogo | null {
  if (logo === null) return null;
  const { blobId: _blobId, ...rest } = logo;
  return rest;
}

/** The logo new PDFs carry; null when none is set. */
export async function readCurrentLogo(sql: Queries): Promise<StoredLogo | null> {
  const [row] = await sql<LogoRow[]>`select ${logoColumns(sql)} from company_logos where current`;
  return row ? logoOf(row) : null;
}

/**
 * The logos no longer current that no issued quote names (their blobs are the caller's to remove
 * once the transaction committed): an admin replacing the logo again and again leaves nothing behind.
 */
async function dropUnusedLogos(tx: Queries): Promise<string[]> {
  const rows = await tx<{ blob_id: string }[]>`
    delete from company_logos l
    where not l.current
      and not exists (select 1 from quotes q where q.seller -> 'logo' ->> 'blobId' = l.blob_id)
    returning blob_id`;
  return rows.map((row) => row.blob_id);
}

/** Makes the stored blob `blobId` the current logo; the blob ids no longer needed. */
export async function setCurrentLogo(
  tx: Queries,
  image: LogoImage & { blobId: string; size: number; sha256: string },
  userId: number,
  actor: AuditActor,
): Promise<{ logo: StoredLogo; unused: string[] }> {
  const before = await readCurrentLogo(tx);
  await tx`update company_logos set current = false where current`;
  const [row] = await tx<LogoRow[]>`
    insert into company_logos (blob_id, content_type, width, height, size, sha256, uploaded_by)
    values (${image.blobId}, ${image.contentType}, ${image.width}, ${image.height}, ${image.size}, ${image.sha256},
      ${userId})
    returning ${logoColumns(tx)}`;
  if (!row) throw new Error("insert into company_logos returned no row");
  await recordAuditEvent(tx, actor, {
    action: "company.logo_changed",
    fields: ["logo"],
    changes: { logo: { before: before?.sha256 ?? null, after: row.sha256 } },
  });
  return { logo: logoOf(row), unused: await dropUnusedLogos(tx) };
}

/** Removes the current logo; false when there was none. The blob ids no longer needed. */
export async function removeCurrentLogo(
  tx: Queries,
  actor: AuditActor,
): Promise<{ removed: boolean; unused: string[] }> {
  const before = await readCurrentLogo(tx);
  if (before === null) return { removed: false, unused: [] };
  await tx`update company_logos set current = false where current`;
  await recordAuditEvent(tx, actor, {
    action: "company.logo_removed",
    fields: ["logo"],
    changes: { logo: { before: before.sha256, after: null } },
  });
  return { removed: true, unused: await dropUnusedLogos(tx) };
}

/** A logo's bytes; null when its blob is missing. */
export async function readLogoBytes(store: BlobStore, logo: StoredLogo): Promise<Uint8Array | null> {
  const size = await store.sizeOf(logo.blobId);
  if (size === null) return null;
  return new Uint8Array(await new Response(store.content(logo.blobId, 0, size)).arrayBuffer());
}
