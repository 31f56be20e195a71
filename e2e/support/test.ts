import { randomBytes } from "node:crypto";
import { test as base, expect } from "@playwright/test";
import { cpuSlowdown } from "./slowdown";

/** What a page reports when its Content-Security-Policy refused something. */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Playwright's trace (kept for failed tests) stores the images on the page, and fetches those
 * shown from `blob:` URLs (file previews) from outside any script of the page: that fetch is the
 * tool's, refused by `connect-src`, not the app's. A fetch of the app's own names its script.
 */
function isTraceSnapshot(violation: Violation): boolean {
  return violation.directive === "connect-src" && violation.blocked === "blob" && violation.source === "";
}

/** The name under which the pages report violations to the test (a binding of the context). */
const reportBinding = "__reportCspViolation";

/**
 * Playwright's `test` for this suite, with two fixtures every test gets (and its pages slowed
 * down by `cpuSlowdown` when asked for):
 *
 * - Every page runs under the server's Content-Security-Policy (Playwright does not bypass it),
 *   and a test fails when anything was refused: each page reports its `securitypolicyviolation`
 *   events, and Chromium's console message for a refused resource counts too (it also covers
 *   what is refused before the page's first script runs).
 * - Every test is a visitor of its own: the test server trusts a proxy on 127.0.0.1
 *   (TRUSTED_PROXIES, scripts/test.ts), and each test's browser and API requests say through
 *   X-Forwarded-For that they come from an address (and an IPv6 /64) no other test uses. The per-address limits
 *   (five registrations an hour, login failures) then count per test, as they would per visitor.
 */
export const test = base.extend<{ contentSecurityPolicy: undefined }>({
  page: async ({ page }, use) => {
    if (cpuSlowdown > 1)
      await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await use(page);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    // A network of its own (the API counts IPv6 visitors per /64): random groups 3 and 4.
    const visitor = `2001:db8:${randomBytes(4).toString("hex").match(/.{4}/g)?.join(":")}::1`;
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": visitor });
  },
  contentSecurityPolicy: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding(reportBinding, (_source, violation: Violation) => {
        if (isTraceSnapshot(violation)) return;
        violations.push(`${violation.directive} refused ${violation.blocked} (${violation.source || "no script"})`);
      });
      await context.addInitScript((binding) => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as Record<string, (violation: Violation) => void>)[binding];
          report?.({
            directive: event.effectiveDirective,
            blocked: event.blockedURI || "inline",
            source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : "",
          });
        });
      }, reportBinding);
      const watch = (page: import("@playwright/test").Page) =>
        page.on("console", (message) => {
          const text = message.text();
          if (/Content Security Policy/i.test(text) && !text.startsWith("Connecting to 'blob:")) {
            violations.push(`console: ${text}`);
          }
        });
      context.pages().forEach(watch);
      context.on("page", watch);
      await use(undefined);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { cpuSlowdown, expect };
