// A canary's analysis strangers cannot steer: two API processes on one database, listening on
// ports behind a proxy they trust (this test), so each report says which address it comes from.
// Only reports with a fresh, signed ticket from /remotes.json count, each network once (a visitor
// here has a /24 of its own: canary-networks.test.ts has what one network can do).
import { afterAll, describe, expect, test } from "bun:test";
import type { ReleasesOverview, RemoteRegistry } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { overHttp } from "../support/http.ts";
import { releaseManifest } from "../support/releases.ts";
import { signedInOwner } from "../support/users.ts";

const minVisitors = 10;
const db = await createTestDatabase();
const config = testConfig({
  CANARY_MIN_LOADS: String(minVisitors),
  TRUSTED_PROXIES: "127.0.0.1",
  RELEASE_ORIGINS: "https://cdn.example.com",
});
const cdn = new Map<string, string>();
const fetchManifest = async (url: string) => {
  const text = cdn.get(url);
  if (text === undefined) throw new Error("HTTP 404");
  return text;
};
const options = { rateLimits: unlimitedRateLimits, fetchManifest };
const started: App[] = [];
function listening(app: App): string {
  const server = app.listen({ port: 0, hostname: "127.0.0.1" }).server;
  started.push(app);
  return `http://127.0.0.1:${server?.port}`;
}
const origins = [
  listening(createTestApp(db.sql, config, options)),
  listening(createTestApp(await db.connectAgain(), config, options)),
];
/** A process whose clock is 61 minutes behind: its tickets are expired as they arrive. */
const lateOrigin = listening(createTestApp(db.sql, config, { ...options, now: () => Date.now() - 61 * 60_000 }));
/** A process 59 minutes behind: its tickets arrive a minute before they expire, and still count. */
const almostLateOrigin = listening(createTestApp(db.sql, config, { ...options, now: () => Date.now() - 59 * 60_000 }));
/** A process signing under another secret: its tickets are forgeries to the others. */
const forgerOrigin = listening(createTestApp(db.sql, testConfig({ JWT_SECRET: "f".repeat(48) }), options));
afterAll(async () => {
  for (const app of started) await app.stop();
  await db.drop();
});

const owner = await signedInOwner(overHttp(origins[0] ?? ""));

let addresses = 0;
function newAddress(): string {
  addresses++;
  return `198.51.${Math.floor(addresses / 250)}.${addresses % 250}`;
}

async function send(index: number, path: string, init: { json?: unknown; token?: string; address?: string }) {
  const headers: Record<string, string> = { "x-forwarded-for": init.address ?? "203.0.113.7" };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${origins[index % origins.length]}${path}`, {
    method: init.json === undefined ? "GET" : "POST",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  return { status: response.status, body: (text === "" ? null : JSON.parse(text)) as unknown };
}

// mf-files runs a release of its own, without a canary: its visitors get no ticket for it.
{
  const url = "https://cdn.example.com/mf-files/dateien-1/mf-manifest.json";
  cdn.set(url, releaseManifest("files"));
  await send(0, "/api/releases", {
    json: { remote: "mf-files", version: "dateien-1", manifest_url: url },
    token: owner.token,
  });
  await send(0, "/api/releases/mf-files/activate", { json: { version: "dateien-1" }, token: owner.token });
}

let rollouts = 0;
/** mf-dashboard with a fresh active release and a canary of it at `share` %. */
async function freshCanary(share = 50): Promise<{ active: string; canary: string }> {
  rollouts++;
  const active = `aktiv-${rollouts}`;
  const canary = `canary-${rollouts}`;
  for (const version of [active, canary]) {
    const url = `https://cdn.example.com/mf-dashboard/${version}/mf-manifest.json`;
    cdn.set(url, releaseManifest("dashboard"));
    const json = { remote: "mf-dashboard", version, manifest_url: url };
    expect((await send(0, "/api/releases", { json, token: owner.token })).status).toBe(201);
  }
  const activated = await send(0, "/api/releases/mf-dashboard/activate", {
    json: { version: active },
    token: owner.token,
  });
  expect(activated.status).toBe(200);
  const started = await send(0, "/api/releases/mf-dashboard/canary", {
    json: { version: canary, share },
    token: owner.token,
  });
  expect(started.status).toBe(200);
  return { active, canary };
}

let visitors = 0;
/** A new visitor's page load from `origin`, from a /24 of its own: what /remotes.json gave it for mf-dashboard. */
async function pageLoad(origin = origins[1] ?? ""): Promise<{ version: string | null; ticket: unknown }> {
  visitors++;
  const response = await fetch(`${origin}/remotes.json?visitor=besucher-${visitors}-${crypto.randomUUID()}`, {
    headers: { "x-forwarded-for": `10.${Math.floor(visitors / 256) % 256}.${visitors % 256}.1` },
  });
  expect(response.headers.get("cache-control")).toBe("no-store");
  const entry = ((await response.json()) as RemoteRegistry).mf_dashboard as {
    version: string | null;
    ticket?: unknown;
  };
  return { version: entry.version, ticket: entry.ticket };
}

/** Page loads of new visitors until one gets `version`; its ticket. */
async function ticketFor(version: string, origin?: string): Promise<unknown> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const load = await pageLoad(origin);
    if (load.version === version) return load.ticket;
  }
  throw new Error(`no visitor got ${version}`);
}

const loadOf = (version: string, ticket: unknown) => ({ remote: "mf-dashboard", version, ticket });
const errorOf = (version: string, ticket: unknown, kind: "load" | "render" = "render") => ({
  remote: "mf-dashboard",
  version,
  ticket,
  kind,
  route: "/dashboard",
  message: "TypeError: kaputt",
  browser: "Firefox 140",
});

/** The attack: 50 loads and 2 errors for the canary, each with `ticketOf(index)`, from `addressOf(index)`. */
async function attack(version: string, ticketOf: (index: number) => unknown, addressOf: (index: number) => string) {
  for (let index = 0; index < 50; index++) {
    const answer = await send(index, "/api/client-loads", {
      json: loadOf(version, ticketOf(index)),
      address: addressOf(index),
    });
    expect(answer.status).toBe(204);
  }
  for (let index = 0; index < 2; index++) {
    const answer = await send(index, "/api/client-errors", {
      json: errorOf(version, ticketOf(index)),
      address: addressOf(index),
    });
    expect(answer.status).toBe(204);
  }
}

async function dashboard() {
  const answer = await send(0, "/api/releases", { token: owner.token });
  const remotes = (answer.body as ReleasesOverview).remotes;
  return remotes.find((entry) => entry.rollout.remote === "dashboard");
}

async function canaryRunning(): Promise<string | null> {
  return (await dashboard())?.rollout.canary?.version ?? null;
}

async function stopMails(version: string): Promise<string[]> {
  const rows = await db.sql<{ to_address: string }[]>`
    select to_address from outbox where kind = 'canary-stopped' and subject like ${`Canary ${version} %`}`;
  return rows.map((row) => row.to_address);
}

async function expectStillRunning(canary: string): Promise<void> {
  expect(await canaryRunning()).toBe(canary);
  expect(await stopMails(canary)).toEqual([]);
}

describe("the attack of 50 loads and 2 errors leaves the canary running", () => {
  const oneAddress = () => "203.0.113.50";
  const hundredAddresses = () => newAddress();
  for (const [from, addressOf] of [
    ["one address", oneAddress],
    ["100 addresses", hundredAddresses],
  ] as const) {
    test(`without a ticket, from ${from}`, async () => {
      const { canary } = await freshCanary();
      await attack(canary, () => undefined, addressOf);
      await expectStillRunning(canary);
    });

    test(`with forged tickets, from ${from}`, async () => {
      const { canary } = await freshCanary();
      const forged = await ticketFor(canary, forgerOrigin);
      const made = ["x", "eyJyIjoiZGFzaGJvYXJkIn0.AAAA", `${String(forged).split(".")[0]}.${"A".repeat(43)}`];
      await attack(canary, (index) => (index % 4 === 3 ? forged : made[index % 4]), addressOf);
      await expectStillRunning(canary);
    });

    test(`with one valid ticket, replayed, from ${from}`, async () => {
      const { canary } = await freshCanary();
      const ticket = await ticketFor(canary);
      await attack(canary, () => ticket, addressOf);
      await expectStillRunning(canary);
    });

    test(`with tickets for the active release or another remote, from ${from}`, async () => {
      const { active, canary } = await freshCanary();
      const ofActive = await ticketFor(active);
      const response = await fetch(`${origins[0]}/remotes.json?visitor=anderer-besucher-0001`);
      const ofFiles = ((await response.json()) as Record<string, { ticket?: unknown }>).mf_files?.ticket;
      await attack(canary, (index) => (index % 2 === 0 ? ofActive : ofFiles), addressOf);
      await expectStillRunning(canary);
    });

    test(`with expired tickets (issued 61 minutes ago), from ${from}`, async () => {
      const { canary } = await freshCanary();
      const expired: unknown[] = [];
      for (let index = 0; index < 12; index++) expired.push(await ticketFor(canary, lateOrigin));
      await attack(canary, (index) => expired[index % expired.length], addressOf);
      await expectStillRunning(canary);
    });
  }

  test("reports without a ticket are stored for the screen, marked as not counted", async () => {
    const { canary } = await freshCanary();
    expect((await send(1, "/api/client-errors", { json: errorOf(canary, undefined) })).status).toBe(204);
    const latest = (await dashboard())?.recent_errors[0] as unknown as Record<string, unknown>;
    expect(latest).toMatchObject({ version: canary, message: "TypeError: kaputt", ticketed: false });
  });

  test("reports for a version no release has are refused (422) and not stored", async () => {
    await freshCanary();
    const before = await db.sql<{ count: number }[]>`select count(*)::int as count from client_errors`;
    const error = await send(1, "/api/client-errors", { json: errorOf("gibt-es-nicht", undefined) });
    const load = await send(0, "/api/client-loads", { json: loadOf("gibt-es-nicht", undefined) });
    expect(error).toEqual({
      status: 422,
      body: { code: "release-not-found", message: "Ein Release „gibt-es-nicht“ gibt es für diesen Bereich nicht." },
    });
    expect(load).toEqual(error);
    const after = await db.sql<{ count: number }[]>`select count(*)::int as count from client_errors`;
    expect(after).toEqual(before);
  });
});

describe("real visitors decide", () => {
  test("a canary half of whose visitors fail is stopped, and every admin gets a mail, forged errors against the active release notwithstanding", async () => {
    const { active, canary } = await freshCanary();
    // The attacker makes the active release look as bad as it can without tickets.
    for (let index = 0; index < 50; index++) {
      const address = newAddress();
      await send(index, "/api/client-loads", { json: loadOf(active, undefined), address });
      await send(index, "/api/client-errors", { json: errorOf(active, undefined), address });
    }
    // Visitors of the active release load it fine; the canary's fail.
    for (let visitor = 0; visitor < minVisitors; visitor++) {
      expect((await send(visitor, "/api/client-loads", { json: loadOf(active, await ticketFor(active)) })).status).toBe(
        204,
      );
    }
    // Half the canary's visitors fail.
    const tickets: unknown[] = [];
    for (let visitor = 0; visitor < 2 * minVisitors; visitor++) tickets.push(await ticketFor(canary));
    for (const [visitor, ticket] of tickets.entries()) {
      const answer =
        visitor % 2 === 0
          ? await send(visitor, "/api/client-loads", { json: loadOf(canary, ticket) })
          : await send(visitor, "/api/client-errors", { json: errorOf(canary, ticket, "load") });
      expect(answer.status).toBe(204);
    }
    expect(await canaryRunning()).toBeNull();
    const events = (await dashboard())?.events ?? [];
    expect(events[0]).toMatchObject({ action: "auto-stop", version: canary, actor: "Automatisch" });
    expect(await stopMails(canary)).toEqual([owner.email]);
    // The stopped canary, with the visits that stopped it, can be deleted; its visits go with it.
    const deleted = await fetch(`${origins[1]}/api/releases/mf-dashboard/${canary}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.status).toBe(204);
    const [left] = await db.sql<{ visits: number }[]>`
      select count(*)::int as visits from canary_visits v join releases r on r.id = v.release_id
      where r.version = ${canary}`;
    expect(left?.visits).toBe(0);
  });

  test("tickets issued 59 minutes ago still count: their failing visitors stop the canary (61 minutes: above)", async () => {
    const { canary } = await freshCanary(100);
    for (let visitor = 0; visitor < minVisitors; visitor++) {
      const ticket = await ticketFor(canary, almostLateOrigin);
      expect((await send(visitor, "/api/client-errors", { json: errorOf(canary, ticket, "load") })).status).toBe(204);
    }
    expect(await canaryRunning()).toBeNull();
  });

  test(`${minVisitors - 1} failing visitors (one of them twice) leave it running; the ${minVisitors}th stops it`, async () => {
    const { canary } = await freshCanary(100);
    const tickets: unknown[] = [];
    for (let visitor = 0; visitor < minVisitors - 1; visitor++) tickets.push(await ticketFor(canary));
    for (const [index, ticket] of [...tickets, tickets[0]].entries()) {
      expect((await send(index, "/api/client-errors", { json: errorOf(canary, ticket, "load") })).status).toBe(204);
    }
    await expectStillRunning(canary);
    const last = await ticketFor(canary);
    expect((await send(1, "/api/client-errors", { json: errorOf(canary, last) })).status).toBe(204);
    expect(await canaryRunning()).toBeNull();
    expect(await stopMails(canary)).toEqual([owner.email]);
  });
});
