import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

// The database is shared with every other test: each test creates customers under a unique
// prefix and searches for it, instead of assuming an empty list.

interface NewCustomer {
  name: string;
  email?: string;
  phone?: string;
  website?: string;
  notes?: string;
  status?: string;
}

function uniquePrefix(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

/** Signs the browser in and returns a token of the same user for seeding through the API. */
async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const user = await registeredUser(request, "Kim Kundenpflege");
  await signInQuickly(page, request, user);
  const login = await request.post("/api/login", { data: { email: user.email, password: user.password } });
  return ((await login.json()) as { token: string }).token;
}

/** Creates the customers through the API, oldest first; their ids in the same order. */
async function createCustomers(request: APIRequestContext, token: string, customers: NewCustomer[]): Promise<number[]> {
  const ids: number[] = [];
  for (const customer of customers) {
    const response = await request.post("/api/customers", {
      data: customer,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { customer: { id: number } }).customer.id);
  }
  return ids;
}

function searchBox(page: Page): Locator {
  return page.getByRole("searchbox", { name: "Kundenname suchen" });
}

function statusFilter(page: Page): Locator {
  return page.getByRole("combobox", { name: "Nach Status filtern" });
}

function customerRows(page: Page): Locator {
  return page
    .getByRole("table", { name: "Kunden" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}

function customerRow(page: Page, name: string): Locator {
  return customerRows(page).filter({ has: page.getByRole("rowheader", { name, exact: true }) });
}

function dialog(page: Page): Locator {
  return page.getByRole("dialog");
}

async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
}

/** Types the search and waits for its answer: it applies after a pause, and „Weiter“ before that pages the whole list. */
async function searchApplied(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get("search") === text);
  await search(page, text);
  await answered;
}

test("creates a customer through the dialog; a blank name is refused", async ({ page, request }) => {
  await signIn(page, request);
  const name = uniquePrefix("Bäckerei Korn");
  await page.goto("/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Kundenverwaltung" })).toBeVisible();

  await page.getByRole("button", { name: "Neuer Kunde" }).click();
  const form = dialog(page);
  await expect(form).toBeVisible();
  await expect(form.getByRole("heading", { name: "Neuen Kunden anlegen" })).toBeVisible();
  await expect(form.getByLabel("Name")).toBeFocused();
  await expect(form.getByLabel("Status")).toHaveValue("in_kontakt");
  await expect(form.getByLabel("Status").locator("option:checked")).toHaveText("in kontakt");
  await expectNoAxeViolations(page, "[role=dialog]");

  let posts = 0;
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().endsWith("/api/customers")) posts++;
  });
  for (const blank of ["", "   "]) {
    await form.getByLabel("Name").fill(blank);
    await form.getByRole("button", { name: "Anlegen" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Name ist Pflicht" }).first()).toBeVisible();
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  }
  expect(posts).toBe(0);

  await form.getByLabel("Name").fill(`  ${name} `);
  await form.getByLabel("E-Mail").fill("info@baeckerei-korn.de");
  await form.getByLabel("Telefonnummer").fill("+49 30 1234567");
  await form.getByLabel("Website").fill("www.baeckerei-korn.de");
  await form.getByLabel("Notizen").fill("Möchte ein Angebot für den Onlineshop.");
  await form.getByLabel("Status").selectOption("gespraeche");
  await form.getByRole("button", { name: "Anlegen" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("Kunde angelegt")).toBeVisible();

  await search(page, name);
  const row = customerRow(page, name);
  await expect(customerRows(page)).toHaveCount(1);
  await expect(row.getByRole("cell")).toHaveText([
    "info@baeckerei-korn.de",
    "+49 30 1234567",
    /baeckerei-korn\.de/,
    "Möchte ein Angebot für den Onlineshop.",
    "gespraeche",
    "Bearbeiten",
  ]);
  const link = row.getByRole("link", { name: /baeckerei-korn\.de/ });
  await expect(link).toHaveAttribute("href", "https://www.baeckerei-korn.de/");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expectNoAxeViolations(page);
});

test("the dialog closes on ×, Abbrechen and the backdrop, and forgets what was typed", async ({ page, request }) => {
  await signIn(page, request);
  await page.goto("/customers");
  const open = () => page.getByRole("button", { name: "Neuer Kunde" }).click();

  for (const close of [
    () => dialog(page).getByRole("button", { name: "Schließen" }).click(),
    () => dialog(page).getByRole("button", { name: "Abbrechen" }).click(),
    () => page.mouse.click(8, 8),
    () => page.keyboard.press("Escape"),
  ]) {
    await open();
    await expect(dialog(page).getByLabel("Name")).toHaveValue("");
    await dialog(page).getByLabel("Name").fill("Nur getippt, nie gespeichert");
    await dialog(page).getByLabel("Status").selectOption("vertrag");
    await close();
    await expect(dialog(page)).toBeHidden();
  }
  await open();
  await expect(dialog(page).getByLabel("Name")).toHaveValue("");
  await expect(dialog(page).getByLabel("Status")).toHaveValue("in_kontakt");
});

test("edits a customer; a failed save keeps the dialog open", async ({ page, request }) => {
  const token = await signIn(page, request);
  const name = uniquePrefix("Autohaus Weber");
  await createCustomers(request, token, [
    { name, email: "verkauf@weber.de", phone: "030 555", website: "https://weber.de", status: "angerufen" },
  ]);
  await page.goto("/customers");
  await search(page, name);
  await customerRow(page, name).getByRole("button", { name: "Bearbeiten" }).click();

  const form = dialog(page);
  await expect(form.getByRole("heading", { name: "Kundendaten bearbeiten" })).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await expect(form.getByLabel("E-Mail")).toHaveValue("verkauf@weber.de");
  await expect(form.getByLabel("Telefonnummer")).toHaveValue("030 555");
  await expect(form.getByLabel("Website")).toHaveValue("https://weber.de");
  await expect(form.getByLabel("Status")).toHaveValue("angerufen");

  const renamed = `${name} & Söhne`;
  await form.getByLabel("Name").fill(renamed);
  await form.getByLabel("E-Mail").fill("");
  await form.getByLabel("Status").selectOption("vertrag");

  await page.route("**/api/customers/*", (route) =>
    route.fulfill({ status: 503, json: { message: "Die Datenbank ist nicht erreichbar." } }),
  );
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Fehler beim Speichern", { exact: true })).toBeVisible();
  await expect(page.getByText("Die Datenbank ist nicht erreichbar.")).toBeVisible();
  await expect(page.getByText("Konsole")).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue(renamed);

  await page.unroute("**/api/customers/*");
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText("Kundendaten gespeichert")).toBeVisible();
  // The list reloads after the save: the row shows the new data under the current search.
  const row = customerRow(page, renamed);
  await expect(row.getByRole("cell").nth(0)).toHaveText("-");
  await expect(row.getByRole("cell").nth(4)).toHaveText("vertrag");

  // Anschrift and Leitweg-ID (the invoice form takes them from here) are kept through a save.
  await row.getByRole("button", { name: "Bearbeiten" }).click();
  await form.getByLabel("Anschrift").fill("Hafenstraße 3\n20457 Hamburg");
  await form.getByLabel("Leitweg-ID").fill("04011000-12345-03");
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(form).toBeHidden();
  await customerRow(page, renamed).getByRole("button", { name: "Bearbeiten" }).click();
  await expect(form.getByLabel("Anschrift")).toHaveValue("Hafenstraße 3\n20457 Hamburg");
  await expect(form.getByLabel("Leitweg-ID")).toHaveValue("04011000-12345-03");
  await expectNoAxeViolations(page, "[role=dialog]");
});

test("searches without a request per keystroke, filters by status, pages forward and back", async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const prefix = uniquePrefix("Seitentest");
  // 23 customers: 20 on page 1 (newest first), 3 on page 2; five of them have signed a contract.
  await createCustomers(
    request,
    token,
    Array.from({ length: 23 }, (_, index) => ({
      name: `${prefix} Kunde ${String(index + 1).padStart(2, "0")}`,
      status: index % 5 === 0 ? "vertrag" : "angerufen",
    })),
  );

  const searched: string[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === "/api/customers" && url.searchParams.has("search")) {
      searched.push(url.searchParams.get("search") ?? "");
    }
  });
  // The first answer is held back until the loading state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/customers?*", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/customers");
  await expect(page.getByText("Lade Kunden...")).toBeVisible();
  release();
  await expect(page.getByText("Lade Kunden...")).toBeHidden();
  await page.unroute("**/api/customers?*");

  const searchAnswered = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get("search") === prefix.toLowerCase(),
  );
  await searchBox(page).pressSequentially(prefix.toLowerCase(), { delay: 25 });
  await searchAnswered;
  await expect(page.getByText("23 Kunden")).toBeVisible();
  await expect(page.getByText("Seite 1 von 2")).toBeVisible();
  // Typed at 25 ms a key, the search waits for a pause: one request (a few on a busy machine), never one per key.
  expect(searched.length).toBeLessThanOrEqual(3);
  expect(searched.at(-1)).toBe(prefix.toLowerCase());

  const rows = customerRows(page);
  await expect(rows).toHaveCount(20);
  await expect(rows.first().getByRole("rowheader")).toHaveText(`${prefix} Kunde 23`);
  const back = page.getByRole("button", { name: "Zurück" });
  const next = page.getByRole("button", { name: "Weiter" });
  await expect(back).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expect(page.getByText("Seite 2 von 2")).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.getByRole("rowheader")).toHaveText([
    `${prefix} Kunde 03`,
    `${prefix} Kunde 02`,
    `${prefix} Kunde 01`,
  ]);
  await expect(next).toBeDisabled();
  await expect(back).toBeEnabled();

  await back.click();
  await expect(page.getByText("Seite 1 von 2")).toBeVisible();
  await expect(rows).toHaveCount(20);

  // A status chosen on page 2 starts again on page 1.
  await next.click();
  await expect(page.getByText("Seite 2 von 2")).toBeVisible();
  await expect(statusFilter(page).locator("option")).toHaveText([
    "Alle Status",
    "angerufen",
    "in kontakt",
    "keine rueckmeldung",
    "abweisung",
    "gespraeche",
    "vertrag",
  ]);
  await statusFilter(page).selectOption("vertrag");
  await expect(page.getByText("Seite 1 von 1")).toBeVisible();
  await expect(rows.getByRole("rowheader")).toHaveText(
    ["21", "16", "11", "06", "01"].map((number) => `${prefix} Kunde ${number}`),
  );
  await expect(next).toBeDisabled();
  await expect(back).toBeDisabled();

  await statusFilter(page).selectOption("");
  await search(page, `${prefix} Kunde 07`);
  await expect(rows).toHaveCount(1);
  await search(page, `${prefix} gibt es nicht`);
  await expect(page.getByText("Keine Kunden gefunden.")).toBeVisible();
});

test("a search counts four pages past the one shown; past that the screen says „mehr als 100 Kunden“", async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const prefix = uniquePrefix("Massenkunde");
  await createCustomers(
    request,
    token,
    Array.from({ length: 100 }, (_, index) => ({ name: `${prefix} Nr. ${index + 1}` })),
  );
  await page.goto("/customers");
  await search(page, prefix);
  await expect(page.getByText("100 Kunden", { exact: true })).toBeVisible();
  await expect(page.getByText("Seite 1 von 5", { exact: true })).toBeVisible();

  await createCustomers(request, token, [{ name: `${prefix} Nr. 101` }]);
  // A fresh screen: the browser keeps the answer it has for the same search a while.
  await page.reload();
  await search(page, prefix);
  await expect(page.getByText("mehr als 100 Kunden", { exact: true })).toBeVisible();
  await expect(page.getByText("Seite 1 von mehr als 5", { exact: true })).toBeVisible();
  await expect(customerRows(page).first().getByRole("rowheader")).toHaveText(`${prefix} Nr. 101`);
  // Page 2 counts a page further: all 101, exactly, on 6 pages.
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByText("101 Kunden", { exact: true })).toBeVisible();
  await expect(page.getByText("Seite 2 von 6", { exact: true })).toBeVisible();
});

test("„Weiter“ goes on below the last customer shown, even when one is added meanwhile (keyset paging)", async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const prefix = uniquePrefix("Blaettern");
  const ids = await createCustomers(
    request,
    token,
    Array.from({ length: 23 }, (_, index) => ({ name: `${prefix} Kunde ${String(index + 1).padStart(2, "0")}` })),
  );
  await page.goto("/customers");
  await searchApplied(page, prefix);
  await expect(page.getByText("Seite 1 von 2")).toBeVisible();
  await expect(customerRows(page).last().getByRole("rowheader")).toHaveText(`${prefix} Kunde 04`);
  // Someone else adds a customer the search finds while page 1 is on screen.
  await createCustomers(request, token, [{ name: `${prefix} Kunde 24` }]);
  const asked = page.waitForRequest((sent) => new URL(sent.url()).searchParams.get("page") === "2");
  await page.getByRole("button", { name: "Weiter" }).click();
  expect(new URL((await asked).url()).searchParams.get("after")).toBe(String(ids[3]));
  await expect(page.getByText("Seite 2 von 2")).toBeVisible();
  // Counted off, „Kunde 04“ would be shown a second time at the top of page 2.
  await expect(customerRows(page).getByRole("rowheader")).toHaveText(
    ["03", "02", "01"].map((number) => `${prefix} Kunde ${number}`),
  );

  // Page 2 as staff, then as the admin, at a phone's and a laptop's width, light and dark: the
  // pager in the window, nothing wider than it, axe clean.
  const shots = process.env.SCREENSHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  for (const role of ["staff", "admin"] as const) {
    if (role === "admin") {
      await signInQuickly(page, request, testOwner);
      await page.goto("/customers");
      await searchApplied(page, prefix);
      await page.getByRole("button", { name: "Weiter" }).click();
      await expect(page.getByText("Seite 2 von 2")).toBeVisible();
    }
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [390, 1280]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 844 });
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.getByText("Seite 2 von 2").scrollIntoViewIfNeeded();
        await expect(page.getByRole("button", { name: "Zurück" })).toBeInViewport({ ratio: 1 });
        await expect(page.getByRole("button", { name: "Weiter" })).toBeInViewport({ ratio: 1 });
        if (width === 1280) await expectNoAxeViolations(page);
        if (shots) await page.screenshot({ path: join(shots, `customers-page-2-${role}-${colorScheme}-${width}.png`) });
      }
    }
  }
});

test("a list that fails to load stays as it was", async ({ page, request }) => {
  const token = await signIn(page, request);
  const prefix = uniquePrefix("Ausfall");
  await createCustomers(
    request,
    token,
    Array.from({ length: 21 }, (_, index) => ({ name: `${prefix} ${index + 1}` })),
  );
  await page.goto("/customers");
  await search(page, prefix);
  await expect(page.getByText("Seite 1 von 2")).toBeVisible();
  await expect(customerRows(page)).toHaveCount(20);

  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.route("**/api/customers?*", (route) =>
    route.fulfill({ status: 500, json: { message: "Interner Serverfehler." } }),
  );
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect.poll(() => errors.some((text) => text.includes("Kunden konnten nicht geladen werden"))).toBe(true);
  await expect(page.getByText("Lade Kunden...")).toBeHidden();
  await expect(customerRows(page)).toHaveCount(20);
  await expect(customerRows(page).first().getByRole("rowheader")).toHaveText(`${prefix} 21`);
});

test("long notes toggle with mehr and weniger; the website opens in a new tab; empty values show -", async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const prefix = uniquePrefix("Notiztest");
  const longNote = `${"Rückruf vereinbart. ".repeat(9)}Ende der Notiz.`;
  expect(longNote.length).toBeGreaterThan(150);
  await createCustomers(request, token, [
    { name: `${prefix} lang`, notes: longNote, website: "https://www.kanzlei-lang.de" },
    { name: `${prefix} leer` },
  ]);
  await page.goto("/customers");
  await search(page, prefix);

  const empty = customerRow(page, `${prefix} leer`);
  await expect(empty.getByRole("cell")).toHaveText(["-", "-", "-", "-", "in kontakt", "Bearbeiten"]);

  const notes = customerRow(page, `${prefix} lang`).getByRole("cell").nth(3);
  await expect(notes).toHaveText(`${longNote.slice(0, 150)}... mehr`);
  await notes.getByRole("button", { name: "mehr" }).click();
  await expect(notes).toHaveText(`${longNote} weniger`);
  await expect(notes.getByRole("button", { name: "weniger" })).toHaveAttribute("aria-expanded", "true");
  await notes.getByRole("button", { name: "weniger" }).click();
  await expect(notes).toHaveText(`${longNote.slice(0, 150)}... mehr`);

  // The test browser resolves no outside host: the site is answered here.
  await page
    .context()
    .route("https://www.kanzlei-lang.de/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Kanzlei Lang</title>" }),
    );
  const link = customerRow(page, `${prefix} lang`).getByRole("link", { name: /kanzlei-lang\.de/ });
  const popup = page.waitForEvent("popup");
  await link.click();
  await expect(await popup).toHaveTitle("Kanzlei Lang");
  expect(page.url()).toMatch(/\/customers$/);
});

/** Where an element ends on the right, in CSS pixels from the left of the viewport. */
async function rightEdge(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("Das Element ist nicht sichtbar.");
  return box.x + box.width;
}

test("long unbroken text wraps in its cell: Status and Aktion stay in view; on a phone each customer is a card", async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const prefix = uniquePrefix("Breitentest");
  // People type such things: a word as long as a line, a note pasted without spaces, a deep link.
  const name = `${prefix} ${"Unternehmensberatungsgesellschaft".repeat(3)}`;
  const notes = "RückrufbitteAngebotsanfrageFolgetermin".repeat(4).slice(0, 150);
  const website = `https://www.kanzlei-lang.de/downloads/${"Mandantenvereinbarung".repeat(7)}.pdf`;
  expect(notes).toHaveLength(150);
  expect(notes).not.toMatch(/\s/);
  await createCustomers(request, token, [
    {
      name,
      email: "rechnungseingang.buchhaltung.zentrale@kanzlei-lang.de",
      website,
      notes,
      status: "keine_rueckmeldung",
    },
  ]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/customers");
  await search(page, name);
  const row = customerRow(page, name);
  const cells = row.getByRole("cell");
  await expect(cells.nth(3)).toHaveText(notes);
  const status = cells.nth(4);
  const action = cells.nth(5);
  await expect(status).toHaveText("keine rueckmeldung");

  // Everything fits: the table does not scroll, and the last two columns end inside the window.
  const scroller = page.getByRole("region", { name: "Kunden" });
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
  const edit = action.getByRole("button", { name: `Bearbeiten: ${name}` });
  await edit.evaluate((element) => element.scrollIntoView({ block: "center", inline: "nearest" }));
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(0);
  expect(await rightEdge(status)).toBeLessThanOrEqual(1280);
  expect(await rightEdge(action)).toBeLessThanOrEqual(1280);
  await expect(edit).toBeInViewport({ ratio: 1 });

  // A phone: the page keeps its width, and the customer is a card: nothing scrolls sideways,
  // Status and „Bearbeiten“ are inside the window.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(391);
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
  expect(await rightEdge(scroller)).toBeLessThanOrEqual(390);
  // As cards the cells are blocks (Chromium then no longer reports them as cells): found by text.
  const cardStatus = scroller.getByText("keine rueckmeldung", { exact: true });
  const cardEdit = scroller.getByRole("button", { name: `Bearbeiten: ${name}` });
  expect(await rightEdge(cardStatus)).toBeLessThanOrEqual(390);
  await cardEdit.scrollIntoViewIfNeeded();
  await expect(cardEdit).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page);
});

/** The file the export's menu item downloads: its suggested name and its bytes. */
async function exportFrom(page: Page, item: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole("button", { name: "Exportieren" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: new RegExp(`^${item.replace(/[()]/g, "\\$&")}`) }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path()) ?? "") };
}

test("„Exportieren“ downloads every customer of the search as Excel (Deutsch) or RFC 4180 CSV", async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const prefix = uniquePrefix("Export");
  const customers: NewCustomer[] = [
    {
      name: `${prefix} Bäckerei Größe & Söhne`,
      phone: "+49 30 1234567",
      notes: "=SUMME(A1:A9); Lieferung „früh“",
      status: "vertrag",
    },
    { name: `${prefix} Müller`, phone: "-49 171 2345678", email: "info@mueller.example.de" },
  ];
  // More than a page of 20: the export holds every match, not the page shown.
  for (let index = 0; index < 21; index++) customers.push({ name: `${prefix} Filiale ${index}` });
  const ids = await createCustomers(request, token, customers);
  // Two branches carry a tag of their own, for the tag filter below.
  const tag = `Messe ${prefix}`;
  for (const id of [ids[3], ids[7]]) {
    const tagged = await request.post(`/api/customers/${id}/tags`, {
      data: { tag },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(tagged.status(), await tagged.text()).toBe(200);
  }
  await page.goto("/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Kundenverwaltung" })).toBeVisible({ timeout: 30_000 });
  await search(page, prefix);
  // The unsearched list shows 20 rows too, and its newest 20 are ours: only the count tells that
  // the search (applied after typing pauses) is what the list and so the export follow.
  await expect(page.getByRole("status").filter({ hasText: /Kunden?$/ })).toHaveText(`${customers.length} Kunden`);
  await expect(customerRows(page)).toHaveCount(20);

  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  const excel = await exportFrom(page, "Excel (Deutsch)");
  expect(excel.name).toBe(`Kunden_${today}.csv`);
  expect([...excel.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const excelRows: string[][] = parse(excel.bytes, { delimiter: ";", bom: true });
  expect(excelRows[0]?.slice(0, 7)).toEqual([
    "Kundennummer",
    "Name",
    "E-Mail",
    "Telefon",
    "Website",
    "Notizen",
    "Status",
  ]);
  expect(excelRows).toHaveLength(1 + customers.length);
  const bakery = excelRows.find((row) => row[1] === customers[0]?.name);
  expect(bakery?.slice(3, 7)).toEqual(["'+49 30 1234567", "", "'=SUMME(A1:A9); Lieferung „früh“", "vertrag"]);
  expect(excelRows.find((row) => row[1] === customers[1]?.name)?.[3]).toBe("'-49 171 2345678");

  const plain = await exportFrom(page, "CSV (RFC 4180)");
  expect(plain.name).toBe(`Kunden_${today}.csv`);
  expect(plain.bytes[0]).toBe("K".charCodeAt(0));
  const plainRows: string[][] = parse(plain.bytes, { delimiter: "," });
  expect(plainRows.map((row) => row[1])).toEqual(excelRows.map((row) => row[1]));
  expect(plainRows.find((row) => row[1] === customers[0]?.name)?.[5]).toBe("=SUMME(A1:A9); Lieferung „früh“");
  expect(plainRows.find((row) => row[1] === customers[1]?.name)?.[3]).toBe("-49 171 2345678");

  // The status filter narrows the file as it narrows the list.
  await statusFilter(page).selectOption("vertrag");
  await expect(customerRows(page)).toHaveCount(1);
  const filtered: string[][] = parse((await exportFrom(page, "CSV (RFC 4180)")).bytes, { delimiter: "," });
  expect(filtered.slice(1).map((row) => row[1])).toEqual([customers[0]?.name]);

  // So does the tag filter: the two tagged branches, newest first.
  await statusFilter(page).selectOption("");
  await page.getByRole("combobox", { name: "Nach Tag filtern" }).selectOption(tag);
  await expect(customerRows(page)).toHaveCount(2);
  const byTag: string[][] = parse((await exportFrom(page, "CSV (RFC 4180)")).bytes, { delimiter: "," });
  expect(byTag.slice(1).map((row) => row[1])).toEqual([customers[7]?.name, customers[3]?.name]);

  // The menu at a phone's and a laptop's width, light and dark: inside the window, axe clean.
  const shots = process.env.SCREENSHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [390, 1280]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // „Exportieren“ and „Neuer Kunde“ both in the window, side by side or one under the other.
      for (const name of ["Exportieren", "Neuer Kunde"]) {
        await expect(page.getByRole("button", { name })).toBeInViewport({ ratio: 1 });
      }
      if (shots) await page.screenshot({ path: join(shots, `customers-${colorScheme}-${width}.png`) });
      await page.getByRole("button", { name: "Exportieren" }).click();
      const menu = page.getByRole("menu");
      await expect(menu).toBeVisible();
      // Floating UI places the menu after it shows (and shifts it into the window): wait for that.
      await expect
        .poll(async () => {
          const box = await menu.boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= width;
        })
        .toBe(true);
      if (shots) await page.screenshot({ path: join(shots, `customers-export-${colorScheme}-${width}.png`) });
      await expectNoAxeViolations(page, "[role=menu]");
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
    }
  }
});
