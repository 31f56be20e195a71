import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ApiErrorCode, apiErrorCodes } from "@klarwerk/kit";
import type { OpenAPIV3_1 } from "openapi-types";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";

// The codes of error answers come from one list (the kit's apiErrorCodes): the document's enum is
// that list, every code the source sends is on it, nothing on it is sent by nobody, and every
// code a route can answer is documented on that route's answers.
const db = await createTestDatabase();
const app = createTestApp(db.sql, testConfig());
afterAll(() => db.drop());

const document = (await callJson<OpenAPIV3_1.Document>(app, "/api/docs/json")).body;
const listed = new Set<string>(apiErrorCodes);

/** Every code written into the API's source: `new HttpError(<status>, "<code>", …)` and `code: "<code>"`. */
function codesInSource(): Map<string, string[]> {
  const root = join(import.meta.dir, "../../src");
  const found = new Map<string, string[]>();
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(/HttpError\(\s*\d{3},\s*"([^"]+)"|\bcode: "([^"]+)"/g)) {
      const code = match[1] ?? match[2] ?? "";
      found.set(code, [...(found.get(code) ?? []), file]);
    }
  }
  return found;
}

/** Every `{ code, message }` example of every error answer of every operation. */
function documentedExamples(): { where: string; code: unknown; message: unknown }[] {
  const examples: { where: string; code: unknown; message: unknown }[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const responses = (operation as OpenAPIV3_1.OperationObject).responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const json = (response as OpenAPIV3_1.ResponseObject).content?.["application/json"];
        for (const example of Object.values(json?.examples ?? {})) {
          const value = (example as OpenAPIV3_1.ExampleObject).value as { code: unknown; message: unknown };
          examples.push({ where: `${method} ${path} ${status}`, code: value.code, message: value.message });
        }
      }
    }
  }
  return examples;
}

/** Codes any route can answer, described once in the document's introduction rather than per route. */
const everywhere: ApiErrorCode[] = ["internal", "not-found", "unstorable-text", "unsupported-file-type"];

describe("one list of error codes", () => {
  test("the codes are kebab-case English identifiers, each once", () => {
    for (const code of apiErrorCodes) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(listed.size).toBe(apiErrorCodes.length);
  });

  test("the document's error schema requires a code from exactly that list", () => {
    const schema = document.components?.schemas?.ErrorMessage as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(["code", "message"]);
    const code = schema.properties?.code as OpenAPIV3_1.SchemaObject | undefined;
    expect(code?.enum).toEqual([...apiErrorCodes]);
  });

  test("every code the source sends is on the list, and every code on the list is sent somewhere", () => {
    const inSource = codesInSource();
    expect([...inSource.keys()].filter((code) => !listed.has(code))).toEqual([]);
    expect(apiErrorCodes.filter((code) => !inSource.has(code))).toEqual([]);
  });

  test("every documented example is { code, message } with a listed code; every code is documented on a route", () => {
    const examples = documentedExamples();
    expect(examples.length).toBeGreaterThan(100);
    for (const { where, code, message } of examples) {
      expect(listed.has(String(code)), `${where}: ${String(code)}`).toBe(true);
      expect(message, where).toBeString();
    }
    const documented = new Set(examples.map((example) => String(example.code)));
    expect(apiErrorCodes.filter((code) => !documented.has(code)).sort()).toEqual(everywhere.sort());
  });
});

describe("the global answers carry their codes", () => {
  test("an unknown path, an unreadable body, a failed schema, bad text, no token", async () => {
    const cases: [string, Promise<Response>, number, string][] = [
      ["unknown path", call(app, "/api/gibt-es-nicht"), 404, "not-found"],
      [
        "not JSON",
        call(app, "/api/login", { body: "email=a", headers: { "content-type": "text/plain" } }),
        400,
        "bad-request",
      ],
      ["schema", call(app, "/api/login", { json: { email: 1, password: "x" } }), 422, "validation"],
      ["NUL", call(app, "/api/login", { json: { email: "a\u0000@b.de", password: "x" } }), 400, "unstorable-text"],
      ["no token", call(app, "/api/customers"), 401, "unauthorized"],
      ["not an object", call(app, "/api/contact", { json: [] }), 422, "validation"],
    ];
    for (const [what, answer, status, code] of cases) {
      const response = await answer;
      const body = (await response.json()) as { code: string; message: string };
      expect(response.status, what).toBe(status);
      expect(body.code, what).toBe(code);
      expect(body.message, what).toBeString();
      expect(Object.keys(body).sort(), what).toEqual(["code", "message"]);
    }
  });
});
