import { randomBytes, randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, testOwner } from "../support/users";

// The Papierkorb (issue 50 item 2, decision 0098), from the screens: a folder with a file is
// deleted, found in the Papierkorb with where it was, restored, and the file is there again; an
// admin deletes a file and purges it („Endgültig löschen“). Both roles at 390 and 1280 px.

function main(page: Page): Locator {
  return page.getByRole("main");
}

/** With SCREENSHOTS=<dir>: the page (and the Papierkorb alone) as it looks now, under `name`. */
async function keep(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/files-trash-${name}.png`, fullPage: true });
  await page
    .locator("#papierkorb")
    .screenshot({ path: `${dir}/files-trash-${name}-papierkorb.png` })
    .catch(() => {});
}

test("a folder with a file is deleted, found in the Papierkorb, restored, and the file is there again", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const staff = await registeredUser(request, "Paula Papier");
  await signInQuickly(page, request, staff);
  await page.goto("/data");
  const folder = `Projekt ${randomUUID().slice(0, 8)}`;
  await main(page).getByLabel("Neuer Ordner").fill(folder);
  await main(page).getByRole("button", { name: "Ordner erstellen" }).click();
  await main(page)
    .getByRole("button", { name: `Ordner „${folder}“ öffnen` })
    .click();
  await main(page)
    .locator('input[type="file"]')
    .setInputFiles({ name: "Angebot Berg.txt", mimeType: "text/plain", buffer: Buffer.from("Angebot") });
  await expect(main(page).getByRole("button", { name: "Angebot Berg.txt ansehen" })).toBeVisible({ timeout: 30_000 });
  await main(page).getByRole("button", { name: "Root" }).click();

  await main(page)
    .getByRole("button", { name: `Aktionen für Ordner „${folder}“` })
    .click();
  await page.getByRole("menuitem", { name: "Löschen" }).click();
  const confirm = page.getByRole("dialog", { name: `Ordner „${folder}“ löschen` });
  await expect(confirm.getByText("Sie kommt in den Papierkorb")).toBeVisible();
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(main(page).getByRole("button", { name: `Ordner „${folder}“ öffnen` })).toHaveCount(0);

  const trash = main(page).getByRole("region", { name: "Papierkorb" });
  const row = trash.getByRole("row").filter({ hasText: folder });
  await expect(row).toBeVisible();
  await expect(row.getByText("Dateien", { exact: true })).toBeVisible();
  await expect(row.getByText("Paula Papier")).toBeVisible();
  await expect(row.getByText(/Ordner, 1 Datei/)).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await keep(page, "deleted");

  await row.getByRole("button", { name: `„${folder}“ wiederherstellen`, exact: true }).click();
  await expect(page.getByText(`„${folder}“ liegt wieder in „Dateien“.`)).toBeVisible();
  await expect(trash.getByRole("row").filter({ hasText: folder })).toHaveCount(0);
  await main(page)
    .getByRole("button", { name: `Ordner „${folder}“ öffnen` })
    .click();
  await expect(main(page).getByRole("button", { name: "Angebot Berg.txt ansehen" })).toBeVisible();
});

test("an admin deletes a file and deletes it for good: „Endgültig löschen“", async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInQuickly(page, request, testOwner);
  await page.goto("/data");
  const name = `Entwurf ${randomUUID().slice(0, 8)}.txt`;
  await main(page)
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from("Entwurf") });
  await main(page)
    .getByRole("button", { name: `${name} löschen` })
    .click({ timeout: 30_000 });
  await page.getByRole("dialog", { name: "Datei löschen" }).getByRole("button", { name: "Löschen" }).click();
  await expect(page.getByText("Datei gelöscht")).toBeVisible();

  const trash = main(page).getByRole("region", { name: "Papierkorb" });
  const row = trash.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `„${name}“ endgültig löschen` }).click();
  const confirm = page.getByRole("dialog", { name: `„${name}“ endgültig löschen` });
  await expect(confirm.getByText("Das lässt sich nicht rückgängig machen.")).toBeVisible();
  await confirm.getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(page.getByText("Endgültig gelöscht", { exact: true })).toBeVisible();
  await expect(trash.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("the Papierkorb fits at 390 and 1280 px, for staff (their own, no purge) and an admin (everyone's)", async ({
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
    const headers = { Authorization: `Bearer ${token}` };
    const parent = await request.post("/api/folders", {
      data: { name: `Kunden ${randomUUID().slice(0, 6)} mit einem recht langen Ordnernamen`, parent_id: null },
      headers,
    });
    const { folder: top } = (await parent.json()) as { folder: { id: number } };
    const child = await request.post("/api/folders", {
      data: { name: `Angebote und Verträge ${who}`, parent_id: top.id },
      headers,
    });
    const { folder: deleted } = (await child.json()) as { folder: { id: number } };
    expect((await request.delete(`/api/folders/${deleted.id}`, { headers })).status()).toBe(204);
    const context = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${1 + ((randomBytes(1)[0] ?? 0) % 250)}` },
    });
    const page = await context.newPage();
    await signInQuickly(page, request, user);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/data");
      const trash = main(page).getByRole("region", { name: "Papierkorb" });
      await expect(trash.getByRole("row").nth(1)).toBeVisible({ timeout: 60_000 });
      await expect(trash.getByRole("button", { name: /endgültig löschen$/ }).first()).toHaveCount(
        who === "admin" ? 1 : 0,
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await trash.scrollIntoViewIfNeeded();
      await keep(page, `list-${who}-${width}`);
      await trash
        .getByRole("button", { name: /wiederherstellen nach …$/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page, "[role=dialog]");
      await keep(page, `restore-to-${who}-${width}`);
      await page.keyboard.press("Escape");
    }
    await context.close();
  }
});
