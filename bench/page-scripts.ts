// What a first visit of a page downloads in Chromium with an empty cache: requests, scripts, and
// their bytes as transferred (the server's brotli/gzip: the unit of the budget of docs/decisions.md,
// "The public-page budget") and as gzip (each script re-compressed with gzip level 6, for
// comparison with older figures).
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";

export interface PageLoad {
  path: string;
  requests: number;
  scripts: number;
  transferred: number;
  gzip: number;
}

export async function measureFirstLoad(browser: Browser, baseUrl: string, path: string): Promise<PageLoad> {
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
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
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

/**
 * JavaScript a first visit of a public page, /login or /register may transfer (docs/decisions.md,
 * "The public-page budget"). The one place for the number: the benches print against it and an
 * e2e test (e2e/tests/budget.e2e.ts) holds "/" and "/login" to it.
 */
export const budgetBytes = 90 * 1024;

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
