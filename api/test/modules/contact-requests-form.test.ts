import { describe, expect, test } from "bun:test";
import { contactHoneypotField, contactRetentionDays, limits } from "@klarwerk/kit";
import { contactRateLimit } from "../../src/modules/contact-requests/routes.ts";
import { runRetention } from "../../src/modules/privacy/index.ts";
import { createTestApp, startAppTest, testConfig } from "../support/app.ts";
import { callJson } from "../support/http.ts";
import { uniqueEmail } from "../support/users.ts";

const { db, app } = await startAppTest();

interface StoredRequest {
  name: string;
  email: string;
  company: string | null;
  message: string;
  is_done: boolean;
}

function contact(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Petra Sommer",
    email: uniqueEmail("kontakt"),
    company: "Sommer Bäckerei GmbH",
    message: "Wir brauchen einen Online-Shop für unsere Torten.",
    ...overrides,
  };
}

async function storedFor(email: string): Promise<StoredRequest[]> {
  return db.sql<StoredRequest[]>`
    select name, email, company, message, is_done from contact_requests where email = ${email}`;
}

describe("POST /api/contact", () => {
  test("stores the request as open and answers 201", async () => {
    const email = uniqueEmail("stored");
    const answer = await callJson(app, "/api/contact", {
      json: contact({
        name: "  Petra Sommer ",
        email: ` ${email} `,
        company: " Sommer Bäckerei GmbH ",
        message: "\n  Hallo,\n\n  wir brauchen einen Shop.  \n",
      }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ status: "received" });
    expect(await storedFor(email)).toEqual([
      {
        name: "Petra Sommer",
        email,
        company: "Sommer Bäckerei GmbH",
        message: "Hallo,\n\n  wir brauchen einen Shop.",
        is_done: false,
      },
    ]);
  });

  test.each([
    ["missing", undefined],
    ["null", null],
    ["empty", ""],
    ["blank", "   "],
  ])("a company that is %s is stored as null", async (_, company) => {
    const email = uniqueEmail("nocompany");
    const answer = await callJson(app, "/api/contact", { json: contact({ email, company }) });
    expect(answer.status).toBe(201);
    expect((await storedFor(email))[0]?.company).toBeNull();
  });

  test.each([
    ["name missing", { name: undefined }, "Bitte geben Sie Ihren Namen ein."],
    ["name blank", { name: " \n " }, "Bitte geben Sie Ihren Namen ein."],
    ["name not a string", { name: 42 }, "Bitte geben Sie Ihren Namen ein."],
    [
      "name too long",
      { name: "n".repeat(limits.nameMax + 1) },
      `Der Name darf höchstens ${limits.nameMax} Zeichen lang sein.`,
    ],
    ["e-mail missing", { email: undefined }, "Bitte geben Sie Ihre E-Mail-Adresse ein."],
    ["e-mail blank", { email: "  " }, "Bitte geben Sie Ihre E-Mail-Adresse ein."],
    ["e-mail without a domain", { email: "petra@localhost" }, "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    ["e-mail without an @", { email: "petra.example.com" }, "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    [
      "e-mail too long",
      { email: `${"p".repeat(limits.emailMax)}@example.com` },
      "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    ],
    ["company not a string", { company: { name: "X" } }, "Bitte geben Sie Ihr Unternehmen als Text ein."],
    [
      "company too long",
      { company: "c".repeat(limits.companyMax + 1) },
      `Der Name des Unternehmens darf höchstens ${limits.companyMax} Zeichen lang sein.`,
    ],
    ["message missing", { message: undefined }, "Bitte geben Sie eine Nachricht ein."],
    ["message blank", { message: "\n\n\t" }, "Bitte geben Sie eine Nachricht ein."],
    [
      "message too long",
      { message: "m".repeat(limits.messageMax + 1) },
      `Die Nachricht darf höchstens ${limits.messageMax} Zeichen lang sein.`,
    ],
  ])("%s → 422 with a German message, nothing stored", async (_, overrides: Record<string, unknown>, message) => {
    const email = typeof overrides.email === "string" ? overrides.email : uniqueEmail("invalid");
    const answer = await callJson(app, "/api/contact", { json: contact({ email, ...overrides }) });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ code: "validation", message });
    if (overrides.email === undefined) expect(await storedFor(email)).toEqual([]);
  });

  test("accepts every field at its length limit", async () => {
    const email = `${"e".repeat(limits.emailMax - "@example.com".length)}@example.com`;
    const answer = await callJson(app, "/api/contact", {
      json: {
        name: "n".repeat(limits.nameMax),
        email,
        company: "c".repeat(limits.companyMax),
        message: "m".repeat(limits.messageMax),
      },
    });
    expect(answer.status).toBe(201);
    expect(await storedFor(email)).toHaveLength(1);
  });

  test("a body that is not JSON is a 400, JSON that is not an object a 422", async () => {
    const form = await callJson(app, "/api/contact", {
      body: "name=Petra&email=petra%40example.com&message=Hallo",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
    expect(form.body).toEqual({ code: "bad-request", message: "Die Anfrage konnte nicht gelesen werden." });
    for (const json of [null, "Hallo", [1, 2]]) {
      const answer = await callJson(app, "/api/contact", { json });
      expect(answer.status).toBe(422);
      expect(typeof answer.body.message).toBe("string");
    }
  });

  test("unknown fields are ignored, is_done cannot be set from outside", async () => {
    const email = uniqueEmail("sneaky");
    const answer = await callJson(app, "/api/contact", { json: contact({ email, is_done: true, id: 1 }) });
    expect(answer.status).toBe(201);
    expect((await storedFor(email))[0]?.is_done).toBe(false);
  });
});

describe("spam guard", () => {
  test.each([
    ["a URL", "https://spam.example"],
    ["a number", 1],
    ["true", true],
  ])("a filled-in honeypot (%s) is answered like any request but not stored", async (_, value) => {
    const email = uniqueEmail("bot");
    const own = createTestApp(db.sql);
    const answer = await callJson(own, "/api/contact", { json: contact({ email, [contactHoneypotField]: value }) });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ status: "received" });
    expect(await storedFor(email)).toEqual([]);
  });

  test("an empty honeypot is what people send: stored", async () => {
    const email = uniqueEmail("person");
    const own = createTestApp(db.sql);
    const answer = await callJson(own, "/api/contact", { json: contact({ email, [contactHoneypotField]: "" }) });
    expect(answer.status).toBe(201);
    expect(await storedFor(email)).toHaveLength(1);
  });

  test(`after ${contactRateLimit.max} requests from one address, more are refused for a while (429)`, async () => {
    const own = createTestApp(db.sql);
    // Invalid requests do not use up the allowance: a visitor fixing a typo is not a spammer.
    for (let i = 0; i < 3; i++) {
      expect((await callJson(own, "/api/contact", { json: contact({ message: " " }) })).status).toBe(422);
    }
    for (let i = 0; i < contactRateLimit.max; i++) {
      // Honeypot hits count like stored requests.
      const json = contact(i % 2 === 0 ? {} : { [contactHoneypotField]: "x" });
      expect((await callJson(own, "/api/contact", { json })).status).toBe(201);
    }
    const email = uniqueEmail("limited");
    const blocked = await callJson(own, "/api/contact", { json: contact({ email }) });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: "rate-limited",
      message:
        "Sie haben in kurzer Zeit sehr viele Nachrichten gesendet. Bitte versuchen Sie es in einigen Minuten erneut oder rufen Sie uns an.",
    });
    const retryAfter = Number(blocked.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(contactRateLimit.windowMs / 1000);
    expect(await storedFor(email)).toEqual([]);
    // A field error is still named: invalid requests are checked before they are counted.
    expect((await callJson(own, "/api/contact", { json: contact({ message: " " }) })).status).toBe(422);
  });

  test("over a real connection the client's address is the key, and the limit holds", async () => {
    const own = createTestApp(db.sql).listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const url = `http://127.0.0.1:${own.server?.port}/api/contact`;
      const post = () =>
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(contact()),
        });
      for (let i = 0; i < contactRateLimit.max; i++) expect((await post()).status).toBe(201);
      const blocked = await post();
      expect(blocked.status).toBe(429);
      // Requests without a connection (another key) still have their own allowance.
      expect((await callJson(own, "/api/contact", { json: contact() })).status).toBe(201);
      // X-Forwarded-For from a proxy that is not trusted changes nothing.
      const spoofed = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.1" },
        body: JSON.stringify(contact()),
      });
      expect(spoofed.status).toBe(429);
    } finally {
      await own.stop();
    }
  });

  test("behind a trusted reverse proxy (TRUSTED_PROXIES), each visitor has an allowance of their own", async () => {
    const own = createTestApp(db.sql, testConfig({ TRUSTED_PROXIES: "127.0.0.1" })).listen({
      port: 0,
      hostname: "127.0.0.1",
    });
    try {
      const url = `http://127.0.0.1:${own.server?.port}/api/contact`;
      const postFrom = (visitor: string) =>
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": visitor },
          body: JSON.stringify(contact()),
        });
      for (let i = 0; i < contactRateLimit.max; i++) expect((await postFrom("198.51.100.1")).status).toBe(201);
      expect((await postFrom("198.51.100.1")).status).toBe(429);
      // Another visitor through the same proxy is not blocked by the first one.
      expect((await postFrom("198.51.100.2")).status).toBe(201);
      // A visitor cannot pose as another by writing the header themselves: the proxy appends the real address.
      expect((await postFrom("198.51.100.2, 198.51.100.1")).status).toBe(429);
    } finally {
      await own.stop();
    }
  });
});

describe("retention", () => {
  async function insertRequest(email: string, doneDaysAgo: number | null): Promise<void> {
    if (doneDaysAgo === null) {
      await db.sql`insert into contact_requests (name, email, message) values ('Alt', ${email}, 'Hallo')`;
      return;
    }
    await db.sql`
      insert into contact_requests (name, email, message, is_done, done_at, created_at)
      values ('Alt', ${email}, 'Hallo', true, now() - make_interval(days => ${doneDaysAgo}::int),
              now() - make_interval(days => ${doneDaysAgo + 1}::int))`;
  }

  test(`answered requests are deleted ${contactRetentionDays} days after they were marked done; open ones stay`, async () => {
    const expired = uniqueEmail("expired");
    const recent = uniqueEmail("recent");
    const open = uniqueEmail("open");
    await insertRequest(expired, contactRetentionDays + 1);
    await insertRequest(recent, contactRetentionDays - 1);
    await insertRequest(open, null);
    await db.sql`update contact_requests set created_at = now() - interval '400 days' where email = ${open}`;

    const purge = () => runRetention(db.sql, { days: contactRetentionDays, dataDir: null });
    expect((await purge()).requestIds.length).toBeGreaterThanOrEqual(1);
    expect(await storedFor(expired)).toEqual([]);
    expect(await storedFor(recent)).toHaveLength(1);
    expect(await storedFor(open)).toHaveLength(1);
    expect((await purge()).requestIds).toEqual([]);
  });

  test("the server purges when it starts", async () => {
    const expired = uniqueEmail("expired-on-start");
    await insertRequest(expired, contactRetentionDays + 5);
    const own = createTestApp(db.sql).listen({ port: 0, hostname: "127.0.0.1" });
    try {
      for (let attempt = 0; attempt < 50 && (await storedFor(expired)).length > 0; attempt++) await Bun.sleep(20);
      expect(await storedFor(expired)).toEqual([]);
    } finally {
      await own.stop();
    }
  });
});
