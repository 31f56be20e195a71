import type { Page } from "@playwright/test";

/**
 * Opens an admin's tool as an admin does: „Verwaltung“ in the header, then the tool's link
 * (docs/decisions/0071-portal-navigation.md).
 */
export async function openAdminTool(page: Page, name: string): Promise<void> {
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Verwaltung" }).click();
  await header.getByRole("link", { name, exact: true }).click();
}
