// Releases per remote through two app instances on one database and one blob store,
// as two API processes: what one is told, the other serves from the next /remotes.json on.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import {
  clientErrorMaxBytes,
  type DeployKey,
  type Release,
  type ReleasesOverview,
  type RemoteRegistry,
  type RemoteRollout,
  releaseArchiveMaxBytes,
} from "@klarwerk/kit";
import { serverBodyLimitBytes } from "../../src/http/body-policy.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { call, callJson, type Handler } from "../support/http.ts";
import { rawRequest } from "../support/raw-http.ts";
import { fromAddress, loopbackNetwork, releaseArchive, releaseManifest } from "../support/releases.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";

const db = await createTestDatabase();
const config = testConfig({ CANARY_MIN_LOADS: "10", RELEASE_ORIGINS: "https://cdn.example.com" });
const feedA = await db.openChangeFeed();
const feedB = process.env.DATABASE_URL ? await db.openChangeFeed() : feedA;
/** The CDN of external releases: answers by URL (tests run no TLS server). */
const cdn = new Map<string, string>();
const fetchManifest = async (url: string) => {
  const text = cdn.get(url);
  if (text === undefined) throw new Error("HTTP 404");
  return text;
};
const appA = createTestApp(db.sql, config, { changes: feedA, rateLimits: unlimitedRateLimits, fetchManifest });
const appB = createTestApp(db.sql, config, { changes: feedB, rateLimits: unlimitedRateLimits, fetchManifest });
afterAll(async () => {
  await db.drop();
  await rm(join(config.dataDir, ".."), { recursive: true, force: true });
});

const owner = await signedInOwner(appA);
const staff = await registerAndLogin(appA, { name: "Stefan Staff" });

async function createKey(remote: string, name: string): Promise<{ key: DeployKey; secret: string }> {
  const answer = await callJson<{ key: DeployKey; secret: string }>(appA, "/api/deploy-keys", {
    token: owner.token,
    json: { remote, name },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

const dashboardKey = await createKey("mf-dashboard", "CI Dashboard");
const filesKey = await createKey("mf-files", "CI Dateien");

function upload(token: string, remote: string, version: string, archive: Uint8Array<ArrayBuffer>, note = "") {
  const query = new URLSearchParams({ remote, version, note });
  return callJson<{ release: Release; message: string }>(appA, `/api/releases/upload?${query}`, {
    token,
    body: archive,
    headers: { "content-type": "application/octet-stream" },
  });
}

async function storedBlobs(): Promise<number> {
  const names = await readdir(join(config.dataDir, "releases")).catch(() => []);
  return names.filter((name) => /^[0-9a-f]{32}$/.test(name)).length;
}

async function releaseRows(): Promise<number> {
  const [row] = await db.sql<{ count: number }[]>`select count(*)::int as count from releases`;
  return row?.count ?? 0;
}

async function registry(app: Handler = appB, visitor?: string): Promise<RemoteRegistry> {
  const answer = await call(app, `/remotes.json${visitor ? `?visitor=${visitor}` : ""}`);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return (await answer.json()) as RemoteRegistry;
}

/** Polls B until its /remotes.json gives every visitor `version`; fails after 1 s (the goal). */
async function untilBServes(version: string, visitor = "visitor-fixed-0001"): Promise<number> {
  const started = performance.now();
  while ((await registry(appB, visitor)).mf_dashboard.version !== version) {
    if (performance.now() - started > 1000) throw new Error(`B does not serve ${version} 1 s after the change`);
    await Bun.sleep(5);
  }
  return performance.now() - started;
}

/** Polls B until it has heard of mf-dashboard's canary (it counts loads); fails after 1 s. */
async function untilBKnowsCanary(visitor = "visitor-fixed-0001"): Promise<void> {
  const started = performance.now();
  while ((await registry(appB, visitor)).mf_dashboard.count_loads !== true) {
    if (performance.now() - started > 1000) throw new Error("B has not heard of the canary");
    await Bun.sleep(5);
  }
}

const rollout = (remote: string, action: string, json: unknown, token = dashboardKey.secret) =>
  callJson<{ rollout: RemoteRollout; message: string }>(appA, `/api/releases/${remote}/${action}`, { token, json });

const archiveTooLarge = { code: "payload-too-large", message: "Das Archiv ist zu groß (höchstens 64 MiB)." };

/** `use` against `app` listening on a port as main.ts starts it: Bun's own body limit off, the app's policies decide. */
async function listening<T>(app: typeof appA, use: (origin: string) => Promise<T>): Promise<T> {
  const server = app.listen({ port: 0, hostname: "127.0.0.1", maxRequestBodySize: serverBodyLimitBytes }).server;
  try {
    return await use(`http://127.0.0.1:${server?.port}`);
  } finally {
    await app.stop();
  }
}

/**
 * A deploy key's upload of mf-dashboard `version` by fetch, `size` bytes: its release as a tar (no
 * gzip), then zeros (a tar may close with any number of zero blocks), made as they are sent and
 * never held whole. With `Content-Length` when `declared`, else chunked.
 */
function uploadPadded(origin: string, version: string, size: number, declared: boolean): Promise<Response> {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 0) {
        const tar = gunzipSync(await releaseArchive("dashboard", version));
        controller.enqueue(tar);
        sent = tar.byteLength;
        return;
      }
      const length = Math.min(1024 * 1024, size - sent);
      if (length <= 0) return controller.close();
      controller.enqueue(new Uint8Array(length));
      sent += length;
    },
  });
  const headers: Record<string, string> = {
    authorization: `Bearer ${dashboardKey.secret}`,
    "content-type": "application/octet-stream",
  };
  if (declared) headers["content-length"] = String(size);
  const query = new URLSearchParams({ remote: "mf-dashboard", version });
  return fetch(`${origin}/api/releases/upload?${query}`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

describe("releases of a remote", () => {
  test("without releases /remotes.json names REMOTE_<NAME>_URL's manifest, without a version", async () => {
    expect((await registry()).mf_dashboard).toEqual({
      entry: "/remotes/mf-dashboard/mf-manifest.json",
      version: null,
      previous: null,
      count_loads: false,
      ticket: null,
    });
  });

  test("a key uploads v1; its files are served from the blob store, immutable, by either process", async () => {
    const answer = await upload(
      dashboardKey.secret,
      "mf-dashboard",
      "v1",
      await releaseArchive("dashboard", "v1"),
      "Erste",
    );
    expect(answer.status).toBe(201);
    expect(answer.body.release).toMatchObject({
      remote: "dashboard",
      version: "v1",
      kind: "uploaded",
      manifest_url: "/remotes/mf-dashboard/releases/v1/mf-manifest.json",
      note: "Erste",
      released_by: "Schlüssel „CI Dashboard“",
    });
    const entry = await call(appB, "/remotes/mf-dashboard/releases/v1/remoteEntry.js");
    expect(entry.status).toBe(200);
    expect(entry.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(entry.headers.get("content-type")).toStartWith("text/javascript");
    expect(await entry.text()).toBe('window.__release = "v1";');
    expect((await call(appB, "/remotes/mf-dashboard/releases/v1/missing.js")).status).toBe(404);
    expect((await call(appB, "/remotes/mf-dashboard/releases/v9/remoteEntry.js")).status).toBe(404);
    expect((await call(appB, "/remotes/mf-dashboard/releases/v2%2F..%2Fv1/remoteEntry.js")).status).toBe(404);
    expect((await call(appB, "/remotes/mf-dashboard/releases/v1/.remoteEntry.js")).status).toBe(404);
  });

  test("the same version again is a 409: releases are immutable", async () => {
    const answer = await upload(dashboardKey.secret, "mf-dashboard", "v1", await releaseArchive("dashboard", "anders"));
    expect(answer.status).toBe(409);
    expect<unknown>(answer.body).toEqual({
      code: "release-version-taken",
      message: "Die Version „v1“ gibt es für diesen Bereich schon. Versionen sind unveränderlich.",
    });
  });

  test("activating v1 reaches the other process within a second", async () => {
    const answer = await rollout("mf-dashboard", "activate", { version: "v1" });
    expect(answer.status).toBe(200);
    expect(answer.body.rollout.active?.version).toBe("v1");
    await untilBServes("v1");
    expect((await registry()).mf_dashboard.entry).toBe("/remotes/mf-dashboard/releases/v1/mf-manifest.json");
  });

  test("a canary of 50 % splits fresh visitors, each the same on every load; promote and rollback reach all", async () => {
    expect(
      (await upload(dashboardKey.secret, "mf-dashboard", "v2", await releaseArchive("dashboard", "v2"))).status,
    ).toBe(201);
    const canary = await rollout("mf-dashboard", "canary", { version: "v2", share: 50 });
    expect(canary.status).toBe(200);
    expect(canary.body.rollout).toMatchObject({ canary_share: 50 });
    const visitors = Array.from({ length: 24 }, (_, index) => `fresh-visitor-${index.toString().padStart(4, "0")}`);
    await untilBKnowsCanary(visitors[0]);
    const seen = new Map<string, string | null>();
    for (const visitor of visitors) seen.set(visitor, (await registry(appB, visitor)).mf_dashboard.version);
    const versions = [...seen.values()];
    expect(versions.filter((version) => version === "v2").length).toBeGreaterThan(0);
    expect(versions.filter((version) => version === "v1").length).toBeGreaterThan(0);
    for (const [visitor, version] of seen) {
      expect((await registry(appA, visitor)).mf_dashboard.version).toBe(version);
      expect((await registry(appB, visitor)).mf_dashboard.version).toBe(version);
    }
    // A canary visitor falls back to the active release; a visitor without an id gets the active one.
    const canaryVisitor = visitors.find((visitor) => seen.get(visitor) === "v2") ?? "";
    expect((await registry(appB, canaryVisitor)).mf_dashboard.previous?.version).toBe("v1");
    expect((await registry(appB)).mf_dashboard.version).toBe("v1");

    expect((await rollout("mf-dashboard", "promote", {})).status).toBe(200);
    await untilBServes(
      "v2",
      visitors.find((visitor) => seen.get(visitor) === "v1"),
    );
    for (const visitor of visitors) expect((await registry(appB, visitor)).mf_dashboard.version).toBe("v2");
    expect((await registry(appB)).mf_dashboard.previous?.version).toBe("v1");

    const back = await rollout("mf-dashboard", "activate", { version: "v1" });
    expect(back.status).toBe(200);
    await untilBServes("v1");
    for (const visitor of visitors) expect((await registry(appB, visitor)).mf_dashboard.version).toBe("v1");
    // v2 was rolled back from: no release to fall back to.
    expect((await registry(appB)).mf_dashboard.previous).toBeNull();

    const overview = await callJson<ReleasesOverview>(appB, "/api/releases", { token: owner.token });
    const dashboard = overview.body.remotes.find((entry) => entry.rollout.remote === "dashboard");
    expect(dashboard?.events.map((event) => `${event.action} ${event.version}`).slice(0, 5)).toEqual([
      "rollback v1",
      "promote v2",
      "canary v2",
      "release v2",
      "activate v1",
    ]);
    expect(dashboard?.events[0]?.actor).toBe("Schlüssel „CI Dashboard“");
  });

  test("a release built against another kit surface is refused with 409, and nothing is stored or changed", async () => {
    const blobsBefore = await storedBlobs();
    const rowsBefore = await releaseRows();
    const answer = await upload(
      dashboardKey.secret,
      "mf-dashboard",
      "v3",
      await releaseArchive("dashboard", "v3", { kitSurface: "1.0.0-sdeadbeef" }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: "release-kit-surface-mismatch" });
    expect(answer.body.message).toStartWith("Das Release wurde gegen die Kit-Oberfläche 1.0.0-sdeadbeef gebaut");
    expect(await storedBlobs()).toBe(blobsBefore);
    expect(await releaseRows()).toBe(rowsBefore);
    expect((await registry()).mf_dashboard.version).toBe("v1");
  });

  test("a release lacking a module a route of the shell needs is refused with 409", async () => {
    const answer = await upload(
      dashboardKey.secret,
      "mf-dashboard",
      "v3",
      await releaseArchive("dashboard", "v3", { exposes: ["Dashboard", "Account"] }),
    );
    expect(answer.status).toBe(409);
    expect<unknown>(answer.body).toEqual({
      code: "release-exposes-missing",
      message:
        "Dem Release fehlen Module, die die Seiten der Shell brauchen: ./Users, ./Releases, ./Outbox, ./Audit, ./Privacy.",
    });
  });

  test("an archive without a manifest, or with a broken one, is refused with 409", async () => {
    const empty = new Bun.Archive({ "remoteEntry.js": "x" }, { compress: "gzip" });
    const noManifest = await upload(
      dashboardKey.secret,
      "mf-dashboard",
      "v3",
      new Uint8Array(await (await empty.blob()).arrayBuffer()),
    );
    expect(noManifest.status).toBe(409);
    expect<unknown>(noManifest.body).toEqual({
      code: "release-manifest-missing",
      message: "Das Archiv enthält keine mf-manifest.json im obersten Ordner.",
    });
    const broken = await releaseArchive("dashboard", "v3", { extra: { "mf-manifest.json": "{ kaputt" } });
    const answer = await upload(dashboardKey.secret, "mf-dashboard", "v3", broken);
    expect(answer.status).toBe(409);
    expect<unknown>(answer.body).toEqual({
      code: "release-manifest-malformed",
      message: "Die mf-manifest.json ist fehlerhaft: kein gültiges JSON",
    });
  });

  test("a tarball with ../ or absolute paths is refused with 422, nothing stored", async () => {
    const blobsBefore = await storedBlobs();
    for (const evil of ["../../etc/cron.d/evil", "/etc/evil", "static/../../evil.js"]) {
      const archive = await releaseArchive("dashboard", "v3", { extra: { [evil]: "böse" } });
      const answer = await upload(dashboardKey.secret, "mf-dashboard", "v3", archive);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ code: "release-archive-unsafe-path" });
      expect(answer.body.message).toStartWith("Das Archiv enthält einen unzulässigen Pfad");
    }
    const garbage = await upload(dashboardKey.secret, "mf-dashboard", "v3", new TextEncoder().encode("kein tar"));
    expect(garbage.status).toBe(422);
    expect(await storedBlobs()).toBe(blobsBefore);
  });

  test("a 2 GB archive is refused with 413 before its bytes are read", async () => {
    const answer = await listening(appA, (origin) =>
      rawRequest(
        Number(new URL(origin).port),
        "POST /api/releases/upload?remote=mf-dashboard&version=v4 HTTP/1.1\r\nHost: localhost\r\n" +
          `Authorization: Bearer ${dashboardKey.secret}\r\nContent-Type: application/octet-stream\r\n` +
          "Content-Length: 2147483648\r\n\r\nabc",
      ),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(archiveTooLarge);
  });

  describe(`an archive at the limit (${releaseArchiveMaxBytes} bytes) and one byte over, streamed over a socket`, () => {
    test("exactly the limit, its length declared: read whole and taken (201)", async () => {
      const answer = await listening(appA, (origin) => uploadPadded(origin, "v64", releaseArchiveMaxBytes, true));
      expect(answer.status).toBe(201);
      const entry = await call(appB, "/remotes/mf-dashboard/releases/v64/remoteEntry.js");
      expect(await entry.text()).toBe('window.__release = "v64";');
    }, 60_000);

    for (const declared of [true, false]) {
      test(`one byte over, ${declared ? "its length declared" : "chunked (counted as it arrives)"}: 413, nothing stored`, async () => {
        const [blobsBefore, rowsBefore] = [await storedBlobs(), await releaseRows()];
        const answer = await listening(appA, async (origin) => {
          const refused = await uploadPadded(origin, "v65", releaseArchiveMaxBytes + 1, declared);
          return { status: refused.status, body: await refused.json() };
        });
        expect(answer).toEqual({ status: 413, body: archiveTooLarge });
        expect(await releaseRows()).toBe(rowsBefore);
        expect(await storedBlobs()).toBe(blobsBefore);
      }, 60_000);
    }
  });

  test("bad input to the rollout: unknown remote, version, share; no canary to promote", async () => {
    expect((await rollout("mf-nichts", "activate", { version: "v1" })).status).toBe(422);
    expect((await rollout("mf-dashboard", "activate", { version: "../v1" })).status).toBe(422);
    expect((await rollout("mf-dashboard", "activate", { version: "v9" })).status).toBe(404);
    expect((await rollout("mf-dashboard", "canary", { version: "v2", share: 0 })).status).toBe(422);
    expect((await rollout("mf-dashboard", "canary", { version: "v2", share: 101 })).status).toBe(422);
    expect((await rollout("mf-dashboard", "canary", { version: "v2", share: 12.5 })).status).toBe(422);
    const promote = await rollout("mf-dashboard", "promote", {});
    expect(promote.status).toBe(409);
    expect<unknown>(promote.body).toEqual({
      code: "rollout-no-canary",
      message: "Für diesen Bereich läuft kein Canary.",
    });
    expect((await rollout("mf-dashboard", "activate", { version: "v1" })).status).toBe(409);
    // A canary before any active release: the files remote has none.
    const first = await upload(filesKey.secret, "mf-files", "f1", await releaseArchive("files", "f1"));
    expect(first.status).toBe(201);
    const early = await rollout("mf-files", "canary", { version: "f1", share: 10 }, filesKey.secret);
    expect(early.status).toBe(409);
    expect<unknown>(early.body).toEqual({
      code: "rollout-no-active-release",
      message: "Für diesen Bereich ist noch kein Release aktiv. Zuerst ein Release aktivieren.",
    });
  });
});

describe("who may release", () => {
  test("a key for mf-files cannot release or roll out mf-dashboard (403)", async () => {
    const answer = await upload(filesKey.secret, "mf-dashboard", "v5", await releaseArchive("dashboard", "v5"));
    expect(answer.status).toBe(403);
    expect<unknown>(answer.body).toEqual({
      code: "deploy-key-wrong-remote",
      message: "Dieser Schlüssel gilt nur für einen anderen Bereich.",
    });
    for (const action of ["activate", "canary", "promote", "stop"]) {
      const refused = await rollout("mf-dashboard", action, { version: "v2", share: 10 }, filesKey.secret);
      expect(refused.status).toBe(403);
    }
  });

  test("staff, a revoked key and an unknown key are refused; admins may do everything", async () => {
    expect((await upload(staff.token, "mf-dashboard", "v6", await releaseArchive("dashboard", "v6"))).status).toBe(403);
    const { key, secret } = await createKey("mf-dashboard", "Wegwerf");
    expect((await call(appA, `/api/deploy-keys/${key.id}`, { method: "DELETE", token: owner.token })).status).toBe(204);
    const revoked = await upload(secret, "mf-dashboard", "v6", await releaseArchive("dashboard", "v6"));
    expect(revoked.status).toBe(401);
    expect<unknown>(revoked.body).toEqual({
      code: "deploy-key-revoked",
      message: "Dieser Schlüssel wurde widerrufen.",
    });
    expect((await upload("kwdk_unbekannt", "mf-dashboard", "v6", await releaseArchive("dashboard", "v6"))).status).toBe(
      401,
    );
    const byAdmin = await upload(owner.token, "mf-dashboard", "v6", await releaseArchive("dashboard", "v6"));
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.release.released_by).toBe(owner.name);
  });

  test("deploy keys: the secret once, stored hashed, named, last use shown", async () => {
    const keys = await callJson<{ keys: DeployKey[] }>(appA, "/api/deploy-keys", { token: owner.token });
    const listed = keys.body.keys.find((key) => key.id === dashboardKey.key.id);
    expect(listed).toMatchObject({ name: "CI Dashboard", remote: "dashboard", revoked_at: null });
    expect(listed?.last_used_at).not.toBeNull();
    expect(JSON.stringify(keys.body)).not.toContain(dashboardKey.secret);
    expect(dashboardKey.secret.startsWith(listed?.hint ?? "-")).toBe(true);
    const [row] = await db.sql<
      { secret_sha256: string }[]
    >`select secret_sha256 from deploy_keys where id = ${dashboardKey.key.id}`;
    expect(row?.secret_sha256).toBe(new Bun.CryptoHasher("sha256").update(dashboardKey.secret).digest("hex"));
    expect((await callJson(appA, "/api/deploy-keys", { token: staff.token })).status).toBe(403);
    expect((await callJson(appA, "/api/deploy-keys", { token: dashboardKey.secret })).status).toBe(401);
    expect(
      (await callJson(appA, "/api/deploy-keys", { token: owner.token, json: { remote: "mf-x", name: "a" } })).status,
    ).toBe(422);
    expect(
      (await callJson(appA, "/api/deploy-keys", { token: owner.token, json: { remote: "mf-files", name: " " } }))
        .status,
    ).toBe(422);
  });
});

describe("external releases", () => {
  test("a manifest URL that is not https is a 422, nothing stored", async () => {
    const rowsBefore = await releaseRows();
    for (const url of [
      "http://cdn.example.com/mf-manifest.json",
      "ftp://x/y",
      "kein link",
      "https://user:pw@cdn.example.com/m.json",
    ]) {
      const answer = await callJson(appA, "/api/releases", {
        token: dashboardKey.secret,
        json: { remote: "mf-dashboard", version: "ext-1", manifest_url: url },
      });
      expect(answer.status).toBe(422);
      expect<unknown>(answer.body).toEqual({
        code: "validation",
        message: "Die Adresse des Manifests muss mit https:// beginnen.",
      });
    }
    expect(await releaseRows()).toBe(rowsBefore);
  });

  test("an https manifest is checked like an upload; activated, the CSP allows its origin", async () => {
    const url = "https://cdn.example.com/dashboard/7/mf-manifest.json";
    cdn.set(url, releaseManifest("dashboard", { kitSurface: "0.9.0-s00000000" }));
    const refused = await callJson(appA, "/api/releases", {
      token: dashboardKey.secret,
      json: { remote: "mf-dashboard", version: "ext-1", manifest_url: url },
    });
    expect(refused.status).toBe(409);
    cdn.set(url, releaseManifest("dashboard"));
    const answer = await callJson<{ release: Release }>(appA, "/api/releases", {
      token: dashboardKey.secret,
      json: { remote: "mf-dashboard", version: "ext-1", manifest_url: url, note: "Vom CDN" },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.release.kind).toBe("external");
    expect((await rollout("mf-dashboard", "activate", { version: "ext-1" })).status).toBe(200);
    await untilBServes("ext-1");
    expect((await registry()).mf_dashboard.entry).toBe(url);
    await mkdir(join(config.webRoot, "shell", "dist"), { recursive: true });
    await writeFile(join(config.webRoot, "shell", "dist", "index.html"), "<!doctype html><title>Shell</title>");
    const page = await call(appB, "/dashboard");
    expect(page.status).toBe(200);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self' https://cdn.example.com");
    expect(policy).toContain("connect-src 'self' https://cdn.example.com");
  });
});

describe("client errors", () => {
  const report = (json: unknown) => call(appB, "/api/client-errors", { json });

  test("bad input: unknown remote, missing fields (422)", async () => {
    expect(
      (await report({ remote: "mf-x", version: null, kind: "load", route: "/", message: "m", browser: "b" })).status,
    ).toBe(422);
    expect((await report({ remote: "mf-dashboard", kind: "load" })).status).toBe(422);
  });

  /** A report of exactly `bytes` bytes of JSON: its message `letter` repeated, the browser field filling up with ASCII. */
  function reportOfSize(bytes: number, letter: string, letters: number): string {
    const fields = {
      remote: "mf-dashboard",
      version: null,
      kind: "render",
      route: "/dashboard",
      message: "",
      browser: "",
    };
    const message = letter.repeat(letters);
    const rest = bytes - Buffer.byteLength(JSON.stringify({ ...fields, message }));
    if (rest < 0 || rest > 500) throw new Error(`no report of ${bytes} bytes with ${letters} × ${letter}`);
    return JSON.stringify({ ...fields, message, browser: "y".repeat(rest) });
  }

  async function storedReports(): Promise<number> {
    const [row] = await db.sql<{ count: number }[]>`select count(*)::int as count from client_errors`;
    return row?.count ?? 0;
  }

  test(`a report is held to ${clientErrorMaxBytes} bytes as received (an umlaut is two): one byte more is a 413, not stored`, async () => {
    const answers = await listening(appB, async (origin) => {
      const send = async (body: string) => {
        const before = await storedReports();
        const answer = await fetch(`${origin}/api/client-errors`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        return { status: answer.status, text: await answer.text(), stored: (await storedReports()) - before };
      };
      // 7 600 letters; 3 900 umlauts are 7 800 bytes but only 3 900 characters.
      return {
        ascii: await send(reportOfSize(clientErrorMaxBytes, "x", 7600)),
        asciiOver: await send(reportOfSize(clientErrorMaxBytes + 1, "x", 7600)),
        umlauts: await send(reportOfSize(clientErrorMaxBytes, "ä", 3900)),
        umlautsOver: await send(reportOfSize(clientErrorMaxBytes + 1, "ä", 3900)),
      };
    });
    const stored = { status: 204, text: "", stored: 1 };
    const refused = {
      status: 413,
      text: JSON.stringify({ code: "payload-too-large", message: "Die Anfrage ist zu groß." }),
      stored: 0,
    };
    expect(answers).toEqual({ ascii: stored, asciiOver: refused, umlauts: stored, umlautsOver: refused });
  });

  test("a canary whose errors exceed the active release's by more than 2 points is stopped, and every admin gets a mail", async () => {
    const answer = await upload(dashboardKey.secret, "mf-dashboard", "v7", await releaseArchive("dashboard", "v7"));
    expect(answer.status).toBe(201);
    expect((await rollout("mf-dashboard", "canary", { version: "v7", share: 30 })).status).toBe(200);
    // B judges the canary by what it knows of the rollout: it must have heard of this one.
    await untilBKnowsCanary();
    // Ten visitors of each release, each from a network of its own (a canary counts networks), load
    // it with its page load's ticket; two of the canary's fail (one network alone decides nothing).
    const listening = appB.listen({ port: 0, hostname: "127.0.0.1" });
    const baseB = `http://127.0.0.1:${listening.server?.port}`;
    const served = { "ext-1": [] as string[], v7: [] as string[] };
    for (let visitor = 0; served["ext-1"].length < 10 || served.v7.length < 10; visitor++) {
      const from = fromAddress(baseB, loopbackNetwork(visitor + 1));
      const entry = (await registry(from, `besucher-${String(visitor).padStart(4, "0")}`)).mf_dashboard;
      const tickets = entry.version === "v7" ? served.v7 : served["ext-1"];
      if (entry.ticket && tickets.length < 10) tickets.push(entry.ticket);
    }
    for (const [version, tickets] of Object.entries(served)) {
      for (const ticket of tickets) {
        const answer = await call(appB, "/api/client-loads", { json: { remote: "mf-dashboard", version, ticket } });
        expect(answer.status).toBe(204);
      }
    }
    for (const ticket of served.v7.slice(0, 2)) {
      const failed = {
        remote: "mf-dashboard",
        version: "v7",
        kind: "render",
        route: "/dashboard",
        message: "TypeError: kaputt",
        browser: "Chrome 140",
        ticket,
      };
      expect((await report(failed)).status).toBe(204);
    }
    // B stopped it; A shows the change once its feed has brought it (within the 1 s promised).
    const dashboardOnA = async () =>
      (await callJson<ReleasesOverview>(appA, "/api/releases", { token: owner.token })).body.remotes.find(
        (entry) => entry.rollout.remote === "dashboard",
      );
    const started = performance.now();
    let dashboard = await dashboardOnA();
    while (dashboard?.rollout.canary !== null && performance.now() - started < 1000) {
      await Bun.sleep(5);
      dashboard = await dashboardOnA();
    }
    expect(dashboard?.rollout.canary).toBeNull();
    expect(dashboard?.events[0]).toMatchObject({ action: "auto-stop", version: "v7", actor: "Automatisch" });
    expect(dashboard?.recent_errors[0]).toMatchObject({
      version: "v7",
      kind: "render",
      message: "TypeError: kaputt",
      ticketed: true,
    });
    const mails = await db.sql<{ to_address: string; subject: string }[]>`
      select to_address, subject from outbox where kind = 'canary-stopped'`;
    expect(mails.map((mail) => mail.to_address)).toContain(owner.email);
    expect(mails[0]?.subject).toBe("Canary v7 von mf-dashboard wurde automatisch gestoppt");
    expect((await registry(appA, "any-visitor-0001")).mf_dashboard.version).toBe("ext-1");
    await listening.stop();
  });
});
