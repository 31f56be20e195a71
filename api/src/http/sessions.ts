import { randomBytes } from "node:crypto";
import type { User } from "@klarwerk/kit";
import { type AuditActor, recordAuditEvent } from "../db/audit-append.ts";
import type { ChangeFeed } from "../db/change-feed.ts";
import type { Sql } from "../db/open.ts";
import { TableCache } from "../db/table-cache.ts";
import {
  deleteEndedSessions,
  deleteSession,
  findSession,
  insertSession,
  type StoredSession,
  touchSession,
} from "./session-store.ts";

const minute = 60 * 1000;
const day = 24 * 60 * minute;

/** How long a session lasts: the one place these numbers live. */
export const sessionLifetime = {
  /** Unused this long, a session ends. */
  idleMs: 7 * day,
  /** Used or not, a session ends this long after the login. */
  absoluteMs: 30 * day,
  /** A session's last use is written at most this often (per session and process). */
  touchEveryMs: 5 * minute,
  /** Ended sessions are deleted this often while the server runs. */
  sweepEveryMs: day,
} as const;

/** The token's lifetime for @elysiajs/jwt: the session's absolute limit, as a backstop. */
export const tokenLifetime = `${sessionLifetime.absoluteMs / day}d`;

/** An active account's session that may be used now (a type, so Elysia's resolve takes it). */
export type SignedIn = {
  user: User;
  sessionId: string;
};

/** What a process keeps of a session: the row, plus when this process last used and wrote it. */
interface KeptSession {
  stored: StoredSession;
  /** The account as routes see it, frozen: one object serves many requests. */
  user: User;
  lastUsedAt: number;
  lastWrittenAt: number;
}

export interface Sessions {
  /** A new session for the account (after a login); returns its id, the token's `sid`. */
  start(userId: number, actor: AuditActor): Promise<string>;
  /** The session when it may be used now by an active account of this id, else null. */
  check(sessionId: string, userId: number): Promise<SignedIn | null>;
  /** Ends one session (logout), in this process at once and in the others through the feed. */
  end(sessionId: string, actor: AuditActor): Promise<void>;
  /** Tells this process's cache that sessions or accounts changed (the others hear the NOTIFY). */
  changed(): void;
  /** Deletes ended sessions now and then while the server runs; returns the stop function. */
  scheduleSweep(): () => void;
}

/** Sessions kept in memory per process (~300 bytes each). */
const keptSessions = 10_000;

/**
 * Sessions live in the database; checking one costs no round trip while the change feed is live:
 * sessions are kept in memory until the sessions or users table changes (a logout, a disabled or
 * deleted account, a new password, in any process). The last use is written at most every few
 * minutes, fire-and-forget; the idle rule is checked against the kept value, and a session that
 * looks idle is read again before it is refused (another process may have seen it used).
 */
export function createSessions({
  sql,
  changes,
  now,
}: {
  sql: Sql;
  changes: ChangeFeed | null;
  now: () => number;
}): Sessions {
  const cache = new TableCache<KeptSession | null>(changes, {
    tables: ["sessions", "users"],
    maxEntries: keptSessions,
  });
  const read = async (id: string): Promise<KeptSession | null> => {
    const stored = await findSession(sql, id);
    if (!stored) return null;
    const { id: userId, name, email, role } = stored.user;
    const user = Object.freeze({ id: userId, name, email, role });
    return { stored, user, lastUsedAt: stored.lastUsedAt, lastWrittenAt: stored.lastUsedAt };
  };
  const isIdle = (lastUsedAt: number, at: number) => at - lastUsedAt >= sessionLifetime.idleMs;

  function touch(kept: KeptSession, at: number): void {
    kept.lastUsedAt = Math.max(kept.lastUsedAt, at);
    if (at - kept.lastWrittenAt < sessionLifetime.touchEveryMs) return;
    kept.lastWrittenAt = at;
    touchSession(sql, kept.stored.id, at).catch((error: unknown) => {
      console.error("[api] could not record a session's use:", error instanceof Error ? error.message : error);
    });
  }

  return {
    async start(userId, actor) {
      const id = randomBytes(32).toString("base64url");
      const createdAt = now();
      await sql.begin(async (tx) => {
        await insertSession(tx, { id, userId, createdAt, expiresAt: createdAt + sessionLifetime.absoluteMs });
        await recordAuditEvent(tx, actor, { action: "auth.login_succeeded", objectId: userId });
      });
      return id;
    },

    async check(sessionId, userId) {
      const at = now();
      const kept = await cache.get(sessionId, () => read(sessionId));
      if (!kept || kept.user.id !== userId || kept.stored.user.status !== "active") return null;
      if (at >= kept.stored.expiresAt) return null;
      if (isIdle(kept.lastUsedAt, at)) {
        const fresh = await findSession(sql, sessionId);
        if (!fresh || isIdle(fresh.lastUsedAt, at)) return null;
        kept.lastUsedAt = Math.max(kept.lastUsedAt, fresh.lastUsedAt);
        kept.lastWrittenAt = Math.max(kept.lastWrittenAt, fresh.lastUsedAt);
      }
      touch(kept, at);
      return { user: kept.user, sessionId };
    },

    async end(sessionId, actor) {
      await sql.begin(async (tx) => {
        await deleteSession(tx, sessionId);
        await recordAuditEvent(tx, actor, { action: "auth.logout", objectId: actor.id });
      });
      changes?.changed("sessions");
    },

    changed() {
      changes?.changed("sessions");
      changes?.changed("users");
    },

    scheduleSweep() {
      const sweep = async () => {
        try {
          const deleted = await deleteEndedSessions(sql, { now: now(), idleMs: sessionLifetime.idleMs });
          if (deleted > 0) console.log(`[api] deleted ${deleted} ended session(s)`);
        } catch (error) {
          console.error("[api] could not delete ended sessions:", error);
        }
      };
      void sweep();
      const timer = setInterval(sweep, sessionLifetime.sweepEveryMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
