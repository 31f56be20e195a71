/**
 * How many times slower Chromium runs the pages' work (`E2E_CPU_SLOWDOWN`, default 1): a loaded
 * machine made on purpose, to show that a test does not race its page, e.g.
 * `E2E_CPU_SLOWDOWN=4 bun scripts/test.ts --only e2e -- e2e/tests/budget.e2e.ts --repeat-each=20`.
 * The config gives each test and each expectation as many times their usual time.
 */
export const cpuSlowdown = Math.max(1, Number(process.env.E2E_CPU_SLOWDOWN) || 1);
