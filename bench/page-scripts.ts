// What a first visit of a page downloads in Chromium with an empty cache: requests, scripts, and
// their bytes as transferred (the server's brotli/gzip: the unit of the budget of
// docs/decisions/0036-public-page-budget.md) and as gzip (each script re-compressed with gzip level 6, for
// comparison with older figures). Optionally also what the visitor's first interaction adds (a
// public page loads its content's module then).
import type { Browser } from "playwright-core";
import { watchNetwork } from "./support/portal-screens";

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
  const network = watchNetwork(page);
  let requests = 0;
  page.on("response", () => requests++);
  await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
  // Every page of ours runs the shell's script: the first visit is over once it has arrived and
  // what it loaded in turn has settled. Not Playwright's "networkidle": a prerendered page
  // requests the shell's scripts only after its first paint (scripts/prerender.ts), which on a
  // loaded machine came more than networkidle's 500 ms after the load event, and the visit
  // counted no script at all.
  await network.quiet(500, () => network.arrived() > 0, 20_000);
  const firstVisit = total(await network.take());
  const firstRequests = requests;
  let afterInteraction: ScriptBytes | undefined;
  if (interact) {
    await page.mouse.move(100, 200);
    await page.mouse.move(120, 240);
    // The loads the move starts may begin a moment later: give them that moment, then let them settle.
    await page.waitForTimeout(500);
    await network.quiet();
    afterInteraction = total(await network.take());
  }
  // Nothing heard from now on is read: a late script's body cannot be read once the page is closed.
  network.stop();
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
