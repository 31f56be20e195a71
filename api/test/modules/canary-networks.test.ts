// Canary numbers strangers cannot make (issue 45): two API processes on one database, the limits
// counted in it, and every visitor on a real socket from an address of its own. On Linux all of
// 127.0.0.0/8 is this machine, so 127.0.<n>.1 is a visitor from network n (a /24 each) without a
// proxy in between: what /remotes.json and the reports see is the socket's peer.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { AuditEvent, ReleasesOverview, RemoteRegistry } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { postgresRateLimits } from "../../src/http/rate-limit.ts";
import { canaryTicketLimit } from "../../src/modules/releases/callers.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson, type Handler, overHttp } from "../support/http.ts";
import { fromAddress, loopbackNetwork, releaseManifest } from "../support/releases.ts";
import { type SignedInUser, signedInOwner } from "../support/users.ts";

/** A canary is judged here once this many networks counted (CANARY_MIN_LOADS; 50 by default). */
const minNetworks = 20;

describe.each(testDatabaseKinds())("a canary is decided by networks, not by visitor ids (%s)", (kind) => {
  let db: TestDatabase;
  const processes: App[] = [];
  const bases: string[] = [];
  const config = testConfig({ CANARY_MIN_LOADS: String(minNetworks), RELEASE_ORIGINS: "https://cdn.example.com" });
  const fetchManifest = async () => releaseManifest("dashboard");
  let owner: SignedInUser;
  let admin: Handler;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    for (const sql of [db.sql, await db.connectAgain()]) {
      const app = createTestApp(sql, config, { rateLimits: postgresRateLimits(sql), fetchManifest });
      app.listen({ port: 0, hostname: "127.0.0.1" });
      processes.push(app);
      bases.push(`http://127.0.0.1:${app.server?.port}`);
    }
    admin = overHttp(bases[0] ?? "");
    owner = await signedInOwner(admin);
  }, 60_000);
  afterAll(async () => {
    for (const app of processes) await app.stop();
    await db?.drop();
    await rm(join(config.dataDir, ".."), { recursive: true, force: true });
  });

  /** A visitor's requests from host `host` of network `network`, to one process or the other. */
  const from = (network: number, host = 1): Handler =>
    fromAddress(bases[(network + host) % bases.length] ?? "", loopbackNetwork(network, host));

  let rollouts = 0;
  /** mf-dashboard with a fresh active release and a canary of it at `share` %. */
  async function freshCanary(share: number): Promise<{ active: string; canary: string }> {
    rollouts++;
    const active = `aktiv-${kind}-${rollouts}`;
    const canary = `canary-${kind}-${rollouts}`;
    for (const version of [active, canary]) {
      const manifest_url = `https://cdn.example.com/mf-dashboard/${version}/mf-manifest.json`;
      const created = await callJson(admin, "/api/releases", {
        token: owner.token,
        json: { remote: "mf-dashboard", version, manifest_url },
      });
      expect(created.status).toBe(201);
    }
    const activated = await callJson(admin, "/api/releases/mf-dashboard/activate", {
      token: owner.token,
      json: { version: active },
    });
    expect(activated.status).toBe(200);
    const started = await callJson(admin, "/api/releases/mf-dashboard/canary", {
      token: owner.token,
      json: { version: canary, share },
    });
    expect(started.status).toBe(200);
    return { active, canary };
  }

  /** A page load of a new visitor (a random id) through `via`: what it got for mf-dashboard. */
  async function pageLoad(via: Handler): Promise<{ status: number; version: string | null; ticket: string | null }> {
    const answer = await callJson<RemoteRegistry>(via, `/remotes.json?visitor=${crypto.randomUUID()}`);
    const entry = answer.body.mf_dashboard;
    return { status: answer.status, version: entry?.version ?? null, ticket: entry?.ticket ?? null };
  }

  /** What the visitor's shell reports for the release it got: a load, or a failed load. */
  async function report(via: Handler, version: string, ticket: string | null, failed: boolean): Promise<void> {
    const json = failed
      ? {
          remote: "mf-dashboard",
          version,
          ticket,
          kind: "load",
          route: "/dashboard",
          message: "TypeError: kaputt",
          browser: "Firefox 140",
        }
      : { remote: "mf-dashboard", version, ticket };
    const answer = await call(via, failed ? "/api/client-errors" : "/api/client-loads", { json });
    expect(answer.status).toBe(204);
  }

  /**
   * The farm: `canaryTicketLimit.max` page loads of made-up visitors from one address, and for each
   * the report the attacker wants counted (`failed` by the release the visitor got).
   */
  async function farm(via: Handler, failed: (version: string) => boolean): Promise<number> {
    let tickets = 0;
    for (let load = 0; load < canaryTicketLimit.max; load++) {
      const { version, ticket } = await pageLoad(via);
      if (version === null || ticket === null) continue;
      tickets++;
      await report(via, version, ticket, failed(version));
    }
    return tickets;
  }

  async function dashboard() {
    const answer = await callJson<ReleasesOverview>(admin, "/api/releases", { token: owner.token });
    return answer.body.remotes.find((entry) => entry.rollout.remote === "dashboard");
  }

  async function canaryRunning(): Promise<string | null> {
    return (await dashboard())?.rollout.canary?.version ?? null;
  }

  async function stopMails(version: string): Promise<string[]> {
    const rows = await db.sql<{ to_address: string }[]>`
      select to_address from outbox where kind = 'canary-stopped' and subject like ${`Canary ${version} %`}`;
    return rows.map((row) => row.to_address);
  }

  test(`one address gets tickets for ${canaryTicketLimit.max} page loads in ${canaryTicketLimit.windowMs / 60_000} minutes; the next load gets the active release without one, not an error; another address still gets one`, async () => {
    const { active, canary } = await freshCanary(100);
    const farmer = from(250);
    for (let load = 0; load < canaryTicketLimit.max; load++) {
      const answer = await pageLoad(farmer);
      expect(answer).toMatchObject({ status: 200, version: canary });
      expect(answer.ticket).toBeString();
    }
    expect(await pageLoad(farmer)).toEqual({ status: 200, version: active, ticket: null });
    // The other process counts in the same database: still over.
    expect(await pageLoad(fromAddress(bases[0] ?? "", loopbackNetwork(250)))).toEqual({
      status: 200,
      version: active,
      ticket: null,
    });
    const neighbour = await pageLoad(from(250, 2));
    expect(neighbour).toMatchObject({ status: 200, version: canary });
    expect(neighbour.ticket).toBeString();
  });

  test("farming from one address does not stop a healthy canary: its tickets count as one network", async () => {
    const { canary } = await freshCanary(50);
    // Every canary ticket the farm gets fails, every active one loads fine.
    const tickets = await farm(from(240), (version) => version === canary);
    expect(tickets).toBe(canaryTicketLimit.max);
    // Real visitors of both releases, from 2 × minNetworks + 10 networks, load fine.
    for (let network = 1; network <= 2 * minNetworks + 10; network++) {
      const visitor = from(network);
      const { version, ticket } = await pageLoad(visitor);
      await report(visitor, version ?? "", ticket, false);
    }
    expect(await canaryRunning()).toBe(canary);
    expect(await stopMails(canary)).toEqual([]);
  });

  test("farming from one address does not keep a failing canary alive; real visitors from 100 networks stop it, and every admin gets a mail", async () => {
    const { active, canary } = await freshCanary(50);
    // The farm makes the canary look fine and the active release look bad.
    await farm(from(241), (version) => version === active);
    // Half the canary's real visitors fail; the active release's load fine.
    let canaryVisitors = 0;
    for (let network = 100; network < 200; network++) {
      const visitor = from(network);
      const { version, ticket } = await pageLoad(visitor);
      const failed = version === canary && canaryVisitors++ % 2 === 0;
      await report(visitor, version ?? "", ticket, failed);
    }
    expect(await canaryRunning()).toBeNull();
    expect((await dashboard())?.events[0]).toMatchObject({ action: "auto-stop", version: canary });
    expect(await stopMails(canary)).toEqual([owner.email]);
    const trail = await callJson<{ events: AuditEvent[] }>(admin, "/api/audit?action=release.canary_auto_stopped", {
      token: owner.token,
    });
    expect(trail.body.events[0]?.changes).toMatchObject({ canary: { before: canary, after: null } });
  });

  test(`30 failing visitors of one /24 are one network; ${minNetworks - 1} networks leave the canary running, the ${minNetworks}th stops it`, async () => {
    const { canary } = await freshCanary(100);
    for (let host = 1; host <= 30; host++) {
      const visitor = from(9, host);
      const { ticket } = await pageLoad(visitor);
      await report(visitor, canary, ticket, true);
    }
    expect(await canaryRunning()).toBe(canary);
    for (let network = 10; network < 10 + minNetworks - 2; network++) {
      const visitor = from(network);
      const { ticket } = await pageLoad(visitor);
      await report(visitor, canary, ticket, true);
    }
    expect(await canaryRunning()).toBe(canary);
    expect(await stopMails(canary)).toEqual([]);
    const last = from(10 + minNetworks - 2);
    const { ticket } = await pageLoad(last);
    await report(last, canary, ticket, true);
    expect(await canaryRunning()).toBeNull();
    expect(await stopMails(canary)).toEqual([owner.email]);
  });
});
