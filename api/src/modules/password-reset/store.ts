import type { Sql } from "../../db/open.ts";
import { deleteSessionsOf } from "../../http/session-store.ts";
import type { ComposedMail } from "../../mail/compose.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";

// Every statement on password_reset_tokens (migration 013). Times come from the caller's clock.

/**
 * Writes a reset mail for the account, without its link: the delivery worker makes the token
 * when it sends the mail (links.ts), so the outbox never holds a working link.
 */
export async function queueResetMail(sql: Sql, userId: number, mail: ComposedMail, actor: AuditActor): Promise<void> {
  await sql.begin(async (tx) => {
    await enqueueMail(tx, mail, { resetUserId: userId });
    await recordAuditEvent(tx, actor, { action: "auth.password_reset_requested", objectId: userId });
  });
}

/** Stores a token's hash (the delivery worker, as it sends the mail with the link). */
export async function insertResetToken(
  sql: Sql,
  token: { hash: string; userId: number; createdAt: number; expiresAt: number },
): Promise<void> {
  await sql`
    insert into password_reset_tokens (token_hash, user_id, created_at, expires_at)
    values (${token.hash}, ${token.userId}, ${new Date(token.createdAt)}, ${new Date(token.expiresAt)})`;
}

/** A token whose mail was not delivered: nobody has it, so it goes. */
export async function deleteResetToken(sql: Sql, hash: string): Promise<void> {
  await sql`delete from password_reset_tokens where token_hash = ${hash}`;
}

/** The name of the account `userId` while it is active (a link is made only for such); else null. */
export async function findActiveAccount(sql: Sql, userId: number): Promise<{ name: string } | null> {
  const [row] = await sql<{ name: string }[]>`select name from users where id = ${userId} and status = 'active'`;
  return row ?? null;
}

/** A token as stored, with the account it resets (only active accounts may). */
export interface StoredResetToken {
  userId: number;
  name: string;
  email: string;
  active: boolean;
  expiresAt: number;
  used: boolean;
}

export async function findResetToken(sql: Sql, hash: string): Promise<StoredResetToken | null> {
  const [row] = await sql<
    { user_id: number; name: string; email: string; status: string; expires_at: Date; used_at: Date | null }[]
  >`
    select tokens.user_id, users.name, users.email, users.status, tokens.expires_at, tokens.used_at
    from password_reset_tokens tokens join users on users.id = tokens.user_id
    where tokens.token_hash = ${hash}`;
  if (!row) return null;
  return {
    userId: row.user_id,
    name: row.name,
    email: row.email,
    active: row.status === "active",
    expiresAt: row.expires_at.getTime(),
    used: row.used_at !== null,
  };
}

/**
 * Uses the token once: sets the new password, ends every session of the account and voids the
 * account's other open links, in one transaction. The `used_at is null` condition is the guard:
 * of two uses at once, one wins; the other gets false, as does a token that expired meanwhile.
 */
export async function useResetToken(
  sql: Sql,
  { hash, passwordHash, now }: { hash: string; passwordHash: string; now: number },
  actor: AuditActor,
): Promise<boolean> {
  return sql.begin(async (tx) => {
    const at = new Date(now);
    const [token] = await tx<{ user_id: number }[]>`
      update password_reset_tokens set used_at = ${at}
      where token_hash = ${hash} and used_at is null and expires_at > ${at}
      returning user_id`;
    if (!token) return false;
    await tx`
      update users set password_hash = ${passwordHash}, password_changed_at = ${at}
      where id = ${token.user_id} and status = 'active'`;
    await tx`update password_reset_tokens set used_at = ${at} where user_id = ${token.user_id} and used_at is null`;
    await deleteSessionsOf(tx, token.user_id);
    await recordAuditEvent(tx, actor, { action: "auth.password_reset", objectId: token.user_id, fields: ["password"] });
    return true;
  });
}

/** Deletes tokens a day past their expiry (they only matter for the "already used" answer). */
export async function deleteOldResetTokens(sql: Sql, now: number): Promise<number> {
  const deleted = await sql`delete from password_reset_tokens where expires_at < ${new Date(now - 86_400_000)}`;
  return deleted.count;
}
