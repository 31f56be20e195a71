import { jwt } from "@elysiajs/jwt";
import type { User } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Sql } from "../db/open.ts";
import { HttpError } from "./errors.ts";
import { parseId } from "./ids.ts";
import { httpMessages } from "./messages.ts";

/** Tokens are valid this long; the browser then has to sign in again. */
export const tokenLifetime = "7d";

export interface TokenService {
  /** A signed HS256 JWT whose subject is the user id. */
  sign(userId: number): Promise<string>;
  /** The user id of a valid, unexpired token of ours; null for anything else. */
  verify(token: string): Promise<number | null>;
}

/**
 * HS256 through @elysiajs/jwt. Two traps of that plugin, avoided here and covered by tests:
 * `exp` given as a number is an absolute timestamp (a "lifetime" of 604800 means 1970, so every
 * fresh token fails), and its `schema` option rejects the standard claims it adds itself.
 */
export function createTokenService(secret: string): TokenService {
  const { sign, verify } = jwt({ name: "jwt", secret, alg: "HS256", exp: tokenLifetime }).decorator.jwt;
  return {
    sign: (userId) => sign({ sub: String(userId) }),
    async verify(token) {
      const payload = await verify(token, { algorithms: ["HS256"] });
      return payload ? parseId(payload.sub) : null;
    },
  };
}

function bearerToken(header: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

function unauthorized(): HttpError {
  return new HttpError(401, httpMessages.unauthorized, { "WWW-Authenticate": "Bearer" });
}

export interface Auth {
  tokens: TokenService;
  /**
   * Plugin with the `auth` macro. A route with `{ auth: true }` runs only for a valid token of a
   * user who still exists, and gets that `user` in its context; anything else is a 401.
   */
  guard: ReturnType<typeof createGuard>;
}

function createGuard(sql: Sql, tokens: TokenService) {
  const signedIn = new WeakMap<Request, User>();
  return new Elysia({ name: "auth-guard" }).macro({
    auth: {
      // `transform` runs before body validation (`resolve` only after it), so a request without
      // a valid token is a 401 and never learns what the route would have accepted.
      async transform({ request }) {
        const token = bearerToken(request.headers.get("authorization"));
        const userId = token ? await tokens.verify(token) : null;
        if (userId === null) throw unauthorized();
        const [user] = await sql<User[]>`select id, name, email from users where id = ${userId}`;
        if (!user) throw unauthorized();
        signedIn.set(request, { id: user.id, name: user.name, email: user.email });
      },
      resolve({ request }) {
        const user = signedIn.get(request);
        if (!user) throw unauthorized();
        return { user };
      },
    },
  });
}

export function createAuth({ sql, secret }: { sql: Sql; secret: string }): Auth {
  const tokens = createTokenService(secret);
  return { tokens, guard: createGuard(sql, tokens) };
}
