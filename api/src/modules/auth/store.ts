import type { User, UserStatus } from "@klarwerk/kit";
import type { Queries, Sql, Transaction } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { deleteSessionsOf } from "../../http/session-store.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { lockAccounts } from "../users/index.ts";

// Every statement of auth on the users table: registration, login, a new password.

/** A user with the hash their password is checked against and whether they may enter. */
export interface UserWithPasswordHash extends User {
  status: UserStatus;
  passwordHash: string;
  /** Counted up when an admin forgets the account's known browsers (known-device.ts). */
  knownDevicesGeneration: number;
}

/** Whether this registration created the owner; a taken address creates nothing. */
export interface RegistrationOutcome {
  owner: boolean;
}

/**
 * Creates a pending account, or the owner (active admin): without `ownerEmail` the first account
 * of an empty table; with it only that address, with the set-up code (`ownerProven`), while no
 * active admin exists (the address alone is public: it is often in the Impressum). The proven owner takes over an
 * account a stranger registered with the address before (pending: it never signed in), with the
 * owner's name and password. A taken address (`email` normalized) otherwise runs the same
 * statements and creates nothing, so neither the answer nor its time tells whether the address
 * has an account. The accounts lock makes the owner decision and the write one step: two first
 * registrations at once cannot both become the owner.
 */
export async function registerAccount(
  sql: Sql,
  account: { name: string; email: string; passwordHash: string },
  actor: AuditActor,
  {
    ownerEmail,
    ownerProven,
    now,
    onPending,
  }: {
    ownerEmail: string | null;
    /** Whether the registration carried the owner's set-up code. */
    ownerProven: boolean;
    now: number;
    /** Runs in the transaction after a pending account was created (to tell the admins). */
    onPending?: (tx: Transaction, admins: { name: string; email: string }[]) => Promise<void>;
  },
): Promise<RegistrationOutcome> {
  return sql.begin(async (tx) => {
    await lockAccounts(tx);
    const [state] = await tx<{ has_users: boolean; has_active_admin: boolean }[]>`
      select exists (select 1 from users) as has_users,
             exists (select 1 from users where role = 'admin' and status = 'active') as has_active_admin`;
    const owner =
      ownerEmail === null ? !state?.has_users : account.email === ownerEmail && ownerProven && !state?.has_active_admin;
    if (owner && ownerEmail !== null) {
      const [claimed] = await tx<{ id: number }[]>`
        update users set name = ${account.name}, password_hash = ${account.passwordHash}, role = 'admin',
          status = 'active', approved_at = ${new Date(now)}
        where lower(email) = ${account.email} and status = 'pending'
        returning id`;
      if (claimed) {
        await recordRegistration(tx, actor, claimed.id, "admin", "active");
        return { owner: true };
      }
    }
    const [created] = await tx<{ id: number }[]>`
      insert into users (name, email, password_hash, role, status, approved_at)
      values (
        ${account.name}, ${account.email}, ${account.passwordHash},
        ${owner ? "admin" : "staff"}, ${owner ? "active" : "pending"}, ${owner ? new Date(now) : null}
      )
      on conflict ((lower(email))) do nothing
      returning id`;
    if (created !== undefined) {
      const [role, status] = owner ? (["admin", "active"] as const) : (["staff", "pending"] as const);
      await recordRegistration(tx, actor, created.id, role, status);
    }
    if (created !== undefined && !owner && onPending) {
      const admins = await tx<{ name: string; email: string }[]>`
        select name, email from users where role = 'admin' and status = 'active' order by id`;
      await onPending(tx, admins);
    }
    return { owner: owner && created !== undefined };
  });
}

interface LoginRow extends User {
  status: UserStatus;
  password_hash: string;
  known_devices_generation: number;
}

/** The account with this address (`email` normalized), with its password hash. */
export async function findUserForLogin(sql: Sql, email: string): Promise<UserWithPasswordHash | null> {
  const [row] = await sql<LoginRow[]>`
    select id, name, email, role, status, password_hash, known_devices_generation
    from users where lower(email) = ${email}`;
  return row
    ? {
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        status: row.status,
        passwordHash: row.password_hash,
        knownDevicesGeneration: row.known_devices_generation,
      }
    : null;
}

/** The password hash of an account; null once it no longer exists. */
export async function findPasswordHash(sql: Sql, userId: number): Promise<string | null> {
  const [row] = await sql<{ password_hash: string }[]>`select password_hash from users where id = ${userId}`;
  return row?.password_hash ?? null;
}

/**
 * Stores the new hash and, in the same transaction, ends every session of the account but `keep`
 * and every reset link still open for it.
 */
export async function changePassword(
  sql: Sql,
  { userId, passwordHash, keep, now }: { userId: number; passwordHash: string; keep: string; now: number },
  actor: AuditActor,
): Promise<{ knownDevicesGeneration: number } | null> {
  return sql.begin(async (tx) => {
    await recordAuditEvent(tx, actor, { action: "auth.password_changed", objectId: userId, fields: ["password"] });
    const [changed] = await tx<{ known_devices_generation: number }[]>`
      update users set password_hash = ${passwordHash}, password_changed_at = ${new Date(now)}
      where id = ${userId}
      returning known_devices_generation`;
    await deleteSessionsOf(tx, userId, keep);
    // A reset link asked for before the change would set the password back to anyone holding it.
    await tx`
      update password_reset_tokens set used_at = ${new Date(now)} where user_id = ${userId} and used_at is null`;
    return changed ? { knownDevicesGeneration: changed.known_devices_generation } : null;
  });
}

/** Every active admin (the owner included): who is told about attacks on accounts. */
export async function activeAdmins(sql: Queries): Promise<{ name: string; email: string }[]> {
  return sql<{ name: string; email: string }[]>`
    select name, email from users where role = 'admin' and status = 'active' order by id`;
}

/** A registration that created (or, for the owner, took over) an account, with the role and status it got. */
async function recordRegistration(
  tx: Queries,
  actor: AuditActor,
  userId: number,
  role: "admin" | "staff",
  status: "active" | "pending",
): Promise<void> {
  await recordAuditEvent(tx, actor, {
    action: "account.registered",
    objectId: userId,
    fields: ["name", "email", "role", "status"],
    changes: { role: { before: null, after: role }, status: { before: null, after: status } },
  });
}

/**
 * Records a refused sign-in (`auth.login_limited` for a 429, else `auth.login_failed`) on the
 * account when the address has one, and hands the refusal back to be thrown. A refusal changes
 * nothing else, so the event is a statement of its own.
 */
export async function loginRefused(
  sql: Sql,
  actor: AuditActor,
  userId: number | null,
  refusal: unknown,
): Promise<unknown> {
  if (!(refusal instanceof HttpError)) return refusal;
  const action = refusal.status === 429 ? "auth.login_limited" : "auth.login_failed";
  await recordAuditEvent(sql, actor, { action, objectId: userId });
  return refusal;
}
