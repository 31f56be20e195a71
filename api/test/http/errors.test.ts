import { afterAll, afterEach, describe, expect, spyOn, test } from "bun:test";
import { Elysia, t } from "elysia";
import { bodyPolicy, jsonBody, jsonBodyLimitBytes } from "../../src/http/body-policy.ts";
import { errorHandler, HttpError } from "../../src/http/errors.ts";
import { IncompleteBlobError } from "../../src/storage/blob-store.ts";
import { call, callJson } from "../support/http.ts";

const app = new Elysia()
  .use(errorHandler)
  .use(bodyPolicy())
  .get("/boom", () => {
    throw new Error("secret detail at /srv/app/src/thing.ts:12");
  })
  .get("/short-blob", () => {
    throw new IncompleteBlobError("the bucket holds 0 bytes of invoices/x, 39899 were written");
  })
  .get("/teapot", () => {
    throw new HttpError(418, "Ich bin eine Teekanne.", { "X-Extra": "yes" });
  })
  .post("/things", ({ body }) => body, {
    body: t.Object({
      title: t.String({ error: "Bitte geben Sie einen Titel ein." }),
      count: t.Number(),
      nested: t.Optional(t.Object({ price: t.Number() })),
    }),
  })
  .get("/search", ({ query }) => query, { query: t.Object({ page: t.Numeric() }) })
  .post("/api/echo", ({ body }) => body, { body: t.Object({ a: t.Number() }) })
  .post("/api/json-only", ({ body }) => body, jsonBody(t.Object({ a: t.String() })))
  .post("/api/any-body", ({ body }) => body, { body: t.Object({ a: t.String() }) })
  .post("/api/upload", async ({ request }) => ({ bytes: (await request.arrayBuffer()).byteLength }), { parse: "none" });

// Silenced for this file only: the 500s below are logged on purpose.
const logged = spyOn(console, "error").mockImplementation(() => {});
afterEach(() => logged.mockClear());
afterAll(() => logged.mockRestore());

function expectOnlyMessage(body: unknown, message: string): void {
  expect(body).toEqual({ message });
}

describe("error handler", () => {
  test("an unexpected error is a 500 with a German message; the stack stays in the log", async () => {
    const response = await call(app, "/boom");
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toContain("application/json");
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: "Interner Serverfehler." });
    expect(text).not.toContain("secret");
    expect(text).not.toContain(".ts");
    expect(logged).toHaveBeenCalled();
    expect(String(logged.mock.calls[0]?.[0])).toContain("GET /boom");
  });

  test("a blob the store kept short is a 502 that asks to try again, never a 500", async () => {
    const response = await call(app, "/short-blob");
    expect(response.status).toBe(502);
    const text = await response.text();
    expectOnlyMessage(
      JSON.parse(text),
      "Die Daten wurden nicht vollständig gespeichert. Bitte versuchen Sie es erneut.",
    );
    expect(text).not.toContain("bucket");
    expect(String(logged.mock.calls[0]?.[1])).toContain("39899 were written");
  });

  test("an HttpError keeps its status, message and headers", async () => {
    const response = await call(app, "/teapot");
    expect(response.status).toBe(418);
    expect(response.headers.get("x-extra")).toBe("yes");
    expectOnlyMessage(await response.json(), "Ich bin eine Teekanne.");
  });

  test("an unknown route is a 404 with a German message", async () => {
    for (const [method, path] of [
      ["GET", "/nothing-here"],
      ["POST", "/things/else"],
      ["DELETE", "/things"],
    ] as const) {
      const answer = await callJson(app, path, { method });
      expect(answer.status).toBe(404);
      expectOnlyMessage(answer.body, "Nicht gefunden.");
    }
  });

  test("a schema's own German message is used", async () => {
    const answer = await callJson(app, "/things", { json: { count: 1 } });
    expect(answer.status).toBe(422);
    expectOnlyMessage(answer.body, "Bitte geben Sie einen Titel ein.");
  });

  test("without one, the message names the field", async () => {
    const answer = await callJson(app, "/things", { json: { title: "x", count: "drei" } });
    expect(answer.status).toBe(422);
    expectOnlyMessage(answer.body, "Die Angabe im Feld „count“ ist ungültig.");
    const nested = await callJson(app, "/things", { json: { title: "x", count: 1, nested: { price: "teuer" } } });
    expectOnlyMessage(nested.body, "Die Angabe im Feld „nested.price“ ist ungültig.");
    const query = await callJson(app, "/search?page=abc");
    expect(query.status).toBe(422);
    expectOnlyMessage(query.body, "Die Angabe im Feld „page“ ist ungültig.");
  });

  test("malformed JSON is a 400", async () => {
    const answer = await callJson(app, "/things", {
      body: '{"title": "x",',
      headers: { "content-type": "application/json" },
    });
    expect(answer.status).toBe(400);
    expectOnlyMessage(answer.body, "Die Anfrage konnte nicht gelesen werden.");
  });

  test("a body that is not JSON (wrong or no content type) is a 400", async () => {
    const contentTypes: Record<string, string>[] = [
      { "content-type": "text/plain" },
      { "content-type": "application/x-www-form-urlencoded" },
      {},
    ];
    for (const headers of contentTypes) {
      const answer = await callJson(app, "/things", { body: '{"title":"x","count":1}', headers });
      expect(answer.status).toBe(400);
      expectOnlyMessage(answer.body, "Die Anfrage konnte nicht gelesen werden.");
    }
    const empty = await callJson(app, "/things", { method: "POST" });
    expect(empty.status).toBe(400);
  });

  test("a JSON body over 1 MB is a 413 before it is read", async () => {
    const big = JSON.stringify({ title: "x".repeat(jsonBodyLimitBytes), count: 1 });
    const answer = await callJson(app, "/things", {
      body: big,
      headers: { "content-type": "application/json", "content-length": String(big.length) },
    });
    expect(answer.status).toBe(413);
    expectOnlyMessage(answer.body, "Die Anfrage ist zu groß.");
    const fits = JSON.stringify({ title: "x".repeat(1000), count: 1 });
    const ok = await call(app, "/things", {
      body: fits,
      headers: { "content-type": "application/json", "content-length": String(fits.length) },
    });
    expect(ok.status).toBe(200);
  });

  test("a chunked JSON body (no length) is a 411", async () => {
    const answer = await callJson(app, "/things", {
      json: { title: "x", count: 1 },
      headers: { "transfer-encoding": "chunked" },
    });
    expect(answer.status).toBe(411);
    expectOnlyMessage(answer.body, "Die Anfrage muss ihre Länge angeben.");
  });

  test("the JSON limit leaves streamed bodies (parse: none) alone", async () => {
    const bytes = new Uint8Array(jsonBodyLimitBytes + 10);
    const answer = await callJson(app, "/api/upload", {
      body: bytes,
      headers: { "content-type": "application/octet-stream", "content-length": String(bytes.length) },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ bytes: bytes.length });
  });

  test("/api refuses form and text bodies even when they would validate", async () => {
    const form = await callJson(app, "/api/echo", {
      body: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
    expectOnlyMessage(form.body, "Die Anfrage konnte nicht gelesen werden.");
    const text = await callJson(app, "/api/echo", { body: '{"a":1}', headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(400);
    const json = await callJson(app, "/api/echo", { json: { a: 1 } });
    expect(json.body).toEqual({ a: 1 });
    const withCharset = await callJson(app, "/api/echo", {
      body: '{"a":2}',
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(withCharset.body).toEqual({ a: 2 });
    // Elysia parses only the lower-case spelling; anything else must not pass for JSON.
    const shouting = await callJson(app, "/api/echo", {
      body: '{"a":2}',
      headers: { "content-type": "Application/JSON" },
    });
    expect(shouting.status).toBe(400);
    const vendorJson = await callJson(app, "/api/echo", {
      body: '{"a":2}',
      headers: { "content-type": "application/merge-patch+json" },
    });
    expect(vendorJson.status).toBe(400);
  });

  test("a route with jsonBody reads no form, not even the multipart the policy lets through", async () => {
    const form = new FormData();
    form.append("a", "1");
    const multipart = await callJson(app, "/api/json-only", { body: form });
    expect(multipart.status).toBe(400);
    expectOnlyMessage(multipart.body, "Die Anfrage konnte nicht gelesen werden.");
    // Without jsonBody, the same form passes as its fields.
    const anyBody = await callJson(app, "/api/any-body", { body: form });
    expect(anyBody.body).toEqual({ a: "1" });
    const json = await callJson(app, "/api/json-only", { json: { a: "1" } });
    expect(json.body).toEqual({ a: "1" });
  });
});
