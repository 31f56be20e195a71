import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { App } from "../../src/app.ts";
import { loadConfig, repoRoot } from "../../src/config.ts";
import { inRanges, parseAddressRange } from "../../src/http/address-range.ts";
import { addressLoginLimit, registrationLimit } from "../../src/modules/auth/limits.ts";
import { contactRateLimit } from "../../src/modules/contact-requests/routes.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { testPassword, uniqueEmail } from "../support/users.ts";

// TRUSTED_PROXIES with CIDR ranges, over real sockets: the test is the proxy (its peer address
// 127.0.0.1 lies in the trusted range) and names each visitor in X-Forwarded-For.
const db = await createTestDatabase();
const servers: App[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop(true);
  await db.drop();
});

/** A listening app whose limits count afresh (scoped to the app and the test). */
function serve(trustedProxies: string): string {
  const server = createTestApp(db.sql, testConfig({ TRUSTED_PROXIES: trustedProxies })).listen({
    port: 0,
    hostname: "127.0.0.1",
  });
  servers.push(server);
  return `http://127.0.0.1:${server.server?.port}`;
}

function postAs(origin: string, path: string, body: unknown, forwardedFor?: string): Promise<number> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (forwardedFor !== undefined) headers["x-forwarded-for"] = forwardedFor;
  return fetch(`${origin}${path}`, { method: "POST", headers, body: JSON.stringify(body) }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });
}

const contact = () => ({ name: "Vera Besucherin", email: uniqueEmail("v6"), message: "Bitte um Rückruf." });

describe("TRUSTED_PROXIES as CIDR ranges", () => {
  test("a peer in a trusted range is a proxy: its X-Forwarded-For names the visitor", async () => {
    const origin = serve("127.0.0.0/8, fd00::/8");
    for (let index = 0; index < contactRateLimit.max; index++) {
      expect(await postAs(origin, "/api/contact", contact(), "198.51.100.1")).toBe(201);
    }
    expect(await postAs(origin, "/api/contact", contact(), "198.51.100.1")).toBe(429);
    expect(await postAs(origin, "/api/contact", contact(), "198.51.100.2")).toBe(201);
    // What a visitor wrote into the header comes before what the proxy appended.
    expect(await postAs(origin, "/api/contact", contact(), "198.51.100.9, 198.51.100.1")).toBe(429);
  });

  test("a peer outside the trusted ranges is a visitor: its X-Forwarded-For is ignored", async () => {
    const origin = serve("10.0.0.0/8, 2001:db8::/32");
    for (let index = 0; index < contactRateLimit.max; index++) {
      expect(await postAs(origin, "/api/contact", contact(), `198.51.100.${index + 1}`)).toBe(201);
    }
    expect(await postAs(origin, "/api/contact", contact(), "203.0.113.50")).toBe(429);
    expect(await postAs(origin, "/api/contact", contact())).toBe(429);
  });
});

describe("IPv6 visitors count per /64 in every limit", () => {
  const network = (host: string) => `2001:db8:1:2:${host}`;

  test("contact form: two addresses of one /64 share an allowance, the next /64 has its own", async () => {
    const origin = serve("127.0.0.0/8");
    for (let index = 0; index < contactRateLimit.max; index++) {
      expect(await postAs(origin, "/api/contact", contact(), network(`0:0:0:${index + 1}`))).toBe(201);
    }
    expect(await postAs(origin, "/api/contact", contact(), network("ffff:ffff:ffff:ffff"))).toBe(429);
    expect(await postAs(origin, "/api/contact", contact(), "2001:db8:1:3::1")).toBe(201);
  });

  test("registration: the limit per address holds across a /64", async () => {
    const origin = serve("127.0.0.0/8");
    const register = (host: string) => {
      const email = uniqueEmail("reg6");
      const body = { name: "Rita Rotation", email, password: testPassword, confirmPassword: testPassword };
      return postAs(origin, "/api/register", body, network(host));
    };
    for (let index = 0; index < registrationLimit.max; index++) expect(await register(`a::${index + 1}`)).toBe(201);
    expect(await register("b::1")).toBe(429);
  });

  test("failed logins: spraying from rotating addresses of one /64 meets the per-address limit", async () => {
    const origin = serve("127.0.0.0/8");
    const login = (host: string) =>
      postAs(origin, "/api/login", { email: uniqueEmail("nobody"), password: "falsch-falsch" }, network(host));
    for (let index = 0; index < addressLoginLimit.max; index++) expect(await login(`c:${index + 1}::1`)).toBe(401);
    expect(await login("d::1")).toBe(429);
  });
});

test("compose.yaml: the s3 profile's replicas trust the compose network Caddy connects from", async () => {
  const compose = Bun.YAML.parse(await Bun.file(join(repoRoot, "compose.yaml")).text()) as {
    services: Record<string, { environment?: Record<string, string> }>;
    networks: { default: { ipam: { config: { subnet: string }[] } } };
  };
  const defaultOf = (value: string) => value.replace(/^\$\{[A-Z_]+:-(.*)\}$/, "$1");
  const subnet = defaultOf(compose.networks.default.ipam.config[0]?.subnet ?? "");
  const trusted = defaultOf(compose.services.api?.environment?.TRUSTED_PROXIES ?? "");
  const config = loadConfig({ TRUSTED_PROXIES: trusted });
  const network = parseAddressRange(subnet);
  expect(network).not.toBeNull();
  // Caddy's address is any address of the subnet: the first and the last host both count.
  const [base = ""] = subnet.split("/");
  expect(inRanges(config.trustedProxies, base.replace(/\.0$/, ".2"))).toBe(true);
  expect(inRanges(config.trustedProxies, base.replace(/\.0$/, ".254"))).toBe(true);
  expect(inRanges(config.trustedProxies, "203.0.113.1")).toBe(false);
});
