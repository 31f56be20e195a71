import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { tokenOf } from "../support/invoices";
import { openAdminTool } from "../support/navigation";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, type TestUser, testOwner } from "../support/users";

// The trail is shared by every test: each test's colleague has a name of its own, and the
// Protokoll is filtered by that colleague or by the test's own invoice.

/** The colleague's draft invoice, saved through the API; its id. */
async function draftBy(request: APIRequestContext, user: TestUser, recipient: string): Promise<number> {
  const response = await request.post("/api/invoices", {
    headers: { Authorization: `Bearer ${await tokenOf(request, user)}` },
    data: {
      recipient: `${recipient}\nHauptstraße 5\n80331 München`,
      provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
      issueDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date()),
      items: [{ description: "Webdesign", quantity: 1, unitPriceCents: 150_000 }],
      discountPercent: 0,
      taxPercent: 19,
      extraFeesCents: 0,
      notes: "",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { invoice: { id: number } }).invoice.id;
}

function trailRows(page: Page) {
  return page
    .getByRole("table", { name: "Protokolleinträge" })
    .getByRole("row")
    .filter({ hasNot: page.locator("th") });
}

test("an admin filters the Protokoll by a colleague, opens an invoice's Verlauf and exports it as CSV with its umlauts", async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const colleague = await registeredUser(request, `Jörg Bäßler-Ünal ${tag}`);
  const recipient = `Müller & Söhne ${tag}`;
  const invoiceId = await draftBy(request, colleague, recipient);

  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");
  await openAdminTool(page, "Protokoll");
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole("heading", { name: "Protokoll", level: 1 })).toBeVisible();
  await expect(trailRows(page).first()).toBeVisible();

  // By the colleague: the draft and the colleague's sign-in, none of the owner's own events.
  const person = page.getByLabel("Person");
  await person.focus();
  await person.selectOption({ label: `${colleague.name} (${colleague.email})` });
  await expect(trailRows(page).filter({ hasText: "Rechnungsentwurf gespeichert" })).toHaveCount(1);
  await expect(trailRows(page).filter({ hasText: testOwner.name })).toHaveCount(0);
  for (const row of await trailRows(page).all()) await expect(row).toContainText(colleague.name);
  await expectNoAxeViolations(page, "main");

  // The invoice's Verlauf: the Protokoll filtered by that invoice.
  await page.goto("/invoices");
  await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(tag);
  const card = page
    .getByRole("region", { name: "Gespeicherte Rechnungen" })
    .getByRole("article")
    .filter({ hasText: recipient });
  await expect(card).toHaveCount(1);
  await card.getByRole("link", { name: /^Verlauf von / }).click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?object_type=invoice&object_id=${invoiceId}$`));
  await expect(page.getByLabel("Objekt", { exact: true })).toHaveValue("invoice");
  await expect(page.getByLabel("Objekt-Nr.")).toHaveValue(String(invoiceId));
  await expect(trailRows(page)).toHaveCount(1);
  await expect(trailRows(page).first()).toContainText("Rechnungsentwurf gespeichert");
  await expect(trailRows(page).first()).toContainText(`Rechnung Nr. ${invoiceId}`);

  // The CSV of what is shown: UTF-8 with BOM, every cell quoted, semicolons, the colleague's name with its umlauts.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Als CSV exportieren" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("protokoll.csv");
  const bytes = readFileSync((await download.path()) ?? "");
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(3)).split("\r\n");
  expect(lines[0]).toContain("Geänderte Felder");
  expect(lines.filter((line) => line !== "")).toHaveLength(2);
  expect(lines[1]?.split(";")).toEqual(
    expect.arrayContaining([`"${colleague.name}"`, '"Rechnungsentwurf gespeichert"', '"Rechnung"', `"${invoiceId}"`]),
  );
  expect(lines[1]).toContain("ö");
  expect(lines[1]).toContain("ä");
  expect(lines[1]).toContain("ß");
  expect(lines[1]).toContain("Ü");
});

test("staff see neither the Protokoll's link nor an invoice's Verlauf, and the Protokoll refuses them", async ({
  page,
  request,
}) => {
  const staff = await registeredUser(request, `Erika Muster ${randomUUID().slice(0, 8)}`);
  await draftBy(request, staff, `Stadtwerke ${staff.name}`);
  await signInQuickly(page, request, staff);
  await page.goto("/invoices");
  await page.getByRole("searchbox", { name: "Rechnungen durchsuchen" }).fill(staff.name);
  await expect(page.getByRole("region", { name: "Gespeicherte Rechnungen" }).getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("link", { name: /^Verlauf von / })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Protokoll" })).toHaveCount(0);
  await page.goto("/audit");
  await expect(page.getByText("Kein Zugriff").first()).toBeVisible();
});
