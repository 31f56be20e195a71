import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { createTestApp } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { callJson } from "../support/http.ts";

describe("GET /api/health", () => {
  const logged = spyOn(console, "error").mockImplementation(() => {});
  afterAll(() => logged.mockRestore());

  test("ok while the database answers, 503 with a German message once it does not", async () => {
    const db = await createTestDatabase();
    try {
      const app = createTestApp(db.sql);
      const up = await callJson(app, "/api/health");
      expect(up.status).toBe(200);
      expect(up.body).toEqual({ status: "ok" });

      await db.sql.end();
      const down = await callJson(app, "/api/health");
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ code: "database-unavailable", message: "Die Datenbank ist nicht erreichbar." });
      expect(logged).toHaveBeenCalled();
    } finally {
      await db.drop();
    }
  });
});
