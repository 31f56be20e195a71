// The public pages against their budget (docs/decisions.md, "The public-page budget"): for every public page the
// JavaScript a first visit downloads (gzip) and Lighthouse 13 in its default mobile preset
// (simulated slow 4G and 4× slower CPU) – performance, accessibility, best practices, SEO, LCP and
// CLS, each the median of several runs – next to the targets.
//
// Usage: bun bench/public-pages.ts [--no-build] [--runs N] [path ...]   (default: every public page, 3 runs)
//
// Lighthouse times what it observes on this machine and scales it: on a machine busy with other
// work the performance numbers come out worse than the page is. The benchmark index Lighthouse
// measured (higher is faster) is printed with the results.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/chromium";
import { startTestServer } from "../scripts/test-server";
import { publicRemoteRoutes } from "../shell/src/federation/remoteRoutes";
import { budgetBytes, kb, measureFirstLoad } from "./page-scripts";

const root = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const runsIndex = args.indexOf("--runs");
const runs = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 3;
const requested = args.filter((arg) => arg.startsWith("/"));
const paths = requested.length > 0 ? requested : publicRemoteRoutes.map((route) => route.path);

const targets = { score: 0.95, lcpMs: 1500, cls: 0.02 } as const;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

interface LighthouseRun {
  scores: Record<(typeof categories)[number], number>;
  lcpMs: number;
  cls: number;
  benchmarkIndex: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function audit(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    categories.map((category) => [category, lhr.categories[category]?.score ?? 0]),
  ) as LighthouseRun["scores"];
  return {
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const mark = (ok: boolean) => (ok ? "ok" : "MISSED");

if (!args.includes("--no-build")) {
  const build = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
  if (build.exitCode !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "klarwerk-bench-"));
const server = await startTestServer({ dataDir, quiet: true });
const port = await freePort();
const browser = await chromium.launch({
  ...chromiumLaunchOptions,
  args: [...(chromiumLaunchOptions.args ?? []), `--remote-debugging-port=${port}`],
});

const rows: string[][] = [];
const misses: string[] = [];
const benchmarkIndexes: number[] = [];
try {
  for (const path of paths) {
    const load = await measureFirstLoad(browser, server.url, path);
    const lighthouseRuns: LighthouseRun[] = [];
    for (let run = 0; run < runs; run++) lighthouseRuns.push(await audit(`${server.url}${path}`, port));
    benchmarkIndexes.push(...lighthouseRuns.map((run) => run.benchmarkIndex));
    const scores = Object.fromEntries(
      categories.map((category) => [category, median(lighthouseRuns.map((run) => run.scores[category]))]),
    ) as LighthouseRun["scores"];
    const lcpMs = median(lighthouseRuns.map((run) => run.lcpMs));
    const cls = median(lighthouseRuns.map((run) => run.cls));

    const checks: [string, boolean][] = [
      ["JS", load.gzip <= budgetBytes],
      ...categories.map((category): [string, boolean] => [category, scores[category] >= targets.score]),
      ["LCP", lcpMs <= targets.lcpMs],
      ["CLS", cls <= targets.cls],
    ];
    for (const [what, ok] of checks) if (!ok) misses.push(`${path} ${what}`);
    rows.push([
      path,
      `${kb(load.gzip)} (${(load.gzip / budgetBytes).toFixed(2)})`,
      ...categories.map((category) => String(Math.round(scores[category] * 100))),
      `${(lcpMs / 1000).toFixed(2)} s`,
      cls.toFixed(3),
      mark(checks.every(([, ok]) => ok)),
    ]);
    console.error(`${path}: fertig`);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const header = ["page", "JS gzip (/ 200 KB)", "perf", "a11y", "best pr.", "SEO", "LCP", "CLS", "targets"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
console.log(
  `Lighthouse ${runs}× per page (median), mobile preset; targets: scores ≥ 95, LCP ≤ 1.5 s, CLS ≤ 0.02, JS ≤ 200 KB`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(`Lighthouse benchmark index of this machine: median ${Math.round(median(benchmarkIndexes))}`);
if (misses.length > 0) console.log(`Verfehlt: ${misses.join(", ")}`);
