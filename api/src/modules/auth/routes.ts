import { isBlank, isEmail, limits, type User } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { memoryRateLimit } from "../../http/rate-limit.ts";
import { authApiMessages as messages } from "./messages.ts";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.ts";
import { registeredSchema, signedInSchema } from "./responses.ts";
import { findUserForLogin, insertUser, isEmailTaken } from "./store.ts";
import { loginBody, normalizeEmail, registerBody, validateRegistration } from "./validation.ts";

/** Per client address and e-mail: after this many failed logins within the window, 429. */
const loginRateLimit = { max: 10, windowMs: 15 * 60 * 1000 } as const;

const tags = ["Accounts"];

/**
 * `POST /api/register` creates an account (201 `{ user }`, no login) and `POST /api/login`
 * answers `{ user, token }`.
 */
export function authModule({ sql, auth, config }: Pick<Deps, "sql" | "auth" | "config">) {
  // Per app instance, so each test app starts with a clean slate.
  const loginAttempts = memoryRateLimit(loginRateLimit);

  return new Elysia({ name: "auth-routes", prefix: "/api" })
    .post(
      "/register",
      async ({ body, status }) => {
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

        // Every attempt is counted before the password is checked, and a success forgets the
        // count: what adds up is failures, and parallel guesses cannot outrun the counter.
        const key = `${clientAddressOf(request, server, config.trustedProxies)}|${email}`;
        const attempt = await loginAttempts.hit(key);
        if (!attempt.allowed) {
          throw new HttpError(429, messages.tooManyAttempts, { "Retry-After": String(attempt.retryAfterSeconds) });
        }

        const found = isEmail(email) ? await findUserForLogin(sql, email) : null;
        // Unknown e-mail: verify against a dummy hash anyway, so timing does not tell.
        const hash = found?.passwordHash ?? (await dummyHash());
        const passwordOk = body.password.length <= limits.passwordMax && (await verifyPassword(body.password, hash));
        if (!found || !passwordOk) throw new HttpError(401, messages.wrongCredentials);

        await loginAttempts.reset(key);
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
