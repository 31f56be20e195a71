// What a holder of a deploy key can and cannot do beyond releasing its own remote: widen the
// pages' Content-Security-Policy, scan the network through the manifest fetch, go unrecorded
// when refused, send the key in clear.
import { afterAll, describe, expect, test } from "bun:test";
import { runPackageScript } from "../support/commands.ts";

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
