import { describe, expect, spyOn, test } from "bun:test";
import { limits } from "@klarwerk/kit";
import { startAppTest } from "../support/app.ts";
import { callJson } from "../support/http.ts";
import { registerAndLogin, uniqueEmail } from "../support/users.ts";

const { db, app } = await startAppTest();

function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Max Muster",
    email: uniqueEmail(),
    password: "geheim123",
    confirmPassword: "geheim123",
    ...overrides,
  };
}

describe("POST /api/register", () => {
  test("creates the account: 201 with the user, no token", async () => {
    const email = uniqueEmail();
    const answer = await callJson(app, "/api/register", {
      json: registration({ name: "  Max Muster ", email: `  ${email.toUpperCase()} ` }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ user: { id: expect.any(Number), name: "Max Muster", email } });
    const [row] = await db.sql<{ email: string; password_hash: string }[]>`
      select email, password_hash from users where email = ${email}`;
    expect(row?.email).toBe(email);
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
    ["confirmation different", { confirmPassword: "geheim124" }, "Die Passwörter stimmen nicht überein."],
  ])("%s → 422", async (_, overrides, message) => {
    const answer = await callJson(app, "/api/register", { json: registration(overrides) });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message });
  });

  test("accepts the limits exactly", async () => {
    const password = "p".repeat(limits.passwordMax);
    const answer = await callJson(app, "/api/register", {
      json: registration({ name: "n".repeat(limits.nameMax), password, confirmPassword: password }),
    });
    expect(answer.status).toBe(201);
    const short = await callJson(app, "/api/register", {
      json: registration({ password: "123456", confirmPassword: "123456" }),
    });
    expect(short.status).toBe(201);
  });

  test("an e-mail already registered is a 409, whatever its case", async () => {
    const email = uniqueEmail("taken");
    expect((await callJson(app, "/api/register", { json: registration({ email }) })).status).toBe(201);
    for (const again of [email, email.toUpperCase(), ` ${email.replace("taken", "TAKEN")} `]) {
      const answer = await callJson(app, "/api/register", { json: registration({ email: again }) });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: "Diese E-Mail-Adresse ist bereits registriert." });
    }
  });

  test("two registrations of one address at once: one 201, one 409", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all([
      callJson(app, "/api/register", { json: registration({ email }) }),
      callJson(app, "/api/register", { json: registration({ email: email.toUpperCase() }) }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  test("malformed JSON is a 400", async () => {
    const answer = await callJson(app, "/api/register", {
      body: '{"name": "Max", "email":',
      headers: { "content-type": "application/json" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Die Anfrage konnte nicht gelesen werden." });
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

  test("unknown fields are ignored", async () => {
    const answer = await callJson(app, "/api/register", { json: registration({ id: 1, admin: true }) });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body.user as object).sort()).toEqual(["email", "id", "name"]);
  });
});

describe("POST /api/login", () => {
  test("answers the user and a token", async () => {
    const email = uniqueEmail("login");
    await callJson(app, "/api/register", { json: registration({ name: "Lena Login", email }) });
    const answer = await callJson<{ user: unknown; token: string }>(app, "/api/login", {
      json: { email: email.toUpperCase(), password: "geheim123" },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(["token", "user"]);
    expect(answer.body.user).toEqual({ id: expect.any(Number), name: "Lena Login", email });
    expect(answer.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test("a wrong password and an unknown e-mail get the same 401", async () => {
    const { email } = await registerAndLogin(app);
    const wrongPassword = await callJson(app, "/api/login", { json: { email, password: "falsch123" } });
    const unknownEmail = await callJson(app, "/api/login", {
      json: { email: uniqueEmail("nobody"), password: "geheim123" },
    });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "E-Mail oder Passwort ist falsch." });
    }
  });

  test("an unknown e-mail still costs a password verification", async () => {
    const verify = spyOn(Bun.password, "verify");
    try {
      await callJson(app, "/api/login", { json: { email: uniqueEmail("ghost"), password: "geheim123" } });
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
    expect(answer.body).toEqual({ message });
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
    expect(blocked.body).toEqual({ message: "Zu viele Anmeldeversuche. Bitte versuchen Sie es später erneut." });
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
