import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, type TestUser, testOwner, tokenOf } from "../support/users";

// The portal header's search (issue 49 item 3, issue 50 item 5; decision 0102): `/` opens it from
// anywhere but a field, the hits are grouped under „Kunden“, „Rechnungen“, „Dateien“, the arrows
// move through them, Enter opens the marked one, Escape closes.

/** With SCREENSHOTS=<dir>: the page as it looks now, under `name`. */
async function keep(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/header-search-${name}.png` });
}

async function api(request: APIRequestContext, user: TestUser) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, user)}` };
  return {
    async post<T>(path: string, data: unknown): Promise<T> {
      const answer = await request.post(path, { data, headers });
      expect(answer.ok(), await answer.text()).toBe(true);
      return (await answer.json()) as T;
    },
    async upload(name: string, folderId: number): Promise<number> {
      const answer = await request.post("/api/files/upload", {
        headers,
        multipart: {
          folder_id: String(folderId),
          file: { name, mimeType: "text/plain", buffer: Buffer.from("Rahmenvertrag, Seite 1") },
        },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      return ((await answer.json()) as { file: { id: number } }).file.id;
    },
  };
}

test("/ opens the search; arrows and Enter open a customer, a file in „Kunden“ opens in its folder", async ({
  page,
  request,
}) => {
  test.slow();
  const staff = await registeredUser(request, "Svenja Suche");
  const as = await api(request, staff);
  const word = `Quarzbach${randomUUID().slice(0, 6)}`;
  const older = await as.post<{ customer: { id: number } }>("/api/customers", { name: `${word} Bau GmbH` });
  const newer = await as.post<{ customer: { id: number } }>("/api/customers", {
    name: `${word} Elektro KG`,
    email: `info@${word.toLowerCase()}.example`,
  });
  const kunden = await as.post<{ folder: { id: number } }>("/api/folders", { name: `Kunden ${word}`, parent_id: null });
  const inner = await as.post<{ folder: { id: number } }>("/api/folders", {
    name: "Verträge",
    parent_id: kunden.folder.id,
  });
  const fileName = `Rahmenvertrag ${word}.txt`;
  await as.upload(fileName, inner.folder.id);

  await signInQuickly(page, request, staff);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // `/` in a field is text, elsewhere it opens the search.
  await page.locator("body").press("/");
  const field = page.getByRole("combobox", { name: "Suche", exact: true });
  await expect(field).toBeFocused();
  await expect(page.getByText("Mindestens 2 Zeichen eingeben.")).toBeVisible();
  await field.pressSequentially("/x");
  await expect(field).toHaveValue("/x");
  await field.fill(word);

  const list = page.getByRole("listbox", { name: "Suchergebnisse" });
  const customers = list.getByRole("group", { name: "Kunden" });
  const files = list.getByRole("group", { name: "Dateien" });
  await expect(customers.getByRole("option")).toHaveText([
    new RegExp(`${word} Elektro KG`),
    new RegExp(`${word} Bau GmbH`),
  ]);
  await expect(files.getByRole("option")).toHaveText([new RegExp(`Dateien / Kunden ${word} / Verträge`)]);
  await expect(list.getByRole("group", { name: "Rechnungen" })).toHaveCount(0);

  // ↓ ↓ marks the second customer, ↑ the first again, ↓ the second: Enter opens its page.
  await field.press("ArrowDown");
  await field.press("ArrowDown");
  await expect(customers.getByRole("option").nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(field).toHaveAttribute("aria-activedescendant", /.+/);
  await field.press("ArrowUp");
  await expect(customers.getByRole("option").nth(0)).toHaveAttribute("aria-selected", "true");
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/customers/${older.customer.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `${word} Bau GmbH` })).toBeVisible();
  await expect(field).toHaveCount(0);

  // From the customer page: the file, found from the top level, opens in its folder with its viewer.
  await page.locator("body").press("/");
  await field.fill(`rahmenvertrag ${word}`);
  await expect(files.getByRole("option")).toHaveCount(1);
  await field.press("ArrowDown");
  await field.press("Enter");
  const viewer = page.getByRole("dialog", { name: fileName });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("region", { name: `Vorschau von ${fileName}` })).toHaveText("Rahmenvertrag, Seite 1");
  await expect(page).toHaveURL(/\/data$/);
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(page.getByRole("main").getByText("Verträge", { exact: true })).toBeVisible();

  // A draft invoice: the Rechnungstool, its list searched for the customer's name.
  await as.post("/api/invoices", {
    recipient: `${word} Elektro KG\nHauptstraße 5\n80331 München`,
    provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
    issueDate: new Date().toISOString().slice(0, 10),
    items: [{ description: "Beratung", quantity: 1, unitPriceCents: 10_000 }],
    discountPercent: 0,
    taxPercent: 19,
    extraFeesCents: 0,
    notes: "",
  });
  await page.locator("body").press("/");
  await field.fill(`${word} elektro`);
  const invoices = list.getByRole("group", { name: "Rechnungen" });
  await expect(invoices.getByRole("option")).toHaveText([new RegExp(`Entwurf${word} Elektro KG`)]);
  await expect(customers.getByRole("option")).toHaveCount(1);
  // ↓ ↓: past the customer to the invoice.
  await field.press("ArrowDown");
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole("main").getByLabel("Rechnungen durchsuchen")).toHaveValue(`${word} Elektro KG`);

  // Nothing found: said in German; Escape closes and gives the focus back to the button.
  await page.locator("body").press("/");
  await field.fill(`${word}-nichts`);
  await expect(page.getByText(`Keine Treffer für „${word}-nichts“`)).toBeVisible();
  await field.press("Escape");
  await expect(field).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Suche", exact: true })).toBeFocused();
  expect(newer.customer.id).toBeGreaterThan(older.customer.id);
});

test("the search at 390 and 1280 px, staff and admin, light and dark: fits, axe-clean", async ({
  browser,
  request,
}) => {
  test.slow();
  const staff = await registeredUser(request, "Sören Schmal");
  const as = await api(request, staff);
  const word = `Lindgrün${randomUUID().slice(0, 4)}`;
  await as.post("/api/customers", { name: `${word} Gartenbau`, email: `kontakt@${randomUUID().slice(0, 6)}.example` });
  await as.post("/api/customers", { name: `${word} Architekten`, phone: "+49 30 1234 567" });
  const folder = await as.post<{ folder: { id: number } }>("/api/folders", {
    name: `Kunden ${word} mit einem recht langen Ordnernamen`,
    parent_id: null,
  });
  await as.upload(`${word} Angebot Terrasse und Pflasterarbeiten 2026.txt`, folder.folder.id);

  for (const [who, user] of [
    ["staff", staff],
    ["admin", testOwner],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInQuickly(page, request, user);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/dashboard");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const button = page.getByRole("button", { name: "Suche", exact: true });
        await expect(button).toBeVisible();
        // The button keeps the portal's header one row at 1280 px (decision 0071).
        const header = await page.getByRole("banner").boundingBox();
        if (width === 1280) expect(header?.height).toBeLessThanOrEqual(65);
        await button.click();
        const field = page.getByRole("combobox", { name: "Suche", exact: true });
        await field.fill(word.toLowerCase());
        await expect(page.getByRole("group", { name: "Dateien" }).getByRole("option")).toHaveCount(1);
        await field.press("ArrowDown");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, ".header-search__panel");
        await keep(page, `${who}-${colorScheme}-${width}`);
        await field.press("Escape");
      }
    }
    await context.close();
  }
});
