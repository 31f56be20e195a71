import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * No WCAG 2.1 A/AA violation that axe can find inside `include` (a CSS selector: the screen's
 * `main`, or an open `[role=dialog]`). A failure lists each rule with the elements it found.
 */
export async function expectNoAxeViolations(page: Page, include = "main"): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .include(include)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}
