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
    /@klarwerk\/kit\/[a-z]+ does not satisfy mf_dashboard: it was built against/,
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

test("an admin's header row fits a 1280 px window: every link and Logout stay on screen", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Postausgang" })).toBeVisible();
  const logout = header.getByRole("button", { name: "Logout" });
  await expect(logout).toBeVisible();
  for (const item of await header.locator("a:visible, button:visible").all()) {
    const name = (await item.textContent()) ?? "";
    const box = await item.boundingBox();
    expect(box ? box.x + box.width : Number.POSITIVE_INFINITY, name).toBeLessThanOrEqual(1280);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
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
