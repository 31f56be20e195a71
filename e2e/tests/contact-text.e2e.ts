import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

// Issue 45, rows 6 and 9, in Chromium: the contact form sends every address the API accepts
// (Chromium's type="email" refused umlauts before the "@"), and refuses control characters before
// sending, with the API's German message.

async function fillForm(page: Page, fields: { name: string; email: string; message: string }): Promise<void> {
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Name", exact: true }).fill(fields.name);
  await main.getByRole("textbox", { name: "E-Mail", exact: true }).fill(fields.email);
  await main.getByRole("textbox", { name: "Nachricht", exact: true }).fill(fields.message);
}

/** The requests the page sends to POST /api/contact, and what each was answered. */
function contactRequests(page: Page): { email: string; status: number }[] {
  const seen: { email: string; status: number }[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith("/api/contact")) return;
    const body = response.request().postDataJSON() as { email: string };
    seen.push({ email: body.email, status: response.status() });
  });
  return seen;
}

test("Jürgen.Müller@example.de sends the contact form: the browser lets it through, the API stores it", async ({
  page,
}) => {
  const sent = contactRequests(page);
  await page.goto("/contact");
  await fillForm(page, {
    name: "Jürgen Müller",
    email: "Jürgen.Müller@example.de",
    message: "Guten Tag,\n\nwir suchen Hilfe bei unserer Website.",
  });
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nachricht gesendet!" })).toBeVisible();
  expect(sent).toEqual([{ email: "Jürgen.Müller@example.de", status: 201 }]);
  await expect(page.getByRole("main").getByRole("textbox", { name: "E-Mail", exact: true })).toHaveValue("");
});

test("a direction override in the name is refused before sending, with the German message", async ({ page }) => {
  const sent = contactRequests(page);
  await page.goto("/contact");
  await fillForm(page, { name: "Petra\u202EremmoS", email: "petra@example.de", message: "Hallo" });
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Fehler" })).toContainText(
    "Der Name darf keine Zeilenumbrüche oder Steuerzeichen enthalten.",
  );
  // Nothing went to the server, and what was typed stays to be corrected.
  expect(sent).toEqual([]);
  await expect(page.getByRole("main").getByRole("textbox", { name: "Name", exact: true })).toHaveValue(
    "Petra\u202EremmoS",
  );
});
