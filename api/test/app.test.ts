import { describe, expect, test } from "bun:test";
import { apiErrorCodes } from "@klarwerk/kit";
import { startAppTest } from "./support/app.ts";
import { call, callJson } from "./support/http.ts";
import { registerAndLogin } from "./support/users.ts";

const { app } = await startAppTest();

describe("createApp", () => {
  test("API routes win over the web wildcards", async () => {
    expect((await callJson(app, "/api/health")).body).toEqual({ status: "ok" });
    for (const [method, path] of [
      ["GET", "/api/unknown"],
      ["GET", "/api/register"],
      ["POST", "/api/health"],
      ["PUT", "/api/unknown/1/done"],
    ] as const) {
      const answer = await callJson(app, path, { method });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: "not-found", message: "Nicht gefunden." });
    }
  });

  test("every error body is exactly { code, message }, the code from the one list", async () => {
    const { token } = await registerAndLogin(app);
    const failures = [
      await call(app, "/api/login", { json: { email: "x@example.com", password: "falsch123" } }),
      await call(app, "/api/register", { json: {} }),
      await call(app, "/api/register", { body: "{", headers: { "content-type": "application/json" } }),
      await call(app, "/api/nothing", { token }),
      await call(app, "/missing.js"),
      await call(app, "/remotes.json", { method: "POST" }),
    ];
    for (const response of failures) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("content-type")).toStartWith("application/json");
      const body = await response.json();
      expect(Object.keys(body)).toEqual(["code", "message"]);
      expect(typeof body.message).toBe("string");
      expect(apiErrorCodes).toContain(body.code);
    }
  });

  test("the full flow: register, log in, use the token", async () => {
    const { user, token } = await registerAndLogin(app, { name: "Anna Admin" });
    expect(user.name).toBe("Anna Admin");
    expect(token.split(".")).toHaveLength(3);
  });
});
