// „Jetzt sichern“ over real sockets, against a real API process on the embedded database:
// `POST /api/operations/backup` for admins (202, one at a time: 409 while one runs; staff 403,
// no token 401), and `bun run backup` while that API runs, which asks it with the operator token
// the API left in its DATA_DIR (a token from another DATA_DIR's API is a 401) and is held to the
// same 10 minutes between on-demand backups (backup-limits.test.ts has the edges).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { AuditPage } from "@klarwerk/kit";
import { startTestServer, type TestServer } from "../../../scripts/test-server.ts";
import { operatorTokenName } from "../../src/backup/on-demand.ts";
import { listSets } from "../../src/backup/sets.ts";
import { type BackupPlace, backupPlace, emptySite, runScript, type Site } from "../backup/support.ts";
import { call, callJson, type Handler, overHttp } from "../support/http.ts";
import { registerAndLogin, type SignedInUser, signedInOwner, testOwner } from "../support/users.ts";

describe("„Jetzt sichern“ with the embedded database", () => {
  let site: Site;
  let other: Site;
  let place: BackupPlace;
  let otherPlace: BackupPlace;
  let server: TestServer;
  let otherServer: TestServer;
  let app: Handler;
  let owner: SignedInUser;

  beforeAll(async () => {
    site = await emptySite("pglite", "disk");
    other = await emptySite("pglite", "disk");
    place = await backupPlace("disk");
    otherPlace = await backupPlace("disk");
    server = await startTestServer({ dataDir: site.dataDir, quiet: true, embedded: true, env: place.env });
    otherServer = await startTestServer({ dataDir: other.dataDir, quiet: true, embedded: true, env: otherPlace.env });
    app = overHttp(server.url);
    owner = await signedInOwner(app);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await otherServer?.stop();
    await site?.drop();
    await other?.drop();
    await place?.drop();
    await otherPlace?.drop();
  });

  async function completeSets(where = place): Promise<string[]> {
    return (await listSets(where.target)).filter((set) => set.complete).map((set) => set.name);
  }

  async function waitForSets(count: number, where = place): Promise<string[]> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const sets = await completeSets(where);
      if (sets.length >= count) return sets;
      await Bun.sleep(200);
    }
    throw new Error(`no ${count} complete set(s) in ${where.target.description}`);
  }

  const backupNow = (token?: string) =>
    callJson<{ code?: string; message?: string; status?: string }>(app, "/api/operations/backup", {
      method: "POST",
      ...(token ? { token } : {}),
    });

  test("the operator token: a file of the API's account only (0600) in DATA_DIR, naming this API", async () => {
    const path = join(site.dataDir, operatorTokenName);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const written = JSON.parse(await readFile(path, "utf8")) as { url: string; token: string };
    expect(written.url).toBe(server.url);
    expect(written.token.length).toBeGreaterThanOrEqual(43);
  });

  test("no token 401, a forged or another DATA_DIR's operator token 401, staff 403: nothing runs", async () => {
    const none = await backupNow();
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("unauthorized");
    const foreign = JSON.parse(await readFile(join(other.dataDir, operatorTokenName), "utf8")) as { token: string };
    for (const token of [foreign.token, "x".repeat(foreign.token.length), `${foreign.token}x`]) {
      const answer = await backupNow(token);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe("unauthorized");
    }
    const staff = await registerAndLogin(app);
    const refused = await backupNow(staff.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "admin-only",
      message: "Diese Funktion steht nur Administratorinnen und Administratoren zur Verfügung.",
    });
    await Bun.sleep(500);
    expect(await completeSets()).toEqual([]);
  });

  test("an admin: 202 and the set is written; a second press while it runs is a 409; the audit names the admin", async () => {
    const answers = await Promise.all([backupNow(owner.token), backupNow(owner.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const started = answers.find((answer) => answer.status === 202);
    expect(started?.body).toEqual({ status: "started" });
    const busy = answers.find((answer) => answer.status === 409);
    expect(busy?.body).toEqual({
      code: "backup-running",
      message: "Gerade läuft eine Sicherung oder eine Probe der Wiederherstellung; bitte warten, bis sie fertig ist.",
    });
    expect(await waitForSets(1)).toHaveLength(1);
    const audit = await callJson<AuditPage>(app, "/api/audit?action=backup.requested", { token: owner.token });
    expect(audit.body.events.map((event) => [event.actor_kind, event.actor_name])).toEqual([["user", testOwner.name]]);
  }, 90_000);

  test("bun run backup while the API runs: asks it (exit 0) instead of refusing; the API writes the set", async () => {
    // The other API: no on-demand backup yet in its deployment.
    const run = await runScript("backup", [], { ...other.env, ...otherPlace.env });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`Die laufende API (${otherServer.url}) schreibt jetzt die Sicherung.`);
    expect(run.output).not.toContain("Die Datenbank ließ sich nicht öffnen");
    expect(await waitForSets(1, otherPlace)).toHaveLength(1);
    const audit = await callJson<AuditPage>(overHttp(otherServer.url), "/api/audit?action=backup.requested", {
      token: (await signedInOwner(overHttp(otherServer.url))).token,
    });
    expect(audit.body.events[0]?.actor_kind).toBe("system");
  }, 90_000);

  test("bun run backup within 10 minutes of the last press: the API refuses (exit 2) and says from when", async () => {
    const run = await runScript("backup", [], { ...site.env, ...place.env });
    expect(run.code, run.output).toBe(2);
    expect(run.output).toContain(`Die laufende API (${server.url}) hat die Sicherung abgelehnt (429):`);
    expect(run.output).toContain("„Jetzt sichern“ ist höchstens einmal in 10 Minuten möglich.");
    expect(await completeSets()).toHaveLength(1);
  }, 90_000);

  test("after the API stopped, its token is gone and answers nothing", async () => {
    const path = join(site.dataDir, operatorTokenName);
    const { token } = JSON.parse(await readFile(path, "utf8")) as { token: string };
    await otherServer.stop();
    expect(await stat(join(other.dataDir, operatorTokenName)).catch(() => null)).toBeNull();
    // The running API still refuses it: tokens are per process, never shared.
    expect(
      (
        await call(app, "/api/operations/backup", {
          method: "POST",
          token: `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
        })
      ).status,
    ).toBe(401);
  }, 30_000);
});

describe.if(process.env.DATABASE_URL !== undefined)("„Jetzt sichern“ with a database server", () => {
  let site: Site;
  let place: BackupPlace;
  let server: TestServer;

  beforeAll(async () => {
    site = await emptySite("postgres", "disk");
    place = await backupPlace("disk");
    server = await startTestServer({
      dataDir: site.dataDir,
      quiet: true,
      databaseUrl: site.databaseUrl ?? undefined,
      env: place.env,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await site?.drop();
    await place?.drop();
  });

  test("no operator token is written; an admin's press is a 202 and the API writes the set", async () => {
    expect(await stat(join(site.dataDir, operatorTokenName)).catch(() => null)).toBeNull();
    const app = overHttp(server.url);
    const owner = await signedInOwner(app);
    const answer = await callJson(app, "/api/operations/backup", { method: "POST", token: owner.token });
    expect(answer.status).toBe(202);
    const deadline = Date.now() + 60_000;
    while ((await listSets(place.target)).filter((set) => set.complete).length === 0) {
      if (Date.now() > deadline) throw new Error("no set written");
      await Bun.sleep(200);
    }
  }, 90_000);
});
