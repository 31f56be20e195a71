// Builds the product, serves it as in production and loads pages in Chromium with an empty cache.
// Prints per page: requests, JS requests, JS bytes as transferred (the server's brotli/gzip) and
// as gzip (each script re-compressed with gzip level 6, the budget's unit).
//
// Usage: bun bench/first-load.ts [path ...]   (default: /)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/chromium";
import { startTestServer } from "../scripts/test-server";

const root = join(import.meta.dir, "..");
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));

const build = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
if (build.exitCode !== 0) process.exit(1);

const dataDir = mkdtempSync(join(tmpdir(), "klarwerk-bench-"));
const server = await startTestServer({ dataDir, quiet: true });
const browser = await chromium.launch(chromiumLaunchOptions);

interface PageLoad {
  path: string;
  requests: number;
  scripts: number;
  transferred: number;
  gzip: number;
}

async function measure(path: string): Promise<PageLoad> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<{ transferred: number; gzip: number }>[] = [];
  let requests = 0;
  page.on("response", (response) => {
    requests++;
    if (response.request().resourceType() !== "script") return;
    pending.push(
      (async () => {
        const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
        return { transferred: sizes.responseBodySize, gzip: gzipSync(body, { level: 6 }).length };
      })(),
    );
  });
  await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
  const scripts = await Promise.all(pending);
  await context.close();
  return {
    path,
    requests,
    scripts: scripts.length,
    transferred: scripts.reduce((sum, script) => sum + script.transferred, 0),
    gzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  console.log("page\trequests\tJS requests\tJS transferred\tJS gzip\tgzip / 200 KB budget");
  for (const path of paths.length > 0 ? paths : ["/"]) {
    const load = await measure(path);
    const ratio = (load.gzip / (200 * 1024)).toFixed(2);
    console.log(`${load.path}\t${load.requests}\t${load.scripts}\t${kb(load.transferred)}\t${kb(load.gzip)}\t${ratio}`);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
