// What a first visit of a page downloads in Chromium with an empty cache: requests, scripts, and
// their bytes as transferred (the server's brotli/gzip: the unit of the budget of
// docs/decisions/0036-public-page-budget.md) and as gzip (each script re-compressed with gzip level 6, for
// comparison with older figures). Optionally also what the visitor's first interaction adds (a
// public page loads its content's module then).
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";

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
  { interact = false }: { interact?: boolean } = {},
): Promise<PageLoad> {
  const context = await browser.newContext();
  const page = await context.newPage();
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
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  const firstVisit = total(await Promise.all(pending));
  const firstRequests = requests;
  let afterInteraction: ScriptBytes | undefined;
  if (interact) {
    pending = [];
    await page.mouse.move(100, 200);
    await page.mouse.move(120, 240);
    await page.waitForLoadState("networkidle");
    // networkidle holds already: give the loads the move started time to begin and end.
    await page.waitForTimeout(500);
    await page.waitForLoadState("networkidle");
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
