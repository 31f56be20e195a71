import { isBlank, isEmail, limits, type RegistrationAnswer, type User } from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import { accessRequestMail, loginAttackMail } from "../../mail/templates.ts";
import { type AuditActor, visitorActor } from "../audit/index.ts";
import { deviceCookie, isSecureOrigin, knownDeviceOf } from "./known-device.ts";
import { accountLoginLimit, authLimits } from "./limits.ts";
import { authApiMessages as messages } from "./messages.ts";
import type { changePasswordRoute, loginRoute, registerRoute } from "./model.ts";
import { announceOwnerSetup, isOwnerSetupCode } from "./owner-setup.ts";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.ts";
import {
  activeAdmins,
  changePassword,
  findPasswordHash,
  findUserForLogin,
  loginRefused,
  registerAccount,
} from "./store.ts";
import { checkPasswordLength, checkPasswordStrength, normalizeEmail, validateRegistration } from "./validation.ts";

/** Per account: after this many wrong current passwords within the window, 429. */
const passwordChangeLimit = { name: "password-change", max: 10, windowMs: 15 * 60 * 1000 } as const;

/**
 * Who is asking: the client's address as the limits count it, the request (its device cookie, its
 * origin) and its peer address, which a successful sign-in's audit event names (a visitor's
 * refused attempts keep none: see `visitorActor`).
 */
export interface Caller {
  address: string;
  request: Request;
  peerAddress: string;
}

/** The flows of registration, login and the password change; routes.ts only parses and answers. */
export function authService({
  sql,
  auth,
  config,
  rateLimits,
  now,
  outbox,
}: Pick<Deps, "sql" | "auth" | "config" | "rateLimits" | "now" | "outbox">) {
  const attemptLimits = authLimits(rateLimits);
  const passwordAttempts = rateLimits(passwordChangeLimit);

  /**
   * A pending account (every active admin hears of it), or the owner: with `OWNER_EMAIL` only with
   * `setupCode`, the code the server logs while no admin exists (owner-setup.ts); a wrong code is a
   * 422. The same answer for a new and a taken address.
   */
  async function register(body: typeof registerRoute.body.static, { address }: Caller): Promise<RegistrationAnswer> {
    await attemptLimits.register(address);
    const registration = validateRegistration(body);
    const { ownerEmail, jwtSecret } = config;
    const setupCode = body.setupCode?.trim() ?? "";
    const ownerProven = ownerEmail !== null && setupCode !== "" && isOwnerSetupCode(setupCode, jwtSecret, ownerEmail);
    // Without OWNER_EMAIL (outside production) there is no code to check: the first account is the owner.
    if (ownerEmail !== null && setupCode !== "" && !ownerProven)
      throw new HttpError(422, "setup-code-invalid", messages.setupCodeInvalid);
    // Hashed whether or not the address is taken: both answers take the same time.
    const passwordHash = await hashPassword(registration.password);
    const outcome = await registerAccount(
      sql,
      { name: registration.name, email: registration.email, passwordHash },
      visitorActor,
      {
        ownerEmail,
        ownerProven,
        now: now(),
        // Every active admin hears of the request, in the transaction that records it.
        onPending: async (tx, admins) => {
          for (const admin of admins) {
            const to = { name: admin.name, address: admin.email };
            await enqueueMail(tx, accessRequestMail(registration, to, { publicUrl: config.publicUrl }));
          }
        },
      },
    );
    outbox.written();
    // The owner's address without the code: whoever runs the server finds the link again.
    if (registration.email === ownerEmail && !outcome.owner) await announceOwnerSetup(sql, config);
    return { access: outcome.owner ? "granted" : "pending" };
  }

  /**
   * Every active admin is told once that an account's login limit was reached, the account named
   * as stored: what the attacker typed never reaches the admins.
   */
  async function warnAdminsOfAttack(account: { name: string; email: string }): Promise<void> {
    await sql.begin(async (tx) => {
      for (const admin of await activeAdmins(tx)) {
        const to = { name: admin.name, address: admin.email };
        const figures = {
          publicUrl: config.publicUrl,
          windowMinutes: accountLoginLimit.windowMs / 60_000,
          failures: accountLoginLimit.max,
        };
        await enqueueMail(tx, loginAttackMail(account, to, figures));
      }
    });
    outbox.written();
  }

  /**
   * The account and a token of a new session, and the known-device cookie to set; 401 for wrong
   * credentials, 403 (only with the right password) for a pending or disabled account.
   */
  async function login(
    body: typeof loginRoute.body.static,
    { address, request, peerAddress }: Caller,
  ): Promise<{ answer: { user: User; token: string }; deviceCookie: string }> {
    const email = normalizeEmail(body.email);
    if (isBlank(email)) throw new HttpError(422, "validation", messages.emailRequired);
    if (body.password.length === 0) throw new HttpError(422, "validation", messages.loginPasswordRequired);

    const found = isEmail(email) ? await findUserForLogin(sql, email) : null;
    // A browser that signed in to this account before counts its failures apart from the
    // account's: guesses from elsewhere cannot lock it out (docs/decisions/0005-lockout-with-known-browsers.md).
    const known = knownDeviceOf(request, config.jwtSecret, now(), found);
    const device = known ? `${known.userId}.${known.issuedAt}` : null;
    // Only an active account is worth the admins' attention: a pending one cannot sign in anyway,
    // and anyone can register one under any name.
    const attacked = found?.status === "active" ? found : null;
    await attemptLimits
      .beginLogin(email, address, {
        device,
        ...(attacked ? { onAccountLimit: () => warnAdminsOfAttack(attacked) } : {}),
      })
      .catch(async (error: unknown) => {
        throw await loginRefused(sql, visitorActor, found?.id ?? null, error);
      });

    // Unknown e-mail: verify against a dummy hash anyway, so timing does not tell.
    const hash = found?.passwordHash ?? (await dummyHash());
    const passwordOk = body.password.length <= limits.passwordMax && (await verifyPassword(body.password, hash));
    if (!found || !passwordOk) {
      const refusal = new HttpError(401, "wrong-credentials", messages.wrongCredentials);
      throw await loginRefused(sql, visitorActor, found?.id ?? null, refusal);
    }

    await attemptLimits.loginSucceeded(email, address, device);
    // Only the right password learns that the account waits or is locked.
    if (found.status === "pending")
      throw await loginRefused(sql, visitorActor, found.id, new HttpError(403, "account-pending", messages.pending));
    if (found.status === "disabled")
      throw await loginRefused(sql, visitorActor, found.id, new HttpError(403, "account-disabled", messages.disabled));
    const user: User = { id: found.id, name: found.name, email: found.email, role: found.role };
    const sessionId = await auth.sessions.start(user.id, {
      kind: "user",
      id: user.id,
      name: user.name,
      address: peerAddress,
    });
    return {
      answer: { user, token: await auth.tokens.sign({ userId: user.id, sessionId }) },
      deviceCookie: deviceCookie(config.jwtSecret, found, {
        now: now(),
        secure: isSecureOrigin(request, config.publicUrl),
      }),
    };
  }

  /**
   * A new password for the signed-in `user`; every other session of the account ends, and so does
   * every known browser but this one, which proved the password: the known-device cookie to set,
   * null if the account was deleted meanwhile. A wrong current password is a 422 (a 401 would sign
   * the browser out), ten of them a 429.
   */
  async function changeOwnPassword(
    body: typeof changePasswordRoute.body.static,
    { user, sessionId, actor, request }: { user: User; sessionId: string; actor: AuditActor; request: Request },
  ): Promise<{ deviceCookie: string | null }> {
    if (body.currentPassword.length === 0) throw new HttpError(422, "validation", messages.currentPasswordRequired);
    if (body.newPassword.length === 0) throw new HttpError(422, "validation", messages.newPasswordRequired);
    checkPasswordLength(body.newPassword);

    const key = String(user.id);
    const attempt = await passwordAttempts.hit(key);
    if (!attempt.allowed) throw tooManyRequests(messages.tooManyPasswordAttempts, attempt);
    const hash = await findPasswordHash(sql, user.id);
    const currentOk =
      hash !== null &&
      body.currentPassword.length <= limits.passwordMax &&
      (await verifyPassword(body.currentPassword, hash));
    if (!currentOk) throw new HttpError(422, "current-password-wrong", messages.currentPasswordWrong);
    await passwordAttempts.reset(key);

    if (body.newPassword === body.currentPassword)
      throw new HttpError(422, "validation", messages.newPasswordUnchanged);
    checkPasswordStrength(body.newPassword, { name: user.name, email: user.email });
    const passwordHash = await hashPassword(body.newPassword);
    const changed = await changePassword(sql, { userId: user.id, passwordHash, keep: sessionId, now: now() }, actor);
    auth.sessions.changed();
    if (changed === null) return { deviceCookie: null };
    const account = { id: user.id, passwordHash, knownDevicesGeneration: changed.knownDevicesGeneration };
    return {
      deviceCookie: deviceCookie(config.jwtSecret, account, {
        now: now(),
        secure: isSecureOrigin(request, config.publicUrl),
      }),
    };
  }

  return { register, login, changeOwnPassword };
}
