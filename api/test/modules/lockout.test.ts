import { afterAll, describe, expect, test } from "bun:test";
import type { App } from "../../src/app.ts";
import { deviceCookieName } from "../../src/modules/auth/known-device.ts";
import { accountLoginLimit } from "../../src/modules/auth/limits.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { call } from "../support/http.ts";
import { registerAndLogin, signedInOwner, testOwner, testPassword } from "../support/users.ts";

// Issue 23, row 8: ten wrong passwords for a colleague, sent from elsewhere, must not lock the
// colleague out of a browser that signed in before (its device cookie); the admins hear of it,
// once. Over real sockets behind a trusted "proxy" (this test), so attacker and colleague have
// addresses of their own.
const db = await createTestDatabase();
const servers: App[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop(true);
  await db.drop();
});

function serve(env: Record<string, string> = {}) {
  const app = createTestApp(db.sql, testConfig({ TRUSTED_PROXIES: "127.0.0.0/8", ...env })).listen({
    port: 0,
    hostname: "127.0.0.1",
  });
  servers.push(app);
  return { app, origin: `http://127.0.0.1:${app.server?.port}` };
}

function login(origin: string, email: string, password: string, from: string, cookie?: string) {
  const headers: Record<string, string> = { "content-type": "application/json", "x-forwarded-for": from };
  if (cookie !== undefined) headers.cookie = cookie;
  return fetch(`${origin}/api/login`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
}

/** The `name=value` of the device cookie a sign-in set. */
function deviceCookieOf(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  const pair = header.split(";")[0] ?? "";
  if (!pair.startsWith(`${deviceCookieName}=`)) throw new Error(`no device cookie in "${header}"`);
  return pair;
}

const attacker = "203.0.113.66";
const colleagueHome = "198.51.100.10";

describe("an account lockout that an attacker cannot aim", () => {
  test("the colleague's known browser still signs in; a new one waits; the admins are told once", async () => {
    const { app, origin } = serve();
    const owner = await signedInOwner(app);
    const colleague = await registerAndLogin(app, { name: "Karla Kollegin" });

    const first = await login(origin, colleague.email, testPassword, colleagueHome);
    expect(first.status).toBe(200);
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain("Path=/api/login");
    expect(setCookie).not.toContain("Secure");
    const cookie = deviceCookieOf(first);

    for (let attempt = 0; attempt < accountLoginLimit.max; attempt++) {
      expect((await login(origin, colleague.email, `falsch-${attempt}`, attacker)).status).toBe(401);
    }
    const refused = await login(origin, colleague.email, testPassword, attacker);
    expect(refused.status).toBe(429);
    // From another address, without the cookie (a new browser): the account limit holds.
    expect((await login(origin, colleague.email, testPassword, "198.51.100.77")).status).toBe(429);
    // A forged or altered cookie is no known device.
    expect((await login(origin, colleague.email, testPassword, colleagueHome, `${cookie}x`)).status).toBe(429);
    const [, user, issued] = /=(\d+)\.(\d+)\./.exec(cookie) ?? [];
    expect(
      (
        await login(
          origin,
          colleague.email,
          testPassword,
          colleagueHome,
          `${deviceCookieName}=${user}.${issued}.${"A".repeat(43)}`,
        )
      ).status,
    ).toBe(429);
    // The owner's device cookie names another account: no help for this one.
    const ownerBrowser = deviceCookieOf(await login(origin, testOwner.email, testOwner.password, "198.51.100.20"));
    expect((await login(origin, colleague.email, testPassword, colleagueHome, ownerBrowser)).status).toBe(429);

    // The browser the colleague signed in with before: in, with the right password only.
    expect((await login(origin, colleague.email, "immer-noch-falsch", colleagueHome, cookie)).status).toBe(401);
    const known = await login(origin, colleague.email, testPassword, colleagueHome, cookie);
    expect(known.status).toBe(200);
    const body = (await known.json()) as { user: { email: string }; token: string };
    expect(body.user.email).toBe(colleague.email);
    expect((await call(app, "/api/session", { token: body.token })).status).toBe(200);

    // More attacks: still refused, and the admins got one notice, not one per attempt.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(origin, colleague.email, "nochmal", attacker)).status).toBe(429);
    }
    const notices = await db.sql<{ to_address: string; subject: string; text_body: string }[]>`
      select to_address, subject, text_body from outbox where kind = 'login-attack'`;
    expect(notices.map((mail) => mail.to_address)).toEqual([owner.email]);
    expect(notices[0]?.subject).toBe("Wiederholte fehlgeschlagene Anmeldungen im Portal");
    expect(notices[0]?.text_body).toContain(colleague.email);
  });

  test("the device cookie is Secure when the site is served over https", async () => {
    const { app, origin } = serve({ PUBLIC_URL: "https://portal.example.de" });
    const colleague = await registerAndLogin(app, { name: "Sina Sicher" });
    const answer = await login(origin, colleague.email, testPassword, colleagueHome);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("set-cookie")).toMatch(/; Secure(;|$)/);
  });
});
