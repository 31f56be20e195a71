import { isBlank, isEmail, limits, passwordStrengthMessages, type RegistrationAnswer, type User } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import { accessRequestMail, loginAttackMail } from "../../mail/templates.ts";
import { visitorActor } from "../audit/actor.ts";
import { deviceCookie, isSecureOrigin, knownDeviceOf } from "./known-device.ts";
import { accountLoginLimit, authLimits } from "./limits.ts";
import { authApiMessages as messages } from "./messages.ts";
import { announceOwnerSetup, isOwnerSetupCode } from "./owner-setup.ts";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.ts";
import { registeredSchema, sessionSchema, signedInSchema } from "./responses.ts";
import {
  activeAdmins,
  changePassword,
  findPasswordHash,
  findUserForLogin,
  loginRefused,
  registerAccount,
} from "./store.ts";
import {
  checkPasswordLength,
  checkPasswordStrength,
  loginBody,
  normalizeEmail,
  passwordChangeBody,
  registerBody,
  validateRegistration,
} from "./validation.ts";

/** Per account: after this many wrong current passwords within the window, 429. */
const passwordChangeLimit = { name: "password-change", max: 10, windowMs: 15 * 60 * 1000 } as const;

const noContent = () => new Response(null, { status: 204 });

const tags = ["Accounts"];

/** Every reason a new password is refused, for the document. */
const newPasswordRefusals = [
  messages.passwordTooShort,
  messages.passwordTooLong,
  ...Object.values(passwordStrengthMessages.reasons).map((reason) => `${reason} ${passwordStrengthMessages.advice}`),
];

/**
 * Registration, login and the signed-in user's own session:
 * - `POST /api/register` → 201 `{ access }` (no login), the same for a new and a taken address;
 *   with `OWNER_EMAIL`, that address becomes the owner only with `setupCode`, the code the server
 *   logs while no admin exists (owner-setup.ts); a wrong code is a 422;
 * - `POST /api/login` → `{ user, token }`; 401 wrong credentials, 403 pending or disabled;
 * - `GET /api/session` (bearer) → `{ user }`;
 * - `POST /api/logout` (bearer) → 204, the token is refused from then on;
 * - `POST /api/password` (bearer) `{ currentPassword, newPassword }` → 204, every other session
 *   of the account ends. A wrong current password is a 422 (a 401 would sign the browser out).
 */
export function authModule({
  sql,
  auth,
  config,
  rateLimits,
  now,
  outbox,
}: Pick<Deps, "sql" | "auth" | "config" | "rateLimits" | "now" | "outbox">) {
  const attemptLimits = authLimits(rateLimits);
  const passwordAttempts = rateLimits(passwordChangeLimit);
  let stopSweep: (() => void) | null = null;

  return new Elysia({ name: "auth-routes", prefix: "/api" })
    .use(auth.guard)
    .onStart(async () => {
      stopSweep ??= auth.sessions.scheduleSweep();
      await announceOwnerSetup(sql, config).catch((error: unknown) => {
        console.error("[api] could not look for an owner:", error instanceof Error ? error.message : error);
      });
    })
    .onStop(() => {
      stopSweep?.();
      stopSweep = null;
    })
    .post(
      "/register",
      async ({ body, request, server, status }) => {
        await attemptLimits.register(clientAddressOf(request, server, config.trustedProxies));
        const registration = validateRegistration(body);
        const { ownerEmail, jwtSecret } = config;
        const setupCode = body.setupCode?.trim() ?? "";
        const ownerProven =
          ownerEmail !== null && setupCode !== "" && isOwnerSetupCode(setupCode, jwtSecret, ownerEmail);
        // Without OWNER_EMAIL (outside production) there is no code to check: the first account is the owner.
        if (ownerEmail !== null && setupCode !== "" && !ownerProven)
          throw new HttpError(422, messages.setupCodeInvalid);
        // Hashed whether or not the address is taken: both answers take the same time.
        const passwordHash = await hashPassword(registration.password);
        const outcome = await registerAccount(
          sql,
          { name: registration.name, email: registration.email, passwordHash },
          visitorActor(request, server, config.trustedProxies),
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
        const answer: RegistrationAnswer = { access: outcome.owner ? "granted" : "pending" };
        return status(201, answer);
      },
      {
        ...jsonBody(registerBody),
        detail: {
          summary: "Ask for an account (does not sign in); the same answer whether or not the address is taken",
          tags,
          responses: {
            201: jsonResponse(
              "Registered: `granted` when this made the owner (who may sign in now), otherwise `pending` until an admin approves.",
              registeredSchema,
            ),
            ...jsonBodyErrors,
            ...errorResponses({
              400: [httpMessages.badRequest],
              422: [
                messages.nameRequired,
                messages.nameTooLong,
                messages.nameControlCharacters,
                messages.emailRequired,
                messages.emailInvalid,
                messages.passwordRequired,
                messages.confirmPasswordRequired,
                messages.passwordMismatch,
                messages.setupCodeInvalid,
                ...newPasswordRefusals,
                httpMessages.notJsonObject,
              ],
              429: [messages.tooManyRegistrations],
            }),
          },
        },
      },
    )
    .post(
      "/login",
      async ({ body, request, server, set }) => {
        const email = normalizeEmail(body.email);
        if (isBlank(email)) throw new HttpError(422, messages.emailRequired);
        if (body.password.length === 0) throw new HttpError(422, messages.loginPasswordRequired);

        const address = clientAddressOf(request, server, config.trustedProxies);
        const visitor = visitorActor(request, server, config.trustedProxies);
        const found = isEmail(email) ? await findUserForLogin(sql, email) : null;
        // A browser that signed in to this account before counts its failures apart from the
        // account's: guesses from elsewhere cannot lock it out (docs/decisions.md, issue 23).
        const known = knownDeviceOf(request, config.jwtSecret, now());
        const device = found && known?.userId === found.id ? `${known.userId}.${known.issuedAt}` : null;
        await attemptLimits
          .beginLogin(email, address, {
            device,
            onAccountLimit: async () => {
              await sql.begin(async (tx) => {
                for (const admin of await activeAdmins(tx)) {
                  const to = { name: admin.name, address: admin.email };
                  const figures = {
                    publicUrl: config.publicUrl,
                    windowMinutes: accountLoginLimit.windowMs / 60_000,
                    failures: accountLoginLimit.max,
                  };
                  await enqueueMail(tx, loginAttackMail({ email }, to, figures));
                }
              });
              outbox.written();
            },
          })
          .catch(async (error: unknown) => {
            throw await loginRefused(sql, visitor, found?.id ?? null, error);
          });

        // Unknown e-mail: verify against a dummy hash anyway, so timing does not tell.
        const hash = found?.passwordHash ?? (await dummyHash());
        const passwordOk = body.password.length <= limits.passwordMax && (await verifyPassword(body.password, hash));
        if (!found || !passwordOk)
          throw await loginRefused(sql, visitor, found?.id ?? null, new HttpError(401, messages.wrongCredentials));

        await attemptLimits.loginSucceeded(email, address, device);
        // Only the right password learns that the account waits or is locked.
        if (found.status === "pending")
          throw await loginRefused(sql, visitor, found.id, new HttpError(403, messages.pending));
        if (found.status === "disabled")
          throw await loginRefused(sql, visitor, found.id, new HttpError(403, messages.disabled));
        set.headers["set-cookie"] = deviceCookie(config.jwtSecret, found.id, {
          now: now(),
          secure: isSecureOrigin(request, config.publicUrl),
        });
        const user: User = { id: found.id, name: found.name, email: found.email, role: found.role };
        const sessionId = await auth.sessions.start(user.id, {
          ...visitor,
          kind: "user",
          id: user.id,
          name: user.name,
        });
        return { user, token: await auth.tokens.sign({ userId: user.id, sessionId }) };
      },
      {
        ...jsonBody(loginBody),
        detail: {
          summary: "Sign in: the account and a bearer token naming a new session",
          tags,
          responses: {
            200: jsonResponse("Signed in.", signedInSchema),
            ...jsonBodyErrors,
            ...errorResponses({
              400: [httpMessages.badRequest],
              401: [messages.wrongCredentials],
              403: [messages.pending, messages.disabled],
              422: [messages.emailRequired, messages.loginPasswordRequired, httpMessages.notJsonObject],
              429: [messages.tooManyAttempts],
            }),
          },
        },
      },
    )
    .get("/session", ({ user }) => ({ user }), {
      auth: true,
      detail: {
        summary: "The signed-in account, as it is now (role and name may have changed since login)",
        tags,
        responses: { 200: jsonResponse("The account of this session.", sessionSchema) },
      },
    })
    .post(
      "/logout",
      async ({ sessionId, actor }) => {
        await auth.sessions.end(sessionId, actor);
        return noContent();
      },
      {
        auth: true,
        detail: {
          summary: "Sign out: the session ends and its token is refused from then on",
          tags,
          responses: { 204: { description: "Signed out." } },
        },
      },
    )
    .post(
      "/password",
      async ({ body, user, sessionId, actor }) => {
        if (body.currentPassword.length === 0) throw new HttpError(422, messages.currentPasswordRequired);
        if (body.newPassword.length === 0) throw new HttpError(422, messages.newPasswordRequired);
        checkPasswordLength(body.newPassword);

        const key = String(user.id);
        const attempt = await passwordAttempts.hit(key);
        if (!attempt.allowed) throw tooManyRequests(messages.tooManyPasswordAttempts, attempt);
        const hash = await findPasswordHash(sql, user.id);
        const currentOk =
          hash !== null &&
          body.currentPassword.length <= limits.passwordMax &&
          (await verifyPassword(body.currentPassword, hash));
        if (!currentOk) throw new HttpError(422, messages.currentPasswordWrong);
        await passwordAttempts.reset(key);

        if (body.newPassword === body.currentPassword) throw new HttpError(422, messages.newPasswordUnchanged);
        checkPasswordStrength(body.newPassword, { name: user.name, email: user.email });
        const passwordHash = await hashPassword(body.newPassword);
        await changePassword(sql, { userId: user.id, passwordHash, keep: sessionId, now: now() }, actor);
        auth.sessions.changed();
        return noContent();
      },
      {
        auth: true,
        ...jsonBody(passwordChangeBody),
        detail: {
          summary: "Change the signed-in user's password; every other session of the account ends",
          tags,
          responses: {
            204: { description: "Changed." },
            ...jsonBodyErrors,
            ...errorResponses({
              400: [httpMessages.badRequest],
              422: [
                messages.currentPasswordRequired,
                messages.currentPasswordWrong,
                messages.newPasswordRequired,
                messages.newPasswordUnchanged,
                ...newPasswordRefusals,
                httpMessages.notJsonObject,
              ],
              429: [messages.tooManyPasswordAttempts],
            }),
          },
        },
      },
    );
}
