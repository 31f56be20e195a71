import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { companyReadyToIssue, dayInBerlin, issuedDaysAgo, reminderSettingsSaved, tokenOf } from "../support/invoices";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, type TestUser } from "../support/users";

// Zahlungserinnerung und Mahnungen (docs/decisions/0090): from the Auswertung an overdue invoice is
// reminded; the dialog shows the level, fee and total, then what was made; the invoice shows the
// history, and the PDF downloaded from it says „1. Mahnung“ with the amount and the fee.

// Under a loaded machine the remote and the PDF take long: four times the usual time.
test.describe.configure({ timeout: 180_000 });

const euro = (text: string) => text.replaceAll(" ", "\u00a0");

/** The elements inside `root` that scroll sideways (wider content than their box). */
function sidewaysScrolling(root: Element): string[] {
  return [root, ...root.querySelectorAll("*")]
    .filter((element) => {
      const overflow = getComputedStyle(element).overflowX;
      return (overflow === "auto" || overflow === "scroll") && element.scrollWidth > element.clientWidth + 1;
    })
    .map(
      (element) =>
        `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} px in ${element.clientWidth} px`,
    );
}

/**
 * An invoice of 1.190,00 € issued 40 days ago (due 26 days ago) and its Zahlungserinnerung of 20
 * days ago: an issued invoice can't be dated back through the API, so it is issued today and its
 * date is moved back in the database the e2e run uses.
 */
async function overdueInvoice(
  request: APIRequestContext,
  user: TestUser,
  recipient: string,
): Promise<{ id: number; number: string }> {
  await companyReadyToIssue(request);
  const headers = { Authorization: `Bearer ${await tokenOf(request, user)}` };
  const draft = await request.post("/api/invoices", {
    headers,
    data: {
      recipient: `${recipient}\nHauptstraße 5\n80331 München`,
      provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
      paymentTermDays: 14,
      items: [{ description: "Beratung", quantity: 1, unitPriceCents: 100_000 }],
      taxPercent: 19,
      issue: true,
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { invoice } = (await draft.json()) as { invoice: { id: number; number: string } };
  // Issued for real, so its PDF is in the store (the backup e2e checks every blob of the run's
  // database); only its date moves back.
  await issuedDaysAgo(invoice.id, 40);
  const first = await request.post(`/api/invoices/${invoice.id}/reminders`, {
    headers,
    data: { remindedOn: dayInBerlin(-20) },
  });
  expect(first.status(), await first.text()).toBe(201);
  return { id: invoice.id, number: invoice.number };
}

test("from the Auswertung: „Erinnern“ makes the 1. Mahnung, the history shows it, its PDF says so", async ({
  page,
  request,
}) => {
  test.skip(!process.env.E2E_DATABASE_URL, "needs E2E_DATABASE_URL to date an invoice back");
  const tag = randomUUID().slice(0, 8);
  await reminderSettingsSaved(request);
  const user = await registeredUser(request, "Paula Mahnung");
  const { number } = await overdueInvoice(request, user, `Säumig GmbH ${tag}`);

  await signInQuickly(page, request, user);
  await page.goto("/invoices/auswertung");
  const block = page.getByRole("region", { name: "Überfällige Rechnungen erinnern" });
  await block.getByRole("button", { name: `Rechnung ${number} erinnern` }).click();
  const dialog = page.getByRole("dialog", { name: "Zahlungserinnerung / Mahnung" });
  const row = dialog.getByTestId("reminder-row");
  await expect(row).toContainText("1. Mahnung", { timeout: 60_000 });
  await expect(row).toContainText(euro("45,00 €")); // 5,00 € fee and the 40,00 € flat fee
  await expectNoAxeViolations(page, "[role=dialog]");
  await dialog.getByRole("button", { name: "1 Erinnerung erstellen" }).click();
  await expect(row).toContainText("erstellt", { timeout: 60_000 });
  // On a phone the table is one block per invoice: nothing in the dialog scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => dialog.evaluate(sidewaysScrolling)).toEqual([]);
  if (process.env.SCREENSHOTS) await dialog.screenshot({ path: `${process.env.SCREENSHOTS}/reminder-dialog-390.png` });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: `1. Mahnung zu Rechnung ${number} herunterladen` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`1-Mahnung_${number}.pdf`);
  const path = await download.path();
  const text = execFileSync("pdftotext", ["-layout", path, "-"]).toString().replaceAll("\u00a0", " ");
  for (const expected of ["1. Mahnung", number, "1.190,00 €", "Mahngebühr", "5,00 €", "Verzugspauschale", "40,00 €"]) {
    expect(text).toContain(expected);
  }
  await dialog.getByRole("button", { name: "Schließen" }).first().click();

  // The invoice's history: the Zahlungserinnerung and the 1. Mahnung.
  await page.goto("/invoices");
  await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(tag);
  const history = page.getByRole("article").first().getByTestId("invoice-reminders");
  await expect(history.getByRole("listitem")).toHaveCount(2, { timeout: 60_000 });
  await expect(history).toContainText("Zahlungserinnerung");
  await expect(history).toContainText("1. Mahnung");
  await expect(history.getByRole("button", { name: `1. Mahnung zu Rechnung ${number} herunterladen` })).toBeVisible();
});
