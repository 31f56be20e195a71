import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { companyReadyToIssue, tokenOf } from "../support/invoices";
import { waitForMail } from "../support/mailbox";
import { expectNoSidewaysScroll, sendAndSeeHistory, staffWithCustomer } from "../support/sending";
import { expect, test } from "../support/test";
import { signInQuickly, testOwner } from "../support/users";

// „Per E-Mail senden“ for an issued Angebot (docs/decisions/0079): staff send it from its card, the
// customer's mailbox gets its PDF, the card shows „versendet am … an …“; admins edit every kind's
// template in the Firmeneinstellungen. At 390 and 1280 px, axe clean in light and dark.

/** Axe in light and dark; with SCREENSHOTS set, a picture of each. */
async function checkBothSchemes(page: Page, name: string, scope: Locator): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, "[role=dialog]");
    const folder = process.env.SCREENSHOTS;
    if (folder) {
      mkdirSync(folder, { recursive: true });
      await scope.screenshot({ path: join(folder, `${name}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test.setTimeout(180_000);

for (const width of [390, 1280]) {
  test(`staff send an issued quote by mail at ${width} px: the mailbox gets its PDF, the card shows „versendet am … an …“`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = randomUUID().slice(0, 8);
    const customerMail = `einkauf-${tag}@example.com`;
    const { user, headers, customerId } = await staffWithCustomer(request, "Quirin Quote", {
      name: `Bäckerei ${tag}`,
      email: customerMail,
      address: `Bäckerei ${tag}\nMarkt 3\n12345 Musterstadt`,
    });
    const created = await request.post("/api/quotes", {
      headers,
      data: {
        customerId,
        recipient: `Bäckerei ${tag}\nMarkt 3\n12345 Musterstadt`,
        provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
        items: [{ description: "Konzept", quantity: 2, unitPriceCents: 50_000 }],
        issue: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const number = (await created.json()).quote.number as string;

    await signInQuickly(page, request, user);
    await page.goto("/invoices/angebote");
    await expect(page.getByRole("heading", { level: 1, name: "Angebote" })).toBeVisible({ timeout: 60_000 });
    await page.getByRole("searchbox", { name: "Angebote durchsuchen" }).fill(tag);
    const quote = page.getByRole("region", { name: "Gespeicherte Angebote" }).getByRole("article").first();
    await expect(quote.getByRole("heading", { name: number })).toBeVisible();
    await quote.getByRole("button", { name: "Per E-Mail senden" }).click();

    const dialog = page.getByRole("dialog", { name: `Per E-Mail senden: Angebot ${number}` });
    await expect(dialog.getByLabel("Empfänger")).toHaveValue(customerMail);
    // The quote template (the other test may be changing it meanwhile): the number filled in.
    await expect(dialog.getByLabel("Betreff")).toHaveValue(new RegExp(number));
    await expect(dialog.getByLabel("Text")).toHaveValue(
      /über 1\.190,00\s€\.\nEs ist gültig bis zum \d{2}\.\d{2}\.\d{4}\./,
    );
    await expect(dialog.getByText(`Angebot_${number}.pdf`)).toBeVisible();
    // A quote has no XRechnung to offer.
    await expect(dialog.getByLabel("XRechnung (XML) mitsenden")).toHaveCount(0);
    await checkBothSchemes(page, `quote-send-${width}`, dialog);
    await expectNoSidewaysScroll(page);

    await dialog.getByLabel("Empfänger").fill(`${customerMail}, Bcc: evil-${tag}@example.com`);
    await dialog.getByRole("button", { name: "Senden" }).click();
    await expect(dialog.getByText("„Bcc:“ ist keine gültige E-Mail-Adresse.")).toBeVisible();
    const second = `chefin-${tag}@example.com`;
    await sendAndSeeHistory(dialog, quote.getByTestId("quote-sendings"), [customerMail, second], "Quirin Quote");

    for (const address of [customerMail, second]) {
      const mail = await waitForMail(address, (m) => m.subject.includes(number));
      expect(mail.attachments.map((file) => file.filename)).toEqual([`Angebot_${number}.pdf`]);
      expect(mail.attachments[0]?.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(mail.text).toContain(number);
    }
    await expectNoSidewaysScroll(page);
  });

  test(`admins edit the quote's mail template in the Firmeneinstellungen at ${width} px; a reminder level shows its own placeholders`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await companyReadyToIssue(request);
    await signInQuickly(page, request, testOwner);
    await page.goto("/invoices");
    await page.getByRole("button", { name: "Firmeneinstellungen bearbeiten" }).click({ timeout: 30_000 });
    const dialog = page.getByRole("dialog", { name: "Firmeneinstellungen" });
    const templates = dialog.getByRole("region", { name: "E-Mail-Vorlagen" });
    await templates.scrollIntoViewIfNeeded();
    const kind = templates.getByLabel("Vorlage für");
    await expect(kind).toHaveValue("invoice");
    await kind.selectOption({ label: "Angebot" });
    const form = templates.getByRole("form", { name: "E-Mail-Vorlage: Angebot" });
    await expect(form.getByLabel("Betreff")).toHaveValue(/\{nummer\}/);
    await expect(form.getByText("„Gültig bis“ des Angebots")).toBeVisible();
    await checkBothSchemes(page, `mail-templates-${width}`, templates);
    await expectNoSidewaysScroll(page);

    await form.getByLabel("Betreff").fill("Angebot {nummer} {gueltig}");
    await form.getByRole("button", { name: "Vorlage speichern" }).click();
    await expect(form.getByText(/Unbekannter Platzhalter „\{gueltig\}“/)).toBeVisible();
    await form.getByLabel("Betreff").fill("Ihr Angebot {nummer}, gültig bis {faellig}");
    await form.getByRole("button", { name: "Vorlage speichern" }).click();
    await expect(page.getByText("Die E-Mail-Vorlage „Angebot“ wurde gespeichert.")).toBeVisible();

    // Another kind: its own text and placeholders; back to the quote: the saved subject.
    await kind.selectOption({ label: "1. Mahnung" });
    const reminder = templates.getByRole("form", { name: "E-Mail-Vorlage: 1. Mahnung" });
    await expect(reminder.getByLabel("Betreff")).toHaveValue("1. Mahnung zur Rechnung {nummer}");
    await expect(reminder.getByText("Zahlungsfrist der Mahnung")).toBeVisible();
    await reminder.getByLabel("Betreff").fill("Noch nicht gespeichert {nummer}");
    await kind.selectOption({ label: "Angebot" });
    await expect(form.getByLabel("Betreff")).toHaveValue("Ihr Angebot {nummer}, gültig bis {faellig}");
    // Switching kinds keeps what was typed and not saved yet.
    await kind.selectOption({ label: "1. Mahnung" });
    await expect(reminder.getByLabel("Betreff")).toHaveValue("Noch nicht gespeichert {nummer}");
    await kind.selectOption({ label: "Angebot" });

    // Back to the default, so other tests' quotes start with it.
    const restored = await request.put("/api/company/mail-templates/quote", {
      headers: { Authorization: `Bearer ${await tokenOf(request, testOwner)}` },
      data: { subject: "Angebot {nummer} von {absender}", text: await defaultQuoteText(form) },
    });
    expect(restored.status()).toBe(200);
  });
}

/** The text field's value (unchanged by the test: the default). */
async function defaultQuoteText(form: Locator): Promise<string> {
  return form.getByLabel("Text").inputValue();
}
