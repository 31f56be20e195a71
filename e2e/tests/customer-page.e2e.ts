import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { tokenOf } from "../support/invoices";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, type TestUser, testOwner } from "../support/users";

// The page of one customer (decision 0095): from the list to the page, an Ansprechpartner, a tag,
// a logged call, the customer's invoice in the timeline; the list filtered by the tag. A file
// uploaded from the page and „Neues Angebot“ (decision 0103). Then the
// page at a phone's and a laptop's width as staff and as admin: nothing wider than the window,
// axe clean. SCREENSHOTS=<folder> keeps a picture of each.

test.describe.configure({ timeout: 240_000 });

async function seed(page: Page, user: TestUser) {
  const request = page.request;
  const headers = { Authorization: `Bearer ${await tokenOf(request, user)}` };
  const name = `Seitenkunde ${randomUUID().slice(0, 8)}`;
  const created = await request.post("/api/customers", {
    headers,
    data: { name, email: "einkauf@seitenkunde.example", notes: "Alte Notiz aus dem Feld" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { customer } = (await created.json()) as { customer: { id: number } };
  const invoice = await request.post("/api/invoices", {
    headers,
    data: {
      customerId: customer.id,
      recipient: `${name}\nHauptstraße 5\n80331 München`,
      provider: "Klarwerk Digital GmbH",
      items: [{ description: "Webdesign", quantity: 1, unitPriceCents: 120_000 }],
      taxPercent: 19,
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  return { name, id: customer.id };
}

test("staff open a customer from the list, add an Ansprechpartner and a tag, log a call, see the invoice; the list filters by the tag", async ({
  page,
}) => {
  const user = await registeredUser(page.request, "Kim Kundenseite");
  await signInQuickly(page, page.request, user);
  const { name, id } = await seed(page, user);

  await page.goto("/customers");
  await page.getByRole("searchbox", { name: "Kundenname suchen" }).fill(name);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const contacts = page.getByRole("region", { name: "Ansprechpartner" });
  await contacts.getByRole("button", { name: "Ansprechpartner hinzufügen" }).click();
  await contacts.getByLabel("Name").fill("Petra Pohl");
  await contacts.getByLabel("Rolle").fill("Buchhaltung");
  await contacts.getByLabel("E-Mail").fill("petra@seitenkunde.example");
  await contacts.getByRole("button", { name: "Speichern" }).click();
  await expect(contacts.getByRole("cell", { name: "Petra Pohl", exact: true })).toBeVisible();

  const tag = `Messe${randomUUID().slice(0, 4)}`;
  const tags = page.getByRole("region", { name: "Tags" });
  await tags.getByRole("textbox", { name: "Neuer Tag" }).fill(tag);
  await tags.getByRole("button", { name: "Tag hinzufügen" }).click();
  await expect(tags.getByText(tag, { exact: true })).toBeVisible();

  // Two clicks: „Anruf erfassen“, type, „Eintragen“.
  await page.getByRole("button", { name: "Anruf erfassen" }).click();
  const timeline = page.getByRole("region", { name: "Zeitleiste" });
  await expect(timeline.getByRole("button", { name: "Anruf", pressed: true })).toBeVisible();
  await page.keyboard.type("<b>Rückruf</b> wegen Angebot");
  await timeline.getByRole("button", { name: "Eintragen" }).click();
  const entries = timeline.getByRole("listitem");
  await expect(entries.first()).toContainText("Anruf");
  await expect(entries.first()).toContainText("<b>Rückruf</b> wegen Angebot");
  await expect(entries.first()).toContainText("von Kim Kundenseite");
  await expect(timeline.getByRole("listitem").filter({ hasText: "Rechnung" })).toContainText(name);
  await expect(timeline.getByRole("listitem").filter({ hasText: "Alte Notiz aus dem Feld" })).toHaveCount(0);

  await page.getByRole("link", { name: "Zurück zur Kundenliste" }).click();
  await page.getByRole("combobox", { name: "Nach Tag filtern" }).selectOption(tag);
  const rows = page.getByRole("table", { name: "Kunden" }).getByRole("rowheader");
  await expect(rows).toHaveText([name]);
});

test("„Datei hochladen“ puts the file into the timeline at once; „Neues Angebot“ opens the quote editor with the customer", async ({
  page,
}) => {
  const user = await registeredUser(page.request, "Kim Kundenseite");
  await signInQuickly(page, page.request, user);
  const { name, id } = await seed(page, user);
  await page.goto(`/customers/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Zeitleiste" });
  await expect(timeline.getByRole("listitem").first()).toBeVisible();
  // No reload: the page's own state must show the file (a marker on window would not survive one).
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("group", { name: "Schnellaktionen" }).getByRole("button", { name: "Datei hochladen" }).click();
  await (await chooser).setFiles({
    name: "Vertrag Müller.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4 x"),
  });
  const file = timeline.getByRole("listitem").first();
  await expect(file).toContainText("Datei");
  await expect(file.getByRole("button", { name: "Herunterladen: Vertrag Müller.pdf" })).toBeVisible();
  await expect(file).toContainText("von Kim Kundenseite");
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

  // The name downloads the file (the file area's signed link).
  const download = page.waitForEvent("download");
  await file.getByRole("button", { name: "Herunterladen: Vertrag Müller.pdf" }).click();
  expect((await download).suggestedFilename()).toBe("Vertrag Müller.pdf");

  // „Lösen“ takes it off the timeline; „Datei verknüpfen“ finds it in the file area and links it again.
  await file.getByRole("button", { name: "Verknüpfung lösen: Vertrag Müller.pdf" }).click();
  await expect(timeline.getByRole("button", { name: "Herunterladen: Vertrag Müller.pdf" })).toHaveCount(0);
  await timeline.getByRole("button", { name: "Datei verknüpfen" }).click();
  const dialog = page.getByRole("dialog", { name: "Datei aus dem Dateibereich verknüpfen" });
  await dialog.getByRole("textbox", { name: "Dateiname" }).fill("Vertrag Müller");
  await dialog.getByRole("button", { name: "Verknüpfen: Vertrag Müller.pdf" }).first().click();
  await expect(dialog.getByRole("button", { name: "Verknüpft: Vertrag Müller.pdf" }).first()).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(timeline.getByRole("button", { name: "Herunterladen: Vertrag Müller.pdf" })).toBeVisible();

  await page.getByRole("group", { name: "Schnellaktionen" }).getByRole("link", { name: "Neues Angebot" }).click();
  await expect(page).toHaveURL(/\/invoices\/angebote$/);
  await expect(page.getByRole("heading", { level: 1, name: "Angebote" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("textbox", { name: "Kunde", exact: true })).toHaveValue(new RegExp(`^${name}`));
});

for (const role of ["staff", "admin"] as const) {
  test(`the customer page fits at 390 and 1280 px as ${role}, axe clean`, async ({ page }) => {
    const user = role === "admin" ? testOwner : await registeredUser(page.request, "Kim Kundenseite");
    await signInQuickly(page, page.request, user);
    const { id } = await seed(page, user);
    const headers = { Authorization: `Bearer ${await tokenOf(page.request, user)}` };
    await page.request.post(`/api/customers/${id}/contacts`, {
      headers,
      data: { name: "Dr. Maximiliane Mustermann-Schnarrenberger", role: "Geschäftsführung", email: "m@x.example" },
    });
    await page.request.post(`/api/customers/${id}/tags`, { headers, data: { tag: "Großkunde" } });
    const uploaded = await page.request.post("/api/files/upload", {
      headers,
      multipart: {
        customer_id: String(id),
        file: {
          name: "Rahmenvertrag 2026 – unterschrieben.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF"),
        },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const shots = process.env.SCREENSHOTS;
    if (shots) mkdirSync(shots, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/customers/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: "Zeitleiste" }).getByRole("listitem").first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      if (shots) await page.screenshot({ path: join(shots, `customer-page-${role}-${width}.png`), fullPage: true });
    }
  });
}
