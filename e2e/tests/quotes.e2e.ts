import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { companyReadyToIssue } from "../support/invoices";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly } from "../support/users";

// Angebote (decision 0078): a quote made in the form, issued, accepted and turned into an invoice
// draft („In Rechnung umwandeln“) that has its items and names it; a second conversion only as
// „weitere Teilrechnung“.

function field(page: Page, name: string, row: number): Locator {
  return page.getByRole("textbox", { name: `${name}, Artikel ${row}`, exact: true });
}

function notification(page: Page, text: string): Locator {
  return page.locator(".mantine-Notifications-root").getByRole("alert").filter({ hasText: text });
}

test("create a quote → issue → accept → „In Rechnung umwandeln“: the invoice draft has its items and names the quote", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 8);
  await companyReadyToIssue(request);
  const user = await registeredUser(request, "Anton Angebot");
  await signInQuickly(page, request, user);
  await page.goto("/invoices/angebote");
  await expect(page.getByRole("heading", { level: 1, name: "Angebote" })).toBeVisible({ timeout: 60_000 });
  const provider = page.getByRole("textbox", { name: "Dienstleister", exact: true });
  await expect(provider).not.toHaveValue("");

  await page.getByRole("textbox", { name: "Kunde", exact: true }).fill(`Angebot GmbH ${tag}\nRingstraße 3\n50667 Köln`);
  await field(page, "Beschreibung", 1).fill(`Konzept ${tag}`);
  await field(page, "Anzahl", 1).fill("2");
  await field(page, "Preis (€ / Stück)", 1).fill("500");
  await expect(page.getByLabel("Gültig bis")).toHaveValue("");
  await page.getByRole("button", { name: "Angebot ausstellen" }).click();
  await expect(notification(page, "Angebot ausgestellt")).toBeVisible();

  await page.getByRole("searchbox", { name: "Angebote durchsuchen" }).fill(tag);
  const quote = page.getByRole("region", { name: "Gespeicherte Angebote" }).getByRole("article").first();
  await expect(quote.getByRole("heading", { name: /^AN-\d{4}-\d{4}$/ })).toBeVisible();
  const number = (await quote.getByRole("heading").textContent()) ?? "";
  await expect(quote.getByText("offen", { exact: true })).toBeVisible();
  await expect(quote.getByText("1.190,00\u00a0€")).toBeVisible();
  await expectNoAxeViolations(page);

  await quote.getByRole("button", { name: "Angenommen" }).click();
  await expect(quote.getByText("angenommen", { exact: true })).toBeVisible();
  await quote.getByRole("button", { name: "In Rechnung umwandeln" }).click();
  await expect(notification(page, "Rechnungsentwurf erstellt")).toBeVisible();
  await expect(quote.getByRole("link", { name: "Rechnungsentwurf" })).toBeVisible();
  // Once only, unless „weitere Teilrechnung“ is ticked.
  await expect(quote.getByRole("button", { name: "In Rechnung umwandeln" })).toBeDisabled();
  await quote.getByRole("checkbox", { name: "weitere Teilrechnung" }).check();
  await expect(quote.getByRole("button", { name: "In Rechnung umwandeln" })).toBeEnabled();

  await quote.getByRole("link", { name: "Rechnungsentwurf" }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(tag);
  const invoice = page.getByRole("region", { name: "Gespeicherte Rechnungen" }).getByRole("article").first();
  await expect(invoice.getByText(`Konzept ${tag}`)).toBeVisible();
  await expect(invoice.getByText(`aus Angebot ${number}`)).toBeVisible();
  await expect(invoice.getByRole("link", { name: number })).toHaveAttribute("href", "/invoices/angebote");
});
