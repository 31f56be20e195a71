import { randomUUID } from "node:crypto";
import { companyReadyToIssue, tokenOf } from "../support/invoices";
import { expect, test } from "../support/test";
import { signInQuickly, testOwner } from "../support/users";

// „Wiederkehrende Rechnungen“: an admin creates a monthly template for a customer, runs the job
// („Jetzt ausführen“), and the invoice is in the Rechnungstool's list while the template shows its run.
test.describe.configure({ timeout: 120_000 });

test("a monthly template runs once and its invoice appears in the list", async ({ page, request }) => {
  await companyReadyToIssue(request);
  const token = await tokenOf(request, testOwner);
  const name = `Abo Kunde ${randomUUID().slice(0, 6)}`;
  const created = await request.post("/api/customers", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      email: null,
      phone: null,
      website: null,
      notes: null,
      status: "vertrag",
      address: "Weg 1\n10115 Berlin",
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signInQuickly(page, request, testOwner);
  await page.goto("/invoices/wiederkehrend");
  await expect(page.getByRole("heading", { name: "Wiederkehrende Rechnungen", level: 1 })).toBeVisible({
    timeout: 45_000,
  });
  await page.getByRole("button", { name: "Neue Vorlage" }).click();
  const dialog = page.getByRole("dialog", { name: "Neue Vorlage" });
  await dialog.getByRole("combobox", { name: "Kunde aus der Kundenverwaltung" }).fill(name);
  await page.getByRole("option", { name }).click();
  await expect(dialog.getByText(`Kunde: ${name}`)).toBeVisible();
  await dialog.getByLabel("Beschreibung").fill("Wartung");
  await dialog.getByLabel("Einzelpreis (€)").fill("100");
  await dialog.getByLabel("Rechnung").selectOption("issue");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  const card = page.getByRole("article", { name: `Kunde ${name}` });
  await expect(card.getByText("monatlich")).toBeVisible();
  await expect(card.getByText("119,00 €")).toBeVisible();

  await page.getByRole("button", { name: "Jetzt ausführen" }).click();
  await expect(card.getByText(/ausgestellt/)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(/Rechnung \d{4}-\d+/)).toBeVisible();
  await expect(card.getByRole("button", { name: "PDF herunterladen" })).toBeVisible();
  await expect(card.getByText("Noch keine")).toHaveCount(0);

  await page.goto(`/invoices`);
  await page.getByRole("searchbox").first().fill(name);
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 20_000 });
});
