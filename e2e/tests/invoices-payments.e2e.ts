import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { companyReadyToIssue, tokenOf } from "../support/invoices";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly } from "../support/users";

// Payments (docs/decisions/0072): „Zahlung erfassen“ on an issued invoice, partial payments to the
// cent, the open amount and the badge „teilweise bezahlt“, a refused overpayment, a mistaken
// payment deleted; at a phone's width and a desktop's.

/** Today in the browser's time zone (the config's Europe/Berlin), as a date input holds it. */
function todayInBerlin(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
}

const euro = (text: string) => text.replaceAll(" ", "\u00a0"); // amounts print with a no-break space

function notification(page: Page, text: string): Locator {
  return page.locator(".mantine-Notifications-root").getByRole("alert").filter({ hasText: text });
}

/** Records a payment through the dialog: the amount as typed, the date today. */
async function recordPayment(page: Page, invoice: Locator, amount: string, note = ""): Promise<Locator> {
  await invoice.getByRole("button", { name: "Zahlung erfassen" }).click();
  const dialog = page.getByRole("dialog", { name: /Zahlung erfassen/ });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Betrag (€)").fill(amount);
  if (note) await dialog.getByLabel("Notiz (optional)").fill(note);
  await dialog.getByRole("button", { name: "Zahlung erfassen" }).click();
  return dialog;
}

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
}

test("„Zahlung erfassen“: 100,00 € paid to the cent in three parts, a cent too many refused, a payment deleted", async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  await companyReadyToIssue(request);
  const user = await registeredUser(request, "Paula Zahlung");
  // 1 × 84,03 € at 19 %: 100,00 € gross.
  const created = await request.post("/api/invoices", {
    headers: { Authorization: `Bearer ${await tokenOf(request, user)}` },
    data: {
      recipient: `Zahlbar GmbH ${tag}\nMarktplatz 1\n04109 Leipzig`,
      provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
      items: [{ description: "Beratung", quantity: 1, unitPriceCents: 8_403 }],
      issue: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signInQuickly(page, request, user);
  await page.goto("/invoices");
  await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(tag);
  const invoice = page.getByRole("region", { name: "Gespeicherte Rechnungen" }).getByRole("article").first();
  await expect(invoice.getByTestId("invoice-total")).toHaveText(euro("100,00 €"));
  await expect(invoice.getByTestId("invoice-status")).toHaveText("offen");
  await expect(invoice.getByTestId("invoice-partly-paid")).toHaveCount(0);
  // „Als bezahlt markieren“ is still there beside it.
  await expect(invoice.getByRole("button", { name: "Als bezahlt markieren" })).toBeVisible();

  // The dialog offers the open amount and today.
  await invoice.getByRole("button", { name: "Zahlung erfassen" }).click();
  const dialog = page.getByRole("dialog", { name: /Zahlung erfassen/ });
  await expect(dialog.getByLabel("Betrag (€)")).toHaveValue("100,00");
  await expect(dialog.getByLabel("Zahlungsdatum")).toHaveValue(todayInBerlin());
  await expect(dialog.getByText(euro("Offen: 100,00 €"))).toBeVisible();
  await expectNoAxeViolations(page, "[role=dialog]");
  await dialog.getByLabel("Betrag (€)").fill("0");
  await dialog.getByRole("button", { name: "Zahlung erfassen" }).click();
  await expect(dialog.getByText("Bitte geben Sie einen Betrag größer als 0,00 € an.")).toBeVisible();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();

  await recordPayment(page, invoice, "33,33", "Erste Rate");
  await expect(notification(page, "Zahlung erfasst")).toBeVisible();
  await expect(invoice.getByTestId("invoice-partly-paid")).toHaveText("teilweise bezahlt");
  await expect(invoice.getByTestId("invoice-status")).toHaveText("offen");
  await expect(invoice.getByTestId("invoice-open")).toHaveText(euro("Offen: 66,67 €"));
  await recordPayment(page, invoice, "33.33");
  await expect(invoice.getByTestId("invoice-open")).toHaveText(euro("Offen: 33,34 €"));
  const payments = invoice.getByTestId("invoice-payments");
  await expect(payments.getByRole("listitem")).toHaveCount(2);
  await expect(payments.getByTestId("invoice-paid-sum")).toHaveText(euro("66,66 €"));
  await expect(payments.getByTestId("invoice-open-sum")).toHaveText(euro("33,34 €"));
  await expect(payments).toContainText("Erste Rate");
  await expect(payments).toContainText("erfasst von Paula Zahlung");

  // Partly paid, at a phone's width and a desktop's.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1300 });
    await invoice.scrollIntoViewIfNeeded();
    await expect(invoice.getByTestId("invoice-partly-paid")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await invoice.screenshot({ path: test.info().outputPath(`payments-partly-paid-${width}.png`) });
  }
  await expectNoAxeViolations(page, "article");

  // A cent more than is open: the server's message, nothing recorded.
  const refused = await recordPayment(page, invoice, "33,35");
  await expect(notification(page, euro("Der Betrag ist höher als der offene Betrag von 33,34 €."))).toBeVisible();
  await refused.getByRole("button", { name: "Abbrechen" }).click();
  await expect(payments.getByTestId("invoice-paid-sum")).toHaveText(euro("66,66 €"));

  await recordPayment(page, invoice, "33,34");
  const [year, month, day] = todayInBerlin().split("-");
  await expect(invoice.getByTestId("invoice-status")).toHaveText(`bezahlt am ${day}.${month}.${year}`);
  await expect(invoice.getByTestId("invoice-partly-paid")).toHaveCount(0);
  await expect(invoice.getByTestId("invoice-open")).toHaveCount(0);
  await expect(payments.getByTestId("invoice-paid-sum")).toHaveText(euro("100,00 €"));
  await expect(invoice.getByRole("button", { name: "Zahlung erfassen" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await invoice.screenshot({ path: test.info().outputPath("payments-paid-390.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The last payment was a mistake: deleted, the invoice is partly paid again.
  await payments.getByRole("button", { name: `Zahlung löschen (${day}.${month}.${year}, ${euro("33,34 €")})` }).click();
  const confirm = page.getByRole("dialog", { name: "Zahlung löschen?" });
  await confirm.getByRole("button", { name: "Zahlung löschen" }).click();
  await expect(notification(page, "Zahlung gelöscht")).toBeVisible();
  await expect(invoice.getByTestId("invoice-status")).toHaveText("offen");
  await expect(invoice.getByTestId("invoice-open")).toHaveText(euro("Offen: 33,34 €"));
});
