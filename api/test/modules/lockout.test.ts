import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import type { App } from "../../src/app.ts";
import { deviceCookieName } from "../../src/modules/auth/known-device.ts";
import { accountLoginLimit } from "../../src/modules/auth/limits.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { call } from "../support/http.ts";
import { register, registerAndLogin, signedInOwner, testOwner, testPassword, uniqueEmail } from "../support/users.ts";

// Ten wrong passwords for a colleague, sent from elsewhere, must not lock the
// colleague out of a browser that signed in before (its device cookie); the admins hear of it,
// once. Over real sockets behind a trusted "proxy" (this test), so attacker and colleague have
// addresses of their own.
// Dozens of sign-ins over sockets per test: more than the default 5 s on a busy machine.
setDefaultTimeout(30_000);
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

/** A signed-in request over the socket, as the dashboard sends it. */
function send(origin: string, method: string, path: string, token: string, json?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, "x-forwarded-for": colleagueHome };
  if (json !== undefined) headers["content-type"] = "application/json";
  return fetch(`${origin}${path}`, { method, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
}

/** Ten wrong passwords for `email` from `from`: the account limit is reached. */
async function lockOut(origin: string, email: string, from: string): Promise<void> {
  for (let attempt = 0; attempt < accountLoginLimit.max; attempt++) {
    expect((await login(origin, email, `falsch-${attempt}`, from)).status).toBe(401);
  }
  expect((await login(origin, email, "noch-einmal-falsch", from)).status).toBe(429);
}

interface AttackNotice {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}

const attackNotices = () =>
  db.sql<
    AttackNotice[]
  >`select to_address, subject, text_body, html_body from outbox where kind = 'login-attack' order by id`;

/** The notices once `count` exist, or all after a while when fewer come (none must, say). */
async function settledNotices(count: number): Promise<AttackNotice[]> {
  const started = Date.now();
  for (;;) {
    const notices = await attackNotices();
    if (notices.length >= count && Date.now() - started > 300) return notices;
    if (Date.now() - started > 5_000) return notices;
    await Bun.sleep(50);
  }
}

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
    const notices = await settledNotices(1);
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

  // Issue 45, row 12. A URL's scheme is case-insensitive (RFC 3986, 3.1): the config accepts
  // "HTTPS://…" as https, so the cookie must be Secure there too.
  test.each(["https://portal.example.de", "HTTPS://portal.example.de", "Https://portal.example.de/"])(
    "with PUBLIC_URL %s, sign-in and password change set the device cookie Secure; no other cookie is set",
    async (publicUrl) => {
      const { app, origin } = serve({ PUBLIC_URL: publicUrl });
      const colleague = await registerAndLogin(app, { name: "Sina Sicher" });
      const answer = await login(origin, colleague.email, testPassword, colleagueHome);
      expect(answer.status).toBe(200);
      // The session is the bearer token in the body: the device cookie is the only cookie there is.
      expect(answer.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^${deviceCookieName}=`))]);
      expect(answer.headers.get("set-cookie")).toMatch(/; Secure(;|$)/);
      const { token } = (await answer.json()) as { token: string };

      const changed = await send(origin, "POST", "/api/password", token, {
        currentPassword: testPassword,
        newPassword: "Zugspitze-Morgenrot-Kachelofen-8",
      });
      expect(changed.status).toBe(204);
      expect(changed.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^${deviceCookieName}=`))]);
      expect(changed.headers.get("set-cookie")).toMatch(/; Secure(;|$)/);
    },
  );

  test("with PUBLIC_URL http (a local run), the device cookie is not Secure: the browser would drop it", async () => {
    const { app, origin } = serve({ PUBLIC_URL: "http://localhost:3000" });
    const colleague = await registerAndLogin(app, { name: "Lena Lokal" });
    const answer = await login(origin, colleague.email, testPassword, colleagueHome);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("set-cookie")).not.toMatch(/Secure/i);
  });
});

describe("the attack notice names only a real account, never the typed text", () => {
  test("a lockout on an address without an account, or on a phishing line, writes the admins nothing", async () => {
    const { app, origin } = serve();
    await signedInOwner(app);
    const before = (await settledNotices(0)).length;
    const nobody = uniqueEmail("niemand");
    await lockOut(origin, nobody, "203.0.113.70");
    const phishing = `${uniqueEmail("karla")}\nDringend: Ihr Portal-Zugang läuft ab. Bestätigen Sie ihn unter https://portal-login.example`;
    await lockOut(origin, phishing, "203.0.113.71");

    const notices = await settledNotices(before + 1);
    expect(notices).toHaveLength(before);
    for (const notice of notices) {
      expect(notice.text_body).not.toContain("portal-login.example");
      expect(notice.text_body).not.toContain(nobody);
    }
  });

  test("an attack on an existing account: the mail names its stored address and name, not what was typed", async () => {
    const { app, origin } = serve();
    const owner = await signedInOwner(app);
    const colleague = await registerAndLogin(app, { name: "Till Treffer" });
    const typed = `  ${colleague.email.toUpperCase()}  `;
    const before = (await settledNotices(0)).length;
    await lockOut(origin, typed, "203.0.113.72");

    const notices = (await settledNotices(before + 1)).slice(before);
    expect(notices.map((notice) => notice.to_address)).toEqual([owner.email]);
    const [notice] = notices;
    expect(notice?.text_body).toContain(`Till Treffer (${colleague.email})`);
    expect(notice?.text_body).not.toContain(colleague.email.toUpperCase());
    expect(notice?.html_body).not.toContain(colleague.email.toUpperCase());
  });

  test("a pending account (anyone can register one, with any name) gets no notice either", async () => {
    const { app, origin } = serve();
    await signedInOwner(app);
    const email = uniqueEmail("wartend");
    await register(app, { name: "Bitte sofort https://portal-login.example öffnen", email, password: testPassword });
    const before = (await settledNotices(0)).length;
    await lockOut(origin, email, "203.0.113.73");
    expect(await settledNotices(before + 1)).toHaveLength(before);
  });
});

describe("a known browser is forgotten when the password changes or an admin says so", () => {
  test("after a password change the old device cookie no longer passes the lockout", async () => {
    const { app, origin } = serve();
    await signedInOwner(app);
    const colleague = await registerAndLogin(app, { name: "Paula Passwort" });
    const signedIn = await login(origin, colleague.email, testPassword, colleagueHome);
    const cookie = deviceCookieOf(signedIn);
    const { token } = (await signedIn.json()) as { token: string };

    const newPassword = "Wolken-Harfe-Brezel-17";
    const changed = await send(origin, "POST", "/api/password", token, {
      currentPassword: testPassword,
      newPassword,
    });
    expect(changed.status).toBe(204);
    // The browser that made the change proved the password: it gets a cookie of the new password.
    const renewed = deviceCookieOf(changed);
    expect(renewed).not.toBe(cookie);
    await lockOut(origin, colleague.email, "203.0.113.74");
    // The cookie from before the change: no known device any more, so the account limit holds.
    expect((await login(origin, colleague.email, newPassword, colleagueHome, cookie)).status).toBe(429);
    expect((await login(origin, colleague.email, newPassword, colleagueHome, renewed)).status).toBe(200);
  });

  test("after a reset through the mailed link the old device cookie no longer passes the lockout", async () => {
    const { app, origin } = serve();
    await signedInOwner(app);
    const colleague = await registerAndLogin(app, { name: "Rolf Reset" });
    const cookie = deviceCookieOf(await login(origin, colleague.email, testPassword, colleagueHome));
    // The link's token as the delivery worker stores it (its SHA-256); the mail itself is mail.test.ts's.
    const token = randomBytes(32).toString("base64url");
    const tokenHash = createHash("sha256").update(token).digest("hex");
    await db.sql`
      insert into password_reset_tokens (token_hash, user_id, created_at, expires_at)
      values (${tokenHash}, ${colleague.user.id}, now(), now() + interval '30 minutes')`;
    const newPassword = "Laterne-Kompass-Muschel-8";
    const reset = await fetch(`${origin}/api/password-reset/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": colleagueHome },
      body: JSON.stringify({ token, newPassword }),
    });
    expect(reset.status).toBe(204);

    await lockOut(origin, colleague.email, "203.0.113.79");
    expect((await login(origin, colleague.email, newPassword, colleagueHome, cookie)).status).toBe(429);
  });

  test("an admin forgets every account's known browsers: the old cookies no longer pass the lockout", async () => {
    const { app, origin } = serve();
    const owner = await signedInOwner(app);
    const colleague = await registerAndLogin(app, { name: "Vera Vergessen" });
    const cookie = deviceCookieOf(await login(origin, colleague.email, testPassword, colleagueHome));
    const ownerCookie = deviceCookieOf(await login(origin, owner.email, owner.password, colleagueHome));

    // Staff may not.
    expect((await send(origin, "DELETE", "/api/users/known-devices", colleague.token)).status).toBe(403);
    expect((await send(origin, "DELETE", "/api/users/known-devices", owner.token)).status).toBe(204);
    await lockOut(origin, colleague.email, "203.0.113.75");
    expect((await login(origin, colleague.email, testPassword, colleagueHome, cookie)).status).toBe(429);
    // The admin's own browsers too: a stolen admin laptop is a reason to press the button.
    await lockOut(origin, owner.email, "203.0.113.76");
    expect((await login(origin, owner.email, owner.password, colleagueHome, ownerCookie)).status).toBe(429);
  });

  test("an admin forgets one account's known browsers; the others' stay known", async () => {
    const { app, origin } = serve();
    const owner = await signedInOwner(app);
    const forgotten = await registerAndLogin(app, { name: "Emil Einzeln" });
    const kept = await registerAndLogin(app, { name: "Karl Behalten" });
    const forgottenCookie = deviceCookieOf(await login(origin, forgotten.email, testPassword, colleagueHome));
    const keptCookie = deviceCookieOf(await login(origin, kept.email, testPassword, colleagueHome));

    const path = `/api/users/${forgotten.user.id}/known-devices`;
    expect((await send(origin, "DELETE", path, forgotten.token)).status).toBe(403);
    expect((await send(origin, "DELETE", path, owner.token)).status).toBe(204);
    expect((await send(origin, "DELETE", "/api/users/99999999/known-devices", owner.token)).status).toBe(404);

    await lockOut(origin, forgotten.email, "203.0.113.77");
    await lockOut(origin, kept.email, "203.0.113.78");
    expect((await login(origin, forgotten.email, testPassword, colleagueHome, forgottenCookie)).status).toBe(429);
    expect((await login(origin, kept.email, testPassword, colleagueHome, keptCookie)).status).toBe(200);
  });
});
