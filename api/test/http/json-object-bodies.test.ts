import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { companyMessages, customerMessages, personFieldMessages } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { serverBodyLimitBytes } from "../../src/http/body-policy.ts";
import { httpMessages } from "../../src/http/messages.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { overHttp } from "../support/http.ts";
import { type SignedInUser, signedInOwner } from "../support/users.ts";

// Every JSON body is an object: a string, a number, `true`, `null` or an array that parses is
// refused with one German message before any route looks at it (a scalar used to reach the
// company's store as `{}` and answer 500). `{}` is an object and gets the route's own messages.
const notAnObject = { status: 422, body: { code: "validation", message: httpMessages.notJsonObject } };
const nonObjects = ['"x"', "42", "-1.5", "true", "false", "null", "[]", "[1]", '[{"name":"Muster GmbH"}]'];

/** Routes that take a JSON body, and what each answers `{}`. */
const routes: { method: string; path: string; signedIn: boolean; empty: { status: number; message?: string } }[] = [
  {
    method: "PUT",
    path: "/api/company",
    signedIn: true,
    empty: { status: 422, message: companyMessages.nameRequired },
  },
  {
    method: "POST",
    path: "/api/customers",
    signedIn: true,
    empty: { status: 422, message: customerMessages.nameRequired },
  },
  // A draft may be empty: `{}` is a new draft.
  { method: "POST", path: "/api/invoices", signedIn: true, empty: { status: 201 } },
  {
    method: "POST",
    path: "/api/contact",
    signedIn: false,
    empty: { status: 422, message: personFieldMessages.nameRequired },
  },
  {
    method: "POST",
    path: "/api/login",
    signedIn: false,
    empty: { status: 422, message: personFieldMessages.emailRequired },
  },
];

describe.each(testDatabaseKinds())("JSON bodies that are not objects, over a socket (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let origin: string;
  let owner: SignedInUser;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, testConfig(), { rateLimits: unlimitedRateLimits }).listen({
      port: 0,
      hostname: "127.0.0.1",
      maxRequestBodySize: serverBodyLimitBytes,
    });
    origin = `http://127.0.0.1:${app.server?.port}`;
    owner = await signedInOwner(overHttp(origin));
  }, 60_000);

  afterAll(async () => {
    await app.stop(true);
    await db.drop();
  });

  async function send(method: string, path: string, body: string, token?: string) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${origin}${path}`, { method, headers, body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  for (const route of routes) {
    test(`${route.method} ${route.path}: each non-object is a 422 with one message`, async () => {
      const token = route.signedIn ? owner.token : undefined;
      for (const sent of nonObjects) {
        expect({ sent, ...(await send(route.method, route.path, sent, token)) }).toEqual({ sent, ...notAnObject });
      }
    });

    test(`${route.method} ${route.path}: {} still gets the route's own answer`, async () => {
      const answer = await send(route.method, route.path, "{}", route.signedIn ? owner.token : undefined);
      expect(answer.status).toBe(route.empty.status);
      if (route.empty.message !== undefined)
        expect(answer.body).toEqual({ code: "validation", message: route.empty.message });
    });
  }

  test("unsigned: a non-object is refused as it would be signed in (like unreadable JSON), {} is a 401", async () => {
    for (const sent of ['"x"', "[]"]) {
      expect({ sent, ...(await send("PUT", "/api/company", sent)) }).toEqual({ sent, ...notAnObject });
    }
    const empty = await send("PUT", "/api/company", "{}");
    expect({ status: empty.status, code: empty.body.code }).toEqual({ status: 401, code: "unauthorized" });
  });

  test("the company is unchanged by every refused body", async () => {
    const before = await fetch(`${origin}/api/company`, { headers: { authorization: `Bearer ${owner.token}` } });
    for (const body of [...nonObjects, "{}"]) await send("PUT", "/api/company", body, owner.token);
    const after = await fetch(`${origin}/api/company`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(await after.json()).toEqual(await before.json());
  });
});
