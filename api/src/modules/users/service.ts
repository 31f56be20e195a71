import type { User, UserAccount } from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import { accessGrantedMail } from "../../mail/templates.ts";
import type { AuditActor } from "../audit/index.ts";
import { usersApiMessages as messages } from "./messages.ts";
import { accountChangeFrom, type changeAccountRoute } from "./model.ts";
import { type AccountRefusal, changeAccount, deleteAccount, forgetKnownDevices } from "./store.ts";

/** The answer to each refusal: its status, code and German message. */
function refused(refusal: AccountRefusal): HttpError {
  switch (refusal) {
    case "not-admin":
      return new HttpError(403, "admin-only", httpMessages.adminOnly);
    case "not-found":
      return new HttpError(404, "user-not-found", messages.notFound);
    case "last-admin":
      return new HttpError(409, "last-admin", messages.lastAdmin);
    case "own-account":
      return new HttpError(409, "own-account", messages.ownAccount);
  }
}

/**
 * An admin's changes to accounts. The last active admin cannot be disabled, demoted or deleted
 * (409), and an admin cannot do that to their own account (409), so nobody locks the company out
 * of its portal.
 */
export function usersService({
  sql,
  auth,
  now,
  config,
  outbox,
}: Pick<Deps, "sql" | "auth" | "now" | "config" | "outbox">) {
  /** Approving tells the account's holder by mail; disabling ends the account's sessions. */
  async function change(
    admin: User,
    targetId: number,
    body: typeof changeAccountRoute.body.static,
    actor: AuditActor,
  ): Promise<UserAccount> {
    const result = await changeAccount(sql, {
      actorId: admin.id,
      targetId,
      change: accountChangeFrom(body),
      now: now(),
      // Approving an access request tells its holder, in the same transaction.
      onGranted: (tx, account) =>
        enqueueMail(
          tx,
          accessGrantedMail({ name: account.name, address: account.email }, { publicUrl: config.publicUrl }),
        ),
      actor,
    });
    if (result.outcome !== "changed") throw refused(result.outcome);
    auth.sessions.changed();
    outbox.written();
    return result.account;
  }

  async function remove(admin: User, targetId: number, actor: AuditActor): Promise<void> {
    const result = await deleteAccount(sql, { actorId: admin.id, targetId, actor });
    if (result.outcome !== "deleted") throw refused(result.outcome);
    auth.sessions.changed();
  }

  /** One account's known browsers (`targetId`), or every account's (null); 404 for no such account. */
  async function forgetDevices(targetId: number | null, actor: AuditActor): Promise<void> {
    if (!(await forgetKnownDevices(sql, { targetId, actor }))) throw refused("not-found");
  }

  return { change, remove, forgetDevices };
}
