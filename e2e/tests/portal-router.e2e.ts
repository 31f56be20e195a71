import type { Page } from "@playwright/test";
import { goInApp } from "../../bench/support/portal-screens";
import { expect, test } from "../support/test";
import { signInQuickly, testOwner } from "../support/users";

// The portal's router (react-router, docs/decisions/0077-portal-on-react-router.md): titles, the
// scroll position on back and forward, a new page at its top, a #hash it cannot decode, the 404
// page, the guard's redirect and the progress bar while a page's chunk loads.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

// Each loads the portal's first screen (its remote and Mantine): slow on a busy machine.
test.slow();

test("in the portal a new page starts at its top, and back and forward bring back each page's title and scroll position", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${testOwner.name}`, { timeout: 30_000 });
  await expect(page).toHaveTitle("Dashboard – Klarwerk Digital");
  // A page whose height does not wait for a remote's slot or data: the 404 page, in the portal.
  await goInApp(page, "/nicht-da");
  await expect(page).toHaveTitle("Seite nicht gefunden – Klarwerk Digital", { timeout: 30_000 });
  expect(await scrollY(page)).toBe(0);
  const target = await page.evaluate(() => {
    const y = Math.min(300, document.documentElement.scrollHeight - window.innerHeight);
    window.scrollTo(0, y);
    return Math.round(window.scrollY);
  });
  expect(target, "the page is taller than the window").toBeGreaterThan(50);

  // Clicked where it is, without scrolling to it first: Playwright's click would scroll the page
  // so the header's link shows (to 82 px), and that is the position the page is left at.
  await page.getByRole("banner").getByRole("link", { name: "Kunden", exact: true }).dispatchEvent("click");
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Kundenverwaltung" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle("Kundenverwaltung – Klarwerk Digital");
  await expect(page.getByRole("banner").getByRole("link", { name: "Kunden", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveTitle("Seite nicht gefunden – Klarwerk Digital");
  // Exactly where it was left.
  await expect.poll(() => scrollY(page)).toBe(target);

  await page.goForward();
  await expect(page).toHaveTitle("Kundenverwaltung – Klarwerk Digital");
  await expect.poll(() => scrollY(page)).toBe(0);

  // A #hash that is not valid percent-encoding, reached in the page: the page shows, at its top.
  await page.evaluate(() => window.scrollTo(0, 100));
  await goInApp(page, "/dashboard#%E0%A4%A");
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${testOwner.name}`);
  await expect(page).toHaveTitle("Dashboard – Klarwerk Digital");
  expect(await scrollY(page)).toBe(0);
  await expect(page.locator(".nav-progress")).toHaveAttribute("data-active", "false");
});

test("an unknown path in the portal shows the 404 page inside the signed-in layout, with its title", async ({
  page,
  request,
}) => {
  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${testOwner.name}`, { timeout: 30_000 });
  await goInApp(page, "/gibt/es/nicht");
  await expect(page.getByRole("main").getByRole("heading", { name: "Oops! Page not found" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle("Seite nicht gefunden – Klarwerk Digital");
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("banner").locator('[aria-current="page"]')).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Zurück zur Startseite" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
    "Digitale Lösungen, die Ihren Alltag leichter machen.",
  );
});

test("a protected page visited signed out in the portal goes to the sign-in in place of its entry, and the sign-in leads to the dashboard", async ({
  page,
}) => {
  await page.goto("/gibt-es-nicht");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await goInApp(page, "/customers");
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page).toHaveTitle("Anmelden – Klarwerk Digital");
  // The guard replaced the protected page's entry: back leads to the page before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/gibt-es-nicht$/);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("E-Mail").fill(testOwner.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(testOwner.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${testOwner.name}`, { timeout: 30_000 });
});

test("while the next page's chunk loads, the current page stays and the progress bar runs", async ({ page }) => {
  await page.goto("/gibt-es-nicht");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/static/js/async/**", async (route) => {
    await gate;
    await route.continue();
  });
  await goInApp(page, "/passwort-zuruecksetzen");
  await expect(page.locator(".nav-progress")).toHaveAttribute("data-active", "true");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Seite nicht gefunden – Klarwerk Digital");
  release();
  await expect(page).toHaveTitle("Neues Passwort – Klarwerk Digital");
  await expect(page.locator(".nav-progress")).toHaveAttribute("data-active", "false");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toHaveCount(0);
});
