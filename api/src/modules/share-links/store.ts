import type { ShareAccessKind, ShareLink, ShareLinkAccess, ShareTargetKind } from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import type { Row } from "../../db/rows.ts";
import type { ComposedMail } from "../../mail/compose.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";

/** A link as „Meine Freigaben“ lists it; the answers carry the kit's `ShareLink`. */
export type ShareLinkRow = Omit<Row<ShareLink>, "expires_at" | "last_access_at" | "revoked_at"> & {
  expires_at: Date;
  last_access_at: Date | null;
  revoked_at: Date | null;
};

/** An entry of the access log as the store reads it. */
export type ShareAccessRow = Omit<ShareLinkAccess, "at"> & { at: Date };

/** Wrong passwords after which a link is locked for good. */
export const shareLinkLockAfter = 20;

/** Who asks: a staff member sees their own links, an admin everyone's. */
export interface LinkOwner {
  id: number;
  admin: boolean;
}

const status = (sql: Queries) => sql`
  case
    when l.revoked_at is not null then 'revoked'
    when l.file_id is null and l.folder_id is null then 'target_gone'
    when exists (select 1 from files f where f.id = l.file_id and f.deletion_id is not null)
      or exists (select 1 from folders d where d.id = l.folder_id and d.deletion_id is not null) then 'target_gone'
    when l.locked_at is not null then 'locked'
    when l.expires_at <= now() then 'expired'
    when l.download_limit is not null and l.downloads >= l.download_limit then 'used_up'
    else 'active'
  end`;

const listColumns = (sql: Queries) => sql`
  l.id, l.target_kind, coalesce(l.file_id, l.folder_id) as target_id, l.target_name, l.label, l.created_by_name,
  l.created_at, l.expires_at, l.password_hash is not null as has_password, l.download_limit, l.downloads,
  l.last_access_at, l.revoked_at, ${status(sql)} as status, l.notify_on_open`;

const ownedBy = (sql: Queries, owner: LinkOwner) => (owner.admin ? sql`true` : sql`l.created_by = ${owner.id}`);

export interface NewShareLink {
  tokenSha256: string;
  targetKind: ShareTargetKind;
  targetId: number;
  days: number;
  passwordHash: string | null;
  downloadLimit: number | null;
  label: string;
  notifyOnOpen: boolean;
  creator: { id: number; name: string };
}

/** The link and its audit event; null when the file or folder does not exist. */
export async function insertShareLink(sql: Sql, link: NewShareLink, actor: AuditActor): Promise<ShareLinkRow | null> {
  return sql.begin(async (tx) => {
    const target =
      link.targetKind === "file"
        ? tx<{ name: string }[]>`
            select original_name as name from files where id = ${link.targetId} and deletion_id is null for share`
        : tx<{ name: string }[]>`
            select name from folders where id = ${link.targetId} and deletion_id is null for share`;
    const [found] = await target;
    if (!found) return null;
    const [inserted] = await tx<{ id: number }[]>`
      insert into share_links (token_sha256, target_kind, file_id, folder_id, target_name, label, created_by,
                               created_by_name, expires_at, password_hash, download_limit, notify_on_open)
      values (${link.tokenSha256}, ${link.targetKind},
              ${link.targetKind === "file" ? link.targetId : null}, ${link.targetKind === "folder" ? link.targetId : null},
              ${found.name}, ${link.label}, ${link.creator.id}, ${link.creator.name},
              now() + make_interval(days => ${link.days}), ${link.passwordHash}, ${link.downloadLimit},
              ${link.notifyOnOpen})
      returning id`;
    if (!inserted) throw new Error("insert into share_links returned no row");
    await recordAuditEvent(tx, actor, {
      action: "share_link.created",
      objectId: inserted.id,
      fields: ["target_kind", "target_id", "expires_at", "has_password", "download_limit", "label"],
      changes: {
        target: { before: null, after: `${link.targetKind} ${link.targetId}` },
        days: { before: null, after: link.days },
        has_password: { before: null, after: link.passwordHash !== null },
        download_limit: { before: null, after: link.downloadLimit },
        notify_on_open: { before: null, after: link.notifyOnOpen },
      },
    });
    const [row] = await tx<ShareLinkRow[]>`select ${listColumns(tx)} from share_links l where l.id = ${inserted.id}`;
    if (!row) throw new Error("the new share link is gone");
    return row;
  });
}

/** The owner's links (an admin's: all), newest first, at most `limit`. */
export function listShareLinks(sql: Sql, owner: LinkOwner, limit = 500): Promise<ShareLinkRow[]> {
  return sql<ShareLinkRow[]>`
    select ${listColumns(sql)} from share_links l
    where ${ownedBy(sql, owner)}
    order by l.created_at desc, l.id desc
    limit ${limit}`;
}

/**
 * Revokes the link (once: a second revoke changes nothing and records nothing). False when the
 * link is not the owner's to revoke or does not exist.
 */
export async function revokeShareLink(sql: Sql, id: number, owner: LinkOwner, actor: AuditActor): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [link] = await tx<{ revoked: boolean }[]>`
      select revoked_at is not null as revoked from share_links l
      where l.id = ${id} and ${ownedBy(tx, owner)} for update`;
    if (!link) return false;
    if (link.revoked) return true;
    await tx`update share_links set revoked_at = now() where id = ${id}`;
    await recordAuditEvent(tx, actor, { action: "share_link.revoked", objectId: id, fields: ["revoked_at"] });
    return true;
  });
}

/** A link's access log, newest first; null when the link is not the owner's or does not exist. */
export async function listAccesses(sql: Sql, id: number, owner: LinkOwner): Promise<ShareAccessRow[] | null> {
  const [link] = await sql`select 1 from share_links l where l.id = ${id} and ${ownedBy(sql, owner)}`;
  if (!link) return null;
  return sql<ShareAccessRow[]>`
    select at, kind, file_name, network, client from share_link_accesses
    where link_id = ${id} order by at desc, id desc limit 200`;
}

/** What the client's side reads of a link, found by its token's hash. */
export interface OpenedLink {
  id: number;
  target_kind: ShareTargetKind;
  file_id: number | null;
  folder_id: number | null;
  target_name: string;
  label: string;
  expires_at: Date;
  password_hash: string | null;
  download_limit: number | null;
  downloads: number;
  status: ShareLink["status"];
}

export async function findByTokenHash(sql: Sql, tokenSha256: string): Promise<OpenedLink | null> {
  const [link] = await sql<OpenedLink[]>`
    select l.id, l.target_kind, l.file_id, l.folder_id, l.target_name, l.label, l.expires_at, l.password_hash,
           l.download_limit, l.downloads, ${status(sql)} as status
    from share_links l where l.token_sha256 = ${tokenSha256}`;
  return link ?? null;
}

/**
 * One download reserved, in one statement: only while the link is usable and below its limit, so
 * any number of concurrent downloads (in any process) pass exactly `download_limit` times.
 */
export async function reserveDownload(sql: Sql, id: number): Promise<boolean> {
  const rows = await sql`
    update share_links set downloads = downloads + 1, last_access_at = now()
    where id = ${id} and revoked_at is null and locked_at is null and expires_at > now()
      and (file_id is not null or folder_id is not null)
      and not exists (select 1 from files f where f.id = share_links.file_id and f.deletion_id is not null)
      and not exists (select 1 from folders d where d.id = share_links.folder_id and d.deletion_id is not null)
      and (download_limit is null or downloads < download_limit)
    returning id`;
  return rows.length > 0;
}

/** A link's first opening, as the sharer's notice tells it. */
export interface FirstOpening {
  sharer: { name: string; address: string };
  targetKind: ShareTargetKind;
  targetName: string;
  label: string;
  openedAt: Date;
  client: string;
}

/**
 * The client's access, coarsely; an opening also marks the link's first and last access. The
 * first opening of a link whose sharer asked for it also writes the sharer's notice (`notice`) to
 * the outbox, in the same transaction: exactly one, however many clients open it at once (the
 * row's lock lets one update find `first_opened_at` unset), and none for an account that is gone
 * or no longer active.
 */
export async function recordAccess(
  sql: Sql,
  id: number,
  access: { kind: ShareAccessKind; fileName: string | null; network: string; client: string },
  notice: ((opening: FirstOpening) => ComposedMail) | null = null,
): Promise<void> {
  const logged = (tx: Queries) => tx`
    insert into share_link_accesses (link_id, kind, file_name, network, client)
    values (${id}, ${access.kind}, ${access.fileName}, ${access.network}, ${access.client})`;
  // A download or a wrong password is one row; only an opening also marks the link (and may write
  // the notice), in one transaction with its row.
  if (access.kind !== "opened") {
    await logged(sql);
    return;
  }
  await sql.begin(async (tx) => {
    const [first] = await tx<(Omit<FirstOpening, "sharer" | "client"> & { notify: boolean })[]>`
      update share_links set first_opened_at = now(), last_access_at = now()
      where id = ${id} and first_opened_at is null
      returning notify_on_open as notify, target_kind as "targetKind", target_name as "targetName", label,
                first_opened_at as "openedAt"`;
    if (!first) await tx`update share_links set last_access_at = now() where id = ${id}`;
    else if (first.notify && notice) {
      const [sharer] = await tx<{ name: string; address: string }[]>`
        select u.name, u.email as address from share_links l join users u on u.id = l.created_by
        where l.id = ${id} and u.status = 'active'`;
      if (sharer) await enqueueMail(tx, notice({ ...first, sharer, client: access.client }));
    }
    await logged(tx);
  });
}

/** Counts a wrong password; the link is locked at `shareLinkLockAfter`. Whether it is locked now. */
export async function countWrongPassword(sql: Sql, id: number): Promise<boolean> {
  const [row] = await sql<{ locked: boolean }[]>`
    update share_links set failed_passwords = failed_passwords + 1,
      locked_at = case when failed_passwords + 1 >= ${shareLinkLockAfter} then coalesce(locked_at, now()) else locked_at end
    where id = ${id}
    returning locked_at is not null as locked`;
  return row?.locked ?? false;
}

/** A file as a link serves it: its name, type and where its bytes are. */
export interface SharedFile {
  id: number;
  original_name: string;
  mime_type: string;
  size: number;
  blob_id: string;
  blob_offset: number;
  sha256: string | null;
}

const fileColumns = (sql: Queries) => sql`id, original_name, mime_type, size, blob_id, blob_offset, sha256`;

/** The files a link shares now: its file, or the files directly in its folder (by name). */
export function sharedFiles(sql: Sql, link: Pick<OpenedLink, "file_id" | "folder_id">): Promise<SharedFile[]> {
  if (link.file_id !== null)
    return sql<SharedFile[]>`select ${fileColumns(sql)} from files where id = ${link.file_id} and deletion_id is null`;
  if (link.folder_id === null) return Promise.resolve([]);
  return sql<SharedFile[]>`
    select ${fileColumns(sql)} from files where folder_id = ${link.folder_id} and deletion_id is null
    order by lower(original_name), id`;
}

/** One file of the link, if the link shares it now. */
export async function sharedFile(
  sql: Sql,
  link: Pick<OpenedLink, "file_id" | "folder_id">,
  fileId: number,
): Promise<SharedFile | null> {
  const [file] =
    link.file_id !== null
      ? await sql<SharedFile[]>`
          select ${fileColumns(sql)} from files where id = ${fileId} and id = ${link.file_id} and deletion_id is null`
      : await sql<SharedFile[]>`
          select ${fileColumns(sql)} from files
          where id = ${fileId} and folder_id = ${link.folder_id ?? 0} and deletion_id is null`;
  return file ?? null;
}

/** The erasure's part (decision 0096): every link of these files and folders revoked. Returns how many. */
export async function revokeLinksOf(
  sql: Queries,
  { fileIds, folderIds }: { fileIds: readonly number[]; folderIds: readonly number[] },
): Promise<number> {
  if (fileIds.length === 0 && folderIds.length === 0) return 0;
  const revoked = await sql`
    update share_links set revoked_at = now()
    where revoked_at is null
      and (file_id = any(${[...fileIds]}::bigint[]) or folder_id = any(${[...folderIds]}::bigint[]))`;
  return revoked.count;
}

/** The admins' maximum validity of new links, in days (migration 057: one row). */
export async function readShareLinkMaxDays(sql: Queries): Promise<number> {
  const [row] = await sql<{ max_days: number }[]>`select max_days from share_link_settings`;
  if (!row) throw new Error("share_link_settings has no row");
  return row.max_days;
}

/** Sets the maximum; an audit event only when it changed. The maximum now. */
export async function saveShareLinkMaxDays(sql: Sql, maxDays: number, actor: AuditActor): Promise<number> {
  return sql.begin(async (tx) => {
    const [before] = await tx<{ max_days: number }[]>`select max_days from share_link_settings for update`;
    if (!before) throw new Error("share_link_settings has no row");
    if (before.max_days === maxDays) return maxDays;
    await tx`update share_link_settings set max_days = ${maxDays}, updated_at = now(), updated_by_name = ${actor.name}`;
    await recordAuditEvent(tx, actor, {
      action: "share_link.settings_changed",
      objectId: null,
      fields: ["max_days"],
      changes: { max_days: { before: before.max_days, after: maxDays } },
    });
    return maxDays;
  });
}
