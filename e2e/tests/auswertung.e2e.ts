import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { companyReadyToIssue, tokenOf } from "../support/invoices";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

// The database is shared with every other test file, which may issue invoices meanwhile: each
// check compares the screen with the API's report read right then, and tries again if they differ.
// Each test walks several screens and reloads until the numbers agree: three times the usual time.
test.describe.configure({ timeout: 135_000 });

interface Amount {
  count: number;
  sum_cents: number;
}

interface Report {
  open_items: Amount & { overdue: Amount; buckets: Record<string, Amount> };
  revenue: { month: string; paid_cents: number; open_cents: number }[];
}

/** Euros as a German reader sees them: `1.234,56 €`. */
const euro = (cents: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(cents / 100);

async function reportOf(request: APIRequestContext, token: string): Promise<Report> {
  const response = await request.get("/api/invoices/report", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Report;
}

/** Issues an invoice of today through the API: 1 × 1.000,00 € at 19 %, due in 14 days; its number. */
async function issueInvoice(request: APIRequestContext, token: string, recipient: string): Promise<string> {
  const response = await request.post("/api/invoices", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      recipient: `${recipient}\nHauptstraße 5\n80331 München`,
      provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
      issueDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date()),
      paymentTermDays: 14,
      items: [{ description: "Beratung", quantity: 1, unitPriceCents: 100_000 }],
      discountPercent: 0,
      taxPercent: 19,
      extraFeesCents: 0,
      notes: "",
      issue: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { invoice } = (await response.json()) as { invoice: { number: string | null } };
  if (invoice.number === null) throw new Error("an issued invoice has a number");
  return invoice.number;
}

/** The open items' figures and each bucket's line as the screen shows them. */
async function shownOpenItems(page: Page) {
  const block = page.getByRole("region", { name: "Offene Posten" });
  await expect(block.getByRole("listitem")).toHaveCount(4);
  const figure = (name: string) => block.getByRole("group", { name }).locator("p").last().textContent();
  const buckets: string[] = [];
  for (const item of await block.getByRole("listitem").all()) buckets.push((await item.textContent()) ?? "");
  return { sum: await figure("Summe (brutto)"), count: await figure("Anzahl"), buckets };
}

function expectedOpenItems(report: Report) {
  const labels: Record<string, string> = {
    not_due: "nicht fällig",
    days_1_30: "1–30 Tage überfällig",
    days_31_60: "31–60 Tage überfällig",
    days_over_60: "über 60 Tage überfällig",
  };
  const { open_items: open } = report;
  return {
    sum: euro(open.sum_cents),
    count: String(open.count),
    buckets: Object.entries(labels).map(([bucket, label]) => {
      const amount = open.buckets[bucket] ?? { count: 0, sum_cents: 0 };
      const invoices = amount.count === 1 ? "1 Rechnung" : `${amount.count} Rechnungen`;
      return `${label}${invoices} · ${euro(amount.sum_cents)}`;
    }),
  };
}

test("Auswertung: staff see the open items and the revenue as the API counts them, in a chart and a table", async ({
  page,
  request,
}) => {
  const user = await registeredUser(request, "Ulla Umsatz");
  const token = await tokenOf(request, user);
  await companyReadyToIssue(request);
  const tag = `Auswertung ${randomUUID().slice(0, 8)}`;
  await issueInvoice(request, token, tag);
  await signInQuickly(page, request, user);

  await page.goto("/invoices/auswertung");
  await expect(page).toHaveTitle("Auswertung – Klarwerk Digital");
  await expect(page.getByRole("heading", { level: 1, name: "Auswertung" })).toBeVisible();
  await expect(async () => {
    await page.reload();
    const report = await reportOf(request, token);
    expect(report.open_items.buckets.not_due?.count).toBeGreaterThan(0);
    expect(await shownOpenItems(page)).toEqual(expectedOpenItems(report));
    // The table under the chart: one row per month, paid, open and their sum, as the API says.
    const table = page.getByRole("table", { name: "Umsatz je Monat (netto)" });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(12);
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)),
    );
    expect(shown).toEqual(
      report.revenue.map((month) => [
        euro(month.paid_cents),
        euro(month.open_cents),
        euro(month.paid_cents + month.open_cents),
      ]),
    );
  }).toPass({ timeout: 30_000 });
  const chart = page.getByRole("img", { name: /Balkendiagramm: Umsatz je Monat/ });
  await expect(chart).toBeVisible();
  // This month's invoice is a bar: its tooltip names the month's open revenue, as the table does.
  const thisMonth = await page.locator("tbody tr").last().locator("th").textContent();
  expect(thisMonth).toBeTruthy();
  await expect(chart.locator("rect > title").filter({ hasText: `${thisMonth}, Offen:` })).toHaveCount(1);
  await expectNoAxeViolations(page);
  // The DATEV export is the admins' alone.
  await expect(page.getByRole("button", { name: "DATEV-Export" })).toHaveCount(0);

  // A bucket is a link to the list with only those invoices.
  await page.getByRole("link", { name: "nicht fällig" }).click();
  await expect(page).toHaveURL(/\/invoices\?ageing=not_due$/);
  await expect(page.getByText("Nur offene Posten: nicht fällig")).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(tag);
  await expect(page.getByText(tag).first()).toBeVisible();
  await page.getByRole("button", { name: "Alle Rechnungen zeigen" }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

test("the dashboard's Offene Posten card shows the same sum and overdue count", async ({ page, request }) => {
  const user = await registeredUser(request, "Dora Dashboard");
  const token = await tokenOf(request, user);
  await signInQuickly(page, request, user);
  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${user.name}`, { timeout: 30_000 });
  const card = page.getByRole("region", { name: "Offene Posten" });
  await expect(page.getByRole("region", { name: "Kennzahlen" }).getByRole("group")).toHaveCount(4);
  await expect(async () => {
    await page.reload();
    const report = await reportOf(request, token);
    await expect(card.getByTestId("open-items-sum")).toHaveText(euro(report.open_items.sum_cents), { timeout: 5_000 });
    await expect(card).toContainText(`davon überfällig: ${report.open_items.overdue.count}`, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await card.getByRole("link", { name: "Auswertung" }).click();
  await expect(page).toHaveURL(/\/invoices\/auswertung$/);
});

test("an admin downloads this quarter's DATEV Buchungsstapel from the Auswertung: Windows-1252, the invoice booked once", async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, testOwner);
  await companyReadyToIssue(request);
  const settings = await request.put("/api/company/datev", {
    headers: { Authorization: `Bearer ${token}` },
    data: { consultantNumber: 29098, clientNumber: 55003 },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const number = await issueInvoice(request, token, `Bäckerei Grünöl ${randomUUID().slice(0, 8)}`);
  await signInQuickly(page, request, testOwner);
  await page.goto("/invoices/auswertung");
  await expect(page.getByRole("heading", { level: 1, name: "Auswertung" })).toBeVisible();

  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  // The quarter up to today (a Steuerberater's usual period), with today's invoice in it.
  const quarterMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
  const from = `${today.slice(0, 5)}${String(quarterMonth).padStart(2, "0")}-01`;
  await page.getByLabel("Zeitraum von").fill(from);
  await page.getByLabel("Zeitraum bis").fill(today);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "DATEV-Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`EXTF_Buchungsstapel_${from}_${today}.csv`);
  const path = await file.path();
  const bytes = new Uint8Array(await (await import("node:fs/promises")).readFile(path));
  // Windows-1252: "ü" is one byte (0xFC), never UTF-8's two.
  expect(bytes.includes(0xc3)).toBe(false);
  const text = new TextDecoder("windows-1252").decode(bytes);
  const lines = text.split("\r\n");
  expect(lines[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;/);
  expect(lines[0]).toContain(`;29098;55003;`);
  expect(lines[0]).toContain(`;${from.replaceAll("-", "")};${today.replaceAll("-", "")};`);
  expect(lines[1]).toMatch(/^Umsatz \(ohne Soll\/Haben-Kz\);Soll\/Haben-Kennzeichen;/);
  const booked = lines.filter((line) => line.includes(`"${number}"`));
  expect(booked).toHaveLength(1);
  expect(booked[0]).toMatch(/^1190,00;"S";"EUR";/);
  expect(booked[0]).toContain("Bäckerei Grünöl");
});
