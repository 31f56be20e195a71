// Releases end to end: two API processes of their own deployment (one database, one DATA_DIR as
// the blob store, the suite's real SMTP server), so the rollouts here change nothing for the
// other tests. A team releases mf-dashboard with `bun run release` against the running servers;
// visitors are real browser contexts whose /remotes.json and dashboard come from either process.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, type Browser, request as playwrightRequest } from "@playwright/test";
import postgres from "postgres";
import { waitForMail } from "../support/mailbox";
import { expect, test } from "../support/test";
import { signInThroughForm } from "../support/users";

const root = join(import.meta.dirname, "..", "..");
const databaseServer = process.env.E2E_DATABASE_URL;
const smtpUrl = process.env.E2E_SMTP_URL;
const admin = { name: "Rita Release", email: "rita.release@example.de", password: "Leuchtturm-Wanderung-im-Nebel-7" };
/**
 * How long a fresh browser context may take to show the dashboard's release (its screen, or the
 * fallback when it throws): the federation runtime, the remote's manifest, entry and chunks, and
 * the render, all on first load. On a loaded machine that took up to 17 s, past the 10 s default
 * of `expect`, while every answer was a 200 and the page got there in the end (as the other
 * suites allow a first remote screen: 30 s).
 */
const firstRemoteScreen = { timeout: 30_000 };

test.describe.configure({ mode: "serial" });
test.skip(!databaseServer || !smtpUrl, "needs the database server (two processes) and the suite's SMTP server");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface Deployment {
  urls: [string, string];
  stop(): Promise<void>;
}

async function startDeployment(): Promise<Deployment> {
  const serverUrl = new URL(databaseServer ?? "");
  const name = `klarwerk_e2e_releases_${randomBytes(4).toString("hex")}`;
  const adminSql = postgres(serverUrl.toString(), { max: 1, onnotice: () => {} });
  await adminSql.unsafe(`create database ${name}`);
  serverUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), "klarwerk-e2e-releases-"));
  const env = {
    ...process.env,
    NODE_ENV: "test",
    DATABASE_URL: serverUrl.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: smtpUrl,
    MAIL_FROM: "portal@klarwerk.test",
    TRUSTED_PROXIES: "127.0.0.1",
    BACKUP_SCHEDULE: "off",
    // Unset: the first account of the empty database becomes its owner (the admin below).
    OWNER_EMAIL: "",
    CANARY_MIN_LOADS: "4",
  };
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  for (let index = 0; index < 2; index++) {
    const port = await freePort();
    const child = spawn("bun", ["api/src/main.ts"], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: "ignore",
    });
    children.push(child);
    urls.push(`http://127.0.0.1:${port}`);
    // One after the other: the first applies the migrations.
    await expect(async () => expect((await fetch(`${urls[index]}/api/health`)).ok).toBe(true)).toPass({
      timeout: 30_000,
    });
  }
  return {
    urls: urls as [string, string],
    async stop() {
      for (const child of children) child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await adminSql.unsafe(`drop database if exists ${name} with (force)`);
      await adminSql.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let deployment: Deployment;
let adminToken: string;

async function api(base: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Authorization: `Bearer ${adminToken}` } });
}

async function createAdmin(base: string): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL: base });
  const registration = await context.post("/api/register", {
    data: { ...admin, confirmPassword: admin.password },
  });
  expect(registration.status(), await registration.text()).toBe(201);
  const login = await context.post("/api/login", { data: admin });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { token: string }).token;
  await context.dispose();
  return token;
}

/** `bun run release mf-dashboard …` against `base` with `key`: its exit code and what it printed. */
function releaseCommand(args: string[], key: string, base: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("bun", ["run", "release", "mf-dashboard", ...args], {
      cwd: root,
      env: { ...process.env, KLARWERK_URL: base, KLARWERK_DEPLOY_KEY: key },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * The release the dashboard of a fresh visitor `id` gets from `base`, as its browser asks; from an
 * address of its own (through the proxy the deployment trusts): tickets are limited per address.
 */
async function versionFor(base: string, visitor: string): Promise<string | null> {
  const address = `10.0.${[...visitor].reduce((sum, char) => (sum + char.charCodeAt(0)) % 250, 0)}.1`;
  const response = await fetch(`${base}/remotes.json?visitor=${visitor}`, {
    headers: { "x-forwarded-for": address },
  });
  expect(response.headers.get("cache-control")).toBe("no-store");
  return ((await response.json()) as { mf_dashboard: { version: string | null } }).mf_dashboard.version;
}

/** A browser visitor signed in as the admin on `base`: the dashboard renders from the release `version`. */
async function dashboardLoadsRelease(browser: Browser, base: string, version: string): Promise<void> {
  const context = await browser.newContext({ baseURL: base, locale: "de-DE" });
  const page = await context.newPage();
  const releaseFiles: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/remotes/mf-dashboard/releases/")) releaseFiles.push(request.url());
  });
  await signInThroughForm(page, admin);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible(firstRemoteScreen);
  expect(releaseFiles.some((url) => url.includes(`/releases/${version}/`))).toBe(true);
  await context.close();
}

test.beforeAll(async () => {
  deployment = await startDeployment();
  adminToken = await createAdmin(deployment.urls[0]);
});

test.afterAll(async () => {
  await deployment?.stop();
});

test("a team releases, canaries, promotes and rolls back mf-dashboard with its key; either process serves it", async ({
  browser,
}) => {
  // Two `bun run release --version` builds of mf-dashboard (a minute each on a loaded machine) and
  // two first dashboards in fresh browsers: it took 4.9 of the 5 minutes it had.
  test.setTimeout(480_000);
  const [a, b] = deployment.urls;
  const context = await api(a);
  const dashboardKey = await context.post("/api/deploy-keys", {
    data: { remote: "mf-dashboard", name: "Team Dashboard" },
  });
  expect(dashboardKey.status()).toBe(201);
  const { secret } = (await dashboardKey.json()) as { secret: string };
  const filesKey = (
    (await (await context.post("/api/deploy-keys", { data: { remote: "mf-files", name: "Team Dateien" } })).json()) as {
      secret: string;
    }
  ).secret;

  const v1 = await releaseCommand(["--version", "v1", "--note", "Erste", "--activate"], secret, a);
  expect(v1.code, v1.output).toBe(0);
  expect(v1.output).toContain("mf-dashboard: aktiv v1");
  await expect.poll(() => versionFor(b, "someone-00000001")).toBe("v1");
  await dashboardLoadsRelease(browser, b, "v1");

  // A key of mf-files cannot release mf-dashboard.
  const foreign = await releaseCommand(["--version", "v9"], filesKey, a);
  expect(foreign.code).toBe(1);
  expect(foreign.output).toContain("403: Dieser Schlüssel gilt nur für einen anderen Bereich.");

  const v2 = await releaseCommand(["--version", "v2", "--note", "Zweite", "--canary", "50"], secret, b);
  expect(v2.code, v2.output).toBe(0);
  const visitors = Array.from({ length: 24 }, (_, index) => `fresh-${randomBytes(6).toString("hex")}-${index}`);
  await expect.poll(async () => (await Promise.all(visitors.map((id) => versionFor(a, id)))).includes("v2")).toBe(true);
  const seen = await Promise.all(visitors.map((id) => versionFor(a, id)));
  expect(seen).toContain("v1");
  expect(seen).toContain("v2");
  for (const [index, id] of visitors.entries()) {
    expect(await versionFor(a, id)).toBe(seen[index]);
    expect(await versionFor(b, id)).toBe(seen[index]);
  }

  const promote = await releaseCommand(["--promote"], secret, a);
  expect(promote.code, promote.output).toBe(0);
  for (const base of [a, b]) await expect.poll(() => versionFor(base, visitors[0] ?? "")).toBe("v2");
  for (const id of visitors) expect(await versionFor(b, id)).toBe("v2");
  await dashboardLoadsRelease(browser, a, "v2");

  const rollback = await releaseCommand(["--rollback", "v1"], secret, b);
  expect(rollback.code, rollback.output).toBe(0);
  for (const base of [a, b]) await expect.poll(() => versionFor(base, visitors[0] ?? "")).toBe("v1");
  await context.dispose();
});

test("a release built against another kit surface is refused with 409 and changes nothing", async () => {
  const [a, b] = deployment.urls;
  const context = await api(a);
  const dist = join(root, "mf-dashboard", "dist");
  const manifest = JSON.parse(readFileSync(join(dist, "mf-manifest.json"), "utf8")) as {
    shared: { name: string; version: string; requiredVersion?: string }[];
  };
  for (const shared of manifest.shared) {
    if (shared.name.startsWith("@klarwerk/kit/")) shared.version = "0.0.1-s00000000";
  }
  const archive = await tarOf({
    "mf-manifest.json": JSON.stringify(manifest),
    "remoteEntry.js": readFileSync(join(dist, "remoteEntry.js")),
  });
  const answer = await context.post("/api/releases/upload?remote=mf-dashboard&version=v-fremd", {
    headers: { "Content-Type": "application/octet-stream" },
    data: archive,
  });
  expect(answer.status()).toBe(409);
  expect(((await answer.json()) as { message: string }).message).toContain("Kit-Oberfläche 0.0.1-s00000000");
  expect(await versionFor(b, "someone-00000001")).toBe("v1");
  await context.dispose();
});

test("a canary whose remote throws on render is stopped by itself, and the admin's mail arrives", async ({
  browser,
}) => {
  // Up to five visitors, each signing in and waiting up to `firstRemoteScreen` for the fallback.
  test.setTimeout(300_000);
  const [a, b] = deployment.urls;
  const context = await api(a);
  // The built dashboard, with the welcome line throwing when the screen renders.
  const dist = join(root, "mf-dashboard", "dist");
  const files: Record<string, Buffer | string> = {};
  const walk = (dir: string, prefix = ""): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (!/\.(br|gz)$/.test(entry.name)) files[`${prefix}${entry.name}`] = readFileSync(join(dir, entry.name));
    }
  };
  walk(dist);
  let broken = 0;
  for (const [path, bytes] of Object.entries(files)) {
    const text = bytes.toString();
    if (path.endsWith(".js") && text.includes("Willkommen, ")) {
      files[path] = text.replace(/welcome:/g, 'welcome:()=>{throw new Error("Canary kaputt")},welcomeBefore:');
      broken++;
    }
  }
  expect(broken).toBeGreaterThan(0);
  const upload = await context.post("/api/releases/upload?remote=mf-dashboard&version=v3-kaputt", {
    headers: { "Content-Type": "application/octet-stream" },
    data: await tarOf(files),
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const canary = await context.post("/api/releases/mf-dashboard/canary", {
    data: { version: "v3-kaputt", share: 100 },
  });
  expect(canary.status(), await canary.text()).toBe(200);

  // Visitors of the canary, each from a network of its own (a canary counts networks): the screen
  // throws, the shell reports it with the version.
  const onB = await api(b);
  for (let visit = 0; visit < 5; visit++) {
    const visitor = await browser.newContext({
      baseURL: b,
      locale: "de-DE",
      extraHTTPHeaders: { "x-forwarded-for": `10.1.${visit}.1` },
    });
    const page = await visitor.newPage();
    // Bounded by the fallback's wait below and the test's timeout.
    const report = page.waitForResponse(
      (response) => response.url().endsWith("/api/client-errors") && response.request().method() === "POST",
      { timeout: 0 },
    );
    await signInThroughForm(page, admin);
    await expect(page.getByRole("alert").getByText("Dieser Bereich konnte nicht geladen werden.")).toBeVisible(
      firstRemoteScreen,
    );
    // The page stays open until its report was answered, as a visitor's would: closed at once, the
    // report could be cut off, and the canary judged before it counted.
    expect((await report).status()).toBe(204);
    await visitor.close();
    // Asked of b, which judged the report and forgot its rollouts at once (a hears it by NOTIFY):
    // stopped, the next visitor would get v1 and no fallback.
    const overview = (await (await onB.get("/api/releases")).json()) as {
      remotes: { rollout: { remote: string; canary: { version: string } | null } }[];
    };
    if (overview.remotes.find((entry) => entry.rollout.remote === "dashboard")?.rollout.canary === null) break;
  }
  await onB.dispose();
  await expect
    .poll(async () => {
      const overview = (await (await context.get("/api/releases")).json()) as {
        remotes: { rollout: { remote: string; canary: unknown }; events: { action: string }[] }[];
      };
      return overview.remotes.find((entry) => entry.rollout.remote === "dashboard")?.events[0]?.action;
    })
    .toBe("auto-stop");
  expect(await versionFor(a, "someone-00000001")).toBe("v1");
  const mail = await waitForMail(admin.email, (candidate) => candidate.subject.includes("v3-kaputt"));
  expect(mail.subject).toBe("Canary v3-kaputt von mf-dashboard wurde automatisch gestoppt");
  await context.dispose();
});

/** A tar.gz through Bun (the command's own packing), since Node has no tar writer. */
async function tarOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), "klarwerk-e2e-tar-"));
  const input = join(dir, "files.json");
  const output = join(dir, "release.tgz");
  const encoded = Object.fromEntries(
    Object.entries(files).map(([path, value]) => [path, Buffer.from(value).toString("base64")]),
  );
  writeFileSync(input, JSON.stringify(encoded));
  await promisify(execFile)(
    "bun",
    [
      "-e",
      `const f = JSON.parse(await Bun.file(${JSON.stringify(input)}).text()); const o = {}; for (const [k, v] of Object.entries(f)) o[k] = Buffer.from(v, "base64"); await Bun.write(${JSON.stringify(output)}, await new Bun.Archive(o, { compress: "gzip" }).blob());`,
    ],
    { cwd: root },
  );
  const bytes = readFileSync(output);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}
