// Builds the product, serves it as in production and loads pages in Chromium with an empty cache.
// Prints per page: requests, JS requests, JS bytes as transferred (the server's brotli/gzip, the
// budget's unit) and as gzip (each script re-compressed with gzip level 6), then what the
// visitor's first interaction adds (the pointer moving over the page: a public page's content
// loads its module then).
//
// A portal address (/dashboard, /users, …) shows the sign-in form to a first visitor. For such a
// path the visit goes on: an admin signs in through that form (which leads to /dashboard), then
// opens every other portal screen in the page; each step's JS is printed against the portal's
// goals (docs/decisions/0037-portal-weight.md): ≤ 160 KB for the first visit and for the
// sign-in's /dashboard, ≤ 40 KB for each next screen. For context also the same address with a
// stored session and an empty cache.
//
// Usage: bun bench/first-load.ts [--no-build] [--files] [path ...]   (default: /)
import type { Browser } from "playwright-core";
import { protectedRemoteRoutes, protectedRouteFor } from "../shell/src/federation/remote-routes";
import { budgetBytes, kb, measureFirstLoad } from "./page-scripts";
import {
  goInApp,
  portalWeightGoals,
  type ScriptLoad,
  screenShown,
  storeSession,
  watchNetwork,
} from "./support/portal-screens.ts";
import { serveProductInBrowser } from "./support/served-product.ts";
import { signUpAdmin } from "./support/session.ts";

const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
/** `--files`: each portal step's scripts too, largest first (where the bytes sit). */
const listFiles = process.argv.includes("--files");

interface PortalStep {
  label: string;
  scripts: ScriptLoad[];
  goal: number | null;
}

const transferredOf = (scripts: ScriptLoad[]) => scripts.reduce((sum, script) => sum + script.transferred, 0);

/** Signed out at `path`, then signed in through the form there, then every other portal screen. */
async function portalVisit(browser: Browser, origin: string, path: string): Promise<PortalStep[]> {
  const admin = await signUpAdmin(origin);
  const steps: PortalStep[] = [];
  const context = await browser.newContext({ locale: "de-DE", timezoneId: "Europe/Berlin" });
  try {
    const page = await context.newPage();
    const network = watchNetwork(page);
    await page.goto(`${origin}${path}`);
    await page.getByLabel("E-Mail").waitFor();
    await network.quiet();
    steps.push({ label: `${path}, signed out (the sign-in form)`, scripts: await network.take(), goal: null });
    await page.getByLabel("E-Mail").fill(admin.email);
    await page.getByLabel(/^Passwort\s*\*?$/).fill(admin.password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await screenShown(page, "/dashboard");
    await network.quiet();
    steps.push({
      label: "→ /dashboard (signed in there)",
      scripts: await network.take(),
      goal: portalWeightGoals.firstVisitBytes,
    });
    for (const route of protectedRemoteRoutes) {
      // A screen of one record (`/customers/:id`) has no address of its own to step to: its
      // code is its list's remote, already counted with that list.
      if (route.path === "/dashboard" || route.path.includes(":")) continue;
      await goInApp(page, route.path);
      await screenShown(page, route.path);
      await network.quiet();
      steps.push({ label: `→ ${route.path}`, scripts: await network.take(), goal: portalWeightGoals.nextScreenBytes });
    }
  } finally {
    await context.close();
  }
  const cold = await browser.newContext({ locale: "de-DE", timezoneId: "Europe/Berlin" });
  try {
    await storeSession(cold, admin);
    const page = await cold.newPage();
    const network = watchNetwork(page);
    await page.goto(`${origin}/dashboard`);
    await screenShown(page, "/dashboard");
    await network.quiet();
    steps.push({
      label: "/dashboard, stored session, empty cache (context)",
      scripts: await network.take(),
      goal: null,
    });
  } finally {
    await cold.close();
  }
  return steps;
}

const { url: origin, browser, stop } = await serveProductInBrowser();
try {
  console.log(
    `page\trequests\tJS requests\tJS transferred\tJS gzip\ttransferred / ${kb(budgetBytes)} budget\t+ first interaction: JS requests, transferred`,
  );
  const portalPaths: string[] = [];
  for (const path of paths.length > 0 ? paths : ["/"]) {
    const load = await measureFirstLoad(browser, origin, path, { interact: true });
    const ratio = (load.transferred / budgetBytes).toFixed(2);
    const more = load.afterInteraction;
    console.log(
      `${load.path}\t${load.requests}\t${load.scripts}\t${kb(load.transferred)}\t${kb(load.gzip)}\t${ratio}\t${more?.scripts ?? 0}, ${kb(more?.transferred ?? 0)}`,
    );
    if (protectedRouteFor(path)) portalPaths.push(path);
  }
  const misses: string[] = [];
  for (const path of portalPaths) {
    console.log(
      `\n${path}: a first visit, then signed in as an admin in the same page\nstep\tJS requests\tJS transferred / goal`,
    );
    for (const step of await portalVisit(browser, origin, path)) {
      const transferred = transferredOf(step.scripts);
      const missed = step.goal !== null && transferred > step.goal;
      if (missed) misses.push(step.label);
      const goal = step.goal === null ? "" : ` / ${kb(step.goal)}${missed ? " MISSED" : ""}`;
      console.log(`${step.label}\t${step.scripts.length}\t${kb(transferred)}${goal}`);
      if (listFiles) {
        for (const script of [...step.scripts].sort((a, b) => b.transferred - a.transferred)) {
          console.log(`\t\t${kb(script.transferred)}\t${new URL(script.url).pathname}`);
        }
      }
    }
  }
  if (misses.length > 0) console.log(`\nVerfehlt: ${misses.join(", ")}`);
} finally {
  await stop();
}
