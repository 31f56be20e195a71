import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { passwordResetMail } from "../../mail/templates.ts";
import type { AuditActor } from "../audit/index.ts";
import { checkPasswordLength, checkPasswordStrength, findUserForLogin, hashPassword } from "../auth/index.ts";
import { resetTokenHash, resetTokenPattern } from "./links.ts";
import { passwordResetApiMessages as messages } from "./messages.ts";
import type { confirmResetRoute } from "./model.ts";
import { findResetToken, queueResetMail, useResetToken } from "./store.ts";

/**
 * Reset requests within an hour: per e-mail address (nobody's inbox gets flooded) and, more
 * loosely, per client address (one visitor cannot go through many addresses).
 */
export const passwordResetRateLimits = {
  perEmail: { name: "password-reset-email", max: 5, windowMs: 60 * 60 * 1000 },
  perClient: { name: "password-reset-address", max: 20, windowMs: 60 * 60 * 1000 },
} as const;

/** "Passwort vergessen?": asking for a link, and setting the password with it. */
export function passwordResetService({
  sql,
  auth,
  now,
  outbox,
  rateLimits,
}: Pick<Deps, "sql" | "auth" | "now" | "outbox" | "rateLimits">) {
  // In the database, like registration's: one allowance per deployment.
  const perEmail = rateLimits(passwordResetRateLimits.perEmail);
  const perClient = rateLimits(passwordResetRateLimits.perClient);

  /**
   * An active account gets a mail with a link, valid 30 minutes from sending and usable once;
   * the link is made when the mail is sent and never stored (links.ts). Whether the address has
   * an account is not told. Limited per address and per client (429). `email` is the body's,
   * normalised and checked by its rules (model.ts).
   */
  async function requestLink({ email }: { email: string }, clientAddress: string, actor: AuditActor): Promise<void> {
    for (const hit of [await perEmail.hit(email), await perClient.hit(clientAddress)]) {
      if (!hit.allowed) throw tooManyRequests(messages.tooManyRequests, hit);
    }
    const account = await findUserForLogin(sql, email);
    if (account?.status !== "active") return;
    await queueResetMail(
      sql,
      account.id,
      passwordResetMail({ name: account.name, address: account.email }, null),
      actor,
    );
    outbox.written();
  }

  /**
   * The password is set (same rules as registration) and every session of the account ends.
   * 400 unknown token, 410 expired or already used.
   */
  async function setPassword(body: typeof confirmResetRoute.body.static, actor: AuditActor): Promise<void> {
    const hash = resetTokenPattern.test(body.token) ? resetTokenHash(body.token) : null;
    const token = hash === null ? null : await findResetToken(sql, hash);
    if (hash === null || token === null || !token.active)
      throw new HttpError(400, "reset-link-invalid", messages.tokenInvalid);
    if (token.used) throw new HttpError(410, "reset-link-used", messages.tokenUsed);
    if (token.expiresAt <= now()) throw new HttpError(410, "reset-link-expired", messages.tokenExpired);

    if (body.newPassword.length === 0) throw new HttpError(422, "validation", messages.newPasswordRequired);
    checkPasswordLength(body.newPassword);
    checkPasswordStrength(body.newPassword, { name: token.name, email: token.email });
    const passwordHash = await hashPassword(body.newPassword);
    // Checked again in the transaction: another use may have won meanwhile.
    if (!(await useResetToken(sql, { hash, passwordHash, now: now() }, actor))) {
      throw new HttpError(410, "reset-link-used", messages.tokenUsed);
    }
    auth.sessions.changed();
  }

  return { requestLink, setPassword };
}
