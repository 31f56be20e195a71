import { afterAll, describe, expect, test } from "bun:test";
import { httpMessages } from "../../src/http/messages.ts";
import { isStorableText, requireStorableText } from "../../src/http/text-policy.ts";
import { logoUploadPath } from "../../src/modules/company/routes.ts";
import { customerImportUploadPath } from "../../src/modules/customers/import-routes.ts";
import { streamedBodyPaths } from "../../src/modules/files/routes.ts";
import { releaseUploadPath } from "../../src/modules/releases/routes.ts";
import { multipartBody, startFilesTest } from "../storage/upload-helpers.ts";
import { call } from "../support/http.ts";

const { app, db, token, stop } = await startFilesTest();
afterAll(stop);

const refusal = { code: "unstorable-text", message: httpMessages.unstorableText };

/** Each registered route with its parameters filled in (`:id` → 1, `*` → x). */
const routes = app.routes.map((route) => ({
  method: route.method === "ALL" ? "POST" : route.method,
  label: `${route.method} ${route.path}`,
  path: route.path.replace(/:[^/]+/g, "1").replace("*", "x"),
  params: [...route.path.matchAll(/:([^/]+)/g)].map((match) => match[1] ?? ""),
  // Bodies read as a stream: the files' multipart uploads, a release's archive, the company's
  // logo and a customer import's file (bytes, where a NUL is no text to refuse: the import
  // refuses one itself, with its own 422, decision 0099).
  streamed: [...streamedBodyPaths, releaseUploadPath, logoUploadPath, customerImportUploadPath].includes(route.path),
  multipart: (streamedBodyPaths as readonly string[]).includes(route.path),
}));

/** Bodies are parsed before the policy looks: routes that read JSON get a harmless one. */
function plainCall(route: (typeof routes)[number], path: string) {
  const json = route.method === "GET" || route.streamed ? undefined : {};
  return call(app, path, { method: route.method, token, json });
}

async function expectRefused(response: Response, where: string): Promise<void> {
  expect(response.status, where).toBe(400);
  expect(await response.json(), where).toEqual(refusal);
}

describe("isStorableText", () => {
  test("accepts every Unicode character but U+0000, and no lone surrogate", () => {
    for (const text of ["", "Grüße", "😀", "\u{10FFFF}", "\uFFFE", "\u0001\t\n", "a\uD83D\uDE00b"]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ["\0", "a\0b", "\uD800", "a\uDFFFb", "\uDE00\uD83D", "😀".slice(0, 1)]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  test("requireStorableText looks at every string and key at any depth, even a very deep one", () => {
    expect(() => requireStorableText({ a: [1, { b: ["ok", null, true] }] })).not.toThrow();
    expect(() => requireStorableText({ a: [1, { b: ["ok", "\0"] }] })).toThrow(httpMessages.unstorableText);
    expect(() => requireStorableText({ "k\uD800": 1 })).toThrow(httpMessages.unstorableText);
    let deep: unknown = "\0";
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(() => requireStorableText(deep)).toThrow(httpMessages.unstorableText);
  });
});

describe("NUL and lone surrogates are refused on every route with 400 and a German { code, message }", () => {
  test("the app has the routes this test walks", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  for (const route of routes) {
    test(`${route.label}: in the query string`, async () => {
      for (const query of ["?q=a%00b", "?search=%00", "?a%00=1"]) {
        await expectRefused(await plainCall(route, `${route.path}${query}`), query);
      }
    });

    if (route.params.length > 0) {
      test(`${route.label}: in a path parameter`, async () => {
        for (const [index] of route.params.entries()) {
          let occurrence = -1;
          const path = route.path.replace(/\/1(?=\/|$)/g, (segment) => (++occurrence === index ? "/1%00" : segment));
          await expectRefused(await plainCall(route, path), path);
        }
      });
    }

    // The client's share page (decision 0096) reads a form with a password it only compares and
    // never stores; it parses no JSON.
    if (route.method !== "GET" && !route.streamed && !route.path.startsWith("/s/")) {
      test(`${route.label}: in a JSON body, at any depth and in keys`, async () => {
        const bodies = [
          '{"name":"a\\u0000b","email":"a@b.de","message":"m","password":"p","confirmPassword":"p"}',
          '{"name":"a\\ud800b","email":"a@b.de","message":"m","password":"p","confirmPassword":"p"}',
          '{"name":"x","notes":{"deep":["ok",["\\udfff"]]}}',
          '{"name":"x","\\u0000":1}',
          '"\\u0000"',
        ];
        for (const body of bodies) {
          const response = await call(app, route.path, {
            method: route.method,
            body,
            token,
            headers: { "content-type": "application/json" },
          });
          await expectRefused(response, body);
        }
      });
    }

    if (route.multipart) {
      test(`${route.label}: in a multipart field value and file name`, async () => {
        const boundary = "----fuzz";
        const file = (filename: string) => ({
          headers: [`Content-Disposition: form-data; name="file"; filename="${filename}"`, "Content-Type: text/plain"],
          content: "Hallo",
        });
        const forms = [
          [{ headers: ['Content-Disposition: form-data; name="folder_id"'], content: "1\0" }, file("a.txt")],
          [file("a\0b.txt")],
        ];
        for (const parts of forms) {
          const response = await call(app, route.path, {
            body: multipartBody(boundary, parts),
            token,
            headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
          });
          await expectRefused(response, JSON.stringify(parts));
        }
        const [row] = await db.sql<{ count: number }[]>`select count(*)::int as count from files`;
        expect(row?.count).toBe(0);
      });
    }
  }
});

describe("what can be stored is stored exactly", () => {
  test("astral characters, noncharacters and control characters in a customer's notes", async () => {
    const notes = "Grüße 😀 \uFFFE \u0001 Zeile\r\nZeile\tTab \u{10FFFF}";
    const created = await call(app, "/api/customers", { json: { name: "Exakt GmbH", notes }, token });
    expect(created.status).toBe(201);
    const { customer } = (await created.json()) as { customer: { id: number; notes: string } };
    expect(customer.notes).toBe(notes);
    const [row] = await db.sql<{ notes: string }[]>`select notes from customers where id = ${customer.id}`;
    expect(row?.notes).toBe(notes);
  });
});
