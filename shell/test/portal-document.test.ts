import { describe, expect, test } from "bun:test";
import type { RegistryRemote } from "@klarwerk/kit";
import { portalNeedsOwnDocument } from "../src/federation/portal-document";

const ours = (entry: string, previous: string | null = null): RegistryRemote => ({
  entry,
  version: previous ? "v2" : null,
  previous: previous ? { entry: previous, version: "v1" } : null,
  count_loads: false,
});
const publicRemotes = new Set(["mf_marketing"]);
const page = "https://portal.example.com/login";

describe("leaving the public pages", () => {
  test("stays in the page while every portal remote is on our origin, whatever marketing's is", () => {
    const registry = {
      mf_marketing: ours("https://marketing-cdn.example.com/mf-manifest.json"),
      mf_dashboard: ours(
        "/remotes/mf-dashboard/releases/v2/mf-manifest.json",
        "/remotes/mf-dashboard/mf-manifest.json",
      ),
      mf_files: ours("https://portal.example.com/remotes/mf-files/mf-manifest.json"),
    };
    expect(portalNeedsOwnDocument(registry, publicRemotes, page)).toBe(false);
  });

  test("loads the portal's own page when a portal remote, or its fallback, is on another origin", () => {
    const onCdn = { mf_dashboard: ours("https://cdn.example.com/dashboard/mf-manifest.json") };
    expect(portalNeedsOwnDocument(onCdn, publicRemotes, page)).toBe(true);
    const fallbackOnCdn = {
      mf_files: ours(
        "/remotes/mf-files/releases/v2/mf-manifest.json",
        "https://cdn.example.com/files/mf-manifest.json",
      ),
    };
    expect(portalNeedsOwnDocument(fallbackOnCdn, publicRemotes, page)).toBe(true);
  });
});
