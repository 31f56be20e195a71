import { afterAll, describe, expect, test } from "bun:test";
import { jsonBodyLimitBytes, serverBodyLimitBytes } from "../../src/http/body-policy.ts";
import { httpMessages } from "../../src/http/messages.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { rawRequest } from "../support/raw-http.ts";

// Requests over a real socket that no `fetch` would send: HTTP/1.0 without a Host header, and
// bodies around the limit that every route but the upload holds them to, whatever their type.
const db = await createTestDatabase();
const app = createTestApp(db.sql, testConfig()).listen({
  port: 0,
  hostname: "127.0.0.1",
  maxRequestBodySize: serverBodyLimitBytes,
});
const port = app.server?.port ?? 0;
const origin = `http://127.0.0.1:${port}`;
afterAll(async () => {
  // Closing the sockets too: a refused body leaves its sender's connection open.
  await app.stop(true);
  await db.drop();
});

describe("a request without a readable URL", () => {
  test("GET /api/health HTTP/1.0 without Host is a German 400 { message }, not Bun's HTML 500", async () => {
    const answer = await rawRequest(port, "GET /api/health HTTP/1.0\r\n\r\n");
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toStartWith("application/json");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(answer.body)).toEqual({ code: "bad-request", message: httpMessages.badRequest });
  });

  test("the same for a page, a post with a body and an unknown API path", async () => {
    for (const request of [
      "GET / HTTP/1.0\r\n\r\n",
      "GET /datenschutz HTTP/1.0\r\nAccept: text/html\r\n\r\n",
      "POST /api/contact HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
      "GET /api/gibt-es-nicht HTTP/1.0\r\n\r\n",
    ]) {
      const answer = await rawRequest(port, request);
      expect({ request, status: answer.status, body: answer.body }).toEqual({
        request,
        status: 400,
        body: JSON.stringify({ code: "bad-request", message: httpMessages.badRequest }),
      });
    }
  });

  test("HTTP/1.0 with a Host header is answered as usual", async () => {
    const answer = await rawRequest(port, "GET /api/health HTTP/1.0\r\nHost: localhost\r\n\r\n");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: "ok" });
  });
});

/** A JSON object of exactly `bytes` bytes: a contact message whose name is padding. */
function jsonOfSize(bytes: number): Uint8Array<ArrayBuffer> {
  const frame = JSON.stringify({ name: "", email: "a@example.com", message: "Hallo" });
  const text = frame.replace('"name":""', `"name":"${"x".repeat(bytes - frame.length)}"`);
  const encoded = new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
  if (encoded.byteLength !== bytes) throw new Error(`built ${encoded.byteLength} bytes, not ${bytes}`);
  return encoded;
}

async function post(path: string, body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

describe(`the body limit of every route but the upload (${jsonBodyLimitBytes} bytes)`, () => {
  const tooLarge = { status: 413, body: { code: "payload-too-large", message: httpMessages.payloadTooLarge } };

  test("a body without Content-Type: at the limit it is read, one byte over it is a 413", async () => {
    const atLimit = await post("/api/contact", jsonOfSize(jsonBodyLimitBytes));
    expect(atLimit.status).not.toBe(413);
    expect(atLimit.status).toBeLessThan(500);
    expect(await post("/api/contact", jsonOfSize(jsonBodyLimitBytes + 1))).toEqual(tooLarge);
    expect(await post("/api/login", jsonOfSize(jsonBodyLimitBytes + 1))).toEqual(tooLarge);
  });

  test("JSON, text and form types alike, on API paths and pages", async () => {
    const over = jsonOfSize(jsonBodyLimitBytes + 1);
    expect(await post("/api/contact", over, { "content-type": "application/json" })).toEqual(tooLarge);
    expect(await post("/api/register", over, { "content-type": "application/json; charset=utf-8" })).toEqual(tooLarge);
    expect(await post("/", over, { "content-type": "text/plain" })).toEqual(tooLarge);
    expect(await post("/contact", over, { "content-type": "application/x-www-form-urlencoded" })).toEqual(tooLarge);
    expect(await post("/contact", over)).toEqual(tooLarge);
  });

  test("a chunked body (no declared length) is a 411 outside the upload", async () => {
    const chunk = "5\r\nhallo\r\n0\r\n\r\n";
    const answer = await rawRequest(
      port,
      `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk}`,
    );
    expect(answer.status).toBe(411);
    expect(JSON.parse(answer.body)).toEqual({ code: "length-required", message: httpMessages.lengthRequired });
  });
});
