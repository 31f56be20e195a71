// What an uploaded release's files may do on the portal's origin, how an admin deletes a release,
// and how big an archive may be: through two API processes on one database and one blob store,
// each listening on a port, on every database kind this run reaches.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { AuditEvent, DeployKey, Release } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { maxArchiveFiles } from "../../src/modules/releases/archive.ts";
import { deleteRelease, referencedReleaseBlobs, releaseBlobRows } from "../../src/modules/releases/store.ts";
import { blobStoresFor } from "../../src/storage/configured-blob-store.ts";
import { runDeferredDeletions } from "../../src/storage/deferred-deletes.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson, type Handler, overHttp } from "../support/http.ts";
import { releaseDist, releaseFileUrl, tarArchive } from "../support/releases.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/** Each would run a script as the portal if a browser rendered it as a page. */
const script = "<script>fetch('/api/users',{headers:{authorization:'Bearer '+localStorage.klarwerktoken}})</script>";
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`;
const dangerous: Record<string, string | Uint8Array> = {
  "evil.svg": svg,
  "static/svg/evil.SVG": `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`,
  "evil.xml": `<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`,
  "evil.Xhtml": `<html xmlns="http://www.w3.org/1999/xhtml">${script}</html>`,
  "evil.xht": `<html xmlns="http://www.w3.org/1999/xhtml">${script}</html>`,
  "evil.shtml": script,
  "evil.SHTML": script,
  "evil.unknown": script,
  noextension: script,
  // Asked for directly, a precompressed sibling is a download, whatever it holds.
  "evil.svg.gz": new Uint8Array(gzipSync(svg)),
};
/** HTML, any case: the locked policy (no script, nothing loaded) and sandboxed. */
const pages: Record<string, string> = {
  "index.html": script,
  "evil.htm": script,
  "evil.HTML": script,
  "evil.Htm": script,
};
/** What a remote needs: served as it was, without a policy or a download. */
const needed: Record<string, string> = {
  "static/js/chunk.0123abcd.js": "console.log(1);",
  "static/js/chunk.0123abcd.mjs": "export {};",
  "static/js/chunk.0123abcd.js.map": "{}",
  "static/css/index.0123abcd.css": "body{}",
  "data.json": "{}",
  "static/font/x.woff2": "w",
  "static/font/x.woff": "w",
  "static/font/x.ttf": "t",
  "static/image/x.png": "p",
  "static/image/x.JPG": "j",
  "static/image/x.webp": "w",
  "static/js/index.0123abcd.js.LICENSE.txt": "MIT",
};
/** What opening a file must not escape: no script, no same-origin access, nothing loaded. */
const sandboxed = /^sandbox; default-src 'none';/;

describe.each(testDatabaseKinds())("release files on the %s database", (kind) => {
  const config = testConfig();
  let db: TestDatabase;
  let appA: App;
  let appB: App;
  let a: Handler;
  let b: Handler;
  let owner: SignedInUser;
  let staff: SignedInUser;
  let key: { key: DeployKey; secret: string };

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    const feedA = await db.openChangeFeed();
    const feedB = kind === "server" ? await db.openChangeFeed() : feedA;
    appA = createTestApp(db.sql, config, { changes: feedA, rateLimits: unlimitedRateLimits });
    appB = createTestApp(db.sql, config, { changes: feedB, rateLimits: unlimitedRateLimits });
    a = overHttp(`http://127.0.0.1:${appA.listen({ port: 0, hostname: "127.0.0.1" }).server?.port}`);
    b = overHttp(`http://127.0.0.1:${appB.listen({ port: 0, hostname: "127.0.0.1" }).server?.port}`);
    owner = await signedInOwner(a);
    staff = await registerAndLogin(a, { name: "Stefan Staff" });
    const created = await callJson<{ key: DeployKey; secret: string }>(a, "/api/deploy-keys", {
      token: owner.token,
      json: { remote: "mf-dashboard", name: "CI Dashboard" },
    });
    expect(created.status).toBe(201);
    key = created.body;
  }, 60_000);

  afterAll(async () => {
    await appA.stop();
    await appB.stop();
    await db.drop();
    await rm(join(config.dataDir, ".."), { recursive: true, force: true });
  });

  function upload(version: string, archive: Uint8Array<ArrayBuffer>, token = key.secret) {
    const query = new URLSearchParams({ remote: "mf-dashboard", version });
    return callJson<{ release: Release; code: string; message: string }>(a, `/api/releases/upload?${query}`, {
      token,
      body: archive,
      headers: { "content-type": "application/octet-stream" },
    });
  }

  async function uploaded(version: string, extra: Record<string, string | Uint8Array> = {}): Promise<Release> {
    const files = { ...releaseDist("dashboard", version), ...extra };
    const answer = await upload(version, tarArchive(Object.entries(files).map(([path, text]) => ({ path, text }))));
    expect(answer.status).toBe(201);
    return answer.body.release;
  }

  const rollout = (action: string, json?: unknown) =>
    callJson<{ message: string }>(a, `/api/releases/mf-dashboard/${action}`, { token: owner.token, json });

  const remove = (version: string, token: string = owner.token) =>
    callJson<{ code: string; message: string }>(a, `/api/releases/mf-dashboard/${encodeURIComponent(version)}`, {
      method: "DELETE",
      token,
    });

  async function storedBlobNames(): Promise<Set<string>> {
    const names = await readdir(join(config.dataDir, "releases")).catch(() => []);
    return new Set(names.filter((name) => /^[0-9a-f]{32}$/.test(name)));
  }

  describe("what a release's file may do on the portal's origin", () => {
    beforeAll(async () => {
      await uploaded("files-1", {
        ...dangerous,
        ...pages,
        ...needed,
        "evil.svg.br": new Uint8Array(brotliCompressSync(svg)),
      });
    });

    test("SVG, XML, XHTML, SHTML and unknown types, in any case, are sandboxed downloads", async () => {
      for (const path of Object.keys(dangerous)) {
        for (const app of [a, b]) {
          const answer = await call(app, releaseFileUrl("dashboard", "files-1", path));
          expect({ path, status: answer.status }).toEqual({ path, status: 200 });
          expect({ path, csp: answer.headers.get("content-security-policy") }).toEqual({
            path,
            csp: expect.stringMatching(sandboxed),
          });
          expect({ path, disposition: answer.headers.get("content-disposition") }).toEqual({
            path,
            disposition: "attachment",
          });
          expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
        }
      }
    });

    test("the precompressed sibling of an SVG is as sandboxed, and a download", async () => {
      for (const coding of ["br", "gzip"]) {
        const answer = await call(b, releaseFileUrl("dashboard", "files-1", "evil.svg"), {
          headers: { "accept-encoding": coding },
        });
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-encoding")).toBe(coding);
        expect(answer.headers.get("content-security-policy")).toMatch(sandboxed);
        expect(answer.headers.get("content-disposition")).toBe("attachment");
      }
    });

    test("HTML in any case (.html, .htm, .HTML, .Htm) gets the locked policy, sandboxed", async () => {
      for (const path of Object.keys(pages)) {
        const answer = await call(b, releaseFileUrl("dashboard", "files-1", path));
        expect({ path, status: answer.status }).toEqual({ path, status: 200 });
        expect({ path, csp: answer.headers.get("content-security-policy") }).toEqual({
          path,
          csp: expect.stringMatching(sandboxed),
        });
        expect(answer.headers.get("x-frame-options")).toBe("DENY");
        expect(answer.headers.get("content-type")).toStartWith("text/html");
      }
    });

    test("JS, CSS, JSON, source maps, fonts, images and licences are served as before", async () => {
      for (const [path, text] of Object.entries(needed)) {
        const answer = await call(b, releaseFileUrl("dashboard", "files-1", path));
        expect({ path, status: answer.status }).toEqual({ path, status: 200 });
        expect({ path, csp: answer.headers.get("content-security-policy") }).toEqual({ path, csp: null });
        expect({ path, disposition: answer.headers.get("content-disposition") }).toEqual({ path, disposition: null });
        expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(await answer.text()).toBe(text);
      }
      const types = Object.fromEntries(
        await Promise.all(
          [
            "static/js/chunk.0123abcd.js",
            "static/css/index.0123abcd.css",
            "static/font/x.woff2",
            "static/image/x.png",
          ].map(async (path) => [
            path,
            (await call(b, releaseFileUrl("dashboard", "files-1", path))).headers.get("content-type"),
          ]),
        ),
      );
      expect(types).toEqual({
        "static/js/chunk.0123abcd.js": "text/javascript;charset=utf-8",
        "static/css/index.0123abcd.css": "text/css;charset=utf-8",
        "static/font/x.woff2": "font/woff2",
        "static/image/x.png": "image/png",
      });
    });
  });

  describe("deleting a release", () => {
    test("the active release, the canary and the one to roll back to are refused with 409", async () => {
      await uploaded("del-1");
      await uploaded("del-2");
      await uploaded("del-3");
      expect((await rollout("activate", { version: "del-1" })).status).toBe(200);
      expect((await rollout("activate", { version: "del-2" })).status).toBe(200);
      expect((await rollout("canary", { version: "del-3", share: 10 })).status).toBe(200);
      const active = await remove("del-2");
      expect(active.status).toBe(409);
      expect<unknown>(active.body).toEqual({
        code: "release-in-use",
        message: "Das Release „del-2“ ist aktiv und kann nicht gelöscht werden.",
      });
      const canary = await remove("del-3");
      expect(canary.status).toBe(409);
      expect<unknown>(canary.body).toEqual({
        code: "release-in-use",
        message: "Das Release „del-3“ läuft als Canary und kann nicht gelöscht werden.",
      });
      const previous = await remove("del-1");
      expect(previous.status).toBe(409);
      expect<unknown>(previous.body).toEqual({
        code: "release-in-use",
        message: "Auf das Release „del-1“ würde zurückgerollt, wenn das aktive versagt. Es kann nicht gelöscht werden.",
      });
      expect((await call(b, releaseFileUrl("dashboard", "del-1", "remoteEntry.js"))).status).toBe(200);
    });

    test("staff (403), a deploy key (403), nobody (401) and an unknown release (404) delete nothing", async () => {
      await uploaded("del-4");
      expect((await remove("del-4", staff.token)).status).toBe(403);
      const byKey = await remove("del-4", key.secret);
      expect(byKey.status).toBe(403);
      const anonymous = await call(a, "/api/releases/mf-dashboard/del-4", { method: "DELETE" });
      expect(anonymous.status).toBe(401);
      const unknown = await remove("del-nope");
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        code: "release-not-found",
        message: "Ein Release „del-nope“ gibt es für diesen Bereich nicht.",
      });
      expect((await remove("../del-4")).status).not.toBe(204);
      expect((await call(b, releaseFileUrl("dashboard", "del-4", "remoteEntry.js"))).status).toBe(200);
    });

    test("an admin deletes an unused release: its files answer 404 in both processes, its blobs are gone, the trail says who", async () => {
      const blobsBefore = await storedBlobNames();
      await uploaded("del-5", { "static/css/index.0123abcd.css": "body{}" });
      const blobsOfRelease = [...(await storedBlobNames())].filter((name) => !blobsBefore.has(name));
      expect(blobsOfRelease).toHaveLength(4);
      // Both processes have read the release's file list (and keep it).
      for (const app of [a, b]) {
        expect((await call(app, releaseFileUrl("dashboard", "del-5", "remoteEntry.js"))).status).toBe(200);
      }

      const answer = await call(a, "/api/releases/mf-dashboard/del-5", { method: "DELETE", token: owner.token });
      expect(answer.status).toBe(204);

      const started = performance.now();
      for (const app of [a, b]) {
        for (;;) {
          const status = (await call(app, releaseFileUrl("dashboard", "del-5", "remoteEntry.js"))).status;
          if (status === 404) break;
          if (performance.now() - started > 1000) throw new Error(`still ${status} a second after the delete`);
          await Bun.sleep(5);
        }
        expect((await call(app, releaseFileUrl("dashboard", "del-5", "static/css/index.0123abcd.css"))).status).toBe(
          404,
        );
      }
      const blobsAfter = await storedBlobNames();
      expect(blobsOfRelease.filter((name) => blobsAfter.has(name))).toEqual([]);
      const [queued] = await db.sql<{ count: number }[]>`select count(*)::int as count from blob_deletions`;
      expect(queued?.count).toBe(0);

      const overview = await callJson<{ remotes: { releases: Release[] }[] }>(a, "/api/releases", {
        token: owner.token,
      });
      const versions = overview.body.remotes.flatMap((remote) => remote.releases.map((release) => release.version));
      expect(versions).not.toContain("del-5");
      expect(versions).toContain("del-4");

      const trail = await callJson<{ events: AuditEvent[] }>(a, "/api/audit?action=release.deleted", {
        token: owner.token,
      });
      expect(trail.status).toBe(200);
      expect(trail.body.events).toHaveLength(1);
      expect(trail.body.events[0]).toMatchObject({
        action: "release.deleted",
        actor_kind: "user",
        actor_id: owner.user.id,
        object_type: "remote",
        object_id: "mf-dashboard",
        changes: { version: { before: "del-5", after: null } },
      });

      // The version is free again: a new build under it is a new release with new files, served by
      // the other process too once it has heard of the upload.
      await uploaded("del-5");
      const reuploaded = performance.now();
      while ((await call(b, releaseFileUrl("dashboard", "del-5", "remoteEntry.js"))).status !== 200) {
        if (performance.now() - reuploaded > 1000) throw new Error("B does not serve the new del-5 a second after");
        await Bun.sleep(5);
      }
      expect(await (await call(b, releaseFileUrl("dashboard", "del-5", "remoteEntry.js"))).text()).toBe(
        'window.__release = "del-5";',
      );
      expect((await call(b, releaseFileUrl("dashboard", "del-5", "static/css/index.0123abcd.css"))).status).toBe(404);
    });

    test("a release with counted loads and error reports can be deleted; the history keeps its version", async () => {
      await uploaded("del-6");
      expect((await rollout("activate", { version: "del-6" })).status).toBe(200);
      const loads = await call(a, "/api/client-loads", { json: { remote: "mf-dashboard", version: "del-6" } });
      expect(loads.status).toBe(204);
      const report = await call(a, "/api/client-errors", {
        json: { remote: "mf-dashboard", version: "del-6", kind: "render", route: "/", message: "x", browser: "b" },
      });
      expect(report.status).toBe(204);
      // Two releases later del-6 is neither active nor the one to roll back to.
      await uploaded("del-7");
      expect((await rollout("activate", { version: "del-7" })).status).toBe(200);
      await uploaded("del-8");
      expect((await rollout("activate", { version: "del-8" })).status).toBe(200);
      const deleted = await call(a, "/api/releases/mf-dashboard/del-6", { method: "DELETE", token: owner.token });
      expect(deleted.status).toBe(204);
      const overview = await callJson<{
        remotes: { rollout: { remote: string }; events: { version: string | null }[] }[];
      }>(a, "/api/releases", { token: owner.token });
      const dashboard = overview.body.remotes.find((remote) => remote.rollout.remote === "dashboard");
      expect(dashboard?.events.map((event) => event.version)).toContain("del-6");
    });

    test.if(kind === "server")(
      "a load and an error report racing the delete of their release are a 422, never a 500",
      async () => {
        await uploaded("del-report-race");
        const [row] = await db.sql<{ id: number }[]>`select id from releases where version = 'del-report-race'`;
        const version = "del-report-race";
        let reports: Promise<{ status: number }[]> | undefined;
        // The delete is written, not yet committed: the reports still find the release, then wait
        // for the delete at their insert's foreign key.
        await db.sql.begin(async (tx) => {
          await deleteRelease(tx, { id: row?.id ?? 0, version });
          reports = Promise.all([
            call(a, "/api/client-loads", { json: { remote: "mf-dashboard", version } }),
            call(b, "/api/client-errors", {
              json: { remote: "mf-dashboard", version, kind: "load", route: "/", message: "x", browser: "b" },
            }),
          ]);
          await Bun.sleep(300);
        });
        expect((await reports)?.map((answer) => answer.status)).toEqual([422, 422]);
        await runDeferredDeletions(db.sql, blobStoresFor(config));
      },
    );

    test.if(kind === "server")("an activation racing the delete of its release is a 404, never a 500", async () => {
      await uploaded("del-race");
      const [row] = await db.sql<{ id: number }[]>`select id from releases where version = 'del-race'`;
      let activation: Promise<{ status: number }> | undefined;
      // A delete in progress: its transaction holds the release while the activation comes in.
      await db.sql.begin(async (tx) => {
        await tx`select id from releases where id = ${row?.id ?? 0} for update`;
        activation = rollout("activate", { version: "del-race" });
        await Bun.sleep(300);
        await deleteRelease(tx, { id: row?.id ?? 0, version: "del-race" });
      });
      expect((await activation)?.status).toBe(404);
      // The delete above was the store's alone: its queued blobs go as the service's would.
      await runDeferredDeletions(db.sql, blobStoresFor(config));
    });

    test("while a backup runs the blobs stay (queued) and the next backup no longer lists them; after it they go", async () => {
      const blobsBefore = await storedBlobNames();
      await uploaded("del-9");
      const blobsOfRelease = [...(await storedBlobNames())].filter((name) => !blobsBefore.has(name));
      const [run] = await db.sql<{ id: number }[]>`
        insert into backup_runs (kind, slot) values ('backup', now()) returning id`;
      const deleted = await call(a, "/api/releases/mf-dashboard/del-9", { method: "DELETE", token: owner.token });
      expect(deleted.status).toBe(204);
      expect((await call(b, releaseFileUrl("dashboard", "del-9", "remoteEntry.js"))).status).toBe(404);
      const blobsWhileCopying = await storedBlobNames();
      expect(blobsOfRelease.filter((name) => !blobsWhileCopying.has(name))).toEqual([]);
      // The start-up sweep keeps them (a backup may be copying them)...
      expect(await referencedReleaseBlobs(db.sql, blobsOfRelease)).toEqual(new Set(blobsOfRelease));
      // ...and a backup set made from now on does not name them.
      const listed = await releaseBlobRows(db.sql, { afterId: 0, limit: 100_000 });
      expect(listed.filter((row) => blobsOfRelease.includes(row.blobId))).toEqual([]);

      await db.sql`update backup_runs set result = 'ok', finished_at = now() where id = ${run?.id ?? 0}`;
      expect(await runDeferredDeletions(db.sql, blobStoresFor(config))).toBe(blobsOfRelease.length);
      const blobsAfter = await storedBlobNames();
      expect(blobsOfRelease.filter((name) => blobsAfter.has(name))).toEqual([]);
    });
  });

  describe(`an archive holds at most ${maxArchiveFiles} entries, folders included`, () => {
    const base = Object.entries(releaseDist("dashboard", "limit")).map(([path, text]) => ({ path, text }));
    const folders = (count: number) => Array.from({ length: count }, (_, index) => ({ path: `d${index}/` }));

    test(`${maxArchiveFiles} entries (3 files, the rest folders) are taken`, async () => {
      const answer = await upload("limit-1", tarArchive([...base, ...folders(maxArchiveFiles - base.length)]));
      expect(answer.status).toBe(201);
    });

    test(`${maxArchiveFiles + 1} entries are refused with 422, nothing stored`, async () => {
      const before = await storedBlobNames();
      const answer = await upload("limit-2", tarArchive([...base, ...folders(maxArchiveFiles + 1 - base.length)]));
      expect(answer.status).toBe(422);
      expect<unknown>(answer.body).toEqual({
        code: "release-archive-too-many-files",
        message: `Das Archiv enthält mehr als ${maxArchiveFiles} Dateien und Ordner.`,
      });
      expect(await storedBlobNames()).toEqual(before);
    });

    test("a path twice is refused with 422 naming it, nothing stored", async () => {
      const before = await storedBlobNames();
      for (const twice of ["remoteEntry.js", "./remoteEntry.js"]) {
        const answer = await upload("dup-1", tarArchive([...base, { path: twice, text: "x" }]));
        expect(answer.status).toBe(422);
        expect<unknown>(answer.body).toEqual({
          code: "release-archive-duplicate-path",
          message: "Das Archiv enthält die Datei „remoteEntry.js“ mehrmals.",
        });
      }
      expect(await storedBlobNames()).toEqual(before);
    });
  });
});
