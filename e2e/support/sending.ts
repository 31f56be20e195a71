import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { companyReadyToIssue, tokenOf } from "./invoices";
import { expect } from "./test";
import { registeredUser, type TestUser } from "./users";

/**
 * A sending test's start: the company ready to issue, a staff member `userName` and a customer
 * (made through the API) with its e-mail address; the staff member's API headers.
 */
export async function staffWithCustomer(
  request: APIRequestContext,
  userName: string,
  customer: Record<string, string>,
): Promise<{ user: TestUser; headers: Record<string, string>; customerId: number }> {
  await companyReadyToIssue(request);
  const user = await registeredUser(request, userName);
  const headers = { Authorization: `Bearer ${await tokenOf(request, user)}` };
  const answer = await request.post("/api/customers", { headers, data: customer });
  expect(answer.status(), await answer.text()).toBe(201);
  return { user, headers, customerId: (await answer.json()).customer.id as number };
}

/** The page does not scroll sideways at its width. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
}

/**
 * In an open „Per E-Mail senden“ dialog: sends to `recipients` (comma-separated, as a person types
 * them), waits for the dialog to close, and checks the card's history names them and the sender.
 */
export async function sendAndSeeHistory(
  dialog: Locator,
  history: Locator,
  recipients: string[],
  senderName: string,
): Promise<void> {
  await dialog.getByLabel("Empfänger").fill(recipients.join(", "));
  await dialog.getByRole("button", { name: "Senden" }).click();
  // The send reads or makes the PDF (and an invoice's XRechnung): give a loaded machine time.
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });
  await expect(history).toContainText(/versendet am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} an /);
  await expect(history).toContainText(recipients.join(", "));
  await expect(history).toContainText(`von ${senderName}`);
}
