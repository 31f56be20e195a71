import type { Page } from "@playwright/test";
import { expect } from "./test";

/**
 * Opens an admin's tool as an admin does: „Verwaltung“ in the header, then the tool's link
 * (docs/decisions/0071-portal-navigation.md).
 */
export async function openAdminTool(page: Page, name: string): Promise<void> {
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Verwaltung" }).click();
  await header.getByRole("link", { name, exact: true }).click();
}

/**
 * Waits until the page's own script runs: the layout's buttons are enabled then (the menu button
 * is hidden on wide screens). A public page's scripts start after its first paint, which on a
 * loaded machine can come more than networkidle's 500 ms after the load event.
 */
export async function waitForPageScripts(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: /^Menü (öffnen|schließen)$/, includeHidden: true })).toBeEnabled();
}
