import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { limits } from "@klarwerk/kit";
import { authApiMessages } from "../../src/modules/auth/messages.ts";
import { createTestApp, startAppTest, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import {
  approve,
  login,
  register,
  registerAndLogin,
  signedInOwner,
  testOwner,
  testPassword,
  testSetupCode,
  uniqueEmail,
} from "../support/users.ts";

const { db, app } = await startAppTest();

function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Max Muster",
    email: uniqueEmail(),
    password: testPassword,
    confirmPassword: testPassword,
    ...overrides,
  };
}

const pending = { message: "Ihr Zugang wurde noch nicht freigegeben." };
const disabled = { message: "Ihr Zugang ist gesperrt." };
const advice = "Wählen Sie ein längeres Passwort, zum Beispiel aus mehreren Wörtern, die nicht zusammengehören.";

describe("POST /api/register", () => {
  test("creates a pending account: 201 { access: pending }, no token", async () => {
    await signedInOwner(app);
    const email = uniqueEmail();
    const answer = await callJson(app, "/api/register", {
      json: registration({ name: "  Max Muster ", email: `  ${email.toUpperCase()} ` }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ access: "pending" });
    const [row] = await db.sql<{ name: string; email: string; password_hash: string; role: string; status: string }[]>`
      select name, email, password_hash, role, status from users where email = ${email}`;
    expect(row).toMatchObject({ name: "Max Muster", email, role: "staff", status: "pending" });
    expect(row?.password_hash).toStartWith("$argon2id$v=19$m=19456,t=2,");
  });

  test.each([
    ["name missing", { name: undefined }, "Bitte geben Sie Ihren Namen ein."],
    ["name blank", { name: "   " }, "Bitte geben Sie Ihren Namen ein."],
    ["name not a string", { name: 123 }, "Bitte geben Sie Ihren Namen ein."],
    [
      "name too long",
      { name: "a".repeat(limits.nameMax + 1) },
      `Der Name darf höchstens ${limits.nameMax} Zeichen lang sein.`,
    ],
    ["e-mail missing", { email: undefined }, "Bitte geben Sie Ihre E-Mail-Adresse ein."],
    ["e-mail blank", { email: " " }, "Bitte geben Sie Ihre E-Mail-Adresse ein."],
    ["e-mail not a string", { email: ["a@b.de"] }, "Bitte geben Sie Ihre E-Mail-Adresse ein."],
    ["e-mail malformed", { email: "max.example.com" }, "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    ["e-mail with a space", { email: "max muster@example.com" }, "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    [
      "e-mail too long",
      { email: `${"a".repeat(250)}@example.com` },
      "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    ],
    ["password missing", { password: undefined }, "Bitte geben Sie ein Passwort ein."],
    ["password empty", { password: "", confirmPassword: "" }, "Bitte geben Sie ein Passwort ein."],
    ["password not a string", { password: 123456 }, "Bitte geben Sie ein Passwort ein."],
    [
      "password six spaces",
      { password: "      ", confirmPassword: "      " },
      `Dieses Passwort wiederholt nur Zeichen (wie „aaaaaa“ oder „abcabc“). ${advice}`,
    ],
    [
      "password too short",
      { password: "12345", confirmPassword: "12345" },
      "Das Passwort muss mindestens 6 Zeichen lang sein.",
    ],
    [
      "password too long",
      { password: "p".repeat(limits.passwordMax + 1), confirmPassword: "p".repeat(limits.passwordMax + 1) },
      `Das Passwort darf höchstens ${limits.passwordMax} Zeichen lang sein.`,
    ],
    ["confirmation missing", { confirmPassword: undefined }, "Bitte wiederholen Sie das Passwort."],
    ["confirmation empty", { confirmPassword: "" }, "Bitte wiederholen Sie das Passwort."],
    ["confirmation different", { confirmPassword: `${testPassword}!` }, "Die Passwörter stimmen nicht überein."],
  ])("%s → 422", async (_, overrides, message) => {
    const answer = await callJson(app, "/api/register", { json: registration(overrides) });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ code: "validation", message });
  });

  test("accepts the limits exactly", async () => {
    const password = randomBytes(150).toString("base64");
    expect(password).toHaveLength(limits.passwordMax);
    const answer = await callJson(app, "/api/register", {
      json: registration({ name: "n".repeat(limits.nameMax), password, confirmPassword: password }),
    });
    expect(answer.status).toBe(201);
    // Six characters pass the length rule; no six characters are hard enough to guess, though.
    const six = await callJson(app, "/api/register", {
      json: registration({ password: "Kx7#qZ", confirmPassword: "Kx7#qZ" }),
    });
    expect(six.status).toBe(422);
    expect(six.body).toEqual({ code: "validation", message: `Dieses Passwort ist zu leicht zu erraten. ${advice}` });
  });

  test("a taken address gets the very answer a new one gets, whatever its case", async () => {
    const email = uniqueEmail("taken");
    const first = await call(app, "/api/register", { json: registration({ email }) });
    const firstBody = await first.text();
    for (const again of [email, email.toUpperCase(), ` ${email.replace("taken", "TAKEN")} `]) {
      const answer = await call(app, "/api/register", { json: registration({ email: again, name: "Mallory" }) });
      expect(answer.status).toBe(first.status);
      expect(await answer.text()).toBe(firstBody);
      expect([...answer.headers].sort()).toEqual([...first.headers].sort());
    }
    expect(first.status).toBe(201);
    expect(JSON.parse(firstBody)).toEqual({ access: "pending" });
    // Nothing of the existing account changed.
    const rows = await db.sql`select name from users where lower(email) = ${email}`;
    expect([...rows]).toEqual([{ name: "Max Muster" }]);
  });

  test("a taken address costs a password hash too, so the answer takes as long", async () => {
    const email = uniqueEmail("timing");
    await callJson(app, "/api/register", { json: registration({ email }) });
    const hash = spyOn(Bun.password, "hash");
    try {
      await callJson(app, "/api/register", { json: registration({ email }) });
      await callJson(app, "/api/register", { json: registration() });
      expect(hash).toHaveBeenCalledTimes(2);
    } finally {
      hash.mockRestore();
    }
  });

  test("two registrations of one address at once: the same 201 for both, one account", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all([
      callJson(app, "/api/register", { json: registration({ email }) }),
      callJson(app, "/api/register", { json: registration({ email: email.toUpperCase() }) }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [201, { access: "pending" }],
      [201, { access: "pending" }],
    ]);
    expect(await db.sql`select 1 from users where lower(email) = ${email}`).toHaveLength(1);
  });

  test("malformed JSON is a 400", async () => {
    const answer = await callJson(app, "/api/register", {
      body: '{"name": "Max", "email":',
      headers: { "content-type": "application/json" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: "bad-request", message: "Die Anfrage konnte nicht gelesen werden." });
  });

  test("a form post instead of JSON is a 400", async () => {
    const answer = await callJson(app, "/api/register", {
      body: "name=Max&email=max%40example.com&password=geheim123&confirmPassword=geheim123",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(400);
  });

  test("JSON that is not an object is a 422", async () => {
    for (const json of [null, "Max", 42]) {
      const answer = await callJson(app, "/api/register", { json });
      expect(answer.status).toBe(422);
      expect(typeof answer.body.message).toBe("string");
    }
  });

  test("unknown fields are ignored: nobody registers as an active admin", async () => {
    const email = uniqueEmail("sneaky");
    const answer = await callJson(app, "/api/register", {
      json: registration({ email, id: 1, admin: true, role: "admin", status: "active" }),
    });
    expect(answer).toMatchObject({ status: 201, body: { access: "pending" } });
    expect([...(await db.sql`select role, status from users where email = ${email}`)]).toEqual([
      { role: "staff", status: "pending" },
    ]);
  });
});

describe("password rules", () => {
  const owner = { name: "Lena Schmidt", email: "lena.schmidt@beispiel-firma.de" };
  const reasons = {
    common: "Dieses Passwort gehört zu den am häufigsten verwendeten Passwörtern.",
    keyboard: "Dieses Passwort ist eine Tastenfolge der Tastatur (wie „qwertz“).",
    repeat: "Dieses Passwort wiederholt nur Zeichen (wie „aaaaaa“ oder „abcabc“).",
    sequence: "Dieses Passwort ist eine einfache Folge (wie „abcdef“ oder „123456“).",
    personal: "Dieses Passwort enthält Ihren Namen oder Ihre E-Mail-Adresse.",
  };

  test.each([
    ["123456", reasons.common],
    ["passwort", reasons.common],
    ["Passwort1", reasons.common],
    ["qwertz", reasons.keyboard],
    ["asdfghjkl", reasons.common],
    ["      ", reasons.repeat],
    ["aaaaaaaaaa", reasons.repeat],
    ["abcdefgh", reasons.sequence],
    ["lenaschmidt", reasons.personal],
    ["Schmidt2024!", reasons.personal],
    ["lena.schmidt", reasons.personal],
    ["beispiel-firma", reasons.personal],
  ])("%p is refused at registration with its reason", async (password, reason) => {
    const answer = await callJson(app, "/api/register", {
      json: registration({ ...owner, password, confirmPassword: password }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ code: "validation", message: `${reason} ${advice}` });
  });

  test("a passphrase is accepted, even one that holds a first name", async () => {
    for (const password of ["Blaue Tasse schwimmt im Keller", "Lena trinkt Kaffee am Fjord", "Tinte Fjord Sattel 93"]) {
      const answer = await callJson(app, "/api/register", {
        json: registration({ ...owner, email: uniqueEmail("lena"), password, confirmPassword: password }),
      });
      expect(answer.status).toBe(201);
    }
  });
});

describe("who becomes the owner", () => {
  async function freshApp(env: Record<string, string>) {
    const fresh = await createTestDatabase();
    afterAll(() => fresh.drop());
    return { sql: fresh.sql, app: createTestApp(fresh.sql, testConfig(env)) };
  }

  test("without OWNER_EMAIL: the first account of an empty database, active admin; the next ones wait", async () => {
    const { app: fresh } = await freshApp({ OWNER_EMAIL: "" });
    const first = { name: "Frieda Erste", email: uniqueEmail("first"), password: testPassword };
    expect(await register(fresh, first)).toEqual({ access: "granted" });
    const signedIn = await login(fresh, first);
    expect(signedIn.user).toEqual({ id: expect.any(Number), name: first.name, email: first.email, role: "admin" });

    const second = { name: "Zora Zweite", email: uniqueEmail("second"), password: testPassword };
    expect(await register(fresh, second)).toEqual({ access: "pending" });
    // The first address again: taken, so it creates nothing and grants nothing.
    expect(await register(fresh, first)).toEqual({ access: "pending" });
    const refused = await callJson(fresh, "/api/login", { json: second });
    expect(refused).toMatchObject({ status: 403, body: pending });
  });

  test("two first registrations at once: exactly one becomes the owner", async () => {
    const { sql, app: fresh } = await freshApp({ OWNER_EMAIL: "" });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        register(fresh, { name: `Gleichzeitig ${index}`, email: uniqueEmail("race"), password: testPassword }),
      ),
    );
    expect(answers.filter((answer) => answer.access === "granted")).toHaveLength(1);
    expect([...(await sql`select role, status from users where role = 'admin'`)]).toEqual([
      { role: "admin", status: "active" },
    ]);
  });

  test("with OWNER_EMAIL: only that address becomes the owner; whoever registers before it waits", async () => {
    const ownerEmail = uniqueEmail("chefin");
    const { sql, app: fresh } = await freshApp({ OWNER_EMAIL: ownerEmail.toUpperCase() });
    const early = { name: "Fritz Frueh", email: uniqueEmail("early"), password: testPassword };
    expect(await register(fresh, early)).toEqual({ access: "pending" });
    const chefin = { name: "Clara Chefin", email: ` ${ownerEmail.toUpperCase()} `, password: testPassword };
    expect(await register(fresh, chefin, { setupCode: testSetupCode(ownerEmail) })).toEqual({ access: "granted" });
    expect((await login(fresh, { ...chefin, email: ownerEmail })).user.role).toBe("admin");
    expect(await callJson(fresh, "/api/login", { json: early })).toMatchObject({ status: 403, body: pending });
    expect([...(await sql`select email, role, status from users order by id`)]).toEqual([
      { email: early.email, role: "staff", status: "pending" },
      { email: ownerEmail, role: "admin", status: "active" },
    ]);
  });
});

describe("the owner proves it runs the server", () => {
  test("OWNER_EMAIL alone gets no keys: without the logged set-up code it waits; with it, it becomes the owner and takes the address back", async () => {
    const ownerEmail = uniqueEmail("inhaber");
    const fresh = await createTestDatabase();
    afterAll(() => fresh.drop());
    const freshApp = createTestApp(
      fresh.sql,
      testConfig({ OWNER_EMAIL: ownerEmail, PUBLIC_URL: "https://portal.example" }),
    );
    const code = testSetupCode(ownerEmail);

    // The start and every registration of the address without the code print the link to the log.
    const logged: string[] = [];
    const log = spyOn(console, "log").mockImplementation((...parts: unknown[]) => {
      logged.push(parts.join(" "));
    });
    try {
      freshApp.listen({ port: 0, hostname: "127.0.0.1" });
      await Bun.sleep(100);
      // A stranger who read the address in the Impressum: a 201 like any registration, no keys.
      const stranger = { name: "Fremder Fritz", email: ownerEmail, password: "Fremdes-Passwort-im-Nebel-11" };
      expect(await register(freshApp, stranger)).toEqual({ access: "pending" });
      expect(await callJson(freshApp, "/api/login", { json: stranger })).toMatchObject({ status: 403, body: pending });
    } finally {
      log.mockRestore();
      await freshApp.stop();
    }
    const link = `https://portal.example/register?einrichtung=${code}`;
    expect(logged.filter((line) => line.includes(link)).length).toBeGreaterThanOrEqual(2);

    // A wrong code is named; the right one makes the owner, with the owner's name and password.
    const owner = { name: "Olga Inhaberin", email: ownerEmail, password: testPassword };
    const wrong = await callJson(freshApp, "/api/register", {
      json: { ...owner, confirmPassword: owner.password, setupCode: `${code.slice(0, -1)}x` },
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: { code: "setup-code-invalid", message: authApiMessages.setupCodeInvalid },
    });
    expect(await register(freshApp, owner, { setupCode: code })).toEqual({ access: "granted" });
    expect((await login(freshApp, owner)).user).toMatchObject({ name: owner.name, role: "admin" });
    expect(
      (
        await callJson(freshApp, "/api/login", {
          json: { email: ownerEmail, password: "Fremdes-Passwort-im-Nebel-11" },
        })
      ).status,
    ).toBe(401);
    // Once an admin exists the code opens nothing.
    const late = { name: "Zu Spaet", email: ownerEmail, password: "Noch-ein-Passwort-am-Fluss-4" };
    expect(await register(freshApp, late, { setupCode: code })).toEqual({ access: "pending" });
    expect((await callJson(freshApp, "/api/login", { json: late })).status).toBe(401);
    expect([...(await fresh.sql`select email, name, role, status from users`)]).toEqual([
      { email: ownerEmail, name: owner.name, role: "admin", status: "active" },
    ]);
  });
});

describe("POST /api/login", () => {
  test("answers the user with its role and a token", async () => {
    const email = uniqueEmail("login");
    await callJson(app, "/api/register", { json: registration({ name: "Lena Login", email }) });
    await approve(app, email);
    const answer = await callJson<{ user: unknown; token: string }>(app, "/api/login", {
      json: { email: email.toUpperCase(), password: testPassword },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(["token", "user"]);
    expect(answer.body.user).toEqual({ id: expect.any(Number), name: "Lena Login", email, role: "staff" });
    expect(answer.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test("a wrong password and an unknown e-mail get the same 401", async () => {
    const { email } = await registerAndLogin(app);
    const wrongPassword = await callJson(app, "/api/login", { json: { email, password: "falsch123" } });
    const unknownEmail = await callJson(app, "/api/login", {
      json: { email: uniqueEmail("nobody"), password: testPassword },
    });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: "wrong-credentials", message: "E-Mail oder Passwort ist falsch." });
    }
  });

  test("an unknown e-mail still costs a password verification", async () => {
    const verify = spyOn(Bun.password, "verify");
    try {
      await callJson(app, "/api/login", { json: { email: uniqueEmail("ghost"), password: testPassword } });
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  test.each([
    ["e-mail missing", { password: "geheim123" }, "Bitte geben Sie Ihre E-Mail-Adresse ein."],
    ["e-mail blank", { email: "  ", password: "geheim123" }, "Bitte geben Sie Ihre E-Mail-Adresse ein."],
    ["password missing", { email: "a@b.de" }, "Bitte geben Sie Ihr Passwort ein."],
    ["password empty", { email: "a@b.de", password: "" }, "Bitte geben Sie Ihr Passwort ein."],
    ["password not a string", { email: "a@b.de", password: 123456 }, "Bitte geben Sie Ihr Passwort ein."],
  ])("%s → 422", async (_, json, message) => {
    const answer = await callJson(app, "/api/login", { json });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ code: "validation", message });
  });

  test("an over-long password is simply wrong", async () => {
    const { email } = await registerAndLogin(app);
    const answer = await callJson(app, "/api/login", { json: { email, password: "x".repeat(10_000) } });
    expect(answer.status).toBe(401);
  });

  test("after 10 failures for one e-mail, login is refused for a while (429), other e-mails are not", async () => {
    const { email, password } = await registerAndLogin(app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await callJson(app, "/api/login", { json: { email, password: `falsch-${attempt}` } });
      expect(answer.status).toBe(401);
    }
    const blocked = await callJson(app, "/api/login", { json: { email: email.toUpperCase(), password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: "rate-limited",
      message: "Zu viele Anmeldeversuche. Bitte versuchen Sie es später erneut.",
    });
    expect(Number(blocked.response.headers.get("retry-after"))).toBeGreaterThan(800);

    const other = await registerAndLogin(app);
    const fine = await callJson(app, "/api/login", { json: { email: other.email, password: other.password } });
    expect(fine.status).toBe(200);
  });

  test("parallel guesses cannot outrun the limit: at most 10 are checked, the rest are 429", async () => {
    const { email } = await registerAndLogin(app);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, attempt) =>
        callJson(app, "/api/login", { json: { email, password: `geraten-${attempt}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  test("a successful login clears earlier failures", async () => {
    const { email, password } = await registerAndLogin(app);
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 9; attempt++) {
        await callJson(app, "/api/login", { json: { email, password: "falsch123" } });
      }
      expect((await callJson(app, "/api/login", { json: { email, password } })).status).toBe(200);
    }
  });
});

describe("login of an account that may not enter", () => {
  test("pending, right password: 403 with its message; wrong password: the usual 401", async () => {
    const waiting = { name: "Paula Wartend", email: uniqueEmail("pending"), password: testPassword };
    await register(app, waiting);
    expect(await callJson(app, "/api/login", { json: waiting })).toMatchObject({ status: 403, body: pending });
    expect(await callJson(app, "/api/login", { json: { ...waiting, password: "Falsches-Passwort-99" } })).toMatchObject(
      {
        status: 401,
        body: { message: "E-Mail oder Passwort ist falsch." },
      },
    );
  });

  test("disabled: 403 with its message", async () => {
    const locked = await registerAndLogin(app, { name: "Gesa Gesperrt" });
    const owner = await signedInOwner(app);
    const patched = await callJson(app, `/api/users/${locked.user.id}`, {
      method: "PATCH",
      json: { status: "disabled" },
      token: owner.token,
    });
    expect(patched.status).toBe(200);
    expect(await callJson(app, "/api/login", { json: locked })).toMatchObject({ status: 403, body: disabled });
  });
});

describe("the signed-in user's session", () => {
  test("GET /api/session answers the user with its role", async () => {
    const { token, user } = await registerAndLogin(app, { name: "Sina Sitzung" });
    expect(await callJson(app, "/api/session", { token })).toEqual(
      expect.objectContaining({ status: 200, body: { user: { ...user, role: "staff" } } }),
    );
    const owner = await signedInOwner(app);
    expect((await callJson(app, "/api/session", { token: owner.token })).body).toEqual({
      user: { id: owner.user.id, name: testOwner.name, email: testOwner.email, role: "admin" },
    });
  });

  test("POST /api/logout: 204, and that token is refused from then on; other sessions stay", async () => {
    const first = await registerAndLogin(app);
    const second = await login(app, first);
    const answer = await call(app, "/api/logout", { method: "POST", token: first.token });
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe("");
    expect((await callJson(app, "/api/session", { token: first.token })).status).toBe(401);
    expect((await call(app, "/api/logout", { method: "POST", token: first.token })).status).toBe(401);
    expect((await callJson(app, "/api/session", { token: second.token })).status).toBe(200);
  });
});

describe("POST /api/password", () => {
  const newPassword = "Neues-Fahrrad-im-Schnee-88";

  test("changes the password: 204; every other session ends, this one stays", async () => {
    const here = await registerAndLogin(app, { name: "Paul Passwort" });
    const elsewhere = await login(app, here);
    const answer = await call(app, "/api/password", {
      json: { currentPassword: here.password, newPassword },
      token: here.token,
    });
    expect(answer.status).toBe(204);
    expect((await callJson(app, "/api/session", { token: here.token })).status).toBe(200);
    expect((await callJson(app, "/api/session", { token: elsewhere.token })).status).toBe(401);
    expect((await callJson(app, "/api/login", { json: here })).status).toBe(401);
    expect((await callJson(app, "/api/login", { json: { ...here, password: newPassword } })).status).toBe(200);
    const [row] = await db.sql<{ password_changed_at: Date | null }[]>`
      select password_changed_at from users where id = ${here.user.id}`;
    expect(row?.password_changed_at).toBeInstanceOf(Date);
  });

  test.each([
    ["current password missing", { currentPassword: "", newPassword }, "Bitte geben Sie Ihr aktuelles Passwort ein."],
    ["new password missing", { newPassword: undefined }, "Bitte geben Sie ein neues Passwort ein."],
    ["new password too short", { newPassword: "Ab1!" }, "Das Passwort muss mindestens 6 Zeichen lang sein."],
    ["current password wrong", { currentPassword: "Falsches-Passwort-99" }, "Das aktuelle Passwort ist falsch."],
    [
      "new password the same",
      { newPassword: testPassword },
      "Das neue Passwort muss sich vom aktuellen unterscheiden.",
    ],
    [
      "new password easy to guess",
      { newPassword: "passwort" },
      `Dieses Passwort gehört zu den am häufigsten verwendeten Passwörtern. ${advice}`,
    ],
    [
      "new password built from the name",
      { newPassword: "Pauline-Prahl-2024" },
      `Dieses Passwort enthält Ihren Namen oder Ihre E-Mail-Adresse. ${advice}`,
    ],
  ])("%s → 422, nothing changes", async (_, overrides, message) => {
    const here = await registerAndLogin(app, { name: "Pauline Prahl" });
    const elsewhere = await login(app, here);
    const answer = await callJson(app, "/api/password", {
      json: { currentPassword: testPassword, newPassword, ...overrides },
      token: here.token,
    });
    expect(answer).toMatchObject({ status: 422, body: { message } });
    expect((await callJson(app, "/api/session", { token: elsewhere.token })).status).toBe(200);
    expect((await callJson(app, "/api/login", { json: here })).status).toBe(200);
  });

  test("without a session: 401", async () => {
    expect((await callJson(app, "/api/password", { json: { currentPassword: "x", newPassword } })).status).toBe(401);
  });

  test("after 10 wrong current passwords: 429", async () => {
    const here = await registerAndLogin(app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await callJson(app, "/api/password", {
        json: { currentPassword: `Falsch-${attempt}-Raten`, newPassword },
        token: here.token,
      });
      expect(answer.status).toBe(422);
    }
    const blocked = await callJson(app, "/api/password", {
      json: { currentPassword: testPassword, newPassword },
      token: here.token,
    });
    expect(blocked).toMatchObject({
      status: 429,
      body: { code: "rate-limited", message: "Zu viele Versuche. Bitte versuchen Sie es später erneut." },
    });
  });
});
