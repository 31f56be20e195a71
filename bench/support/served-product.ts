import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type LaunchOptions } from "playwright-core";
import { chromiumLaunchOptions } from "../../e2e/chromium";
import { startTestServer } from "../../scripts/test-server";

const root = join(import.meta.dir, "..", "..");

export interface ServedProduct {
  url: string;
  browser: Browser;
  /** Closes the browser, stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The product built (unless `--no-build` is given) and served as in production from a data folder
 * of its own, with Chromium to load it: what every browser bench starts from.
 */
export async function serveProductInBrowser(extraArgs: string[] = []): Promise<ServedProduct> {
  if (!process.argv.includes("--no-build")) {
    const build = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
    if (build.exitCode !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), "klarwerk-bench-"));
  const server = await startTestServer({ dataDir, quiet: true });
  const launch: LaunchOptions = {
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), ...extraArgs],
  };
  const browser = await chromium.launch(launch);
  return {
    url: server.url,
    browser,
    async stop() {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
