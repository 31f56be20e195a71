import { afterAll, describe, expect, test } from "bun:test";
import type { App } from "../../src/app.ts";
import { postgresRateLimits } from "../../src/http/rate-limit.ts";
import { accountLoginLimit, addressLoginLimit, registrationLimit } from "../../src/modules/auth/limits.ts";
import { authApiMessages } from "../../src/modules/auth/messages.ts";
import { contactApiMessages } from "../../src/modules/contact-requests/messages.ts";
import { contactRateLimit } from "../../src/modules/contact-requests/routes.ts";
import { releaseMessages } from "../../src/modules/releases/messages.ts";
import { clientLoadLimit, clientReportLimit } from "../../src/modules/releases/routes.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { registerAndLogin, uniqueEmail } from "../support/users.ts";

// Two API processes on one database, as a deployment runs them: two apps, each with a connection
// pool of its own, counting in the database. Both listen behind a "proxy" they trust (this
// test), so each request says which client address it comes from.
const db = await createTestDatabase();
const config = testConfig({ TRUSTED_PROXIES: "127.0.0.1" });
const instances: App[] = [];
for (const sql of [db.sql, await db.connectAgain()]) {
  instances.push(
    createTestApp(sql, config, { rateLimits: postgresRateLimits(sql) }).listen({ port: 0, hostname: "127.0.0.1" }),
  );
}
// Accounts are set up through an app of their own, whose limits count apart.
const setup = createTestApp(db.sql);
afterAll(async () => {
  for (const instance of instances) await instance.stop();
  await db.drop();
});

let addresses = 0;
/** A client address no other test uses. */
function newAddress(): string {
  addresses++;
  return `198.51.100.${addresses}`;
}

/** A POST of `json` to instance `index % 2` (the two take turns), from `address`. */
async function post(index: number, path: string, json: unknown, address: string) {
  const instance = instances[index % instances.length];
  const response = await fetch(`http://127.0.0.1:${instance?.server?.port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(json),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text === "" ? null : JSON.parse(text)) as unknown,
    headers: response.headers,
  };
}

/** `count` POSTs made by `send(index)`, at most `inFlight` of them at a time; their answers in index order. */
async function postAll(
  count: number,
  send: (index: number) => ReturnType<typeof post>,
  inFlight = 8,
): Promise<Awaited<ReturnType<typeof post>>[]> {
  const answers: Awaited<ReturnType<typeof post>>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      answers[index] = await send(index);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return answers;
}

const strongPassword = "Wolken-Segel-Brise-Anker-17";
const seconds = (windowMs: number) => windowMs / 1000;

function expectRefused(answer: Awaited<ReturnType<typeof post>>, message: string, windowMs: number): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ code: "rate-limited", message });
  const retryAfter = Number(answer.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(seconds(windowMs) - 60);
  expect(retryAfter).toBeLessThanOrEqual(seconds(windowMs));
}

describe("limits hold per deployment: two processes on one database allow what one does", () => {
  test(`login: ${accountLoginLimit.max} failures per account, from any address, then 429 even for the right password`, async () => {
    const { email, password } = await registerAndLogin(setup);
    for (let attempt = 0; attempt < accountLoginLimit.max; attempt++) {
      // Each failure from another address and, in turns, another process.
      const answer = await post(attempt, "/api/login", { email, password: `falsch-${attempt}` }, newAddress());
      expect(answer.status).toBe(401);
    }
    for (const index of [0, 1]) {
      const blocked = await post(index, "/api/login", { email: email.toUpperCase(), password }, newAddress());
      expectRefused(blocked, authApiMessages.tooManyAttempts, accountLoginLimit.windowMs);
    }
    // Another account is not affected.
    const other = await registerAndLogin(setup);
    expect((await post(1, "/api/login", { email: other.email, password: other.password }, newAddress())).status).toBe(
      200,
    );
  }, 60_000);

  test(`login: ${addressLoginLimit.max} failures per address across accounts (spraying), then 429`, async () => {
    const sprayer = newAddress();
    const valid = await registerAndLogin(setup);
    for (let attempt = 0; attempt < addressLoginLimit.max - 1; attempt++) {
      const answer = await post(
        attempt,
        "/api/login",
        { email: uniqueEmail("spray"), password: "Sommer2024!" },
        sprayer,
      );
      expect(answer.status).toBe(401);
    }
    // A valid account's login from that address succeeds, and takes back only its own attempt:
    // it cannot clear what the failures counted.
    expect((await post(0, "/api/login", { email: valid.email, password: valid.password }, sprayer)).status).toBe(200);
    expect((await post(1, "/api/login", { email: uniqueEmail("spray"), password: "x" }, sprayer)).status).toBe(401);
    for (const index of [0, 1]) {
      const blocked = await post(index, "/api/login", { email: uniqueEmail("spray"), password: "x" }, sprayer);
      expectRefused(blocked, authApiMessages.tooManyAttempts, addressLoginLimit.windowMs);
    }
    // The accounts sprayed at are not locked for their owners elsewhere, and other addresses go on.
    expect((await post(1, "/api/login", { email: valid.email, password: valid.password }, newAddress())).status).toBe(
      200,
    );
  }, 60_000);

  test("login: parallel guesses on both processes cannot outrun the account's limit", async () => {
    const { email } = await registerAndLogin(setup);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, attempt) =>
        post(attempt, "/api/login", { email, password: `geraten-${attempt}` }, newAddress()),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(accountLoginLimit.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24 - accountLoginLimit.max);
  }, 60_000);

  test(`registration: ${registrationLimit.max} per address per hour, then 429`, async () => {
    const address = newAddress();
    const registration = () => ({
      name: "Rita Register",
      email: uniqueEmail("reg"),
      password: strongPassword,
      confirmPassword: strongPassword,
    });
    for (let index = 0; index < registrationLimit.max; index++) {
      expect((await post(index, "/api/register", registration(), address)).status).toBe(201);
    }
    for (const index of [0, 1]) {
      const blocked = await post(index, "/api/register", registration(), address);
      expectRefused(blocked, authApiMessages.tooManyRegistrations, registrationLimit.windowMs);
    }
    expect((await post(0, "/api/register", registration(), newAddress())).status).toBe(201);
  }, 60_000);

  test(`contact: ${contactRateLimit.max} accepted per address per 15 minutes, then 429`, async () => {
    const address = newAddress();
    const message = () => ({ name: "Karl Kontakt", email: uniqueEmail("kontakt"), message: "Bitte um Rückruf." });
    for (let index = 0; index < contactRateLimit.max; index++) {
      expect((await post(index, "/api/contact", message(), address)).status).toBe(201);
    }
    for (const index of [0, 1]) {
      const blocked = await post(index, "/api/contact", message(), address);
      expectRefused(blocked, contactApiMessages.tooManyRequests, contactRateLimit.windowMs);
    }
    expect((await post(1, "/api/contact", message(), newAddress())).status).toBe(201);
  });

  /** The browser's public reports: per route, a valid report of its own and how many of it are stored. */
  const browserReports = [
    {
      path: "/api/client-errors",
      limit: clientReportLimit,
      refusal: releaseMessages.tooManyClientErrors,
      async prepare(marker: string) {
        const message = `TypeError: Grenze ${marker}`;
        const json = {
          remote: "mf-dashboard",
          version: null,
          kind: "render",
          route: "/dashboard",
          message,
          browser: "Firefox 140",
        };
        const stored = async () => {
          const [row] = await db.sql<{ count: number }[]>`
            select count(*)::int as count from client_errors where message = ${message}`;
          return row?.count;
        };
        return { json, stored };
      },
    },
    {
      path: "/api/client-loads",
      limit: clientLoadLimit,
      refusal: releaseMessages.tooManyClientLoads,
      async prepare(marker: string) {
        // A load is counted only for a release the API knows: one of its own.
        const version = `grenze-${marker.replaceAll(".", "-")}`;
        const [release] = await db.sql<{ id: number }[]>`
          insert into releases (remote, version, kind, manifest_url, kit_surface, released_by)
          values ('dashboard', ${version}, 'external', 'https://cdn.example.com/mf-manifest.json', '1', 'Test')
          returning id`;
        const stored = async () => {
          const [row] = await db.sql<{ count: number }[]>`
            select count(*)::int as count from release_loads where release_id = ${release?.id ?? 0}`;
          return row?.count;
        };
        return { json: { remote: "mf-dashboard", version }, stored };
      },
    },
  ];

  for (const { path, limit, refusal, prepare } of browserReports) {
    test(`${path}: ${limit.max} stored per address per ${limit.windowMs / 60_000} minutes, then 429 and not stored`, async () => {
      const address = newAddress();
      const { json, stored } = await prepare(address);
      const answers = await postAll(limit.max, (index) => post(index, path, json, address));
      expect(answers.map((answer) => answer.status)).toEqual(Array(limit.max).fill(204));
      expect(await stored()).toBe(limit.max);
      for (const index of [0, 1]) {
        expectRefused(await post(index, path, json, address), refusal, limit.windowMs);
      }
      expect(await stored()).toBe(limit.max);
      expect((await post(1, path, json, newAddress())).status).toBe(204);
      expect(await stored()).toBe(limit.max + 1);
    }, 60_000);
  }

  test("the counts survive a restart: a process started afterwards still refuses", async () => {
    const address = newAddress();
    const message = () => ({ name: "Karl Kontakt", email: uniqueEmail("kontakt"), message: "Bitte um Rückruf." });
    for (let index = 0; index < contactRateLimit.max; index++) {
      expect((await post(index, "/api/contact", message(), address)).status).toBe(201);
    }
    const restarted = createTestApp(db.sql, config, { rateLimits: postgresRateLimits(db.sql) }).listen({
      port: 0,
      hostname: "127.0.0.1",
    });
    try {
      const response = await fetch(`http://127.0.0.1:${restarted.server?.port}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify(message()),
      });
      expect(response.status).toBe(429);
    } finally {
      await restarted.stop();
    }
  });
});
