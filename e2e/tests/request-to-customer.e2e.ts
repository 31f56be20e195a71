import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner, tokenOf } from "../support/users";

// „Als Kunde übernehmen“ (issue 49, decision 0095): a request from the contact page becomes a
// customer; a second one from the same address is offered that customer and linked to it, never
// a duplicate; the customer page's timeline shows both. SCREENSHOTS=<folder> keeps the dialog.

test.describe.configure({ mode: "serial" });

/** Keeps what the dialog shows when SCREENSHOTS is set. */
async function keep(page: Page, step: string): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // The viewport: a full page would stitch the open dialog into the scrolled page.
  await page.screenshot({ path: join(dir, `request-customer-${step}.png`) });
}

async function sendThroughContactPage(page: Page, name: string, email: string, message: string): Promise<void> {
  await page.goto("/contact");
  const form = page.getByRole("main");
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByRole("textbox", { name: "E-Mail", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Nachricht", exact: true }).fill(message);
  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByText("Nachricht gesendet!")).toBeVisible();
}

/** Sends a request through the contact page and opens its dialog from its row (a card on a phone) with „Antworten“. */
async function sendAndOpen(page: Page, name: string, email: string, message: string): Promise<Locator> {
  await sendThroughContactPage(page, name, email, message);
  await page.goto("/dashboard");
  await page
    .getByRole("main")
    .getByRole("row")
    .filter({ hasText: message })
    .getByRole("button", { name: "Antworten" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Anfrage" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function customersWithEmail(request: APIRequestContext, token: string, name: string): Promise<number> {
  const answer = await request.get(`/api/customers?search=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { total: number }).total;
}

for (const who of ["staff", "admin"] as const) {
  for (const width of [1280, 390]) {
    test(`${who} at ${width} px: a request becomes a customer, the next one from its address is linked, none twice`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const user = who === "admin" ? testOwner : await registeredUser(request, "Stella Staff");
      await signInQuickly(page, request, user);
      const token = await tokenOf(request, user);
      const tag = randomUUID().slice(0, 8);
      const name = `Übernahme ${tag}`;
      const email = `uebernahme-${tag}@example.de`;

      let dialog = await sendAndOpen(page, name, email, `Erste Anfrage ${tag}`);
      await keep(page, `${who}-${width}-1-button`);
      await dialog.getByRole("button", { name: "Als Kunde übernehmen" }).click();
      await expect(page.getByText("Als Kunde übernommen")).toBeVisible();
      await expect(dialog.getByTestId("request-customer")).toContainText(`Kunde: ${name}`);
      await expect(dialog.getByRole("button", { name: "Als Kunde übernehmen" })).toHaveCount(0);
      await keep(page, `${who}-${width}-2-taken-over`);
      // The list's row (a card on a phone) names the customer too.
      const firstRow = page
        .getByRole("main")
        .getByRole("row")
        .filter({ hasText: `Erste Anfrage ${tag}` });
      await expect(firstRow.getByTestId("request-row-customer")).toHaveText(`Kunde: ${name}`);
      await dialog.getByRole("button", { name: "Schließen" }).first().click();
      await expect(dialog).toBeHidden();
      await firstRow.scrollIntoViewIfNeeded();
      await keep(page, `${who}-${width}-2b-row`);
      expect(await customersWithEmail(request, token, name)).toBe(1);

      // The second request from the same address, spelled differently: the customer is offered.
      dialog = await sendAndOpen(page, name, email.toUpperCase(), `Zweite Anfrage ${tag}`);
      await dialog.getByRole("button", { name: "Als Kunde übernehmen" }).click();
      await expect(dialog).toContainText("Es gibt schon einen Kunden mit dieser E-Mail-Adresse:");
      await expect(dialog.getByRole("link", { name })).toBeVisible();
      await expectNoAxeViolations(page, "[role=dialog]");
      await keep(page, `${who}-${width}-3-offered`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await dialog.getByRole("button", { name: `Mit „${name}“ verknüpfen` }).click();
      await expect(page.getByText("Mit Kunde verknüpft")).toBeVisible();
      await expect(dialog.getByTestId("request-customer")).toContainText(`Kunde: ${name}`);
      await keep(page, `${who}-${width}-4-linked`);
      expect(await customersWithEmail(request, token, name)).toBe(1);

      // „Zum Kunden“: the customer page's timeline shows both requests.
      await dialog.getByRole("link", { name: "Zum Kunden" }).click();
      await expect(page).toHaveURL(/\/customers\/\d+$/);
      const main = page.getByRole("main");
      await expect(main).toContainText(`Erste Anfrage ${tag}`);
      await expect(main).toContainText(`Zweite Anfrage ${tag}`);
    });
  }
}
