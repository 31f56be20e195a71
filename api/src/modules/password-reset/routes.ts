import { isBlank, isEmail, passwordStrengthMessages } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { passwordResetMail } from "../../mail/templates.ts";
import { visitorActor } from "../audit/actor.ts";
import { authApiMessages } from "../auth/messages.ts";
import { hashPassword } from "../auth/passwords.ts";
import { findUserForLogin } from "../auth/store.ts";
import { checkPasswordLength, checkPasswordStrength, normalizeEmail } from "../auth/validation.ts";
import { resetTokenHash, resetTokenPattern } from "./links.ts";
import { passwordResetApiMessages as messages } from "./messages.ts";
import { resetRequestedSchema } from "./responses.ts";
import { findResetToken, queueResetMail, useResetToken } from "./store.ts";
import { resetConfirmBody, resetRequestBody } from "./validation.ts";

/**
 * Reset requests within an hour: per e-mail address (nobody's inbox gets flooded) and, more
 * loosely, per client address (one visitor cannot go through many addresses).
 */
export const passwordResetRateLimits = {
  perEmail: { name: "password-reset-email", max: 5, windowMs: 60 * 60 * 1000 },
  perClient: { name: "password-reset-address", max: 20, windowMs: 60 * 60 * 1000 },
} as const;

const tags = ["Accounts"];

const accepted = { status: "accepted" } as const;

/**
 * "Passwort vergessen?":
 * - `POST /api/password-reset` `{ email }` → 202 `{ status: "accepted" }`, whether or not the
 *   address has an account; an active account gets a mail with a link to
 *   `<PUBLIC_URL>/passwort-zuruecksetzen?token=…`, valid 30 minutes from sending and usable once;
 *   the link is made when the mail is sent and never stored (links.ts). Limited per address and
 *   per client (429);
 * - `POST /api/password-reset/confirm` `{ token, newPassword }` → 204: the password is set (same
 *   rules as registration) and every session of the account ends. 400 unknown token, 410 expired
 *   or already used.
 */
export function passwordResetModule({
  sql,
  auth,
  config,
  now,
  outbox,
  rateLimits,
}: Pick<Deps, "sql" | "auth" | "config" | "now" | "outbox" | "rateLimits">) {
  // In the database, like registration's: one allowance per deployment.
  const perEmail = rateLimits(passwordResetRateLimits.perEmail);
  const perClient = rateLimits(passwordResetRateLimits.perClient);

  return new Elysia({ name: "password-reset-routes", prefix: "/api/password-reset" })
    .post(
      "",
      async ({ body, request, server, status }) => {
        const email = normalizeEmail(body.email);
        if (isBlank(email)) throw new HttpError(422, messages.emailRequired);
        if (!isEmail(email)) throw new HttpError(422, messages.emailInvalid);
        const client = clientAddressOf(request, server, config.trustedProxies);
        for (const hit of [await perEmail.hit(email), await perClient.hit(client)]) {
          if (!hit.allowed) throw tooManyRequests(messages.tooManyRequests, hit);
        }
        const account = await findUserForLogin(sql, email);
        if (account?.status === "active") {
          await queueResetMail(
            sql,
            account.id,
            passwordResetMail({ name: account.name, address: account.email }, null),
            visitorActor(request, server, config.trustedProxies),
          );
          outbox.written();
        }
        return status(202, accepted);
      },
      {
        ...jsonBody(resetRequestBody),
        detail: {
          summary: "Ask for a link to set a new password; the same answer whether or not the address has an account",
          tags,
          responses: {
            202: jsonResponse("Accepted.", resetRequestedSchema),
            ...jsonBodyErrors,
            ...errorResponses({
              400: [httpMessages.badRequest],
              422: [messages.emailRequired, messages.emailInvalid, httpMessages.notJsonObject],
              429: [messages.tooManyRequests],
            }),
          },
        },
      },
    )
    .post(
      "/confirm",
      async ({ body, request, server }) => {
        const hash = resetTokenPattern.test(body.token) ? resetTokenHash(body.token) : null;
        const token = hash === null ? null : await findResetToken(sql, hash);
        if (hash === null || token === null || !token.active) throw new HttpError(400, messages.tokenInvalid);
        if (token.used) throw new HttpError(410, messages.tokenUsed);
        if (token.expiresAt <= now()) throw new HttpError(410, messages.tokenExpired);

        if (body.newPassword.length === 0) throw new HttpError(422, messages.newPasswordRequired);
        checkPasswordLength(body.newPassword);
        checkPasswordStrength(body.newPassword, { name: token.name, email: token.email });
        const passwordHash = await hashPassword(body.newPassword);
        // Checked again in the transaction: another use may have won meanwhile.
        if (
          !(await useResetToken(
            sql,
            { hash, passwordHash, now: now() },
            visitorActor(request, server, config.trustedProxies),
          ))
        ) {
          throw new HttpError(410, messages.tokenUsed);
        }
        auth.sessions.changed();
        return new Response(null, { status: 204 });
      },
      {
        ...jsonBody(resetConfirmBody),
        detail: {
          summary: "Set a new password with the link's token; every session of the account ends",
          tags,
          responses: {
            204: { description: "The new password is set." },
            ...jsonBodyErrors,
            ...errorResponses({
              400: [messages.tokenInvalid, httpMessages.badRequest],
              410: [messages.tokenExpired, messages.tokenUsed],
              422: [
                messages.newPasswordRequired,
                authApiMessages.passwordTooShort,
                authApiMessages.passwordTooLong,
                ...Object.values(passwordStrengthMessages.reasons).map(
                  (reason) => `${reason} ${passwordStrengthMessages.advice}`,
                ),
                httpMessages.notJsonObject,
              ],
            }),
          },
        },
      },
    );
}
