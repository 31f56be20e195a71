import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Download, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { companyReadyToIssue, issuableCompany, tokenOf } from "../support/invoices";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

// Invoices are shared by all staff and the database by every test: each test names its customers
// with a tag of its own and searches the list for it.

/** The team's e-invoice validator, kept in the repository (tools/einvoice-validator, README there). */
const validator = join(import.meta.dirname, "..", "..", "tools", "einvoice-validator", "validate.sh");

/** Today in the browser's time zone (the config's Europe/Berlin), as a date input holds it. */
function todayInBerlin(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
}

function field(page: Page, name: string, row: number): Locator {
  return page.getByRole("textbox", { name: `${name}, Artikel ${row}`, exact: true });
}

interface ItemInput {
  description: string;
  quantity?: string;
  price?: string;
}

/** Fills the item rows, adding rows as needed (the form starts with one). */
async function fillItems(page: Page, items: ItemInput[]): Promise<void> {
  for (const [index, item] of items.entries()) {
    const row = index + 1;
    if (row > 1) {
      await page.getByRole("button", { name: "+ Artikel hinzufügen" }).click();
      await expect(field(page, "Beschreibung", row)).toBeFocused();
    }
    await field(page, "Beschreibung", row).fill(item.description);
    if (item.quantity !== undefined) await field(page, "Anzahl", row).fill(item.quantity);
    if (item.price !== undefined) await field(page, "Preis (€ / Stück)", row).fill(item.price);
  }
}

const customerField = (page: Page) => page.getByRole("textbox", { name: "Kunde", exact: true });
const providerField = (page: Page) => page.getByRole("textbox", { name: "Dienstleister", exact: true });

/** Opens the tool and waits for "Dienstleister" to be prefilled from the company settings. */
async function openInvoices(page: Page): Promise<void> {
  await page.goto("/invoices");
  // The remote's first load on a loaded machine took over 10 s in CI.
  await expect(page.getByRole("heading", { name: "Neue Rechnung erstellen" })).toBeVisible({ timeout: 30_000 });
  await expect(providerField(page)).toHaveValue(/^Klarwerk Digital GmbH\n.+\n\d{5} .+/);
}

function notification(page: Page, text: string): Locator {
  return page.locator(".mantine-Notifications-root").getByRole("alert").filter({ hasText: text });
}

/** Checks a table's rows in order, each row's cells read as one line ("Webdesign 1 1.500,00 € …"). */
async function expectRows(scope: Locator, rows: string[]): Promise<void> {
  await expect(scope.getByRole("row")).toContainText(rows, { useInnerText: true });
}

/** The listed invoices, newest first. */
function savedInvoices(page: Page): Locator {
  return page.getByRole("region", { name: "Gespeicherte Rechnungen" }).getByRole("article");
}

/** Shows only the invoices whose number or customer contains `text`. */
async function searchInvoices(page: Page, text: string): Promise<void> {
  await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(text);
}

/** A client-side navigation, as a link would do: no new document, the page's memory stays. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, "", target);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

const issue = (page: Page) => page.getByRole("button", { name: "Rechnung speichern" }).click();
const saveDraft = (page: Page) => page.getByRole("button", { name: "Als Entwurf speichern" }).click();
const euro = (text: string) => text.replaceAll(" ", "\u00a0"); // amounts print with a no-break space
const tagged = () => randomUUID().slice(0, 8);

/** The invoice number in a listed invoice's heading ("Rechnung 2026-0001"). */
async function numberOf(invoice: Locator): Promise<string> {
  const heading = await invoice.getByRole("heading").first().textContent();
  const number = heading?.match(/(\d{4}-\d{4,})/)?.[1];
  expect(number, `no number in ${heading}`).toBeDefined();
  return number ?? "";
}

async function download(page: Page, scope: Locator, button: string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    scope.getByRole("button", { name: button }).click(),
  ]);
  return file;
}

/** The validator's verdict on an XML file: exit 0 and "valid", or its failed rules. */
function expectValidEInvoice(xmlPath: string, xrechnung = false): void {
  const run = spawnSync(validator, [...(xrechnung ? ["--xrechnung"] : []), xmlPath], { encoding: "utf8" });
  expect(`${run.stdout}${run.stderr}`.trim().split("\n").at(-1)).toBe("valid");
  expect(run.status).toBe(0);
}

test("the form refuses an issue with the spec's messages at the field, and the server's as a notification", async ({
  page,
  request,
}) => {
  const tag = tagged();
  await companyReadyToIssue(request);
  await signInQuickly(page, request, await registeredUser(request));
  await openInvoices(page);
  await expect(page.getByLabel("Rechnungsdatum")).toHaveValue(todayInBerlin());
  await expect(page.getByLabel("Leistungsdatum", { exact: true })).toHaveValue(todayInBerlin());
  await expect(page.getByLabel("Zahlungsziel (Tage)")).toHaveValue("14");
  await expect(customerField(page)).toHaveAttribute("placeholder", /Name, Anschrift/);
  await expect(providerField(page)).toHaveAttribute("placeholder", /Name und Anschrift/);
  await searchInvoices(page, tag);
  await expect(page.getByText("Keine Rechnungen vorhanden.")).toBeVisible();

  // The remove button exists only while there is more than one row.
  await expect(page.getByRole("button", { name: /^Artikel \d+ entfernen$/ })).toHaveCount(0);
  await fillItems(page, [{ description: "A" }, { description: "B" }, { description: "C" }]);
  await expect(page.getByRole("button", { name: /^Artikel \d+ entfernen$/ })).toHaveCount(3);
  await page.getByRole("button", { name: "Artikel 2 entfernen" }).click();
  await expect(field(page, "Beschreibung", 2)).toHaveValue("C");
  await expect(field(page, "Beschreibung", 2)).toBeFocused();
  await page.getByRole("button", { name: "Artikel 2 entfernen" }).click();
  await expect(page.getByRole("button", { name: /^Artikel \d+ entfernen$/ })).toHaveCount(0);
  await expect(field(page, "Beschreibung", 1)).toHaveValue("A");
  await field(page, "Beschreibung", 1).fill("");
  await providerField(page).fill("");

  await issue(page);
  await expect(notification(page, "Bitte Kunde eingeben")).toBeVisible();
  await expect(customerField(page)).toHaveAccessibleDescription("Bitte Kunde eingeben");
  await expect(customerField(page)).toBeFocused();
  await expect(providerField(page)).toHaveAccessibleDescription("Bitte Dienstleister eingeben");
  await expect(page.getByText("Mindestens ein gültiger Artikel ist notwendig")).toBeVisible();
  await expectNoAxeViolations(page);

  await customerField(page).fill(`Müller & Söhne GmbH ${tag}`);
  await expect(customerField(page)).not.toHaveAttribute("aria-invalid", "true");
  await issue(page);
  await expect(notification(page, "Bitte Dienstleister eingeben")).toBeVisible();
  await expect(providerField(page)).toBeFocused();

  await providerField(page).fill("Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin");
  // Rows without a description, without a price or with quantity 0 are not kept.
  await fillItems(page, [
    { description: "Ohne Preis", quantity: "2" },
    { description: "", price: "10" },
  ]);
  await issue(page);
  await expect(notification(page, "Mindestens ein gültiger Artikel ist notwendig")).toBeVisible();
  await expect(field(page, "Beschreibung", 1)).toBeFocused();

  // The spec's rules pass; the server's (§ 14 UStG: the customer's address) refuse, naming the field.
  await field(page, "Preis (€ / Stück)", 1).fill("4,5");
  await issue(page);
  await expect(notification(page, "Für die Rechnung fehlt die Anschrift des Kunden")).toBeVisible();
  await expect(page.getByText("Keine Rechnungen vorhanden.")).toBeVisible();

  await customerField(page).fill(`Müller & Söhne GmbH ${tag}\nStraße 5\n50667 Köln`);
  await issue(page);
  await expect(notification(page, "Rechnung gespeichert")).toBeVisible();
  await expect(savedInvoices(page)).toHaveCount(1);
  await expect(savedInvoices(page).first().getByTestId("invoice-status")).toHaveText("offen");
  await expectRows(savedInvoices(page).first(), [
    "Beschreibung",
    "Ohne Preis",
    "Zwischensumme",
    "Rabatt (0%)",
    "Sonstige Gebühren",
    "MwSt. (19%)",
    "Gesamt",
  ]);
  await expectNoAxeViolations(page);
});

test("amounts take a decimal comma or point, the preview bills what the invoice will, and too large amounts are refused", async ({
  page,
  request,
}) => {
  await signInQuickly(page, request, await registeredUser(request));
  await openInvoices(page);

  const discount = page.getByLabel("Rabatt (%)");
  await discount.fill("150");
  await discount.blur();
  await expect(discount).toHaveValue("100");
  await discount.fill("7,5");
  await expect(discount).toHaveValue("7,5");
  const tax = page.getByLabel("Mehrwertsteuer (%)");
  await tax.fill("-5");
  await tax.blur();
  await expect(tax).toHaveValue("5");
  const quantity = field(page, "Anzahl", 1);
  await quantity.fill("0");
  await quantity.blur();
  await expect(quantity).toHaveValue("1");
  const price = field(page, "Preis (€ / Stück)", 1);
  await price.click(); // selects the default 0, so typing replaces it
  await page.keyboard.type("1.234");
  await expect(price).toHaveValue("1.234");
  await page.getByLabel("Sonstige Gebühren (€)").fill("0.5");

  await field(page, "Beschreibung", 1).fill("Stunden");
  await quantity.fill("1,5");
  const preview = page.getByRole("heading", { name: "Vorschau" }).locator("..");
  // "1.234" is 1234 € (a point before three digits groups thousands): 1,5 × 1.234 € = 1.851 €.
  await expectRows(preview, [euro("Zwischensumme 1.851,00 €")]);
  // 1,239 € bills 1,24 €: 1,5 × 1,24 € = 1,86 €; −7,5 % = 0,1395 € → 0,14 €; + 0,50 €; 5 % of 2,22 € → 0,11 €.
  await price.fill("1,239");
  await expectRows(preview, [
    euro("Zwischensumme 1,86 €"),
    euro("Rabatt (7,5%) -0,14 €"),
    euro("Sonstige Gebühren 0,50 €"),
    euro("MwSt. (5%) 0,11 €"),
    euro("Gesamt 2,33 €"),
  ]);

  await tax.fill("0");
  await expect(page.getByLabel("Grund der Steuerbefreiung")).toBeVisible();
  await tax.fill("19");
  await expect(page.getByLabel("Grund der Steuerbefreiung")).toHaveCount(0);

  await quantity.fill("1000000000");
  await price.fill("99999999");
  await expect(page.getByText("Die Beträge sind zu groß, um sie exakt zu berechnen.")).toBeVisible();
  await customerField(page).fill("Kunde");
  await issue(page);
  await expect(notification(page, "Die Beträge sind zu groß")).toBeVisible();
  await expect(customerField(page)).toHaveValue("Kunde");
});

test("issued invoices are listed newest first from the server, survive a reload, and their stored PDF carries valid e-invoice XML", async ({
  page,
  request,
}) => {
  test.slow(); // two invoices typed in, a PDF and an XRechnung through the validator
  const tag = tagged();
  await companyReadyToIssue(request);
  await signInQuickly(page, request, await registeredUser(request));
  await openInvoices(page);

  await customerField(page).fill(`Müller & Söhne GmbH ${tag}\nStraße 5\n50667 Köln`);
  await providerField(page).fill("Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin");
  // Issued invoices are dated today (or a few days back): the date rule.
  const today = todayInBerlin();
  const todayGerman = today.split("-").reverse().join(".");
  await page.getByLabel("Rechnungsdatum").fill(today);
  await fillItems(page, [
    { description: "Webdesign", price: "1500" },
    { description: "Hosting (monatlich)", quantity: "12", price: "9,99" },
    { description: "Entwurf ohne Preis" },
    { description: "SEO-Beratung", quantity: "2,5", price: "120" },
  ]);
  await page.getByLabel("Rabatt (%)").fill("10");
  await page.getByLabel("Sonstige Gebühren (€)").fill("25");
  await page.getByLabel("Notizen (Footer)").fill("Vielen Dank für den Auftrag.");
  await issue(page);
  await expect(notification(page, "Rechnung gespeichert")).toBeVisible();

  // The form is back to its defaults, Dienstleister from the company settings.
  await expect(customerField(page)).toHaveValue("");
  await expect(providerField(page)).toHaveValue(/^Klarwerk Digital GmbH\n/);
  await expect(page.getByLabel("Rechnungsdatum")).toHaveValue(todayInBerlin());
  await expect(page.getByRole("textbox", { name: /^Beschreibung, Artikel/ })).toHaveCount(1);
  await expect(field(page, "Beschreibung", 1)).toHaveValue("");
  await expect(field(page, "Anzahl", 1)).toHaveValue("1");
  await expect(field(page, "Preis (€ / Stück)", 1)).toHaveValue("0");
  await expect(page.getByLabel("Rabatt (%)")).toHaveValue("0");
  await expect(page.getByLabel("Mehrwertsteuer (%)")).toHaveValue("19");
  await expect(page.getByLabel("Sonstige Gebühren (€)")).toHaveValue("0");
  await expect(page.getByLabel("Notizen (Footer)")).toHaveValue("");

  // Second invoice: 0,1 + 0,2 is 0,30 €, a third of 100 € per piece, 7 % VAT.
  await customerField(page).fill(`Bäckerei Groß ${tag}\nÜberseering 3\n22297 Hamburg`);
  await fillItems(page, [
    { description: "Zehn Cent", price: "0,1" },
    { description: "Zwanzig Cent", price: "0,2" },
    { description: "Drittel", quantity: "3", price: "33,33" },
  ]);
  await page.getByLabel("Mehrwertsteuer (%)").fill("7");
  await issue(page);
  await expect(customerField(page)).toHaveValue("");

  // Kept on the server: a reload shows them again, newest first.
  await page.reload();
  await searchInvoices(page, tag);
  const [newest, oldest] = [savedInvoices(page).nth(0), savedInvoices(page).nth(1)];
  await expect(savedInvoices(page)).toHaveCount(2);
  await expect(newest).toContainText("Bäckerei Groß");
  await expect(newest.getByTestId("invoice-total")).toHaveText(euro("107,31 €"));
  await expectRows(newest, [
    "Beschreibung",
    euro("Zehn Cent 1 0,10 € 0,10 €"),
    euro("Zwanzig Cent 1 0,20 € 0,20 €"),
    euro("Drittel 3 33,33 € 99,99 €"),
    euro("Zwischensumme 100,29 €"),
    euro("Rabatt (0%) 0,00 €"),
    euro("Sonstige Gebühren 0,00 €"),
    euro("MwSt. (7%) 7,02 €"),
    euro("Gesamt 107,31 €"),
  ]);

  await expect(oldest).toContainText("Müller & Söhne GmbH");
  await expect(oldest).toContainText("Lindenstraße 14");
  await expect(oldest).toContainText(todayGerman);
  await expect(oldest.getByTestId("invoice-total")).toHaveText(euro("2.085,94 €"));
  await expect(oldest.getByTestId("invoice-status")).toHaveText("offen");
  await expectRows(oldest, [
    "Beschreibung Anzahl Preis (€ / Stück) Gesamt",
    euro("Webdesign 1 1.500,00 € 1.500,00 €"),
    euro("Hosting (monatlich) 12 9,99 € 119,88 €"),
    euro("SEO-Beratung 2,5 120,00 € 300,00 €"),
    euro("Zwischensumme 1.919,88 €"),
    euro("Rabatt (10%) -191,99 €"),
    euro("Sonstige Gebühren 25,00 €"),
    euro("MwSt. (19%) 333,05 €"),
    euro("Gesamt 2.085,94 €"),
  ]);
  await expect(oldest).not.toContainText("Entwurf ohne Preis");
  await expect(oldest).toContainText("Vielen Dank für den Auftrag.");
  await expect(newest).not.toContainText("Notizen");
  await expectNoAxeViolations(page);

  // The PDF: the stored bytes, the same every time, with the Factur-X XML attached.
  const number = await numberOf(oldest);
  const pdf = await download(page, oldest, "PDF herunterladen");
  expect(pdf.suggestedFilename()).toBe(`Rechnung_${number}.pdf`);
  const pdfPath = await pdf.path();
  const bytes = readFileSync(pdfPath);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const again = await download(page, oldest, "PDF herunterladen");
  expect(readFileSync(await again.path()).equals(bytes)).toBe(true);

  const text = execFileSync("pdftotext", ["-enc", "UTF-8", "-layout", pdfPath, "-"], { encoding: "utf8" }).replaceAll(
    "\u00a0",
    " ",
  );
  for (const expected of [number, todayGerman, "Müller & Söhne GmbH", "Webdesign", "2.085,94 €"]) {
    expect(text, `PDF text should contain ${expected}`).toContain(expected);
  }
  expect(execFileSync("pdfdetach", ["-list", pdfPath], { encoding: "utf8" })).toContain("factur-x.xml");
  const attachments = mkdtempSync(join(tmpdir(), "klarwerk-e2e-pdf-"));
  try {
    execFileSync("pdfdetach", ["-saveall", "-o", attachments, pdfPath]);
    expect(readdirSync(attachments)).toContain("factur-x.xml");
    expectValidEInvoice(join(attachments, "factur-x.xml"));
  } finally {
    rmSync(attachments, { recursive: true, force: true });
  }

  // The XRechnung of the same invoice passes the German rules too.
  const xml = await download(page, oldest, "XRechnung herunterladen");
  expect(xml.suggestedFilename()).toBe(`XRechnung_${number}.xml`);
  expectValidEInvoice(await xml.path(), true);
});

test('"199.90" bills 199,90 €, "Stornieren" issues a Stornorechnung and the original reads storniert; a payment is recorded', async ({
  page,
  request,
}) => {
  const tag = tagged();
  await companyReadyToIssue(request);
  await signInQuickly(page, request, await registeredUser(request));
  await openInvoices(page);

  await customerField(page).fill(`Kanzlei Weiß ${tag}\nMarktplatz 1\n04109 Leipzig`);
  await fillItems(page, [{ description: "Logo", price: "199.90" }]);
  await page.getByLabel("Mehrwertsteuer (%)").fill("0");
  // At 0 % the Steuerfall is picked; without it issuing is refused with the reason.
  await page.getByLabel("Steuerfall").selectOption({ label: "Kleinunternehmer (§ 19 UStG)" });
  const preview = page.getByRole("heading", { name: "Vorschau" }).locator("..");
  await expectRows(preview, [euro("Zwischensumme 199,90 €")]);
  await issue(page);
  await expect(notification(page, "Rechnung gespeichert")).toBeVisible();

  await searchInvoices(page, tag);
  const original = savedInvoices(page).first();
  await expect(original.getByTestId("invoice-total")).toHaveText(euro("199,90 €"));
  await expect(original.getByTestId("invoice-status")).toHaveText("offen");
  const number = await numberOf(original);

  await original.getByRole("button", { name: "Stornieren" }).click();
  const confirm = page.getByRole("dialog", { name: /Rechnung stornieren/ });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, "[role=dialog]");
  await confirm.getByRole("button", { name: "Stornieren" }).click();
  await expect(notification(page, "Stornorechnung ausgestellt")).toBeVisible();

  await expect(savedInvoices(page)).toHaveCount(2);
  const cancellation = savedInvoices(page).first();
  await expect(cancellation.getByRole("heading").first()).toHaveText(/^Stornorechnung \d{4}-\d{4,}$/);
  await expect(cancellation.getByTestId("invoice-status")).toHaveText("Stornorechnung");
  await expect(cancellation.getByTestId("invoice-total")).toHaveText(euro("-199,90 €"));
  await expect(savedInvoices(page).nth(1).getByTestId("invoice-status")).toHaveText(/^storniert/);
  await expect(savedInvoices(page).nth(1).getByRole("button", { name: "Stornieren" })).toHaveCount(0);
  await expect(savedInvoices(page).nth(1).getByRole("heading").first()).toHaveText(`Rechnung ${number}`);

  // Another invoice is paid.
  await customerField(page).fill(`Kanzlei Weiß ${tag}\nMarktplatz 1\n04109 Leipzig`);
  await fillItems(page, [{ description: "Visitenkarten", price: "80" }]);
  await issue(page);
  await expect(savedInvoices(page)).toHaveCount(3);
  const unpaid = savedInvoices(page).first();
  await unpaid.getByRole("button", { name: "Als bezahlt markieren" }).click();
  const payment = page.getByRole("dialog", { name: /Als bezahlt markieren/ });
  await payment.getByLabel("Bezahlt am").fill(todayInBerlin());
  await payment.getByRole("button", { name: "Als bezahlt markieren" }).click();
  const [year, month, day] = todayInBerlin().split("-");
  await expect(unpaid.getByTestId("invoice-status")).toHaveText(`bezahlt am ${day}.${month}.${year}`);
});

test("a draft has no number, is edited, then issued; another is deleted", async ({ page, request }) => {
  const tag = tagged();
  await companyReadyToIssue(request);
  await signInQuickly(page, request, await registeredUser(request));
  await openInvoices(page);

  await customerField(page).fill(`Entwurfskunde ${tag}`);
  await fillItems(page, [{ description: "Beratung", quantity: "2", price: "95" }]);
  await saveDraft(page);
  await expect(notification(page, "Entwurf gespeichert")).toBeVisible();
  await expect(customerField(page)).toHaveValue("");

  await searchInvoices(page, tag);
  const draft = savedInvoices(page).first();
  await expect(draft.getByRole("heading").first()).toHaveText("Entwurf");
  await expect(draft.getByRole("button", { name: "PDF herunterladen" })).toHaveCount(0);
  await draft.getByRole("button", { name: "Bearbeiten" }).click();
  await expect(page.getByRole("heading", { name: "Entwurf bearbeiten" })).toBeVisible();
  await expect(customerField(page)).toHaveValue(`Entwurfskunde ${tag}`);
  await expect(field(page, "Preis (€ / Stück)", 1)).toHaveValue("95,00");

  await customerField(page).fill(`Entwurfskunde ${tag}\nAm Hang 2\n01067 Dresden`);
  await field(page, "Anzahl", 1).fill("3");
  await issue(page);
  await expect(notification(page, "Rechnung gespeichert")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Neue Rechnung erstellen" })).toBeVisible();
  await expect(savedInvoices(page)).toHaveCount(1);
  await expect(savedInvoices(page).first().getByRole("heading").first()).toHaveText(/^Rechnung \d{4}-\d{4,}$/);
  await expect(savedInvoices(page).first().getByTestId("invoice-total")).toHaveText(euro("339,15 €"));

  await customerField(page).fill(`Verworfen ${tag}`);
  await saveDraft(page);
  await expect(savedInvoices(page)).toHaveCount(2);
  await savedInvoices(page).first().getByRole("button", { name: "Löschen" }).click();
  await page.getByRole("dialog", { name: "Entwurf löschen?" }).getByRole("button", { name: "Löschen" }).click();
  await expect(notification(page, "Entwurf gelöscht")).toBeVisible();
  await expect(savedInvoices(page)).toHaveCount(1);
});

test("the customer picker searches the Kundenverwaltung and fills in name, address and Leitweg-ID", async ({
  page,
  request,
}) => {
  const tag = tagged();
  const user = await registeredUser(request);
  const created = await request.post("/api/customers", {
    headers: { Authorization: `Bearer ${await tokenOf(request, user)}` },
    data: {
      name: `Stadtverwaltung ${tag}`,
      status: "in_kontakt",
      address: "Rathausplatz 1\n12345 Musterstadt",
      leitweg_id: "04011000-12345-03",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signInQuickly(page, request, user);
  await openInvoices(page);

  const picker = page.getByRole("combobox", { name: "Kunde aus der Kundenverwaltung" });
  await picker.fill(`Stadtverwaltung ${tag}`);
  await page.getByRole("option", { name: `Stadtverwaltung ${tag}` }).click();
  await expect(customerField(page)).toHaveValue(`Stadtverwaltung ${tag}\nRathausplatz 1\n12345 Musterstadt`);
  await expect(page.getByLabel("Leitweg-ID bzw. Bestellnummer")).toHaveValue("04011000-12345-03");
  await expect(picker).toHaveValue("");
});

test("admins edit the company settings; staff do not see them", async ({ page, request, browser }) => {
  await signInQuickly(page, request, testOwner);
  await openInvoices(page);
  await page.getByRole("button", { name: "Firmeneinstellungen bearbeiten" }).click();
  const dialog = page.getByRole("dialog", { name: "Firmeneinstellungen" });
  await expect(dialog.getByLabel("Firmenname")).toHaveValue("Klarwerk Digital GmbH");
  await expectNoAxeViolations(page, "[role=dialog]");
  await dialog.getByLabel("IBAN").fill("DE00 0000");
  await dialog.getByRole("button", { name: "Einstellungen speichern", exact: true }).click();
  await expect(dialog.getByLabel("IBAN")).toHaveAccessibleDescription("Die IBAN ist ungültig.");
  await dialog.getByLabel("IBAN").fill(issuableCompany.iban);
  await dialog.getByLabel("Steuernummer").fill(issuableCompany.taxNumber);
  await dialog.getByRole("button", { name: "Einstellungen speichern", exact: true }).click();
  await expect(notification(page, "Firmeneinstellungen gespeichert")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const staff = await browser.newPage();
  try {
    await signInQuickly(staff, request, await registeredUser(request));
    await openInvoices(staff);
    await expect(staff.getByRole("button", { name: "Firmeneinstellungen bearbeiten" })).toHaveCount(0);
  } finally {
    await staff.close();
  }
});

test("the form being filled in survives a visit to another page; a new sign-in starts with an empty form", async ({
  page,
  request,
}) => {
  const user = await registeredUser(request);
  await signInQuickly(page, request, user);
  await openInvoices(page);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await customerField(page).fill("Entwurf im Formular");

  await page.getByRole("banner").getByRole("link", { name: "Kunden" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.goBack();
  await expect(customerField(page)).toHaveValue("Entwurf im Formular");

  // Log out and back in without leaving the document: the form of the old sign-in is gone.
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await navigateInApp(page, "/login");
  await page.getByLabel("E-Mail").fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await navigateInApp(page, "/invoices");
  await expect(page.getByRole("heading", { name: "Neue Rechnung erstellen" })).toBeVisible();
  await expect(customerField(page)).toHaveValue("");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
