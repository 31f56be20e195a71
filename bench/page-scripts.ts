// What a first visit of a page downloads in Chromium with an empty cache: requests, scripts, and
// their bytes as transferred (the server's brotli/gzip: the unit of the budget of
// docs/decisions/0036-public-page-budget.md) and as gzip (each script re-compressed with gzip level 6, for
// comparison with older figures). Optionally also what the visitor's first interaction adds (a
// public page loads its content's module then).
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";

export interface ScriptBytes {
  scripts: number;
  transferred: number;
  gzip: number;
}

export interface PageLoad extends ScriptBytes {
  path: string;
  requests: number;
  /** The scripts the first interaction (the pointer moving over the page) loaded on top. */
  afterInteraction?: ScriptBytes;
}

function total(scripts: { transferred: number; gzip: number }[]): ScriptBytes {
  return {
    scripts: scripts.length,
    transferred: scripts.reduce((sum, script) => sum + script.transferred, 0),
    gzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
  };
}

/**
 * Watches a page's requests: `quiet()` resolves once `ready()` holds and then no request has been
 * in flight for `quietMs` (at most `timeoutMs`; the caller's checks then say what is missing).
 * Playwright's "networkidle" is not enough: a prerendered page requests the shell's scripts only
 * after its first contentful paint (scripts/prerender.ts), which on a loaded machine can come more
 * than networkidle's 500 ms after the load event, and the visit would count no script at all.
 */
function requestWatch(page: Page): { quiet: (ready: () => boolean, quietMs?: number) => Promise<void> } {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    quiet: async (ready, quietMs = 500) => {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        if (ready() && inFlight === 0 && Date.now() - lastActivity >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export async function measureFirstLoad(
  browser: Browser,
  baseUrl: string,
  path: string,
  { interact = false, cpuSlowdown = 1 }: { interact?: boolean; cpuSlowdown?: number } = {},
): Promise<PageLoad> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A slow phone, or a loaded machine: Chromium runs the page's work this many times slower.
  if (cpuSlowdown > 1)
    await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  const watch = requestWatch(page);
  let pending: Promise<{ transferred: number; gzip: number }>[] = [];
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
  await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
  // Every page of ours runs the shell's script: the first visit is over once it has arrived and
  // what it loaded in turn has settled.
  await watch.quiet(() => pending.length > 0);
  const firstVisit = total(await Promise.all(pending));
  const firstRequests = requests;
  let afterInteraction: ScriptBytes | undefined;
  if (interact) {
    pending = [];
    await page.mouse.move(100, 200);
    await page.mouse.move(120, 240);
    // The loads the move starts may begin a moment later: give them that moment, then let them settle.
    await page.waitForTimeout(500);
    await watch.quiet(() => true);
    afterInteraction = total(await Promise.all(pending));
  }
  await context.close();
  return { path, requests: firstRequests, ...firstVisit, ...(afterInteraction ? { afterInteraction } : {}) };
}

/**
 * JavaScript a first visit of a public page, /login or /register may transfer
 * (docs/decisions/0036-public-page-budget.md). The one place for the number: the benches print against it and an
 * e2e test (e2e/tests/budget.e2e.ts) holds "/" and "/login" to it.
 */
export const budgetBytes = 90 * 1024;

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
