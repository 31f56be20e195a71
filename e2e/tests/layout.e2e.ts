import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

test("a public page is rendered through the marketing remote inside the shell's layout", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  const header = page.getByRole("banner");
  for (const name of ["Home", "Über uns", "Leistungen", "Kontakt"]) {
    await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(header.getByRole("link", { name: "Dateien" })).toHaveCount(0);
  await expect(header.getByRole("button", { name: "Logout" })).toHaveCount(0);

  await header.getByRole("link", { name: "Über uns", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(header.getByRole("link", { name: "Über uns", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(header.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current", "page");
});

test("the footer carries tagline, links, contact data and the review link", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Digitalisierung. Einfach. Persönlich.");
  await expect(footer).toContainText("Deutschland");
  await expect(footer).toContainText("© 2024");
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
  const review = footer.getByRole("link", { name: "Bewerten Sie uns auf Trustpilot" });
  await expect(review).toHaveAttribute("href", /trustpilot/);
  await expect(review).toHaveAttribute("target", "_blank");
  for (const href of ["/", "/about", "/contact", "/datenschutz", "/impressum"]) {
    await expect(footer.locator(`a[href="${href}"]`).first()).toBeVisible();
  }
  // The staff's way in: the public header has none.
  await expect(footer.getByRole("link", { name: "Anmelden" })).toHaveAttribute("href", "/login");

  // /impressum is a plain link: following it loads a new document.
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = "same-document";
  });
  await footer.locator('a[href="/impressum"]').click();
  await expect(page).toHaveURL(/\/impressum$/);
  await expect(page.getByRole("main")).toContainText("Impressum");
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
});

test("the mobile menu opens, caps its height and closes on a link click", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Menü öffnen" });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("banner").getByRole("link", { name: "Leistungen", exact: true })).toBeHidden();

  await toggle.click();
  const close = page.getByRole("button", { name: "Menü schließen" });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  const menuId = await close.getAttribute("aria-controls");
  expect(menuId).toBeTruthy();
  const menu = page.locator(`[id="${menuId}"]`);
  const maxHeight = await menu.evaluate((element) => getComputedStyle(element).maxHeight);
  expect(maxHeight).not.toBe("none");

  await menu.getByRole("link", { name: "Leistungen", exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("button", { name: "Menü öffnen" })).toHaveAttribute("aria-expanded", "false");
  await expect(menu.getByRole("link", { name: "Leistungen", exact: true })).toBeHidden();
});

test("an unknown path shows the 404 page, logs the path and links home", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  const response = await page.goto("/gibt-es-nicht");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  expect(errors.some((text) => text.includes("/gibt-es-nicht"))).toBe(true);
  await page
    .getByRole("main")
    .getByRole("link", { name: /Startseite|Home/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test("keyboard users reach the navigation from the top of the page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  const skipLink = page.getByRole("link", { name: "Zum Inhalt springen" });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeVisible();
  const reachable: string[] = [];
  for (let i = 0; i < 8; i++) {
    reachable.push((await page.locator(":focus").textContent())?.trim() ?? "");
    await page.keyboard.press("Tab");
  }
  expect(reachable).toContain("Kontakt");
});

test("a remote built against another kit than the running shell shows its fallback instead of crashing", async ({
  page,
  request,
}) => {
  const user = await registeredUser(request);
  await signInQuickly(page, request, user);
  // As if mf-dashboard had been deployed from a newer kit: its build requires the shared kit
  // entries (session, query cache, portal) at another surface version than the shell provides.
  const kitVersion = /("|')(\d+\.\d+\.\d+-s)[0-9a-f]{8}\1/g;
  let rewritten = 0;
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.route(/\/remotes\/mf-dashboard\/.*\.(js|json)$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const changed = body.replace(kitVersion, (_, quote: string, prefix: string) => `${quote}${prefix}00000000${quote}`);
    if (changed !== body) rewritten++;
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    await route.fulfill({ response, body: changed, headers });
  });

  await page.goto("/dashboard");
  const main = page.getByRole("main");
  await expect(main).toContainText("Dieser Bereich konnte nicht geladen werden.");
  await expect(main.getByRole("button", { name: "Erneut versuchen" })).toBeVisible();
  await expect(main).not.toContainText(`Willkommen, ${user.name}`);
  expect(rewritten).toBeGreaterThan(0);
  // Refused by the shell as soon as the manifest was read (federation/kit-guard.ts), before any
  // of the remote's code ran; never a network failure: the only bytes changed are the versions.
  expect(consoleErrors.join("\n")).toMatch(
    /@klarwerk\/kit\/[a-z-]+ does not satisfy mf_dashboard: it was built against/,
  );
  // The shell around it keeps working.
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Kunden", exact: true }).click();
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Kundenverwaltung" })).toBeVisible();
});

test("a remote that cannot be loaded shows a retry in its slot while the rest keeps working", async ({
  page,
  request,
}) => {
  const user = await registeredUser(request);
  await signInQuickly(page, request, user);
  let blocked = true;
  await page.route("**/remotes/mf-dashboard/**", (route) => (blocked ? route.abort() : route.continue()));

  await page.goto("/dashboard");
  const main = page.getByRole("main");
  await expect(main).toContainText("Dieser Bereich konnte nicht geladen werden.");
  const retry = main.getByRole("button", { name: "Erneut versuchen" });
  await expect(retry).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("© 2024");

  // Other routes, served by other remotes, still work.
  await page.getByRole("banner").getByRole("link", { name: "Über uns", exact: true }).click();
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();

  // Once the network is back, retrying loads the dashboard in place.
  await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("main").getByRole("button", { name: "Erneut versuchen" })).toBeVisible();
  blocked = false;
  await page.getByRole("main").getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${user.name}`);
});

/** Every visible item of the header lies in its first row, and the brand with its name is shown. */
async function expectOneRow(page: Page): Promise<void> {
  const header = page.getByRole("banner");
  const rowHeight = await page.evaluate(() =>
    Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--kw-header-height")),
  );
  const box = await header.boundingBox();
  // One row and its bottom border.
  expect(box?.height).toBeLessThanOrEqual(rowHeight + 1);
  await expect(header.getByRole("link", { name: "Klarwerk Digital – Startseite" })).toBeVisible();
  await expect(header.locator(".brand__name")).toBeVisible();
  await expect(header.locator(".brand__name")).toHaveText("Klarwerk Digital");
  for (const item of await header.locator("a:visible, button:visible").all()) {
    const name = (await item.textContent()) ?? "";
    const itemBox = await item.boundingBox();
    expect(itemBox, name).not.toBeNull();
    if (!itemBox) continue;
    expect(itemBox.y + itemBox.height, name).toBeLessThanOrEqual(rowHeight);
    expect(itemBox.x + itemBox.width, name).toBeLessThanOrEqual(1280);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
}

/** Opens `name` from the header's group `group` (or directly, without one) and waits for its page. */
async function openTool(page: Page, tool: Tool): Promise<void> {
  const header = page.getByRole("banner");
  if (tool.group) {
    const toggle = header.getByRole("button", { name: tool.group });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  await header.getByRole("link", { name: tool.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${tool.path.replace("#", "#?")}$`));
  // A screen's first visit loads its remote: on a loaded machine that takes longer than 10 s.
  await expect(page.getByRole("main").getByRole("heading", { name: tool.heading }).first()).toBeVisible({
    timeout: 30_000,
  });
}

interface Tool {
  name: string;
  group?: string;
  path: string;
  heading: string;
}

const staffTools: Tool[] = [
  { name: "Kunden", path: "/customers", heading: "Kundenverwaltung" },
  { name: "Dateien", path: "/data", heading: "Dateien" },
  { name: "Rechnungstool", group: "Rechnungen", path: "/invoices", heading: "Rechnungstool" },
  { name: "Auswertung", group: "Rechnungen", path: "/invoices/auswertung", heading: "Auswertung" },
  { name: "Konto", path: "/account", heading: "Mein Konto" },
  { name: "Dashboard", path: "/dashboard", heading: "Dashboard" },
];

const adminTools: Tool[] = [
  { name: "Benutzer", group: "Verwaltung", path: "/users", heading: "Benutzer" },
  { name: "Postausgang", group: "Verwaltung", path: "/outbox", heading: "Postausgang" },
  { name: "Auslieferung", group: "Verwaltung", path: "/releases", heading: "Auslieferung" },
  { name: "Protokoll", group: "Verwaltung", path: "/audit", heading: "Protokoll" },
  { name: "Datenschutz", group: "Verwaltung", path: "/privacy", heading: "Datenschutz" },
  { name: "Betrieb", group: "Verwaltung", path: "/dashboard#betrieb", heading: "Betrieb" },
];

for (const who of ["staff", "admin"] as const) {
  test(`at 1280 px the header of ${who === "admin" ? "an admin" : "staff"} is one row with the brand, and every tool is opened from it`, async ({
    page,
    request,
  }) => {
    // Every screen of the portal, one after the other (each its remote's first visit).
    test.setTimeout(300_000);
    const user = who === "admin" ? testOwner : await registeredUser(request, "Nina Navigation");
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInQuickly(page, request, user);
    await page.goto("/dashboard");
    await expect(page.getByRole("main")).toContainText(`Willkommen, ${user.name}`, { timeout: 30_000 });
    const header = page.getByRole("banner");
    await page.screenshot({ path: test.info().outputPath(`header-1280-${who}.png`) });
    await expectOneRow(page);
    await expect(header.getByRole("button", { name: "Verwaltung" })).toHaveCount(who === "admin" ? 1 : 0);

    for (const tool of who === "admin" ? [...staffTools, ...adminTools] : staffTools) {
      await openTool(page, tool);
      await expectOneRow(page);
    }
    // The group of the page shown is marked; the list is closed after a link was followed.
    await openTool(page, staffTools[3] as Tool);
    await expect(header.getByRole("button", { name: "Rechnungen" })).toHaveAttribute("aria-expanded", "false");
    await expect(header.getByRole("button", { name: "Rechnungen" })).toHaveClass(/site-nav__link--active/);
    await expect(header.getByRole("link", { name: "Auswertung", exact: true })).toBeHidden();
  });
}

test("an admin's tools are in „Verwaltung“, which opens and closes by keyboard and is found by axe without fault", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${testOwner.name}`);
  const header = page.getByRole("banner");
  const toggle = header.getByRole("button", { name: "Verwaltung" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const list = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
  await expect(list.getByRole("link")).toHaveText([
    "Benutzer",
    "Postausgang",
    "Auslieferung",
    "Protokoll",
    "Datenschutz",
    "Betrieb",
  ]);
  await page.screenshot({ path: test.info().outputPath("header-1280-admin-verwaltung.png") });
  await expectNoAxeViolations(page, "header");
  await page.keyboard.press("Tab");
  await expect(list.getByRole("link", { name: "Benutzer" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await expect(list).toBeHidden();
  // A click elsewhere closes it too.
  await toggle.click();
  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

for (const who of ["staff", "admin"] as const) {
  test(`at 390 px the mobile menu of ${who === "admin" ? "an admin" : "staff"} holds every tool`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const user = who === "admin" ? testOwner : await registeredUser(request, "Mona Mobil");
    await page.setViewportSize({ width: 390, height: 844 });
    await signInQuickly(page, request, user);
    await page.goto("/dashboard");
    await expect(page.getByRole("main")).toContainText(`Willkommen, ${user.name}`, { timeout: 30_000 });
    const brand = page.getByRole("banner").getByRole("link", { name: "Klarwerk Digital – Startseite" });
    await expect(brand).toBeVisible();
    await page.getByRole("button", { name: "Menü öffnen" }).click();
    if (who === "admin") await page.getByRole("banner").getByRole("button", { name: "Verwaltung" }).click();
    await page.screenshot({ path: test.info().outputPath(`menu-390-${who}.png`) });
    await expectNoAxeViolations(page, "header");
    await page.getByRole("button", { name: "Menü schließen" }).click();

    for (const tool of who === "admin" ? [...staffTools, ...adminTools] : staffTools) {
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await openTool(page, tool);
      // Following a link closes the menu.
      await expect(page.getByRole("button", { name: "Menü öffnen" })).toHaveAttribute("aria-expanded", "false");
      await expect(brand).toBeVisible();
    }
  });
}

test("a notification shows below the header and under an open dialog: it covers neither the header's links nor the dialog's buttons", async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, testOwner);
  await page.goto("/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Kundenverwaltung" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Neuer Kunde" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Name")).toBeFocused();
  // A blank name: the dialog stays open and a notification says why.
  await dialog.getByRole("button", { name: "Anlegen" }).click();
  const notification = page.locator(".kw-notifications").getByRole("alert");
  await expect(notification).toContainText("Name ist Pflicht");
  await page.screenshot({ path: test.info().outputPath("notification-1280-dialog.png") });

  const notificationBox = await notification.boundingBox();
  // The site's header (the open dialog has a header of its own).
  const headerBox = await page.locator(".site-header").boundingBox();
  expect(notificationBox && headerBox).toBeTruthy();
  if (notificationBox && headerBox) expect(notificationBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  // What a click on each of the dialog's buttons (× included) reaches: the button itself.
  const reached = async (locator: Locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && element.contains(hit);
    });
  for (const button of await dialog.getByRole("button").all()) {
    await button.scrollIntoViewIfNeeded();
    expect(await reached(button), (await button.getAttribute("aria-label")) ?? (await button.textContent()) ?? "").toBe(
      true,
    );
  }
});

test("a portal address whose #hash is not valid percent-encoding opens its page at the top instead of a blank page", async ({
  page,
  request,
}) => {
  // Signed in, the portal's router shows its first page at its #hash, which it decodes.
  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard#%E0%A4%A");
  await expect(page.getByRole("main")).toContainText("Willkommen", { timeout: 30_000 });
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
