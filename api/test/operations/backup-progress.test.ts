// „Jetzt sichern“ reports its progress where admins look: `/api/health` names the backup going
// on (since when) until it has finished, then the finished run; the dashboard's card asks again
// while it runs, so the result appears without a reload. Over a real socket, on the embedded
// database, against a real API process.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { HealthAnswer } from "@klarwerk/kit";
import { startTestServer, type TestServer } from "../../../scripts/test-server.ts";
import { type BackupPlace, backupPlace, emptySite, type Site } from "../backup/support.ts";
import { callJson, type Handler, overHttp } from "../support/http.ts";
import { type SignedInUser, signedInOwner } from "../support/users.ts";

describe("a backup's progress in /api/health", () => {
  let site: Site;
  let place: BackupPlace;
  let server: TestServer;
  let app: Handler;
  let owner: SignedInUser;

  beforeAll(async () => {
    site = await emptySite("pglite", "disk");
    place = await backupPlace("disk");
    server = await startTestServer({ dataDir: site.dataDir, quiet: true, embedded: true, env: place.env });
    app = overHttp(server.url);
    owner = await signedInOwner(app);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await site?.drop();
    await place?.drop();
  });

  const operations = async () =>
    (await callJson<HealthAnswer>(app, "/api/health", { token: owner.token })).body.details?.operations;

  test("running since the press, then finished with its set", async () => {
    expect((await operations())?.backup_running).toBeNull();
    const pressed = Date.now();
    const started = await callJson(app, "/api/operations/backup", { method: "POST", token: owner.token });
    expect(started.status).toBe(202);

    let sawRunning = false;
    const deadline = Date.now() + 90_000;
    let status = await operations();
    while (status?.backup === null && Date.now() < deadline) {
      if (status?.backup_running) {
        sawRunning = true;
        const since = Date.parse(status.backup_running.started_at);
        expect(since).toBeGreaterThanOrEqual(pressed - 1000);
        expect(since).toBeLessThanOrEqual(Date.now() + 1000);
      }
      await Bun.sleep(50);
      status = await operations();
    }
    expect(sawRunning).toBe(true);
    expect(status?.backup?.result).toBe("ok");
    expect(status?.backup?.set).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(status?.backup_running).toBeNull();
  }, 120_000);
});
