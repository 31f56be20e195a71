// What a holder of a deploy key can and cannot do beyond releasing its own remote: widen the
// pages' Content-Security-Policy, scan the network through the manifest fetch, go unrecorded
// when refused, send the key in clear.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AuditEvent, DeployKey, RemoteName } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { postgresRateLimits } from "../../src/http/rate-limit.ts";
import { externalManifestFetcher, isRefusedAddress, maxManifestBytes } from "../../src/modules/releases/external.ts";
import { deployKeyRefusalLimit } from "../../src/modules/releases/service.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { runPackageScript } from "../support/commands.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson, overHttp } from "../support/http.ts";
import { releaseManifest, uploadRelease } from "../support/releases.ts";
import { testCertificate } from "../support/smtp.ts";
import { type SignedInUser, signedInOwner } from "../support/users.ts";

describe("bun run release", () => {
  const key = "kwdk_geheim-nicht-im-klartext";
  const promoted = {
    rollout: { remote: "dashboard", active: { version: "v1" }, canary: null, canary_share: 0, previous: null },
  };
  const seen: string[] = [];
  const local = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      seen.push(request.headers.get("authorization") ?? "");
      return Response.json(promoted);
    },
  });
  afterAll(() => local.stop(true));

  test("refuses an http:// KLARWERK_URL of another host: German message, exit code 1, nothing sent", async () => {
    for (const url of ["http://portal.example.com", "HTTP://192.0.2.10:3000", "http://localhost.example.com"]) {
      const run = await runPackageScript("release", ["mf-dashboard", "--promote"], {
        ...process.env,
        KLARWERK_URL: url,
        KLARWERK_DEPLOY_KEY: key,
      });
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        "KLARWERK_URL muss mit https:// beginnen: über http:// ginge der Schlüssel unverschlüsselt durchs Netz (http:// nur für localhost, 127.0.0.1 und ::1).",
      );
    }
    expect(seen).toEqual([]);
  });

  test("takes http:// for localhost and 127.0.0.1 (a deployment on this machine)", async () => {
    for (const host of ["127.0.0.1", "localhost"]) {
      const run = await runPackageScript("release", ["mf-dashboard", "--promote"], {
        ...process.env,
        KLARWERK_URL: `http://${host}:${local.port}`,
        KLARWERK_DEPLOY_KEY: key,
      });
      expect(run.output).not.toContain("KLARWERK_URL muss");
      expect(run.code).toBe(0);
    }
    expect(seen).toEqual([`Bearer ${key}`, `Bearer ${key}`]);
    const loopback6 = await runPackageScript("release", ["mf-dashboard", "--promote"], {
      ...process.env,
      KLARWERK_URL: "http://[::1]:1",
      KLARWERK_DEPLOY_KEY: key,
    });
    expect(loopback6.output).not.toContain("KLARWERK_URL muss");
  });
});

describe.each(testDatabaseKinds())("refused uses of a deploy key (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let owner: SignedInUser;
  let filesKey: { key: DeployKey; secret: string };
  let dashboardKey: { key: DeployKey; secret: string };
  const config = testConfig();

  async function createKey(remote: string, name: string): Promise<{ key: DeployKey; secret: string }> {
    const answer = await callJson<{ key: DeployKey; secret: string }>(app, "/api/deploy-keys", {
      token: owner.token,
      json: { remote, name },
    });
    expect(answer.status).toBe(201);
    return answer.body;
  }

  async function lastUse(id: number): Promise<string | null> {
    const answer = await callJson<{ keys: DeployKey[] }>(app, "/api/deploy-keys", { token: owner.token });
    return answer.body.keys.find((key) => key.id === id)?.last_used_at ?? null;
  }

  /** The trail's refusals, newest first, as the Protokoll lists them. */
  async function refusals(): Promise<AuditEvent[]> {
    const answer = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?action=deploy_key.refused", {
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    return answer.body.events;
  }

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, config, { rateLimits: unlimitedRateLimits });
    owner = await signedInOwner(app);
    filesKey = await createKey("mf-files", "CI Dateien");
    dashboardKey = await createKey("mf-dashboard", "CI Dashboard");
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
    await rm(join(config.dataDir, ".."), { recursive: true, force: true });
  });

  test("another remote's key: 403, an event naming the key, the remote asked for and the reason; no last use", async () => {
    const answer = await callJson(app, "/api/releases/mf-dashboard/promote", { token: filesKey.secret, json: {} });
    expect(answer.status).toBe(403);
    expect<unknown>(answer.body).toEqual({
      code: "deploy-key-wrong-remote",
      message: "Dieser Schlüssel gilt nur für einen anderen Bereich.",
    });
    const [event] = await refusals();
    expect(event).toMatchObject({
      actor_kind: "deploy_key",
      actor_id: filesKey.key.id,
      actor_name: "Schlüssel „CI Dateien“",
      object_type: "deploy_key",
      object_id: String(filesKey.key.id),
      fields: ["remote", "reason"],
      changes: {
        remote: { before: null, after: "mf-dashboard" },
        reason: { before: null, after: "deploy-key-wrong-remote" },
      },
    });
    expect(JSON.stringify(event)).not.toContain(filesKey.secret);
    expect(await lastUse(filesKey.key.id)).toBeNull();
  });

  test("a revoked key: 401, an event naming the key; its last use stays as it was", async () => {
    const { key, secret } = await createKey("mf-dashboard", "Wegwerf");
    expect((await call(app, `/api/deploy-keys/${key.id}`, { method: "DELETE", token: owner.token })).status).toBe(204);
    const answer = await callJson(app, "/api/releases/mf-dashboard/stop", { token: secret, json: {} });
    expect(answer.status).toBe(401);
    expect<unknown>(answer.body).toEqual({ code: "deploy-key-revoked", message: "Dieser Schlüssel wurde widerrufen." });
    const [event] = await refusals();
    expect(event).toMatchObject({
      actor_kind: "deploy_key",
      actor_id: key.id,
      object_id: String(key.id),
      changes: {
        remote: { before: null, after: "mf-dashboard" },
        reason: { before: null, after: "deploy-key-revoked" },
      },
    });
    expect(JSON.stringify(event)).not.toContain(secret);
    expect(await lastUse(key.id)).toBeNull();
  });

  test("an unknown key: 401, an event without key or key material", async () => {
    const secret = "kwdk_unbekannt-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const answer = await callJson(app, "/api/releases/mf-files/promote", { token: secret, json: {} });
    expect(answer.status).toBe(401);
    expect<unknown>(answer.body).toEqual({ code: "deploy-key-invalid", message: "Dieser Schlüssel ist ungültig." });
    const [event] = await refusals();
    expect(event).toMatchObject({
      actor_kind: "visitor",
      actor_id: null,
      object_type: "deploy_key",
      object_id: null,
      changes: {
        remote: { before: null, after: "mf-files" },
        reason: { before: null, after: "deploy-key-invalid" },
      },
    });
    const recorded = JSON.stringify(event);
    expect(recorded).not.toContain("unbekannt");
    expect(recorded).not.toContain(new Bun.CryptoHasher("sha256").update(secret).digest("hex"));
  });

  test("the last use is recorded when the key is taken for its own remote, not before", async () => {
    expect(await lastUse(dashboardKey.key.id)).toBeNull();
    await uploadRelease(app, dashboardKey.secret, "dashboard", "v1", "eins");
    expect(await lastUse(dashboardKey.key.id)).not.toBeNull();
  });
});

describe.each(testDatabaseKinds())("external releases and the pages' Content-Security-Policy (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let owner: SignedInUser;
  let dashboardKey: { key: DeployKey; secret: string };
  let marketingKey: { key: DeployKey; secret: string };
  const portalCdn = "https://cdn.example.com";
  const marketingCdn = "https://marketing-cdn.example.com";
  const config = testConfig({ RELEASE_ORIGINS: `${portalCdn}, ${marketingCdn}` });
  /** Every manifest the API fetched (the CDN answers by the remote the path names). */
  const fetched: string[] = [];
  const fetchManifest = async (url: string) => {
    fetched.push(url);
    const remote = new URL(url).pathname.split("/")[1] as RemoteName;
    return releaseManifest(remote);
  };
  const shell = join(config.webRoot, "shell", "dist");

  async function createKey(remote: string): Promise<{ key: DeployKey; secret: string }> {
    const answer = await callJson<{ key: DeployKey; secret: string }>(app, "/api/deploy-keys", {
      token: owner.token,
      json: { remote, name: `CI ${remote}` },
    });
    expect(answer.status).toBe(201);
    return answer.body;
  }

  async function releaseRows(): Promise<number> {
    const [row] = await db.sql<{ count: number }[]>`select count(*)::int as count from releases`;
    return row?.count ?? 0;
  }

  async function policyOf(on: App, path: string): Promise<string> {
    const page = await call(on, path);
    expect(page.status).toBe(200);
    return page.headers.get("content-security-policy") ?? "";
  }

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, config, { rateLimits: unlimitedRateLimits, fetchManifest });
    owner = await signedInOwner(app);
    dashboardKey = await createKey("mf-dashboard");
    marketingKey = await createKey("mf-marketing");
    // The shell's build: index.html for the portal's routes, the prerendered public pages.
    await mkdir(join(shell, "prerendered"), { recursive: true });
    await writeFile(join(shell, "index.html"), "<!doctype html><title>Portal</title>");
    for (const page of ["index", "about", "login"])
      await writeFile(join(shell, "prerendered", `${page}.html`), `<!doctype html><title>${page}</title>`);
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
    await rm(join(config.dataDir, ".."), { recursive: true, force: true });
  });

  test("a manifest on an origin RELEASE_ORIGINS does not list: 422 naming the rule, nothing fetched or stored", async () => {
    const rowsBefore = await releaseRows();
    for (const url of [
      "https://attacker.example.org/dashboard/mf-manifest.json",
      "https://cdn.example.com:8443/dashboard/mf-manifest.json",
      "https://sub.cdn.example.com/dashboard/mf-manifest.json",
      "https://127.0.0.1/dashboard/mf-manifest.json",
    ]) {
      const answer = await callJson(app, "/api/releases", {
        token: dashboardKey.secret,
        json: { remote: "mf-dashboard", version: "ext-fremd", manifest_url: url },
      });
      expect(answer.status).toBe(422);
      expect<unknown>(answer.body).toEqual({
        code: "release-origin-not-allowed",
        message: `Releases von ${new URL(url).origin} sind nicht freigegeben: externe Releases dürfen nur von Adressen kommen, die ein Admin in RELEASE_ORIGINS eingetragen hat.`,
      });
    }
    expect(fetched).toEqual([]);
    expect(await releaseRows()).toBe(rowsBefore);
  });

  test("a portal remote's release origin is in the portal's pages only; marketing's in every page", async () => {
    const register = (token: string, remote: string, origin: string) =>
      callJson(app, "/api/releases", {
        token,
        json: { remote: `mf-${remote}`, version: "ext-1", manifest_url: `${origin}/${remote}/mf-manifest.json` },
      });
    expect((await register(dashboardKey.secret, "dashboard", portalCdn)).status).toBe(201);
    expect((await register(marketingKey.secret, "marketing", marketingCdn)).status).toBe(201);
    for (const [remote, token] of [
      ["mf-dashboard", dashboardKey.secret],
      ["mf-marketing", marketingKey.secret],
    ] as const) {
      const activated = await callJson(app, `/api/releases/${remote}/activate`, { token, json: { version: "ext-1" } });
      expect(activated.status).toBe(200);
    }
    for (const path of ["/dashboard", "/customers/7", "/password-reset"]) {
      const policy = await policyOf(app, path);
      for (const directive of ["script-src", "style-src", "img-src", "font-src", "connect-src"]) {
        expect(policy).toContain(`${directive} 'self' ${marketingCdn} ${portalCdn}`);
      }
    }
    for (const path of ["/", "/about", "/login"]) {
      const policy = await policyOf(app, path);
      expect(policy).not.toContain(portalCdn);
      expect(policy).toContain(`script-src 'self' ${marketingCdn}`);
      expect(policy).toContain(`connect-src 'self' ${marketingCdn}`);
    }
  });

  test("an origin taken off RELEASE_ORIGINS leaves every page's policy, though a release still names it", async () => {
    const narrowed = createTestApp(db.sql, testConfig({ WEB_ROOT: config.webRoot, RELEASE_ORIGINS: marketingCdn }), {
      rateLimits: unlimitedRateLimits,
      fetchManifest,
    });
    expect(await policyOf(narrowed, "/dashboard")).not.toContain(portalCdn);
    expect(await policyOf(narrowed, "/dashboard")).toContain(marketingCdn);
  });
});

/** The one answer to every manifest the API could not fetch: no status, error code or body of the target. */
const unreachable = {
  code: "release-manifest-unreachable",
  message:
    "Das Manifest konnte nicht geladen werden. Bitte prüfen: erreichbar über https mit gültigem Zertifikat, Antwort 200 ohne Weiterleitung, höchstens 1 MiB.",
};

describe.each(testDatabaseKinds())("the manifest fetch is no scanner (%s)", (kind) => {
  const certificate = testCertificate();
  /** A manifest of mf-dashboard padded with JSON whitespace to exactly `size` bytes. */
  const padded = (size: number) => {
    const text = releaseManifest("dashboard");
    return text + " ".repeat(size - Buffer.byteLength(text));
  };
  /** What the endless server has sent, and whether its body was cancelled (the connection went). */
  const endless = { sent: 0, cancelled: false };
  const requests: string[] = [];
  const tls = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    tls: certificate,
    fetch(request) {
      const path = new URL(request.url).pathname;
      requests.push(path);
      if (path === "/status-500") return new Response('{"name":"interner-dienst"}', { status: 500 });
      if (path === "/status-404") return new Response("nicht da", { status: 404 });
      if (path === "/other-name") return Response.json({ name: "interner-dienst-xyz", metaData: {} });
      if (path === "/exact") return new Response(padded(maxManifestBytes));
      if (path === "/one-over") {
        // Chunked: no length declared, counted as it arrives.
        const bytes = new TextEncoder().encode(padded(maxManifestBytes + 1));
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let start = 0; start < bytes.byteLength; start += 64 * 1024)
              controller.enqueue(bytes.slice(start, start + 64 * 1024));
            controller.close();
          },
        });
        return new Response(body);
      }
      if (path === "/declared-over")
        return new Response(padded(maxManifestBytes + 1), {
          headers: { "content-length": String(maxManifestBytes + 1) },
        });
      if (path === "/endless") {
        const chunk = new Uint8Array(64 * 1024).fill(32);
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            endless.sent += chunk.byteLength;
            controller.enqueue(chunk);
          },
          cancel() {
            endless.cancelled = true;
          },
        });
        return new Response(body, { headers: { "content-type": "application/json" } });
      }
      return new Response("?", { status: 404 });
    },
  });
  // A server that speaks plain HTTP where the URL says https.
  const plain = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ name: "klartext" }) });
  // A server that takes the connection and drops it at once.
  const resetting = Bun.listen({
    port: 0,
    hostname: "127.0.0.1",
    socket: { open: (socket) => void socket.end(), data: () => {} },
  });
  // A port nobody listens on.
  const closedPort = (() => {
    const probe = Bun.listen({ port: 0, hostname: "127.0.0.1", socket: { data: () => {} } });
    const port = probe.port;
    probe.stop(true);
    return port;
  })();
  const origins = {
    tls: `https://localhost:${tls.port}`,
    plain: `https://localhost:${plain.port}`,
    resetting: `https://localhost:${resetting.port}`,
    closed: `https://localhost:${closedPort}`,
  };
  const config = testConfig({ RELEASE_ORIGINS: Object.values(origins).join(",") });
  let db: TestDatabase;
  /** As tests run it: the local servers are allowed although they are on the loopback address. */
  let app: App;
  /** As `bun start` runs it: loopback, private and link-local addresses refused. */
  let guarded: App;
  let owner: SignedInUser;
  let key: string;
  let version = 0;

  const register = (on: App, url: string) =>
    callJson(on, "/api/releases", {
      token: key,
      json: { remote: "mf-dashboard", version: `ext-${++version}`, manifest_url: url },
    });

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, config, {
      rateLimits: unlimitedRateLimits,
      fetchManifest: externalManifestFetcher({ allowPrivateAddresses: true, ca: certificate.cert }),
    });
    guarded = createTestApp(db.sql, config, {
      rateLimits: unlimitedRateLimits,
      fetchManifest: externalManifestFetcher({ ca: certificate.cert }),
    });
    owner = await signedInOwner(app);
    const created = await callJson<{ secret: string }>(app, "/api/deploy-keys", {
      token: owner.token,
      json: { remote: "mf-dashboard", name: "CI" },
    });
    key = created.body.secret;
  }, 60_000);
  afterAll(async () => {
    tls.stop(true);
    plain.stop(true);
    resetting.stop(true);
    await db?.drop();
    await rm(join(config.dataDir, ".."), { recursive: true, force: true });
  });

  test("a closed port, a port without TLS, a server that drops the connection, a 404 and a 500: one identical answer", async () => {
    for (const url of [
      `${origins.closed}/mf-manifest.json`,
      `${origins.plain}/mf-manifest.json`,
      `${origins.resetting}/mf-manifest.json`,
      `${origins.tls}/status-404`,
      `${origins.tls}/status-500`,
    ]) {
      const answer = await register(app, url);
      expect(answer.status).toBe(409);
      expect<unknown>(answer.body).toEqual(unreachable);
    }
  });

  test("another service's JSON: its name is not echoed", async () => {
    const answer = await register(app, `${origins.tls}/other-name`);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("release-manifest-wrong-remote");
    expect(JSON.stringify(answer.body)).not.toContain("interner-dienst");
  });

  test(`exactly ${maxManifestBytes} bytes are taken; one more, declared or not, is refused`, async () => {
    expect((await register(app, `${origins.tls}/exact`)).status).toBe(201);
    for (const path of ["/one-over", "/declared-over"]) {
      const answer = await register(app, `${origins.tls}${path}`);
      expect(answer.status).toBe(409);
      expect<unknown>(answer.body).toEqual(unreachable);
    }
  });

  test("an endless body: the fetch stops once past 1 MiB and the connection is closed", async () => {
    const answer = await register(app, `${origins.tls}/endless`);
    expect(answer.status).toBe(409);
    expect<unknown>(answer.body).toEqual(unreachable);
    const deadline = Date.now() + 5000;
    while (!endless.cancelled && Date.now() < deadline) await Bun.sleep(10);
    expect(endless.cancelled).toBe(true);
    const sent = endless.sent;
    await Bun.sleep(200);
    expect(endless.sent).toBe(sent);
  });

  test("as `bun start` fetches: a listed origin on the loopback address is refused alike, before a request", async () => {
    const before = requests.length;
    const answer = await register(guarded, `${origins.tls}/exact`);
    expect(answer.status).toBe(409);
    expect<unknown>(answer.body).toEqual(unreachable);
    expect(requests.length).toBe(before);
  });
});

test("the addresses a manifest is never fetched from, at the edges of each range", () => {
  const refused = [
    "127.0.0.1",
    "127.255.255.255",
    "10.0.0.0",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "::1",
    "::",
    "fc00::1",
    "fdff:ffff::1",
    "fe80::1",
    "febf::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
  ];
  const allowed = [
    "172.15.255.255",
    "172.32.0.0",
    "11.0.0.1",
    "192.169.0.1",
    "169.255.0.1",
    "93.184.215.14",
    "fec0::1",
    "2a00:1450::1",
    "::ffff:93.184.215.14",
  ];
  for (const address of refused) expect([address, isRefusedAddress(address)]).toEqual([address, true]);
  for (const address of allowed) expect([address, isRefusedAddress(address)]).toEqual([address, false]);
});

describe.each(testDatabaseKinds())("refused key uses are limited per address (%s)", (kind) => {
  // Two API processes on one database behind a proxy they trust, counting in the database.
  let db: TestDatabase;
  const processes: App[] = [];
  const config = testConfig({ TRUSTED_PROXIES: "127.0.0.1" });

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    for (const sql of [db.sql, await db.connectAgain()]) {
      processes.push(
        createTestApp(sql, config, { rateLimits: postgresRateLimits(sql) }).listen({ port: 0, hostname: "127.0.0.1" }),
      );
    }
  }, 60_000);
  afterAll(async () => {
    for (const process of processes) await process.stop();
    await db?.drop();
    await rm(join(config.dataDir, ".."), { recursive: true, force: true });
  });

  /** A promote with an unknown key, from `address`, to process `index % 2`. */
  async function promoteWithUnknownKey(index: number, address: string) {
    const instance = processes[index % processes.length];
    const response = await fetch(`http://127.0.0.1:${instance?.server?.port}/api/releases/mf-dashboard/promote`, {
      method: "POST",
      headers: { authorization: "Bearer kwdk_geraten", "x-forwarded-for": address },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  async function refusalEvents(): Promise<number> {
    const [row] = await db.sql<{ events: number }[]>`
      select count(*)::int as events from audit_events where action = 'deploy_key.refused'`;
    return row?.events ?? 0;
  }

  test(`${deployKeyRefusalLimit.max} refusals from one address are recorded; the next is a German 429 and is not; another address still is`, async () => {
    for (let index = 0; index < deployKeyRefusalLimit.max; index++) {
      expect((await promoteWithUnknownKey(index, "203.0.113.40")).status).toBe(401);
    }
    expect(await refusalEvents()).toBe(deployKeyRefusalLimit.max);
    const over = await promoteWithUnknownKey(deployKeyRefusalLimit.max, "203.0.113.40");
    expect(over).toEqual({
      status: 429,
      body: {
        code: "rate-limited",
        message: "Zu viele abgewiesene Schlüssel von dieser Adresse. Bitte später erneut versuchen.",
      },
    });
    expect(await refusalEvents()).toBe(deployKeyRefusalLimit.max);
    expect((await promoteWithUnknownKey(0, "203.0.113.41")).status).toBe(401);
    expect(await refusalEvents()).toBe(deployKeyRefusalLimit.max + 1);
  });

  test("every refused use (unknown, revoked, another remote's key) is in the trail with the caller's address, in the CSV too", async () => {
    const base = `http://127.0.0.1:${processes[1]?.server?.port}`;
    const owner = await signedInOwner(overHttp(`http://127.0.0.1:${processes[0]?.server?.port}`));
    const created = async (remote: string, name: string) => {
      const answer = await fetch(`${base}/api/deploy-keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
        body: JSON.stringify({ remote, name }),
      });
      expect(answer.status).toBe(201);
      return (await answer.json()) as { key: DeployKey; secret: string };
    };
    const revoked = await created("mf-dashboard", "Widerrufen");
    const revoke = await fetch(`${base}/api/deploy-keys/${revoked.key.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(revoke.status).toBe(204);
    const other = await created("mf-files", "Anderer Bereich");
    const uses = [
      { secret: "kwdk_geraten-von-weit-weg", address: "198.51.100.23", status: 401 },
      { secret: revoked.secret, address: "198.51.100.24", status: 401 },
      { secret: other.secret, address: "2001:db8:5:6::7", status: 403 },
    ];
    for (const use of uses) {
      const response = await fetch(`${base}/api/releases/mf-dashboard/promote`, {
        method: "POST",
        headers: { authorization: `Bearer ${use.secret}`, "x-forwarded-for": use.address },
      });
      expect(response.status).toBe(use.status);
    }
    const rows = await db.sql<{ client_address: string | null }[]>`
      select client_address from audit_events where action = 'deploy_key.refused' order by seq desc limit 3`;
    expect(rows.map((row) => row.client_address)).toEqual(uses.map((use) => use.address).reverse());
    const csv = await fetch(`${base}/api/audit/export.csv?action=deploy_key.refused`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    const address = lines[0]?.split(";").indexOf('"Adresse"') ?? -1;
    expect(address).toBeGreaterThan(-1);
    const addresses = lines.slice(1, 4).map((line) => line.split(";")[address]);
    expect(addresses).toEqual(uses.map((use) => `"${use.address}"`).reverse());
  });
});
