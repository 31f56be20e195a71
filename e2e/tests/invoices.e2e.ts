import { execFileSync } from "node:child_process";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly } from "../support/users";

/** pdfmake and its fonts are the named chunks `pdfmake.*.js` and `pdfmake-fonts.*.js` of the invoices remote. */
const pdfmakeChunk = /\/remotes\/mf-invoices\/.*\/pdfmake(-fonts)?\.[0-9a-f]+\.js$/;

/** Today in the browser's time zone (the config's Europe/Berlin), as a date input holds it. */
function todayInBerlin(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
}

/** Every script request of the page whose URL is one of pdfmake's chunks, as they happen. */
function recordPdfmakeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (pdfmakeChunk.test(request.url())) seen.push(request.url());
  });
  return seen;
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

async function openInvoices(page: Page): Promise<void> {
  await page.goto("/invoices");
  await expect(page.getByRole("heading", { name: "Neue Rechnung erstellen" })).toBeVisible();
}

function notification(page: Page, text: string): Locator {
  return page.locator(".mantine-Notifications-root").getByRole("alert").filter({ hasText: text });
}

/** Checks a table's rows in order, each row's cells read as one line ("Webdesign 1 1.500,00 € …"). */
async function expectRows(scope: Locator, rows: string[]): Promise<void> {
  await expect(scope.getByRole("row")).toContainText(rows, { useInnerText: true });
}

/** The saved invoices, newest first. */
function savedInvoices(page: Page): Locator {
  return page.getByRole("region", { name: "Gespeicherte Rechnungen" }).getByRole("article");
}

/** A client-side navigation, as a link would do: no new document, the page's memory stays. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, "", target);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

const save = (page: Page) => page.getByRole("button", { name: "Rechnung speichern" }).click();
const euro = (text: string) => text.replaceAll(" ", "\u00a0"); // amounts print with a no-break space

test("the form refuses a save with the spec's messages, at the field and as a notification", async ({
  page,
  request,
}) => {
  await signInQuickly(page, request, await registeredUser(request));
  await openInvoices(page);
  await expect(page.getByText("Keine Rechnungen vorhanden.")).toBeVisible();
  await expect(page.getByLabel("Rechnungsdatum")).toHaveValue(todayInBerlin());
  await expect(page.getByLabel("Kunde")).toHaveAttribute("placeholder", /Name, Anschrift/);
  await expect(page.getByLabel("Dienstleister")).toHaveAttribute("placeholder", /Name und Anschrift/);

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

  await save(page);
  await expect(notification(page, "Bitte Kunde eingeben")).toBeVisible();
  await expect(page.getByLabel("Kunde")).toHaveAccessibleDescription("Bitte Kunde eingeben");
  await expect(page.getByLabel("Kunde")).toBeFocused();
  await expect(page.getByLabel("Dienstleister")).toHaveAccessibleDescription("Bitte Dienstleister eingeben");
  await expect(page.getByText("Mindestens ein gültiger Artikel ist notwendig")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Kunde").fill("Müller & Söhne GmbH");
  await expect(page.getByLabel("Kunde")).not.toHaveAttribute("aria-invalid", "true");
  await save(page);
  await expect(notification(page, "Bitte Dienstleister eingeben")).toBeVisible();
  await expect(page.getByLabel("Dienstleister")).toBeFocused();

  await page.getByLabel("Dienstleister").fill("Klarwerk Digital GmbH");
  // Rows without a description, without a price or with quantity 0 are not kept.
  await fillItems(page, [
    { description: "Ohne Preis", quantity: "2" },
    { description: "", price: "10" },
  ]);
  await save(page);
  await expect(notification(page, "Mindestens ein gültiger Artikel ist notwendig")).toBeVisible();
  await expect(field(page, "Beschreibung", 1)).toBeFocused();
  await expect(page.getByText("Keine Rechnungen vorhanden.")).toBeVisible();

  await field(page, "Preis (€ / Stück)", 1).fill("4,5");
  await save(page);
  await expect(notification(page, "Rechnung gespeichert")).toBeVisible();
  await expect(savedInvoices(page)).toHaveCount(1);
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

test("the number fields take a decimal comma, keep to their ranges, and refuse amounts too large to compute", async ({
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
  await page.keyboard.type("12.5");
  await expect(price).toHaveValue("12,5");
  await price.fill("1,239");
  await expect(price).toHaveValue("1,23");
  await page.getByLabel("Sonstige Gebühren (€)").fill("0,5");

  await field(page, "Beschreibung", 1).fill("Stunden");
  await quantity.fill("1,5");
  const preview = page.getByRole("heading", { name: "Vorschau" }).locator("..");
  // 1,5 × 1,23 € = 1,845 € → 1,85 €; −7,5 % = 0,13875 € → 0,14 €; + 0,50 €; 5 % of 2,21 € = 0,1105 € → 0,11 €.
  await expectRows(preview, [
    euro("Zwischensumme 1,85 €"),
    euro("Rabatt (7,5%) -0,14 €"),
    euro("Sonstige Gebühren 0,50 €"),
    euro("MwSt. (5%) 0,11 €"),
    euro("Gesamt 2,32 €"),
  ]);

  await quantity.fill("1000000000");
  await price.fill("99999999");
  await expect(page.getByText("Die Beträge sind zu groß, um sie exakt zu berechnen.")).toBeVisible();
  await page.getByLabel("Kunde").fill("Kunde");
  await page.getByLabel("Dienstleister").fill("Dienstleister");
  await save(page);
  await expect(notification(page, "Die Beträge sind zu groß")).toBeVisible();
  await expect(page.getByText("Keine Rechnungen vorhanden.")).toBeVisible();
  await expect(page.getByLabel("Kunde")).toHaveValue("Kunde");
});

test("two invoices are listed newest first with exact totals, and the PDF is made on demand", async ({
  page,
  request,
}) => {
  test.slow(); // two invoices typed in, a PDF made and read back with pdftotext
  const pdfmakeRequests = recordPdfmakeRequests(page);
  await signInQuickly(page, request, await registeredUser(request));

  // Neither another page nor the invoice screen's first paint loads pdfmake.
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.goto("/dashboard");
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await openInvoices(page);
  await page.waitForLoadState("networkidle");
  expect(pdfmakeRequests).toEqual([]);

  await page.getByLabel("Kunde").fill("Müller & Söhne GmbH\nStraße 5\n50667 Köln");
  await page.getByLabel("Dienstleister").fill("Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin");
  await page.getByLabel("Rechnungsdatum").fill("2024-03-05");
  await fillItems(page, [
    { description: "Webdesign", price: "1500" },
    { description: "Hosting (monatlich)", quantity: "12", price: "9,99" },
    { description: "Entwurf ohne Preis" },
    { description: "SEO-Beratung", quantity: "2,5", price: "120" },
  ]);
  await page.getByLabel("Rabatt (%)").fill("10");
  await page.getByLabel("Sonstige Gebühren (€)").fill("25");
  await page.getByLabel("Notizen (Footer)").fill("Zahlbar innerhalb von 14 Tagen.");
  await save(page);
  await expect(notification(page, "Rechnung gespeichert")).toBeVisible();

  // The form is back to its defaults.
  await expect(page.getByLabel("Kunde")).toHaveValue("");
  await expect(page.getByLabel("Dienstleister")).toHaveValue("");
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
  await page.getByLabel("Kunde").fill("Bäckerei Groß\nÜberseering 3, Hamburg");
  await page.getByLabel("Dienstleister").fill("Klarwerk Digital GmbH");
  await fillItems(page, [
    { description: "Zehn Cent", price: "0,1" },
    { description: "Zwanzig Cent", price: "0,2" },
    { description: "Drittel", quantity: "3", price: "33,33" },
  ]);
  await page.getByLabel("Mehrwertsteuer (%)").fill("7");
  await save(page);

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
  await expect(oldest).toContainText("05.03.2024");
  await expect(oldest.getByTestId("invoice-total")).toHaveText(euro("2.085,94 €"));
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
  await expect(oldest).toContainText("Zahlbar innerhalb von 14 Tagen.");
  await expect(newest).not.toContainText("Notizen");
  expect(pdfmakeRequests).toEqual([]);

  // The PDF: pdfmake is fetched now, for the first time.
  const id = (await oldest.getByRole("heading").textContent())?.match(/Nr\. (\d+)/)?.[1];
  expect(id).toMatch(/^\d{13,}$/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    oldest.getByRole("button", { name: "PDF herunterladen" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Rechnung_${id}.pdf`);
  expect(pdfmakeRequests.some((url) => /\/pdfmake\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  expect(pdfmakeRequests.some((url) => /\/pdfmake-fonts\.[0-9a-f]+\.js$/.test(url))).toBe(true);

  const path = await download.path();
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", "-layout", path, "-"], { encoding: "utf8" }).replaceAll(
    "\u00a0",
    " ",
  );
  for (const expected of [
    "Rechnung",
    id ?? "",
    "05.03.2024",
    "Müller & Söhne GmbH",
    "Straße 5",
    "50667 Köln",
    "Klarwerk Digital GmbH",
    "Lindenstraße 14",
    "Beschreibung",
    "Preis (€/Stück)",
    "Webdesign",
    "Hosting (monatlich)",
    "SEO-Beratung",
    "1.500,00 €",
    "119,88 €",
    "Rabatt (10%)",
    "-191,99 €",
    "MwSt. (19%)",
    "333,05 €",
    "2.085,94 €",
    "Zahlbar innerhalb von 14 Tagen.",
    "© 2024",
  ]) {
    expect(text, `PDF text should contain ${expected}`).toContain(expected);
  }
  expect(text).not.toContain("Entwurf ohne Preis");
  expect(text).toMatch(/Gesamt\s+2\.085,94 €/);

  // Invoices live in the page's memory: kept while moving around the portal, gone on reload.
  await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await expect(savedInvoices(page)).toHaveCount(2);
  await page.reload();
  await expect(page.getByText("Keine Rechnungen vorhanden.")).toBeVisible();
});

test("the form being filled in survives a visit to another page; a new sign-in starts empty", async ({
  page,
  request,
}) => {
  const user = await registeredUser(request);
  await signInQuickly(page, request, user);
  await openInvoices(page);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.getByLabel("Kunde").fill("Kanzlei Weiß");
  await page.getByLabel("Dienstleister").fill("Klarwerk Digital GmbH");
  await fillItems(page, [{ description: "Logo", price: "200" }]);
  await save(page);
  await expect(savedInvoices(page)).toHaveCount(1);
  await page.getByLabel("Kunde").fill("Entwurf");

  await page.getByRole("banner").getByRole("link", { name: "Kunden" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.goBack();
  await expect(page.getByLabel("Kunde")).toHaveValue("Entwurf");
  await expect(savedInvoices(page)).toHaveCount(1);

  // Log out and back in without leaving the document: the invoices of the old sign-in are gone.
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await navigateInApp(page, "/login");
  await page.getByLabel("E-Mail").fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await navigateInApp(page, "/invoices");
  await expect(page.getByRole("heading", { name: "Neue Rechnung erstellen" })).toBeVisible();
  await expect(page.getByText("Keine Rechnungen vorhanden.")).toBeVisible();
  await expect(page.getByLabel("Kunde")).toHaveValue("");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
