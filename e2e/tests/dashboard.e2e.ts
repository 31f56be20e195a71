import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import postgres from "postgres";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, type TestUser } from "../support/users";

// The database is shared with every other test file. These tests work on requests of their own
// (unique names), read counters as deltas, and run one after another. The empty state, which
// needs every open request marked done, is dashboard-empty.last.e2e.ts: it runs after all others.
test.describe.configure({ mode: "serial" });

interface SentRequest {
  name: string;
  email: string;
  message: string;
}

function uniqueRequest(message: string): SentRequest {
  const tag = randomUUID().slice(0, 8);
  return { name: `Dashboard Test ${tag}`, email: `anfrage-${tag}@example.de`, message };
}

/** Sends a contact request the way a visitor does: through the form on /contact. */
async function sendThroughContactPage(page: Page, request: SentRequest): Promise<void> {
  await page.goto("/contact");
  const form = page.getByRole("main");
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(request.name);
  await form.getByRole("textbox", { name: "E-Mail", exact: true }).fill(request.email);
  await form.getByRole("textbox", { name: "Unternehmen", exact: true }).fill("");
  await form.getByRole("textbox", { name: "Nachricht", exact: true }).fill(request.message);
  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByText("Nachricht gesendet!")).toBeVisible();
}

async function signInAs(
  page: Page,
  request: APIRequestContext,
  name: string,
): Promise<{ user: TestUser; token: string }> {
  const user = await registeredUser(request, name);
  await signInQuickly(page, request, user);
  const login = await request.post("/api/login", { data: { email: user.email, password: user.password } });
  return { user, token: ((await login.json()) as { token: string }).token };
}

function counter(page: Page, label: string): Locator {
  return page.getByRole("group", { name: label });
}

/** The number a counter shows ("1.234" → 1234). */
async function counterValue(page: Page, label: string): Promise<number> {
  const value = counter(page, label);
  await expect(value).toContainText(/\d/);
  return Number(((await value.textContent()) ?? "").replace(label, "").replace(/\D/g, ""));
}

async function expectCounter(page: Page, label: string, value: number): Promise<void> {
  await expect(counter(page, label)).toHaveText(`${label}${value.toLocaleString("de-DE")}`);
}

function requestRow(page: Page, name: string): Locator {
  return page.getByRole("row").filter({ hasText: name });
}

test("a request sent through the contact page is listed, marked done, and shown in the dialog", async ({
  page,
  request,
}) => {
  const { user } = await signInAs(page, request, "Dora Dashboard");
  // Typed by a visitor: markup must show as text, a very long word and line breaks must wrap.
  const longWord = "Digitalisierungsvorhaben".repeat(20);
  const sent = uniqueRequest(`<img src=x onerror="window.__injected=1"><b>fett</b>\nZweite Zeile ${longWord}`);
  await sendThroughContactPage(page, sent);

  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${user.name}`);
  await expectCounter(page, "Aktive Projekte", 0);
  await expectCounter(page, "Termine", 0);
  const row = requestRow(page, sent.name);
  await expect(row).toBeVisible();
  const doneBefore = await counterValue(page, "Abgeschlossen");

  const cells = row.getByRole("cell");
  await expect(cells.nth(0)).toHaveText(sent.name);
  await expect(cells.nth(1)).toHaveText(sent.email);
  await expect(cells.nth(2)).toHaveText("-");
  await expect(cells.nth(3)).toContainText('<img src=x onerror="window.__injected=1"><b>fett</b>');
  await expect(cells.nth(4)).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  await expect(page.getByRole("main").locator("b", { hasText: "fett" })).toHaveCount(0);
  // Long text wraps inside its cell: the page never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await row.getByRole("button", { name: "Mehr anzeigen" }).click();
  await expect(cells.nth(3)).toContainText(longWord);
  await expectNoAxeViolations(page);

  await row.getByRole("button", { name: "Erledigt" }).click();
  const dialog = page.getByRole("dialog", { name: "Anfrage erledigt" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(sent.name);
  await expect(dialog).toContainText(sent.email);
  await expect(dialog).toContainText("<b>fett</b>");
  await expect(dialog).toContainText(`Erledigt von${user.name}`);
  await expect(dialog).toContainText(/Erledigt am\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expect(dialog).toContainText(/Unternehmen-/);
  await expectNoAxeViolations(page, "[role=dialog]");
  await expect(requestRow(page, sent.name)).toHaveCount(0);
  await expectCounter(page, "Abgeschlossen", doneBefore + 1);

  await dialog.getByRole("button", { name: "Schließen" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Offene Anfragen" })).toBeFocused();

  // The server agrees after a reload.
  await page.reload();
  await expect(counter(page, "Abgeschlossen")).toContainText(/\d/);
  expect(await counterValue(page, "Abgeschlossen")).toBeGreaterThanOrEqual(doneBefore + 1);
  await expect(requestRow(page, sent.name)).toHaveCount(0);
});

test("on a phone every request is a readable card", async ({ page, request }) => {
  const { token } = await signInAs(page, request, "Paula Phone");
  const sent = uniqueRequest(`Bitte rufen Sie mich an.\n${"Sehr lange Nachricht ohne Umbruch ".repeat(40)}`);
  const created = await request.post("/api/contact", {
    data: { name: sent.name, email: sent.email, company: "Bäckerei Sonnenschein GmbH & Co. KG", message: sent.message },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/dashboard");
  const row = requestRow(page, sent.name);
  await expect(row).toBeVisible();
  await expect(row).toContainText("Bäckerei Sonnenschein GmbH & Co. KG");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const box = await row.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);

  // Someone else answers it first: "Erledigt" here then reports why it failed, and the row goes.
  const openList = await request.get("/api/requests?limit=200", { headers: { Authorization: `Bearer ${token}` } });
  const { requests } = (await openList.json()) as { requests: { id: number; name: string }[] };
  const id = requests.find((entry) => entry.name === sent.name)?.id;
  expect(id).toBeDefined();
  const done = await request.put(`/api/requests/${id}/done`, { headers: { Authorization: `Bearer ${token}` } });
  expect(done.status()).toBe(200);
  await row.getByRole("button", { name: "Erledigt" }).click();
  await expect(page.getByText("Fehler beim Aktualisieren: Diese Anfrage ist bereits erledigt.")).toBeVisible();
  await expect(requestRow(page, sent.name)).toHaveCount(0);
});

test("more open requests than one page: the count says so and the rest loads on demand", async ({ page, request }) => {
  // 60 requests through the form would hit its limit of 10 per address and 15 minutes; they are
  // stored directly, which needs the database server the e2e run uses (CI sets DATABASE_URL).
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, "needs E2E_DATABASE_URL (a PostgreSQL server) to store 60 requests");
  const tag = randomUUID().slice(0, 8);
  const sql = postgres(databaseUrl as string, { max: 1, onnotice: () => {} });
  try {
    await sql`
      insert into contact_requests (name, email, message, created_at)
      select 'Stapel ' || ${tag}::text || ' Nr. ' || lpad(i::text, 2, '0'), 'stapel' || i || '@example.de', 'Bitte um Rückruf.',
             now() - make_interval(mins => i)
      from generate_series(1, 60) as i`;
  } finally {
    await sql.end();
  }
  await signInAs(page, request, "Sven Stapel");
  await page.goto("/dashboard");
  await expect(requestRow(page, `Stapel ${tag} Nr. 01`)).toBeVisible();
  const open = await counterValue(page, "Offene Anfragen");
  expect(open).toBeGreaterThanOrEqual(60);
  await expect(page.getByText(`50 von ${open.toLocaleString("de-DE")} offenen Anfragen angezeigt`)).toBeVisible();
  await expect(requestRow(page, `Stapel ${tag} Nr. 60`)).toHaveCount(0);

  const loadMore = page.getByRole("button", { name: "Weitere Anfragen laden" });
  while (await loadMore.isVisible()) {
    const shown = await page.getByRole("row").count();
    await loadMore.click();
    await expect.poll(() => page.getByRole("row").count()).toBeGreaterThan(shown);
  }
  await expect(requestRow(page, `Stapel ${tag} Nr. 60`)).toBeVisible();
  const total = (await counterValue(page, "Offene Anfragen")).toLocaleString("de-DE");
  await expect(page.getByText(`${total} von ${total} offenen Anfragen angezeigt`)).toBeVisible();
});

test("when the server cannot be reached the dashboard says the requests failed to load", async ({ page, request }) => {
  await signInAs(page, request, "Nora Netzlos");
  // A network failure, not an invented answer: the request never reaches the server.
  await page.route("**/api/requests**", (route) => route.abort("connectionrefused"));
  await page.goto("/dashboard");
  const failure = page.getByText("Fehler beim Laden der Anfragen");
  await expect(failure).toBeVisible();
  await expect(failure).toHaveCSS("color", /rgb\((2[0-9]{2}|1[5-9][0-9]), \d{1,2}, \d{1,2}\)/);
  await expect(counter(page, "Offene Anfragen")).toContainText("–");

  await page.unroute("**/api/requests**");
  await page.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(failure).toBeHidden();
  await expect(counter(page, "Offene Anfragen")).toContainText(/\d/);
});
