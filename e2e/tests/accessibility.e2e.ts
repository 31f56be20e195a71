import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { signInQuickly, testOwner } from "../support/users";

// Every screen of the product, whole page (header, navigation, footer included), has no WCAG 2.1
// A/AA violation axe can find: the public pages and sign-in/sign-up as a visitor, every portal
// screen as an admin (who sees them all). Dialogs are checked where they are opened, in the test
// of their screen and below. Postausgang without SMTP_URL (its notice) is mail.e2e.ts's.

// Each test loads a screen cold; on a busy machine that takes longer than the suite's default.
test.describe.configure({ timeout: 90_000 });

const publicScreens = [
  ["/", 1],
  ["/about", 1],
  ["/services", 1],
  ["/contact", 1],
  ["/impressum", 1],
  ["/datenschutz", 1],
  ["/login", "Anmelden"],
  ["/register", "Konto erstellen"],
] as const;

for (const [path, heading] of publicScreens) {
  test(`${path} passes axe as a visitor`, async ({ page }) => {
    await page.goto(path);
    const title =
      typeof heading === "string"
        ? page.getByRole("heading", { level: 1, name: heading })
        : page.getByRole("main").getByRole("heading", { level: 1 });
    await expect(title).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(page, "body");
  });
}

const portalScreens = [
  ["/dashboard", "Dashboard"],
  ["/account", "Mein Konto"],
  ["/users", "Benutzer"],
  ["/releases", "Auslieferung"],
  ["/outbox", "Postausgang"],
  ["/audit", "Protokoll"],
  ["/privacy", "Datenschutz"],
  ["/data", "Dateien"],
  ["/customers", "Kundenverwaltung"],
  ["/invoices", "Rechnungstool"],
] as const;

for (const [path, heading] of portalScreens) {
  test(`${path} passes axe as an admin`, async ({ page, request }) => {
    await signInQuickly(page, request, testOwner);
    await page.goto(path);
    // A busy machine may take a while to load a remote the first time.
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
    // The screen's data has arrived: no loading notice, skeleton or loader left in the page area.
    await expect(
      page.locator("main [role=status]:has-text('Lade'), main .mantine-Skeleton-root, main .mantine-Loader-root"),
    ).toHaveCount(0, { timeout: 30_000 });
    await expectNoAxeViolations(page, "body");
  });
}

test("the sign-in's password reset dialog passes axe", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Passwort vergessen?" }).click();
  await expect(page.getByRole("dialog", { name: "Passwort vergessen?" })).toBeVisible();
  // A native <dialog>: its role is implicit.
  await expectNoAxeViolations(page, "dialog");
});

test("Postausgang's mail dialog passes axe", async ({ page, request }) => {
  // A mail to list: a contact request's notice to the team.
  const contact = await request.post("/api/contact", {
    data: { name: "Anna Axe", email: "anna.axe@example.com", company: "", message: "Bitte um Rückruf." },
  });
  expect(contact.status()).toBe(201);
  await signInQuickly(page, request, testOwner);
  await page.goto("/outbox");
  const row = page.getByRole("row").filter({ hasText: "Anna Axe" }).first();
  await row.getByRole("button", { name: "Anzeigen" }).click({ timeout: 30_000 });
  await expect(page.getByRole("dialog", { name: "E-Mail" })).toBeVisible();
  await expectNoAxeViolations(page, "[role=dialog]");
});
