import { isBlank, isEmail, limits, type User } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { FailureLimiter } from "./failure-limiter.ts";
import { authApiMessages as messages } from "./messages.ts";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.ts";
import { loginBody, normalizeEmail, registerBody, validateRegistration } from "./validation.ts";

interface UserRow extends User {
  password_hash: string;
}

/**
 * `POST /api/register` creates an account (201 `{ user }`, no login) and `POST /api/login`
 * answers `{ user, token }`.
 */
export function authModule({ sql, auth, config }: Pick<Deps, "sql" | "auth" | "config">) {
  // Per app instance, so each test app starts with a clean slate.
  const loginFailures = new FailureLimiter();

  return new Elysia({ name: "auth-routes", prefix: "/api" })
    .post(
      "/register",
      async ({ body, status }) => {
        const registration = validateRegistration(body);
        const [taken] = await sql`select 1 from users where lower(email) = ${registration.email}`;
        // Checked before hashing, to spend no hash on a taken address; the insert below still
        // decides when two registrations race.
        if (taken) throw new HttpError(409, messages.emailTaken);
        const passwordHash = await hashPassword(registration.password);
        const [user] = await sql<User[]>`
          insert into users (name, email, password_hash)
          values (${registration.name}, ${registration.email}, ${passwordHash})
          on conflict ((lower(email))) do nothing
          returning id, name, email`;
        if (!user) throw new HttpError(409, messages.emailTaken);
        return status(201, { user: { id: user.id, name: user.name, email: user.email } satisfies User });
      },
      { body: registerBody },
    )
    .post(
      "/login",
      async ({ body, request, server }) => {
        const email = normalizeEmail(body.email);
        if (isBlank(email)) throw new HttpError(422, messages.emailRequired);
        if (body.password.length === 0) throw new HttpError(422, messages.loginPasswordRequired);

        const key = `${clientAddressOf(request, server, config.trustedProxies)}|${email}`;
        const retryAfter = loginFailures.retryAfterSeconds(key);
        if (retryAfter > 0) {
          throw new HttpError(429, messages.tooManyAttempts, { "Retry-After": String(retryAfter) });
        }

        const [row] = isEmail(email)
          ? await sql<UserRow[]>`select id, name, email, password_hash from users where lower(email) = ${email}`
          : [];
        // Unknown e-mail: verify against a dummy hash anyway, so timing does not tell.
        const hash = row?.password_hash ?? (await dummyHash());
        const passwordOk = body.password.length <= limits.passwordMax && (await verifyPassword(body.password, hash));
        if (!row || !passwordOk) {
          loginFailures.recordFailure(key);
          throw new HttpError(401, messages.wrongCredentials);
        }

        loginFailures.reset(key);
        const user: User = { id: row.id, name: row.name, email: row.email };
        return { user, token: await auth.tokens.sign(user.id) };
      },
      { body: loginBody },
    );
}
