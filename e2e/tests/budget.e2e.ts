import { budgetBytes, kb, measureFirstLoad } from "../../bench/page-scripts";
import { expect, test } from "../support/test";

// The JavaScript a first visit transfers (docs/decisions/0036-public-page-budget.md). Bytes are
// stable from run to run; the times and scores are bench/public-pages.ts's business.
for (const path of ["/", "/login"]) {
  test(`a first visit of ${path} transfers at most ${kb(budgetBytes)} of JavaScript`, async ({ browser, baseURL }) => {
    const load = await measureFirstLoad(browser, baseURL ?? "", path);
    expect(load.scripts).toBeGreaterThan(0);
    expect(load.transferred, `${path}: ${kb(load.transferred)} in ${load.scripts} scripts`).toBeLessThanOrEqual(
      budgetBytes,
    );
  });
}
