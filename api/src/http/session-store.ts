import type { User, UserStatus } from "@klarwerk/kit";
import type { Queries, Sql } from "../db/open.ts";

// Every statement on the sessions table (migration 009). Times come from the caller's clock, so
// tests can move it; the database's own now() is never used here.

/** A session with its account, as the guard needs it: one row, one round trip. */
export interface StoredSession {
  id: string;
  user: User & { status: UserStatus };
  createdAt: number;
  lastUsedAt: number;
  expiresAt: number;
}

interface SessionRow {
  id: string;
  user_id: number;
  name: string;
  email: string;
  role: User["role"];
  status: UserStatus;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
}

export async function insertSession(
  sql: Queries,
  session: { id: string; userId: number; createdAt: number; expiresAt: number },
): Promise<void> {
  const created = new Date(session.createdAt);
  await sql`
    insert into sessions (id, user_id, created_at, last_used_at, expires_at)
    values (${session.id}, ${session.userId}, ${created}, ${created}, ${new Date(session.expiresAt)})`;
}

/** The session and its account; null once either is gone. */
export async function findSession(sql: Sql, id: string): Promise<StoredSession | null> {
  const [row] = await sql<SessionRow[]>`
    select sessions.id, sessions.user_id, users.name, users.email, users.role, users.status,
           sessions.created_at, sessions.last_used_at, sessions.expires_at
    from sessions join users on users.id = sessions.user_id
    where sessions.id = ${id}`;
  if (!row) return null;
  return {
    id: row.id,
    user: { id: row.user_id, name: row.name, email: row.email, role: row.role, status: row.status },
    createdAt: row.created_at.getTime(),
    lastUsedAt: row.last_used_at.getTime(),
    expiresAt: row.expires_at.getTime(),
  };
}

/** Moves the idle clock forward, never back (another process may have written a later use). */
export async function touchSession(sql: Sql, id: string, usedAt: number): Promise<void> {
  await sql`
    update sessions set last_used_at = ${new Date(usedAt)}
    where id = ${id} and last_used_at < ${new Date(usedAt)}`;
}

/** Ends one session (logout). */
export async function deleteSession(sql: Queries, id: string): Promise<void> {
  await sql`delete from sessions where id = ${id}`;
}

/** Ends every session of an account, but `keep` (the one that changed the password). */
export async function deleteSessionsOf(sql: Queries, userId: number, keep: string | null = null): Promise<void> {
  const others = keep === null ? sql`` : sql`and id <> ${keep}`;
  await sql`delete from sessions where user_id = ${userId} ${others}`;
}

/** Deletes sessions that can no longer be used; returns how many. */
export async function deleteEndedSessions(sql: Sql, { now, idleMs }: { now: number; idleMs: number }): Promise<number> {
  const deleted = await sql`
    delete from sessions
    where expires_at <= ${new Date(now)} or last_used_at <= ${new Date(now - idleMs)}`;
  return deleted.count;
}
