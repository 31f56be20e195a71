import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { signInQuickly, testOwner } from "../support/users";

// The dashboard's and the Auswertung's set-up notices link to /invoices?einstellungen=firma: the
// Rechnungstool opens the company settings there, and the address loses the parameter, so a
// reload or a step back does not open them again.

test("/invoices?einstellungen=firma opens the company settings for an admin", async ({ page, request }) => {
  await signInQuickly(page, request, testOwner);
  await page.goto("/invoices?einstellungen=firma");
  const dialog = page.getByRole("dialog", { name: "Firmeneinstellungen" });
  // The remote's first load on a loaded machine took over 10 s in CI.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(dialog.getByLabel("Steuernummer")).toBeVisible();
  await expectNoAxeViolations(page);
});
