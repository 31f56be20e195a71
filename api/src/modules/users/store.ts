import type { UserAccount, UserAccountChange, UserRole, UserStatus } from "@klarwerk/kit";
import type { Sql, Transaction } from "../../db/open.ts";
import { deleteSessionsOf } from "../../http/session-store.ts";
import { type AuditActor, changedFields, recordAuditEvent } from "../audit/index.ts";

// Every statement of the user administration on the users table.

/**
 * Held until the transaction ends. Everything that decides by counting admins (the owner at
 * registration, the last-admin rule) takes it first, so two such changes never both pass a check
 * that only one of them may.
 */
export async function lockAccounts(tx: Transaction): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext('klarwerk.accounts'))`;
}

interface AccountRow extends Omit<UserAccount, "created_at" | "approved_at"> {
  created_at: Date;
  approved_at: Date | null;
}

function toAccount(row: AccountRow): UserAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    created_at: row.created_at.toISOString(),
    approved_at: row.approved_at?.toISOString() ?? null,
    approved_by_name: row.approved_by_name,
  };
}

/** Every account: pending requests first, then by name. */
export async function listAccounts(sql: Sql): Promise<UserAccount[]> {
  const rows = await sql<AccountRow[]>`
    select id, name, email, role, status, created_at, approved_at, approved_by_name
    from users
    order by status = 'pending' desc, lower(name), id`;
  return rows.map(toAccount);
}

/** Why an admin's change was refused; the routes answer each with its status. */
export type AccountRefusal = "not-admin" | "not-found" | "last-admin" | "own-account";

export type AccountChangeResult = { outcome: "changed"; account: UserAccount } | { outcome: AccountRefusal };

interface AccountState {
  id: number;
  name: string;
  role: UserRole;
  status: UserStatus;
}

const isActiveAdmin = (account: { role: UserRole; status: UserStatus }) =>
  account.role === "admin" && account.status === "active";

/**
 * What the actor and the target are now, under the accounts lock, and whether the target may stop
 * being an active admin: the caller's cached session may be a moment behind a change made
 * elsewhere, so the actor's own rights are read again here.
 */
async function refusalOf(
  tx: Transaction,
  {
    actorId,
    targetId,
    losesAdmin,
  }: { actorId: number; targetId: number; losesAdmin: (target: AccountState) => boolean },
): Promise<{ refusal: AccountRefusal } | { actor: AccountState; target: AccountState }> {
  await lockAccounts(tx);
  const rows = await tx<AccountState[]>`select id, name, role, status from users where id in (${actorId}, ${targetId})`;
  const actor = rows.find((row) => row.id === actorId);
  const target = rows.find((row) => row.id === targetId);
  if (!actor || !isActiveAdmin(actor)) return { refusal: "not-admin" };
  if (!target) return { refusal: "not-found" };
  if (isActiveAdmin(target) && losesAdmin(target)) {
    const [others] = await tx<{ count: number }[]>`
      select count(*) as count from users where role = 'admin' and status = 'active' and id <> ${targetId}`;
    if (!others || others.count === 0) return { refusal: "last-admin" };
    if (target.id === actor.id) return { refusal: "own-account" };
  }
  return { actor, target };
}

/** What one change of role and/or status is called in the trail: the status's change when there is one. */
function accountChangeAction(
  target: AccountState,
  status: AccountState["status"],
): "account.approved" | "account.locked" | "account.unlocked" | "account.role_changed" {
  if (status === target.status) return "account.role_changed";
  if (status === "disabled") return "account.locked";
  return target.status === "pending" ? "account.approved" : "account.unlocked";
}

/**
 * Sets status and/or role. Approving (status becomes active) records when and by whom; disabling
 * ends the account's sessions in the same transaction. The last active admin cannot stop being
 * one, and an admin cannot lock themselves out.
 */
export async function changeAccount(
  sql: Sql,
  {
    actorId,
    targetId,
    change,
    now,
    onGranted,
    actor: auditActor,
  }: {
    actorId: number;
    targetId: number;
    change: UserAccountChange;
    now: number;
    /** Who the audit event names (the same account as `actorId`). */
    actor: AuditActor;
    /** Runs in the transaction when a pending account became active (to tell its holder). */
    onGranted?: (tx: Transaction, account: UserAccount) => Promise<void>;
  },
): Promise<AccountChangeResult> {
  return sql.begin(async (tx) => {
    const checked = await refusalOf(tx, {
      actorId,
      targetId,
      losesAdmin: (target) =>
        !isActiveAdmin({ role: change.role ?? target.role, status: change.status ?? target.status }),
    });
    if ("refusal" in checked) return { outcome: checked.refusal };
    const { actor, target } = checked;
    const role = change.role ?? target.role;
    const status = change.status ?? target.status;
    const approving = status === "active" && target.status !== "active";
    const [row] = await tx<AccountRow[]>`
      update users set
        role = ${role},
        status = ${status},
        approved_at = ${approving ? tx`${new Date(now)}` : tx`approved_at`},
        approved_by = ${approving ? tx`${actor.id}::bigint` : tx`approved_by`},
        approved_by_name = ${approving ? tx`${actor.name}` : tx`approved_by_name`}
      where id = ${targetId}
      returning id, name, email, role, status, created_at, approved_at, approved_by_name`;
    if (!row) throw new Error("the account vanished under the accounts lock");
    if (status === "disabled") await deleteSessionsOf(tx, targetId);
    const account = toAccount(row);
    if (target.status === "pending" && status === "active") await onGranted?.(tx, account);
    const { fields, changes } = changedFields(target, { ...target, role, status }, ["role", "status"], {
      withValues: true,
    });
    await recordAuditEvent(tx, auditActor, {
      action: accountChangeAction(target, status),
      objectId: targetId,
      fields,
      changes,
    });
    return { outcome: "changed", account };
  });
}

/**
 * Rejects a request or removes an account; its sessions go with it (on delete cascade). What it
 * created stays, attributed by the name stored with it.
 */
export async function deleteAccount(
  sql: Sql,
  { actorId, targetId, actor }: { actorId: number; targetId: number; actor: AuditActor },
): Promise<{ outcome: "deleted" } | { outcome: AccountRefusal }> {
  return sql.begin(async (tx) => {
    const checked = await refusalOf(tx, { actorId, targetId, losesAdmin: () => true });
    if ("refusal" in checked) return { outcome: checked.refusal };
    await tx`delete from users where id = ${targetId}`;
    const { target } = checked;
    await recordAuditEvent(tx, actor, {
      action: target.status === "pending" ? "account.rejected" : "account.deleted",
      objectId: targetId,
      changes: { name: { before: target.name, after: null }, role: { before: target.role, after: null } },
    });
    return { outcome: "deleted" };
  });
}

/**
 * Forgets the known browsers (device cookies, auth/known-device.ts) of one account, or of every
 * account with `targetId` null: each cookie's signature covers its account's generation, so
 * counting it up makes them all strangers to the lockout. False: no such account.
 */
export async function forgetKnownDevices(
  sql: Sql,
  { targetId, actor }: { targetId: number | null; actor: AuditActor },
): Promise<boolean> {
  return sql.begin(async (tx) => {
    const changed =
      targetId === null
        ? await tx`update users set known_devices_generation = known_devices_generation + 1`
        : await tx`update users set known_devices_generation = known_devices_generation + 1 where id = ${targetId}`;
    if (targetId !== null && changed.count === 0) return false;
    await recordAuditEvent(tx, actor, {
      action: "account.known_devices_forgotten",
      objectId: targetId,
      fields: ["known_devices"],
    });
    return true;
  });
}
