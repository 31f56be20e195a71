import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { ChangeFeed } from "../db/change-feed.ts";
import type { Sql } from "../db/open.ts";
import type { AddressRange } from "./address-range.ts";
import { userActor } from "./audit-actors.ts";
import type { PeerSource } from "./client-address.ts";
import { HttpError } from "./errors.ts";
import { parseId } from "./ids.ts";
import { httpMessages } from "./messages.ts";
import { adminOperation, bearerOperation } from "./openapi.ts";
import { createSessions, type Sessions, type SignedIn, tokenLifetime } from "./sessions.ts";

/** What a token says: whose it is (`sub`) and which session it belongs to (`sid`). */
export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export interface TokenService {
  /** A signed HS256 JWT naming the user and the session. */
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token of ours; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Tokens whose signature was checked, remembered with their expiry (~300 bytes each). */
const rememberedTokens = 10_000;

/** Session ids are 32 random bytes in base64url (sessions.ts); anything else is not ours. */
const sessionIdPattern = /^[\w-]{32,64}$/;

/**
 * HS256 through @elysiajs/jwt. Its verify goes through WebCrypto, ~170 µs a call on Bun (more than
 * all else a cached customer search costs), so a token that verified is remembered with its
 * expiry: later calls with it check only that. Two traps of that plugin, avoided here and covered by tests:
 * `exp` given as a number is an absolute timestamp (a "lifetime" of 604800 means 1970, so every
 * fresh token fails), and its `schema` option rejects the standard claims it adds itself.
 * A valid token is not enough to get in: its session must still exist (the guard asks `Sessions`,
 * which times sessions by the app's clock; the token's own expiry is a real-time backstop).
 */
export function createTokenService(secret: string): TokenService {
  const { sign, verify } = jwt({ name: "jwt", secret, alg: "HS256", exp: tokenLifetime }).decorator.jwt;
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  return {
    sign: ({ userId, sessionId }) => sign({ sub: String(userId), sid: sessionId }),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.claims;
        verified.delete(token);
        return null;
      }
      const payload = await verify(token, { algorithms: ["HS256"] });
      if (!payload) return null;
      const userId = parseId(payload.sub);
      const sessionId = typeof payload.sid === "string" && sessionIdPattern.test(payload.sid) ? payload.sid : null;
      if (userId === null || sessionId === null || typeof payload.exp !== "number") return null;
      const claims = { userId, sessionId };
      // Oldest first out: Map keeps insertion order.
      if (verified.size >= rememberedTokens) verified.delete(verified.keys().next().value ?? "");
      verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      return claims;
    },
  };
}

export function bearerToken(header: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

function unauthorized(): HttpError {
  return new HttpError(401, "unauthorized", httpMessages.unauthorized, { "WWW-Authenticate": "Bearer" });
}

export interface Auth {
  tokens: TokenService;
  sessions: Sessions;
  /**
   * Plugin with two macros. `{ auth: true }`: the route runs only for a valid token whose session
   * still exists and whose account is active, and gets that `user` and `sessionId` in its
   * context, and the `actor` its audit events name; anything else is a 401. `{ admin: true }` implies `auth` and answers a staff
   * account 403.
   */
  guard: ReturnType<typeof createGuard>;
}

function createGuard(tokens: TokenService, sessions: Sessions, trustedProxies: readonly AddressRange[]) {
  const signedIn = new WeakMap<Request, SignedIn>();

  async function authenticate(request: Request): Promise<SignedIn> {
    const known = signedIn.get(request);
    if (known) return known;
    const token = bearerToken(request.headers.get("authorization"));
    const claims = token ? await tokens.verify(token) : null;
    if (claims === null) throw unauthorized();
    const session = await sessions.check(claims.sessionId, claims.userId);
    if (!session) throw unauthorized();
    signedIn.set(request, session);
    return session;
  }

  function resolve({ request, server }: { request: Request; server: PeerSource | null }) {
    const session = signedIn.get(request);
    if (!session) throw unauthorized();
    const actor = userActor(session.user, request, server, trustedProxies);
    return { user: session.user, sessionId: session.sessionId, actor };
  }

  return new Elysia({ name: "auth-guard" }).macro({
    auth: {
      // Merged into each route's `detail`: the document marks every bearer route and its 401.
      detail: bearerOperation,
      // `transform` runs before body validation (`resolve` only after it), so a request without
      // a valid session is a 401 and never learns what the route would have accepted.
      async transform({ request }) {
        await authenticate(request);
      },
      resolve,
    },
    admin: {
      detail: adminOperation,
      async transform({ request }) {
        const { user } = await authenticate(request);
        if (user.role !== "admin") throw new HttpError(403, "admin-only", httpMessages.adminOnly);
      },
      resolve,
    },
  });
}

export function createAuth({
  sql,
  secret,
  changes = null,
  now = Date.now,
  trustedProxies = [],
}: {
  sql: Sql;
  secret: string;
  changes?: ChangeFeed | null;
  /** Whose X-Forwarded-For names the client an audit event records (TRUSTED_PROXIES). */
  trustedProxies?: readonly AddressRange[];
  /** The clock sessions are timed by; tests move it. */
  now?: () => number;
}): Auth {
  const tokens = createTokenService(secret);
  const sessions = createSessions({ sql, changes, now });
  return { tokens, sessions, guard: createGuard(tokens, sessions, trustedProxies) };
}
