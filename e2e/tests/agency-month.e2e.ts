import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { companyReadyToIssue, dayInBerlin, issuedDaysAgo, reminderSettingsSaved, tokenOf } from "../support/invoices";
import { type ReceivedMail, waitForMail } from "../support/mailbox";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

// An agency's month from the screens (issue 47, „Done when“): a quote is issued, accepted and
// turned into an invoice, which is issued and sent by e-mail; a month later it is overdue, the
// Auswertung makes the 1. Mahnung with its fee and mails it; a partial payment, then the rest,
// and the invoice reads bezahlt. And a monthly retainer issues and sends itself. Only two things
// are not done on a screen: the invoice's date is moved back a month in the database (time does
// not pass in a test), and the reminder of the month before is made through the API, dated then.
// SCREENSHOTS=<folder> keeps a picture of each step, the reminder PDF's text and the mails.

test.describe.configure({ timeout: 300_000 });

const euro = (text: string) => text.replaceAll(" ", "\u00a0");

/** Keeps what a step shows when SCREENSHOTS is set. */
async function keep(page: Page, step: string): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `month-${step}.png`), fullPage: true });
}

/** Keeps a received mail as its recipient reads it: headers, text, attachments. */
function keepMail(step: string, mail: ReceivedMail): void {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  const files = mail.attachments.map(
    (file) => `  ${file.filename} (${file.contentType}, ${file.content.length} Bytes)`,
  );
  for (const file of mail.attachments) writeFileSync(join(dir, `month-${step}-${file.filename}`), file.content);
  writeFileSync(
    join(dir, `month-${step}.txt`),
    [
      `An: ${mail.to.join(", ")}`,
      `Von: ${mail.from}`,
      `Betreff: ${mail.subject}`,
      "",
      mail.text,
      "Anhänge:",
      ...files,
    ].join("\n"),
  );
}

function pdfText(content: Buffer): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: content }).toString().replaceAll("\u00a0", " ");
}

test("quote → angenommen → invoice → sent by e-mail → overdue → 1. Mahnung with fee → partial payment → bezahlt", async ({
  page,
  request,
}) => {
  test.skip(!process.env.E2E_DATABASE_URL, "needs E2E_DATABASE_URL to let a month pass");
  const tag = randomUUID().slice(0, 8);
  const customerName = `Monatskunde ${tag} GmbH`;
  const customerMail = `buchhaltung-${tag}@example.com`;
  await companyReadyToIssue(request);
  await reminderSettingsSaved(request);
  const user = await registeredUser(request, "Mona Monat");
  const headers = { Authorization: `Bearer ${await tokenOf(request, user)}` };
  const customer = await request.post("/api/customers", {
    headers,
    data: { name: customerName, email: customerMail, status: "in_kontakt", address: "Ringstraße 3\n50667 Köln" },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  await signInQuickly(page, request, user);

  // 1. The quote, from the customer in the Kundenverwaltung.
  await page.goto("/invoices/angebote");
  await expect(page.getByRole("heading", { level: 1, name: "Angebote" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("combobox", { name: "Kunde aus der Kundenverwaltung" }).fill(customerName);
  await page.getByRole("option", { name: customerName }).click();
  await expect(page.getByRole("textbox", { name: "Kunde", exact: true })).toHaveValue(
    `${customerName}\nRingstraße 3\n50667 Köln`,
  );
  await page.getByRole("textbox", { name: "Beschreibung, Artikel 1", exact: true }).fill("Relaunch der Website");
  await page.getByRole("textbox", { name: "Anzahl, Artikel 1", exact: true }).fill("1");
  await page.getByRole("textbox", { name: "Preis (€ / Stück), Artikel 1", exact: true }).fill("1000");
  await keep(page, "1-angebot-erfassen");
  await page.getByRole("button", { name: "Angebot ausstellen" }).click();
  await page.getByRole("searchbox", { name: "Angebote durchsuchen" }).fill(tag);
  const quote = page
    .getByRole("region", { name: "Gespeicherte Angebote" })
    .getByRole("article")
    .filter({ hasText: customerName });
  await expect(quote.getByRole("heading", { name: /^AN-\d{4}-\d{4}$/ })).toBeVisible({ timeout: 30_000 });
  await expect(quote).toContainText(customerName);
  // The search's answer is in: a click on the list shown before it could be answered by a list
  // fetched before the click (react-query joins a key's first fetch instead of starting another).
  await page.waitForLoadState("networkidle");
  const quoteNumber = (await quote.getByRole("heading").textContent()) ?? "";

  // 2. Accepted, and turned into an invoice draft.
  await quote.getByRole("button", { name: "Angenommen" }).click();
  await expect(quote.getByText("angenommen", { exact: true })).toBeVisible();
  await quote.getByRole("button", { name: "In Rechnung umwandeln" }).click();
  await expect(quote.getByRole("link", { name: "Rechnungsentwurf" })).toBeVisible({ timeout: 30_000 });
  await keep(page, "2-angebot-angenommen");

  // 3. The draft is issued from the Rechnungstool.
  await quote.getByRole("link", { name: "Rechnungsentwurf" }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(tag);
  // The card of the invoice made from this quote (other tests add invoices at the same time, and a
  // search shows the list before it until its answer is in).
  const invoice = page
    .getByRole("region", { name: "Gespeicherte Rechnungen" })
    .getByRole("article")
    .filter({ hasText: `aus Angebot ${quoteNumber}` });
  await expect(invoice.getByText(`aus Angebot ${quoteNumber}`)).toBeVisible({ timeout: 30_000 });
  await invoice.getByRole("button", { name: "Bearbeiten" }).click();
  await expect(page.getByRole("heading", { name: "Entwurf bearbeiten" })).toBeVisible();
  await page.getByRole("button", { name: "Rechnung speichern" }).click();
  await expect(invoice.getByRole("heading").first()).toHaveText(/^Rechnung \d{4}-\d{4,}$/, { timeout: 60_000 });
  const number = ((await invoice.getByRole("heading").first().textContent()) ?? "").replace("Rechnung ", "");
  await expect(invoice.getByTestId("invoice-total")).toHaveText(euro("1.190,00 €"));
  await keep(page, "3-rechnung-ausgestellt");

  // 4. Sent by e-mail to the customer's address, which the dialog fills in.
  await invoice.getByRole("button", { name: "Per E-Mail senden" }).click();
  const send = page.getByRole("dialog", { name: /Per E-Mail senden/ });
  await expect(send.getByLabel("Empfänger")).toHaveValue(customerMail);
  await keep(page, "4-per-e-mail-senden");
  await send.getByRole("button", { name: "Senden" }).click();
  await expect(send).toHaveCount(0, { timeout: 60_000 });
  await expect(invoice.getByTestId("invoice-sendings")).toContainText(`an ${customerMail}`);
  const invoiceMail = await waitForMail(customerMail, (mail) => mail.subject.includes(number));
  expect(invoiceMail.attachments.map((file) => file.filename)).toContain(`Rechnung_${number}.pdf`);
  const invoicePdf = invoiceMail.attachments.find((file) => file.filename === `Rechnung_${number}.pdf`);
  expect(pdfText(invoicePdf?.content ?? Buffer.alloc(0))).toContain("1.190,00 €");
  keepMail("4-mail-rechnung", invoiceMail);

  // A month passes: the invoice was issued 40 days ago (due 26 days ago), and its
  // Zahlungserinnerung went out 20 days ago.
  const invoiceId = Number(
    (
      (await (await request.get(`/api/invoices?search=${encodeURIComponent(tag)}`, { headers })).json()) as {
        invoices: { id: number; number: string | null }[];
      }
    ).invoices.find((found) => found.number === number)?.id,
  );
  expect(invoiceId).toBeGreaterThan(0);
  await issuedDaysAgo(invoiceId, 40);
  const earlier = await request.post(`/api/invoices/${invoiceId}/reminders`, {
    headers,
    data: { remindedOn: dayInBerlin(-20) },
  });
  expect(earlier.status(), await earlier.text()).toBe(201);

  // 5. The Auswertung shows it overdue; „Erinnern“ makes the 1. Mahnung with its fee and mails it.
  await page.goto("/invoices/auswertung");
  const overdue = page.getByRole("region", { name: "Überfällige Rechnungen erinnern" });
  await overdue.getByRole("button", { name: `Rechnung ${number} erinnern` }).click({ timeout: 60_000 });
  const remind = page.getByRole("dialog", { name: "Zahlungserinnerung / Mahnung" });
  const row = remind.getByTestId("reminder-row");
  await expect(row).toContainText("1. Mahnung", { timeout: 60_000 });
  await expect(row).toContainText(euro("45,00 €"));
  await remind.getByRole("checkbox", { name: "per E-Mail an den Kunden senden" }).check();
  await keep(page, "5-mahnung-vorschau");
  await remind.getByRole("button", { name: "1 Erinnerung erstellen" }).click();
  await expect(row).toContainText("erstellt", { timeout: 60_000 });
  await keep(page, "5-mahnung-erstellt");
  const reminderMail = await waitForMail(customerMail, (mail) => mail.subject.includes("Mahnung"));
  const reminderPdf = reminderMail.attachments.find((file) => file.filename.endsWith(".pdf"));
  const reminderText = pdfText(reminderPdf?.content ?? Buffer.alloc(0));
  for (const expected of ["1. Mahnung", number, "1.190,00 €", "Mahngebühr", "5,00 €", "Verzugspauschale", "40,00 €"]) {
    expect(reminderText).toContain(expected);
  }
  keepMail("5-mail-mahnung", reminderMail);
  if (process.env.SCREENSHOTS) writeFileSync(join(process.env.SCREENSHOTS, "month-5-mahnung.txt"), reminderText);
  await remind.getByRole("button", { name: "Schließen" }).first().click();

  // 6. A partial payment, then the rest: the invoice reads bezahlt.
  await page.goto("/invoices");
  await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(tag);
  await expect(invoice.getByTestId("invoice-status")).toHaveText("überfällig", { timeout: 30_000 });
  for (const amount of ["500", "690"]) {
    await invoice.getByRole("button", { name: "Zahlung erfassen" }).click();
    const pay = page.getByRole("dialog", { name: /Zahlung erfassen/ });
    await pay.getByLabel("Betrag (€)").fill(amount);
    await pay.getByRole("button", { name: "Zahlung erfassen" }).click();
    await expect(pay).toHaveCount(0, { timeout: 30_000 });
    if (amount === "500") {
      await expect(invoice.getByTestId("invoice-partly-paid")).toHaveText("teilweise bezahlt");
      await keep(page, "6-teilzahlung");
    }
  }
  await expect(invoice.getByTestId("invoice-status")).toHaveText(/^bezahlt am \d{2}\.\d{2}\.\d{4}$/);
  await expect(invoice.getByTestId("invoice-reminders")).toContainText("1. Mahnung");
  await keep(page, "7-bezahlt");
});

test("a monthly retainer „ausstellen und senden“ issues and sends itself on its date", async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  const name = `Wartungskunde ${tag}`;
  const customerMail = `wartung-${tag}@example.com`;
  await companyReadyToIssue(request);
  const created = await request.post("/api/customers", {
    headers: { Authorization: `Bearer ${await tokenOf(request, testOwner)}` },
    data: { name, email: customerMail, status: "vertrag", address: "Weg 1\n10115 Berlin" },
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
  await dialog.getByLabel("Beschreibung").fill("Wartung und Hosting");
  await dialog.getByLabel("Einzelpreis (€)").fill("250");
  await dialog.getByLabel("Rechnung").selectOption("send");
  await keep(page, "8-vorlage");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  const card = page.getByRole("article", { name: `Kunde ${name}` });
  await expect(card.getByText("monatlich")).toBeVisible();

  // The daily job, started by hand: the run is made, issued and its mail written to the outbox.
  await page.getByRole("button", { name: "Jetzt ausführen" }).click();
  await expect(card.getByText(/: gesendet/)).toBeVisible({ timeout: 60_000 });
  await keep(page, "8-vorlage-gelaufen");
  const mail = await waitForMail(customerMail, (received) => received.subject.includes("Rechnung"));
  const pdf = mail.attachments.find((file) => file.filename.endsWith(".pdf"));
  expect(pdfText(pdf?.content ?? Buffer.alloc(0))).toContain("297,50 €");
  keepMail("8-mail-wiederkehrend", mail);
});
