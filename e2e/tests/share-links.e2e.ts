import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { expectNoAxeViolations } from "../support/axe";
import { waitForMail } from "../support/mailbox";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

// Share links (decision 0096), the done-when of issue 50 item 1: a staff member shares a folder
// with a password for 7 days; a client in a fresh, signed-out browser opens it, downloads a file
// and the folder as ZIP; the staff member sees both downloads and revokes the link, which then
// answers 410 with a German page. The sharer asked to hear of the first opening: one mail.

function main(page: Page): Locator {
  return page.getByRole("main");
}

/** With SCREENSHOTS=<dir>: the page as it looks now, under `name`. */
async function keep(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/share-links-${name}.png`, fullPage: true });
}

test("a folder shared with a password: the client downloads a file and the ZIP, the sharer sees both and revokes", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const staff = await registeredUser(request, "Tilda Teilerin");
  await signInQuickly(page, request, staff);
  await page.goto("/data");
  // The first load of the file area's remote can be slow on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: "Dateien" })).toBeVisible({ timeout: 60_000 });

  const folder = `Unterlagen ${randomUUID().slice(0, 8)}`;
  await main(page).getByLabel("Neuer Ordner").fill(folder);
  await main(page).getByRole("button", { name: "Ordner erstellen" }).click();
  await main(page)
    .getByRole("button", { name: `Ordner „${folder}“ öffnen` })
    .click();
  const offer = Buffer.from(`Angebot für Frau Berg ${randomUUID()}\n`);
  const plan = Buffer.from(`Projektplan ${randomUUID()}\n`.repeat(1000));
  await main(page)
    .locator('input[type="file"]')
    .setInputFiles([
      { name: "Angebot Berg.txt", mimeType: "text/plain", buffer: offer },
      { name: "Projektplan.txt", mimeType: "text/plain", buffer: plan },
    ]);
  await expect(main(page).getByText("Uploads: 2 von 2 fertig")).toBeVisible();
  await main(page).getByRole("button", { name: "Zurück" }).click();

  // „Freigeben“ in the folder's menu: 7 days (the default), a password, a label.
  await main(page)
    .getByRole("button", { name: `Aktionen für Ordner „${folder}“` })
    .click();
  await page.getByRole("menuitem", { name: "Freigeben" }).click();
  const dialog = page.getByRole("dialog", { name: `„${folder}“ freigeben` });
  await expect(dialog.getByLabel("Ablauf in Tagen")).toHaveValue("7");
  await expect(dialog).toContainText("Auch Dateien, die Sie später in den Ordner legen, sind freigegeben.");
  await dialog.getByLabel("Passwort (optional)").fill("Birke-Kompass-77");
  await dialog.getByLabel("Bezeichnung (optional)").fill("Für Frau Berg");
  await dialog.getByLabel("Mich per E-Mail benachrichtigen, wenn der Link zum ersten Mal geöffnet wird").check();
  await keep(page, "dialog");
  await dialog.getByRole("button", { name: "Link erstellen" }).click();
  const linkField = dialog.getByLabel("Link zur Freigabe");
  await expect(linkField).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();
  await expect(dialog.getByRole("button", { name: "Kopieren" })).toBeVisible();
  await keep(page, "link");
  await dialog.getByRole("button", { name: "Schließen" }).first().click();

  // The client: a fresh browser, signed out, from a network of its own.
  const client = await browser.newContext({
    acceptDownloads: true,
    extraHTTPHeaders: { "X-Forwarded-For": `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
  });
  const visitor = await client.newPage();
  const opened = await visitor.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(visitor.getByText("Diese Freigabe ist durch ein Passwort geschützt.")).toBeVisible();
  await expect(visitor.getByText("Angebot Berg.txt")).toHaveCount(0);
  await visitor.getByLabel("Passwort").fill("falsch-geraten");
  await visitor.getByRole("button", { name: "Öffnen" }).click();
  await expect(visitor.getByText("Das Passwort ist nicht richtig.")).toBeVisible();
  await visitor.getByLabel("Passwort").fill("Birke-Kompass-77");
  await visitor.getByRole("button", { name: "Öffnen" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: folder })).toBeVisible();
  await expect(visitor.getByText("Für Frau Berg")).toBeVisible();
  await expect(visitor.getByText(/^Verfügbar bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await expectNoAxeViolations(visitor);
  await keep(visitor, "client-1280");

  // The sharer's mail, once the files were shown (the password form was no opening).
  const notice = await waitForMail(staff.email, (mail) => mail.subject.includes(`„${folder}“ wurde geöffnet`));
  expect(notice.text).toContain(`Ihr Link für den Ordner „${folder}“ („Für Frau Berg“) wurde am `);

  const fileDownload = visitor.waitForEvent("download");
  await visitor.getByRole("link", { name: "Herunterladen: Angebot Berg.txt" }).click();
  const file = await fileDownload;
  expect(file.suggestedFilename()).toBe("Angebot Berg.txt");
  expect(Buffer.compare(await readFile(await file.path()), offer)).toBe(0);

  const zipDownload = visitor.waitForEvent("download");
  await visitor.getByRole("link", { name: "Alle Dateien als ZIP herunterladen" }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toBe(`${folder}.zip`);
  const entries = unzipSync(new Uint8Array(await readFile(await zip.path())));
  expect(Object.keys(entries).sort()).toEqual(["Angebot Berg.txt", "Projektplan.txt"]);
  expect(Buffer.compare(entries["Projektplan.txt"] ?? new Uint8Array(), plan)).toBe(0);

  // The sharer: „Meine Freigaben“ shows both downloads; the log names them.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dateien" })).toBeVisible({ timeout: 60_000 });
  const shares = main(page).getByRole("region", { name: "Meine Freigaben" });
  const row = shares.getByRole("row").filter({ hasText: folder });
  await expect(row).toContainText("Aktiv", { timeout: 30_000 });
  await expect(row).toContainText("Für Frau Berg · mit Passwort");
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");
  await row.getByRole("button", { name: `Zugriffe auf „${folder}“` }).click();
  const log = page.getByRole("dialog", { name: `Zugriffe auf „${folder}“` });
  await expect(log).toContainText("Heruntergeladen: Angebot Berg.txt");
  await expect(log).toContainText("Ordner als ZIP heruntergeladen");
  await expect(log).toContainText("Falsches Passwort");
  await expect(log).toContainText("Geöffnet");
  await expect(log).toContainText(/198\.51\.\d+\.0\/24/);
  await keep(page, "log");
  await log.getByRole("button", { name: "Schließen" }).click();

  await row.getByRole("button", { name: `Freigabe von „${folder}“ widerrufen` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Widerrufen" }).click();
  await expect(page.getByText("Freigabe widerrufen")).toBeVisible();
  await expect(row).toContainText("Widerrufen");
  await expectNoAxeViolations(page);
  await keep(page, "list");

  // The link now answers 410 with a German page.
  const gone = await visitor.goto(link);
  expect(gone?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { level: 1, name: "Freigabe nicht mehr verfügbar" })).toBeVisible();
  await expect(visitor.getByText("Diese Freigabe wurde zurückgezogen.")).toBeVisible();
  await client.close();
});

test("„Meine Freigaben“ and the dialog fit at 390 and 1280 px, for staff and for an admin (who sees everyone's)", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const staff = await registeredUser(request, "Bruno Breit");
  for (const [who, user] of [
    ["staff", staff],
    ["admin", testOwner],
  ] as const) {
    const login = await request.post("/api/login", { data: { email: user.email, password: user.password } });
    const { token } = (await login.json()) as { token: string };
    const folder = await request.post("/api/folders", {
      data: { name: `Schmal ${randomUUID().slice(0, 8)} mit einem recht langen Ordnernamen`, parent_id: null },
      headers: { Authorization: `Bearer ${token}` },
    });
    const { folder: created } = (await folder.json()) as { folder: { id: number } };
    const shared = await request.post("/api/share-links", {
      data: { target_kind: "folder", target_id: created.id, download_limit: 3, label: "Für die Buchhaltung" },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(shared.status()).toBe(201);
    // A browser of each role's own (the quick sign-in keeps a token already stored).
    const context = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${1 + ((randomBytes(1)[0] ?? 0) % 250)}` },
    });
    const page = await context.newPage();
    await signInQuickly(page, request, user);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/data");
      await expect(page.getByRole("heading", { level: 1, name: "Dateien" })).toBeVisible({ timeout: 60_000 });
      const title = who === "admin" ? "Alle Freigaben" : "Meine Freigaben";
      await expect(main(page).getByRole("heading", { level: 2, name: title })).toBeVisible();
      await expect(main(page).getByRole("region", { name: title }).getByRole("row").nth(1)).toBeVisible({
        timeout: 30_000,
      });
      if (who === "admin") await expect(main(page).getByRole("columnheader", { name: "Erstellt von" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await main(page).getByRole("region", { name: title }).scrollIntoViewIfNeeded();
      await keep(page, `list-${who}-${width}`);
      await main(page)
        .getByRole("button", { name: /^Aktionen für Ordner/ })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "Freigeben" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page, "[role=dialog]");
      await keep(page, `dialog-${who}-${width}`);
      await page.keyboard.press("Escape");
    }
    await context.close();
  }
});

test("an admin sets the longest validity of new links; the staff's dialog offers no more, staff cannot set it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const ownerLogin = await request.post("/api/login", {
    data: { email: testOwner.email, password: testOwner.password },
  });
  const { token: ownerToken } = (await ownerLogin.json()) as { token: string };
  try {
    await signInQuickly(page, request, testOwner);
    await page.goto("/data");
    await expect(page.getByRole("heading", { level: 1, name: "Dateien" })).toBeVisible({ timeout: 60_000 });
    const field = main(page).getByLabel("Höchste Gültigkeit neuer Links (Tage)");
    await expect(field).toHaveValue(/^\d+$/);
    await field.fill("10");
    await main(page).getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Höchste Gültigkeit gespeichert")).toBeVisible();
    await keep(page, "max-days-admin");

    const staff = await registeredUser(request, "Maxi Frist");
    const context = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${1 + ((randomBytes(1)[0] ?? 0) % 250)}` },
    });
    const staffPage = await context.newPage();
    await signInQuickly(staffPage, request, staff);
    await staffPage.goto("/data");
    await expect(staffPage.getByRole("heading", { level: 1, name: "Dateien" })).toBeVisible({ timeout: 60_000 });
    await expect(main(staffPage).getByLabel("Höchste Gültigkeit neuer Links (Tage)")).toHaveCount(0);
    const folder = `Frist ${randomUUID().slice(0, 8)}`;
    await main(staffPage).getByLabel("Neuer Ordner").fill(folder);
    await main(staffPage).getByRole("button", { name: "Ordner erstellen" }).click();
    await main(staffPage)
      .getByRole("button", { name: `Aktionen für Ordner „${folder}“` })
      .click();
    await staffPage.getByRole("menuitem", { name: "Freigeben" }).click();
    const dialog = staffPage.getByRole("dialog", { name: `„${folder}“ freigeben` });
    await expect(dialog.getByText("1 bis 10 Tage")).toBeVisible();
    await expect(dialog.getByLabel("Ablauf in Tagen")).toHaveValue("7");
    await dialog.getByRole("button", { name: "Link erstellen" }).click();
    await expect(dialog.getByLabel("Link zur Freigabe")).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
    // Staff cannot set it behind the screen's back either.
    const login = await request.post("/api/login", { data: { email: staff.email, password: staff.password } });
    const { token } = (await login.json()) as { token: string };
    const refused = await request.put("/api/share-links/settings", {
      data: { max_days: 30 },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    await context.close();
  } finally {
    const reset = await request.put("/api/share-links/settings", {
      data: { max_days: 30 },
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(reset.status()).toBe(200);
  }
});
