import { gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { protectedRemoteRoutes } from "../../shell/src/federation/remote-routes";

/** A script the page downloaded: its address and bytes as transferred and as gzip (level 6). */
export interface ScriptLoad {
  url: string;
  transferred: number;
  gzip: number;
}

/** The German document title of a portal screen. */
export function titleOf(path: string): string {
  const route = protectedRemoteRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no portal route ${path}`);
  return route.title;
}

/** Scripts as they complete, and a way to wait until the network has been quiet for `quietMs`. */
export function watchNetwork(page: Page) {
  let loads: Promise<ScriptLoad>[] = [];
  let inFlight = 0;
  let lastActivity = performance.now();
  page.on("request", () => {
    inFlight++;
    lastActivity = performance.now();
  });
  const settle = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = performance.now();
  };
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    loads.push(
      (async () => {
        // Revalidated from the cache: no body crossed the network.
        if (response.status() === 304) return { url: response.url(), transferred: 0, gzip: 0 };
        const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
        return {
          url: response.url(),
          transferred: sizes.responseBodySize,
          gzip: gzipSync(body, { level: 6 }).length,
        };
      })(),
    );
  });
  return {
    /**
     * Resolves once `ready()` holds and no request has been in flight for `quietMs`; after
     * `timeoutMs` in any case (the caller's checks then say what is missing).
     */
    async quiet(quietMs = 500, ready: () => boolean = () => true, timeoutMs = 60_000): Promise<void> {
      const deadline = performance.now() + timeoutMs;
      while (!ready() || inFlight > 0 || performance.now() - lastActivity < quietMs) {
        if (performance.now() > deadline) return;
        // Also under Playwright's Node (the e2e budget test measures with this).
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** How many scripts arrived since the last `take()`. */
    arrived: () => loads.length,
    /** The scripts loaded since the last call. */
    async take(): Promise<ScriptLoad[]> {
      const taken = loads;
      loads = [];
      return Promise.all(taken);
    },
  };
}

/** Waits until `path`'s screen shows: its title, no loading slot, and its remote's heading. */
export async function screenShown(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    (title) =>
      document.title === title &&
      document.querySelector(".remote-loading, .remote-failed") === null &&
      document.querySelector("main h1") !== null,
    titleOf(path),
    { timeout: 60_000 },
  );
  if ((await page.locator(".remote-failed").count()) > 0) throw new Error(`${path}: the remote failed to load`);
}

/** Client-side navigation, as the shell's router follows the back button (history + popstate). */
export async function goInApp(page: Page, path: string): Promise<number> {
  return page.evaluate((target) => {
    const now = performance.now();
    history.pushState(null, "", target);
    dispatchEvent(new PopStateEvent("popstate"));
    return now;
  }, path);
}

export interface Session {
  user: unknown;
  token: string;
}

/** Stores the session in local storage as a successful login does, before the page's scripts run. */
export async function storeSession(context: BrowserContext, session: Session): Promise<void> {
  await context.addInitScript(
    ([userJson, token]) => {
      localStorage.setItem("klarwerkuser", userJson);
      localStorage.setItem("klarwerktoken", token);
    },
    [JSON.stringify(session.user), session.token] as const,
  );
}
