import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { signInQuickly, testOwner } from "../support/users";

// The Firmeneinstellungen' „Logo“ (decision 0091) in a real browser, at a phone's and a laptop's
// width: upload a PNG, see it previewed, refuse an SVG with the server's German message, remove it;
// the dialog fits and axe finds nothing, light and dark. SCREENSHOTS=<folder> keeps pictures.

const logo = join(import.meta.dirname, "../../api/test/fixtures/logo.png");
const svg = {
  name: "logo.svg",
  mimeType: "image/svg+xml",
  buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};

// One logo per company: the two widths one after the other.
test.describe.configure({ mode: "serial" });

for (const width of [390, 1280]) {
  test(`the logo in the Firmeneinstellungen at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInQuickly(page, request, testOwner);
    await page.goto("/invoices?einstellungen=firma");
    const dialog = page.getByRole("dialog", { name: "Firmeneinstellungen" });
    await expect(dialog.getByLabel("Geschäftsführung")).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole("heading", { name: "Logo" })).toBeVisible();

    await dialog.getByLabel("Logo hochladen").setInputFiles(svg);
    await expect(dialog.getByRole("alert")).toHaveText(/PNG- oder JPEG-Bild/);

    await dialog.getByLabel("Logo hochladen").setInputFiles(logo);
    const preview = dialog.getByRole("img", { name: "Aktuelles Logo" });
    await expect(preview).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Logo entfernen" })).toBeVisible();
    await preview.scrollIntoViewIfNeeded();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(wide).toBe(false);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const shots = process.env.SCREENSHOTS;
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await dialog.screenshot({ path: join(shots, `company-logo-${width}-${colorScheme}.png`) });
      }
      await expectNoAxeViolations(page, "[role=dialog]");
    }

    await dialog.getByRole("button", { name: "Logo entfernen" }).click();
    await expect(preview).toHaveCount(0);
    await expect(dialog.getByText("Es ist kein Logo hinterlegt.")).toBeVisible();
  });
}
