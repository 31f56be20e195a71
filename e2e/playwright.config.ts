import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";
import { cpuSlowdown } from "./support/slowdown";

// `bun scripts/test.ts --only e2e` builds, starts the server on a fresh database and passes its
// address here; run directly, the tests expect `npm start` on port 3000.
export default defineConfig({
  testDir: "./tests",
  testMatch: "**/*.e2e.ts",
  // The suite's first account becomes the owner that approves every other one.
  globalSetup: "./support/global-setup.ts",
  outputDir: "../test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Ceilings for a hang, not speed goals (those live in bench/): the CI machine ran the suite
  // 3.4 times slower than an idle one of its kind (41.8 against 12.4 minutes), and the longest
  // tests (11–23 s idle) then passed 45 s, the slowest first screens 10 s.
  timeout: 90_000 * cpuSlowdown,
  expect: { timeout: 20_000 * cpuSlowdown },
  reporter: [["list"], ["json"]],
  // A test that needs the shared database to itself (every open request done) is `*.last.e2e.ts`
  // and runs after all others have finished. Playwright runs a dependency whole: naming a
  // `.last` file on the command line runs every other test first.
  projects: [
    { name: "chromium", testIgnore: "**/*.last.e2e.ts" },
    { name: "last", testMatch: "**/*.last.e2e.ts", dependencies: ["chromium"] },
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL || "http://localhost:3000",
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    // Without motion (the portal's theme respects it): a click never lands on a dialog still
    // moving into place, which under load sent a click to the overlay behind it and closed it.
    reducedMotion: "reduce",
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
  },
});
