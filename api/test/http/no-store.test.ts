import { afterAll, describe, expect, test } from "bun:test";
import { startFilesTest, upload } from "../storage/upload-helpers.ts";
import { call } from "../support/http.ts";

const { app, token, stop } = await startFilesTest();
afterAll(stop);

describe("Cache-Control: no-store on every API answer", () => {
  test("answers, errors from handlers and from hooks before them, list pages sent as text, file bytes", async () => {
    const { body } = await upload(app, token, { name: "bild.png", type: "image/png", content: "png" });
    const id = body.file.id;
    const answers = {
      health: await call(app, "/api/health"),
      customers: await call(app, "/api/customers", { token }),
      created: await call(app, "/api/customers", { json: { name: "Kasse GmbH" }, token }),
      invalid: await call(app, "/api/customers", { json: { name: " " }, token }),
      unauthorized: await call(app, "/api/customers"),
      unknown: await call(app, "/api/gibt-es-nicht"),
      unreadable: await call(app, "/api/login", { body: "{", headers: { "content-type": "application/json" } }),
      formPost: await call(app, "/api/login", { body: "a=b", headers: { "content-type": "text/plain" } }),
      nul: await call(app, "/api/customers?search=%00", { token }),
      download: await call(app, `/api/files/${id}/download`, { token }),
      preview: await call(app, `/api/files/${id}/preview`, { token }),
      range: await call(app, `/api/files/${id}/download`, { token, headers: { range: "bytes=0-0" } }),
      unsatisfiable: await call(app, `/api/files/${id}/download`, { token, headers: { range: "bytes=99-" } }),
      document: await call(app, "/api/docs/json"),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.headers.get("cache-control"), name).toBe("no-store");
    }
  });

  test("the API documentation's page and files, and everything outside /api, keep their own", async () => {
    expect((await call(app, "/api/docs")).headers.get("cache-control")).toBe("no-cache");
    expect((await call(app, "/remotes.json")).headers.get("cache-control")).toBe("no-store");
    expect((await call(app, "/missing.js")).headers.get("cache-control")).toBeNull();
  });
});
