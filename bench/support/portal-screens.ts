import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { BrowserContext, Page, Response } from "playwright-core";
import { protectedRemoteRoutes } from "../../shell/src/federation/remote-routes";

/**
 * The portal's JavaScript goals, brotli as the server sends it (issue 46, decisions 0037 and
 * 0077): the step into the portal after sign-in, and each further screen.
 */
export const portalWeightGoals = { firstVisitBytes: 160 * 1024, nextScreenBytes: 40 * 1024 } as const;

/** A script the page downloaded: its address and bytes as transferred and as gzip (level 6). */
export interface ScriptLoad {
  url: string;
  status: number;
  transferred: number;
  gzip: number;
  /** Brotli at the quality scripts/build.ts precompresses with, when asked for (`watchNetwork`'s `brotli`). */
  brotli?: number;
}

/** Brotli at the quality scripts/build.ts precompresses with: what the server sends for a script. */
export function brotliBytes(body: Buffer): number {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;
}

/** The German document title of a portal screen. */
export function titleOf(path: string): string {
  const route = protectedRemoteRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no portal route ${path}`);
  return route.title;
}

/** A body read's outcome: the load, dropped (its page had closed), or what went wrong on an open page. */
type Read = { load: ScriptLoad } | { dropped: true } | { error: unknown };

/**
 * Scripts as they complete, and a way to wait until the network has been quiet for `quietMs`.
 *
 * A measurement must not race its page: a script's response can reach us after the caller has
 * closed the page (a late load on a loaded machine), and its body can then no longer be read.
 * Every read is therefore settled where it starts (never an unhandled rejection that fails
 * whatever test runs then), one that fails because the page closed is dropped, and `stop()`
 * ends the watching before the caller closes the page, so nothing heard after it is read at all.
 */
export function watchNetwork(page: Page, { brotli = false }: { brotli?: boolean } = {}) {
  let reads: Promise<Read>[] = [];
  let inFlight = 0;
  let lastActivity = performance.now();
  const onRequest = () => {
    inFlight++;
    lastActivity = performance.now();
  };
  const settle = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = performance.now();
  };
  const read = async (response: Response): Promise<Read> => {
    const url = response.url();
    const status = response.status();
    // Revalidated from the cache: no body crossed the network.
    if (status === 304) return { load: { url, status, transferred: 0, gzip: 0, ...(brotli ? { brotli: 0 } : {}) } };
    try {
      const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
      return {
        load: {
          url,
          status,
          transferred: sizes.responseBodySize,
          gzip: gzipSync(body, { level: 6 }).length,
          ...(brotli ? { brotli: brotliBytes(body) } : {}),
        },
      };
    } catch (error) {
      return page.isClosed() ? { dropped: true } : { error };
    }
  };
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    reads.push(read(response));
  };
  page.on("request", onRequest);
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  page.on("response", onResponse);
  return {
    /**
     * Resolves once `ready()` holds and no request has been in flight for `quietMs`; after
     * `timeoutMs` in any case (the caller's checks then say what is missing): false then.
     */
    async quiet(quietMs = 500, ready: () => boolean = () => true, timeoutMs = 60_000): Promise<boolean> {
      const deadline = performance.now() + timeoutMs;
      while (!ready() || inFlight > 0 || performance.now() - lastActivity < quietMs) {
        if (performance.now() > deadline) return false;
        // Also under Playwright's Node (the e2e budget test measures with this).
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return true;
    },
    /** How many scripts arrived since the last `take()`. */
    arrived: () => reads.length,
    /** The scripts loaded since the last call; those whose page closed before their body was read are left out. */
    async take(): Promise<ScriptLoad[]> {
      const taken = await Promise.all(reads);
      reads = [];
      const loads: ScriptLoad[] = [];
      for (const outcome of taken) {
        if ("error" in outcome) throw outcome.error;
        if ("load" in outcome) loads.push(outcome.load);
      }
      return loads;
    },
    /** Stops watching, before the caller closes the page: what arrives from now on is not read, what was not taken is dropped. */
    stop(): void {
      page.off("request", onRequest);
      page.off("requestfinished", settle);
      page.off("requestfailed", settle);
      page.off("response", onResponse);
      reads = [];
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
