import { isBlank, isEmail, limits, type User } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { authLimits } from "./limits.ts";
import { authApiMessages as messages } from "./messages.ts";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.ts";
import { registeredSchema, signedInSchema } from "./responses.ts";
import { findUserForLogin, insertUser, isEmailTaken } from "./store.ts";
import { loginBody, normalizeEmail, registerBody, validateRegistration } from "./validation.ts";

const tags = ["Accounts"];

/**
 * `POST /api/register` creates an account (201 `{ user }`, no login) and `POST /api/login`
 * answers `{ user, token }`.
 */
export function authModule({ sql, auth, config, rateLimits }: Pick<Deps, "sql" | "auth" | "config" | "rateLimits">) {
  const attemptLimits = authLimits(rateLimits);

  return new Elysia({ name: "auth-routes", prefix: "/api" })
    .post(
      "/register",
      async ({ body, request, server, status }) => {
        await attemptLimits.register(clientAddressOf(request, server, config.trustedProxies));
        const registration = validateRegistration(body);
        // Checked before hashing, to spend no hash on a taken address; the insert still decides
        // when two registrations race.
        if (await isEmailTaken(sql, registration.email)) throw new HttpError(409, messages.emailTaken);
        const passwordHash = await hashPassword(registration.password);
        const user = await insertUser(sql, { name: registration.name, email: registration.email, passwordHash });
        if (!user) throw new HttpError(409, messages.emailTaken);
        return status(201, { user });
      },
      {
        ...jsonBody(registerBody),
        detail: {
          summary: "Create an account (does not sign in)",
          tags,
          responses: {
            201: jsonResponse("The new account.", registeredSchema),
            ...jsonBodyErrors,
            ...errorResponses({
              400: [httpMessages.badRequest],
              409: [messages.emailTaken],
              422: [
                messages.nameRequired,
                messages.nameTooLong,
                messages.emailRequired,
                messages.emailInvalid,
                messages.passwordRequired,
                messages.passwordTooShort,
                messages.passwordTooLong,
                messages.confirmPasswordRequired,
                messages.passwordMismatch,
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
      async ({ body, request, server }) => {
        const email = normalizeEmail(body.email);
        if (isBlank(email)) throw new HttpError(422, messages.emailRequired);
        if (body.password.length === 0) throw new HttpError(422, messages.loginPasswordRequired);

        const address = clientAddressOf(request, server, config.trustedProxies);
        await attemptLimits.beginLogin(email, address);

        const found = isEmail(email) ? await findUserForLogin(sql, email) : null;
        // Unknown e-mail: verify against a dummy hash anyway, so timing does not tell.
        const hash = found?.passwordHash ?? (await dummyHash());
        const passwordOk = body.password.length <= limits.passwordMax && (await verifyPassword(body.password, hash));
        if (!found || !passwordOk) throw new HttpError(401, messages.wrongCredentials);

        await attemptLimits.loginSucceeded(email, address);
        const user: User = { id: found.id, name: found.name, email: found.email };
        return { user, token: await auth.tokens.sign(user.id) };
      },
      {
        ...jsonBody(loginBody),
        detail: {
          summary: "Sign in: the account and a bearer token",
          tags,
          responses: {
            200: jsonResponse("Signed in.", signedInSchema),
            ...jsonBodyErrors,
            ...errorResponses({
              400: [httpMessages.badRequest],
              401: [messages.wrongCredentials],
              422: [messages.emailRequired, messages.loginPasswordRequired, httpMessages.notJsonObject],
              429: [messages.tooManyAttempts],
            }),
          },
        },
      },
    );
}
