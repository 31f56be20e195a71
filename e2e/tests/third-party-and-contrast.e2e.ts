import type { Page } from "@playwright/test";
import { site } from "../../packages/kit/src/site";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

// The review widget's third-party script never runs where the session token can
// be read. It runs in a sandboxed frame, on the public marketing pages only: never requested on
// /login, /register, the reset page or a portal route, even with consent given. Row 13: the 404
// page and the Postausgang table pass axe's colour contrast.

/** Answers the widget script's requests with a stub and counts them. */
async function countWidgetRequests(page: Page): Promise<() => number> {
  let requests = 0;
  await page.route(site.reviewWidgetScript, (route) => {
    requests++;
    return route.fulfill({
      status: 200,
      contentType: "application/javascript",
      body: `window.tokenSeen = (function () { try { return String(localStorage.getItem("klarwerktoken")); } catch (error) { return "blocked"; } })();`,
    });
  });
  return () => requests;
}

/** The visitor agreed to the widget on an earlier visit. */
async function consentGiven(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem("klarwerkconsent", "accepted"));
}

function widgetFrame(page: Page) {
  return page.frames().find((frame) => frame !== page.mainFrame() && frame.url() === "about:srcdoc");
}

test("with consent, the widget script is never requested on the portal, sign-in or reset pages; it loads sandboxed on public pages", async ({
  page,
  request,
}) => {
  const requests = await countWidgetRequests(page);
  await consentGiven(page);
  await signInQuickly(page, request, await registeredUser(request, "Tina Token"));

  await page.goto("/");
  await expect.poll(requests).toBe(1);
  const frame = page.locator("iframe.site-footer__widget");
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-popups allow-popups-to-escape-sandbox");
  // Inside its frame the script has an origin of its own: the token in ours is out of its reach.
  await expect
    .poll(async () => widgetFrame(page)?.evaluate(() => (window as { tokenSeen?: string }).tokenSeen))
    .toBe("blocked");
  expect(await page.evaluate(() => (window as { tokenSeen?: string }).tokenSeen ?? null)).toBeNull();

  // Leaving the public pages inside the app removes the frame, and the script with it.
  await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(frame).toHaveCount(0);

  for (const path of [
    "/dashboard",
    "/data",
    "/customers",
    "/invoices",
    "/account",
    "/passwort-zuruecksetzen?token=abc",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(frame, path).toHaveCount(0);
  }
  expect(requests()).toBe(1);

  // Signed out: the sign-in and registration pages load none either.
  await page.evaluate(() => localStorage.removeItem("klarwerktoken"));
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(frame, path).toHaveCount(0);
  }
  expect(requests()).toBe(1);

  // Public pages still show it.
  await page.goto("/about");
  await expect.poll(requests).toBe(2);
  await expect(frame).toHaveCount(1);
});

test("the 404 page passes axe, its large code included", async ({ page }) => {
  await page.goto("/gibt-es-nicht");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the Postausgang table passes axe's colour contrast, whatever the mails' states", async ({ page, request }) => {
  // A mail to list: a contact request's notice to the team.
  const contact = await request.post("/api/contact", {
    data: { name: "Kora Kontrast", email: "kora@example.com", company: "", message: "Bitte um Rückruf." },
  });
  expect(contact.status()).toBe(201);
  await signInQuickly(page, request, testOwner);
  await page.goto("/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Postausgang" })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
});
