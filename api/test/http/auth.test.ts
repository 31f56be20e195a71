import { afterAll, beforeAll, describe, expect, setSystemTime, test } from "bun:test";
import { jwt } from "@elysiajs/jwt";
import { Elysia, t } from "elysia";
import { createAuth, createTokenService } from "../../src/http/auth.ts";
import { errorHandler } from "../../src/http/errors.ts";
import { createTestApp, testJwtSecret } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { call, callJson, type Handler } from "../support/http.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";

const otherSecret = "another-secret-which-is-also-long-enough-0123456789";
const unauthorized = { code: "unauthorized", message: "Bitte melden Sie sich an." };
/** What a session id looks like (sessions.ts): 32 random bytes, base64url. */
const sessionId = "s".repeat(43);
const claims = (userId: number) => ({ userId, sessionId });

function decodePayload(token: string): Record<string, unknown> {
  const [, payload = ""] = token.split(".");
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("token service", () => {
  const tokens = createTokenService(testJwtSecret);

  test("a freshly signed token verifies to its user and session", async () => {
    const token = await tokens.sign(claims(42));
    expect(await tokens.verify(token)).toEqual(claims(42));
  });

  test("tokens are HS256, name user and session, and live at most as long as a session (30 days)", async () => {
    const token = await tokens.sign(claims(7));
    const header = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8"));
    expect(header.alg).toBe("HS256");
    const payload = decodePayload(token);
    expect(payload.sub).toBe("7");
    expect(payload.sid).toBe(sessionId);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(30 * 24 * 60 * 60);
  });

  test("a token signed with another secret is refused", async () => {
    const forged = await createTokenService(otherSecret).sign(claims(42));
    expect(await tokens.verify(forged)).toBeNull();
  });

  test("a token without a session (as issued before sessions) is refused", async () => {
    const { sign } = jwt({ name: "jwt", secret: testJwtSecret, alg: "HS256", exp: "7d" }).decorator.jwt;
    expect(await tokens.verify(await sign({ sub: "42" }))).toBeNull();
    expect(await tokens.verify(await sign({ sub: "42", sid: "short" }))).toBeNull();
  });

  test("an expired token is refused", async () => {
    const { sign } = jwt({ name: "jwt", secret: testJwtSecret, alg: "HS256" }).decorator.jwt;
    const expired = await sign({ sub: "42", sid: sessionId, exp: Math.floor(Date.now() / 1000) - 60 });
    expect(await tokens.verify(expired)).toBeNull();
  });

  test("a token verified once stops working when it expires, though remembered", async () => {
    const token = await tokens.sign(claims(42));
    expect(await tokens.verify(token)).toEqual(claims(42));
    const expiry = Number(decodePayload(token).exp) * 1000;
    try {
      setSystemTime(new Date(expiry - 1000));
      expect(await tokens.verify(token)).toEqual(claims(42));
      setSystemTime(new Date(expiry + 1000));
      expect(await tokens.verify(token)).toBeNull();
    } finally {
      setSystemTime();
    }
  });

  test("a tampered payload or an unsigned token is refused", async () => {
    const [header, , signature] = (await tokens.sign(claims(42))).split(".");
    const payload = Buffer.from(JSON.stringify({ sub: "1", sid: sessionId, exp: 9999999999 })).toString("base64url");
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    expect(await tokens.verify(`${none}.${payload}.`)).toBeNull();
    expect(await tokens.verify("not-a-token")).toBeNull();
  });

  test("a token whose subject is not a user id is refused", async () => {
    const { sign } = jwt({ name: "jwt", secret: testJwtSecret, alg: "HS256", exp: "1h" }).decorator.jwt;
    expect(await tokens.verify(await sign({ sub: "admin", sid: sessionId }))).toBeNull();
    expect(await tokens.verify(await sign({ sid: sessionId }))).toBeNull();
  });
});

describe("auth guard", () => {
  let db: TestDatabase;
  let guarded: Handler;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = createTestApp(db.sql);
    const auth = createAuth({ sql: db.sql, secret: testJwtSecret });
    // How a module uses the guard: `.use(auth.guard)` and `{ auth: true }` on the route.
    guarded = new Elysia()
      .use(errorHandler)
      .use(auth.guard)
      .get("/me", ({ user }) => ({ user }), { auth: true })
      .get("/admin", ({ user }) => ({ admin: user.id }), { admin: true })
      .get("/open", () => ({ open: true }))
      .post("/notes", ({ body, user }) => ({ note: body.text, by: user.id }), {
        auth: true,
        body: t.Object({ text: t.String() }),
      });
  });

  afterAll(() => db.drop());

  test("a valid token gets the signed-in user", async () => {
    const { token, user } = await registerAndLogin(app);
    const answer = await callJson(guarded, "/me", { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ user: { id: user.id, name: user.name, email: user.email, role: "staff" } });
  });

  test("`admin: true` lets an admin in, answers staff 403 and no token 401", async () => {
    const owner = await signedInOwner(app);
    expect(await callJson(guarded, "/admin", { token: owner.token })).toMatchObject({
      status: 200,
      body: { admin: owner.user.id },
    });
    const staff = await registerAndLogin(app);
    expect(await callJson(guarded, "/admin", { token: staff.token })).toMatchObject({
      status: 403,
      body: {
        code: "admin-only",
        message: "Diese Funktion steht nur Administratorinnen und Administratoren zur Verfügung.",
      },
    });
    expect((await callJson(guarded, "/admin")).status).toBe(401);
  });

  test("routes without `auth: true` stay open", async () => {
    expect((await callJson(guarded, "/open")).body).toEqual({ open: true });
  });

  test("no token, a malformed header or another scheme is a 401", async () => {
    for (const authorization of [undefined, "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "token abc", "Bearer a b"]) {
      const response = await call(guarded, "/me", { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(await response.json()).toEqual(unauthorized);
    }
  });

  test("a forged token is a 401", async () => {
    // A real session of that user: only the signature is wrong.
    const { user, token } = await registerAndLogin(app);
    const { sid } = decodePayload(token);
    const forged = await createTokenService(otherSecret).sign({ userId: user.id, sessionId: String(sid) });
    const answer = await callJson(guarded, "/me", { token: forged });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(unauthorized);
  });

  test("an expired token is a 401", async () => {
    const { user, token } = await registerAndLogin(app);
    const { sign } = jwt({ name: "jwt", secret: testJwtSecret, alg: "HS256" }).decorator.jwt;
    const { sid } = decodePayload(token);
    const expired = await sign({ sub: String(user.id), sid: String(sid), exp: Math.floor(Date.now() / 1000) - 1 });
    const answer = await callJson(guarded, "/me", { token: expired });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(unauthorized);
  });

  test("the token of a deleted user is a 401", async () => {
    const { token, user } = await registerAndLogin(app);
    expect((await call(guarded, "/me", { token })).status).toBe(200);
    await db.sql`delete from users where id = ${user.id}`;
    const answer = await callJson(guarded, "/me", { token });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(unauthorized);
  });

  test("the token is checked before the body: no token and a bad body is still a 401", async () => {
    const answer = await callJson(guarded, "/notes", { json: { text: 42 } });
    expect(answer.status).toBe(401);
    const { token, user } = await registerAndLogin(app);
    expect((await callJson(guarded, "/notes", { json: { text: 42 }, token })).status).toBe(422);
    expect((await callJson(guarded, "/notes", { json: { text: "hi" }, token })).body).toEqual({
      note: "hi",
      by: user.id,
    });
  });

  test("the scheme is case-insensitive", async () => {
    const { token } = await registerAndLogin(app);
    expect((await call(guarded, "/me", { headers: { authorization: `bearer ${token}` } })).status).toBe(200);
  });

  // With a change feed the guard keeps users in memory; only the feed tells it of a deletion.
  test.skipIf(!process.env.DATABASE_URL)(
    "with a change feed, the token of a user deleted elsewhere is a 401 once the NOTIFY arrives",
    async () => {
      const changes = await db.openChangeFeed();
      const cachedAuth = createAuth({ sql: db.sql, secret: testJwtSecret, changes });
      const cachedGuarded = new Elysia()
        .use(errorHandler)
        .use(cachedAuth.guard)
        .get("/me", ({ user }) => ({ user }), { auth: true });
      const { token, user } = await registerAndLogin(app);
      expect((await call(cachedGuarded, "/me", { token })).status).toBe(200);
      await db.sql`delete from users where id = ${user.id}`;
      const started = Date.now();
      while ((await call(cachedGuarded, "/me", { token })).status === 200) {
        if (Date.now() - started > 5000) throw new Error("still signed in 5 s after the deletion");
        await Bun.sleep(10);
      }
      expect(await callJson(cachedGuarded, "/me", { token })).toMatchObject({ status: 401, body: unauthorized });
    },
  );
});
