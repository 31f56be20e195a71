import { jwt } from "@elysiajs/jwt";
import type { User } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { ChangeFeed } from "../db/change-feed.ts";
import type { Sql } from "../db/open.ts";
import { TableCache } from "../db/table-cache.ts";
import { findUserById } from "../modules/auth/store.ts";
import { HttpError } from "./errors.ts";
import { parseId } from "./ids.ts";
import { httpMessages } from "./messages.ts";
import { bearerOperation } from "./openapi.ts";

/** Tokens are valid this long; the browser then has to sign in again. */
export const tokenLifetime = "7d";

export interface TokenService {
  /** A signed HS256 JWT whose subject is the user id. */
  sign(userId: number): Promise<string>;
  /** The user id of a valid, unexpired token of ours; null for anything else. */
  verify(token: string): Promise<number | null>;
}

/** Tokens whose signature was checked, remembered with their expiry (~250 bytes each). */
const rememberedTokens = 10_000;

/**
 * HS256 through @elysiajs/jwt. Its verify goes through WebCrypto, ~170 µs a call on Bun (more than
 * all else a cached customer search costs), so a token that verified is remembered with its
 * expiry: later calls with it check only that. Two traps of that plugin, avoided here and covered by tests:
 * `exp` given as a number is an absolute timestamp (a "lifetime" of 604800 means 1970, so every
 * fresh token fails), and its `schema` option rejects the standard claims it adds itself.
 */
export function createTokenService(secret: string): TokenService {
  const { sign, verify } = jwt({ name: "jwt", secret, alg: "HS256", exp: tokenLifetime }).decorator.jwt;
  const verified = new Map<string, { userId: number; expiresAt: number }>();
  return {
    sign: (userId) => sign({ sub: String(userId) }),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.userId;
        verified.delete(token);
        return null;
      }
      const payload = await verify(token, { algorithms: ["HS256"] });
      if (!payload) return null;
      const userId = parseId(payload.sub);
      if (userId === null || typeof payload.exp !== "number") return userId;
      // Oldest first out: Map keeps insertion order.
      if (verified.size >= rememberedTokens) verified.delete(verified.keys().next().value ?? "");
      verified.set(token, { userId, expiresAt: payload.exp * 1000 });
      return userId;
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

/** Users looked up by the guard and kept until the users table changes (~100 bytes each). */
const keptUsers = 10_000;

function createGuard(sql: Sql, tokens: TokenService, changes: ChangeFeed | null) {
  const signedIn = new WeakMap<Request, User>();
  // Every bearer call asks whether its user still exists: from memory while nothing changed.
  const users = new TableCache<User | null>(changes, { tables: ["users"], maxEntries: keptUsers });
  const findUser = (id: number) =>
    users.get(String(id), async () => {
      const user = await findUserById(sql, id);
      // Frozen: one object serves many requests.
      return user ? Object.freeze(user) : null;
    });
  return new Elysia({ name: "auth-guard" }).macro({
    auth: {
      // Merged into each route's `detail`: the document marks every bearer route and its 401.
      detail: bearerOperation,
      // `transform` runs before body validation (`resolve` only after it), so a request without
      // a valid token is a 401 and never learns what the route would have accepted.
      async transform({ request }) {
        const token = bearerToken(request.headers.get("authorization"));
        const userId = token ? await tokens.verify(token) : null;
        if (userId === null) throw unauthorized();
        const user = await findUser(userId);
        if (!user) throw unauthorized();
        signedIn.set(request, user);
      },
      resolve({ request }) {
        const user = signedIn.get(request);
        if (!user) throw unauthorized();
        return { user };
      },
    },
  });
}

export function createAuth({
  sql,
  secret,
  changes = null,
}: {
  sql: Sql;
  secret: string;
  changes?: ChangeFeed | null;
}): Auth {
  const tokens = createTokenService(secret);
  return { tokens, guard: createGuard(sql, tokens, changes) };
}
