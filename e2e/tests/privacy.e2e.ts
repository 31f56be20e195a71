import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { expectNoAxeViolations } from "../support/axe";
import { openAdminTool } from "../support/navigation";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

test("an admin records a person's request on „Datenschutz“, sees where their data is and downloads the Auskunft", async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const email = `jürgen.müller-${tag}@beispiel.de`;
  const sent = await request.post("/api/contact", {
    data: { name: "Jürgen Müller", email, company: "Müller Bau", message: "Bitte um ein Angebot." },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");
  await openAdminTool(page, "Datenschutz");
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { name: "Datenschutz", level: 1 })).toBeVisible();

  // Typed in other capitals: the search finds the request all the same.
  await page.getByLabel("E-Mail-Adresse der betroffenen Person").fill(email.toUpperCase());
  await page.getByLabel("Name (optional)").fill("Jürgen Müller");
  await page.getByLabel("Art der Anfrage").selectOption({ label: "Auskunft" });
  await page.getByRole("button", { name: "Anfrage anlegen" }).click();

  const hits = page.getByRole("table", { name: "Fundstellen" });
  const ofKind = (kind: string) =>
    hits.getByRole("row").filter({ has: page.getByRole("cell", { name: kind, exact: true }) });
  await expect(ofKind("Kontaktanfrage")).toHaveCount(1);
  // The notice to the team about it.
  await expect(ofKind("E-Mail")).toHaveCount(1);
  await expect(
    page.getByRole("table", { name: "Datenschutz-Anfragen, die nächste Frist zuerst" }).getByText(email.toUpperCase()),
  ).toBeVisible();
  await expectNoAxeViolations(page, "main");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Auskunft herunterladen" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^auskunft-anfrage-\d+\.zip$/);
  const bytes = readFileSync((await download.path()) ?? "");
  // A ZIP: its first local file header.
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  expect(bytes.includes(Buffer.from("auskunft.html"))).toBe(true);
  expect(bytes.includes(Buffer.from("auskunft.json"))).toBe(true);
});

test("an admin plans a Löschung, sees each place with its action and carries it out after confirming", async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const email = `loeschung-${tag}@beispiel.de`;
  const sent = await request.post("/api/contact", {
    data: { name: "Lena Löschung", email, company: "", message: "Bitte löschen Sie meine Daten." },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signInQuickly(page, request, testOwner);
  await page.goto("/privacy");
  await page.getByLabel("E-Mail-Adresse der betroffenen Person").fill(email);
  await page.getByLabel("Art der Anfrage").selectOption({ label: "Löschung" });
  await page.getByRole("button", { name: "Anfrage anlegen" }).click();

  const section = page.getByRole("region", { name: "Löschung planen" });
  const plan = section.getByRole("table", { name: "Löschplan" });
  await expect(plan.getByRole("columnheader")).toHaveText(["Wo", "Gefunden in", "Aktion", "Grund", "bis"]);
  // Each line names the field and shows the address as it stands there.
  await expect(plan.getByRole("cell", { name: `E-Mail-Adresse: ${email}`, exact: true })).toBeVisible();
  // The request and the notice to the team about it: both erased.
  await expect(
    plan.getByRole("row").filter({ has: page.getByRole("cell", { name: "Löschen", exact: true }) }),
  ).toHaveCount(2);
  await expectNoAxeViolations(page, "main");

  await section.getByRole("button", { name: "Löschung durchführen" }).click();
  const dialog = page.getByRole("dialog", { name: "Löschung durchführen?" });
  await expect(dialog).toContainText("2 Fundstellen werden gelöscht");
  await dialog.getByRole("button", { name: "Jetzt löschen" }).click();
  await expect(page.getByText("Gelöscht: 2, anonymisiert: 0, eingeschränkt: 0, von Hand zu prüfen: 0.")).toBeVisible();
  await expect(section.getByText("Zu dieser E-Mail-Adresse ist nichts zu löschen.")).toBeVisible();
  await expect(plan).toHaveCount(0);
  // A Löschung alone is done once carried out: the case says so, without a hand edit.
  await expect(page.getByText(/^Löschung durchgeführt am \d\d\.\d\d\.\d{4}/)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("done");
});

test("staff see no „Datenschutz“ link, and the screen refuses them", async ({ page, request }) => {
  const staff = await registeredUser(request, `Erika Muster ${randomUUID().slice(0, 8)}`);
  await signInQuickly(page, request, staff);
  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${staff.name}`);
  await expect(page.getByRole("banner").getByRole("link", { name: "Datenschutz" })).toHaveCount(0);
  await page.goto("/privacy");
  await expect(page.getByText("Kein Zugriff").first()).toBeVisible();
});

test("„Nächster Lauf der Löschung“ shows an admin what the daily deletion would delete, by number and date", async ({
  page,
  request,
}) => {
  // An answered request past its period needs a „done“ date weeks ago: set in the database the
  // e2e run uses (CI sets DATABASE_URL); without it, the block is checked empty-handed.
  const databaseUrl = process.env.E2E_DATABASE_URL;
  const tag = randomUUID().slice(0, 8);
  let requestId: number | null = null;
  if (databaseUrl) {
    const email = `alt-erledigt-${tag}@beispiel.de`;
    const sent = await request.post("/api/contact", {
      data: { name: "Olga Alt", email, company: "", message: "Längst beantwortet." },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ id: number }[]>`
        update contact_requests set is_done = true, done_at = now() - interval '40 days'
        where email = ${email} returning id::int as id`;
      requestId = row?.id ?? null;
    } finally {
      await sql.end();
    }
  }

  await signInQuickly(page, request, testOwner);
  await page.goto("/privacy");
  const block = page.getByRole("region", { name: "Nächster Lauf der Löschung" });
  await expect(block).toContainText("Was die tägliche Löschung löschen würde, liefe sie jetzt");
  await expect(block).toContainText("Hier wird nichts gelöscht.");
  if (requestId !== null) {
    const table = block.getByRole("table", { name: "Was der nächste Lauf löschen würde" });
    await expect(table.getByRole("columnheader")).toHaveText(["Was", "Nummer", "Datum"]);
    const row = table
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: `Nr. ${requestId}`, exact: true }) });
    await expect(row).toContainText("Kontaktanfrage");
    await expect(row).toContainText("erledigt am");
    await expect(block).toContainText(/Der nächste Lauf würde \d+ erledigte Kontaktanfrage/);
    // Only a preview: reloading shows it still there.
    await page.reload();
    await expect(row).toBeVisible();
  }
  await expectNoAxeViolations(page, "main");
});
