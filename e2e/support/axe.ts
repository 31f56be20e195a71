import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * No WCAG 2.1 A/AA violation that axe can find inside `include` (a CSS selector: the screen's
 * `main`, or an open `[role=dialog]`). A failure lists each rule with the elements it found.
 */
export async function expectNoAxeViolations(page: Page, include = "main"): Promise<void> {
  // A dialog fading in has not reached its colours yet: axe would judge the contrast mid-way. So
  // wait until no finite animation runs (a loader's endless spin changes no colour) and the checked
  // part and its ancestors are fully opaque (a transition may not have started in the first frame).
  await page.waitForFunction((selector) => {
    const settled = document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity);
    const opaque = [...document.querySelectorAll(selector)].every((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).opacity !== "1") return false;
      }
      return true;
    });
    return settled && opaque;
  }, include);
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
