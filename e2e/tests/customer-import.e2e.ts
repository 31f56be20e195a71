import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, type TestUser, testOwner } from "../support/users";

// „Importieren“ (decision 0099) from the screens alone: a file as German Excel saves it
// („CSV (Trennzeichen-getrennt)“: Windows-1252, semicolons, CRLF) with umlauts and a PLZ with a
// leading 0, previewed, dry-run, imported, found in the list by e-mail, exported and compared, then undone.

/** Windows-1252 bytes of text made of Latin-1 letters. */
function cp1252(text: string): Buffer {
  return Buffer.from([...text].map((char) => char.charCodeAt(0) & 0xff));
}

function excelFile(tag: string): Buffer {
  return cp1252(
    [
      "Kundennummer;Firma;E-Mail;Telefon;Straße;PLZ;Ort;Status",
      `;Bäckerei Müller ${tag};mueller-${tag}@example.de;+49 351 4711;Königsbrücker Straße 12;01099;Dresden;vertrag`,
      `;Größenwahn & Söhne ${tag};groesse-${tag}@example.de;0341 0815;;04109;Leipzig;in kontakt`,
      "",
    ].join("\r\n"),
  );
}

const shots = process.env.SCREENSHOTS;

async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, name) });
}

async function importFile(page: Page, tag: string, shotPrefix: string): Promise<void> {
  await page.getByRole("button", { name: "Importieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Kunden importieren" });
  await expect(dialog.getByRole("button", { name: "CSV-Datei auswählen" })).toBeVisible();
  await expect(dialog.getByText("Keine Datei ausgewählt")).toBeVisible();
  // The button opens the browser's file chooser; the test hands the file to its field directly.
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "Kunden.csv", mimeType: "text/csv", buffer: excelFile(tag) });
  await expect(dialog.getByText("Kunden.csv", { exact: true })).toBeVisible();
  await expect(dialog.getByText("erkannt: Windows-1252, Semikolon")).toBeVisible();
  const preview = dialog.getByRole("table", { name: "Vorschau der Datei" });
  await expect(preview.getByRole("cell", { name: `Bäckerei Müller ${tag}` })).toBeVisible();
  await expect(preview.getByRole("cell", { name: "01099", exact: true })).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Feld für Spalte „PLZ“" })).toHaveValue("postal_code");
  await shoot(page, `${shotPrefix}-preview.png`);
  await dialog.getByRole("button", { name: "Probelauf" }).click();
  const rows = dialog.getByRole("table", { name: "Ergebnis je Zeile" });
  await expect(rows.getByRole("row").filter({ hasText: `Bäckerei Müller ${tag}` })).toContainText("neu");
  await expect(dialog.getByText("neu: 2")).toBeVisible();
  await rows.scrollIntoViewIfNeeded();
  await shoot(page, `${shotPrefix}-dry-run.png`);
  await expectNoAxeViolations(page, "[role=dialog]");
  await dialog.getByRole("button", { name: "Importieren" }).click();
  await expect(dialog.getByText("Import abgeschlossen")).toBeVisible();
  await expect(
    dialog.getByText("2 angelegt, 0 aktualisiert, 0 unverändert, 0 übersprungen, 0 mit Fehler."),
  ).toBeVisible();
  await shoot(page, `${shotPrefix}-done.png`);
}

for (const [role, account] of [
  ["staff", () => "Iris Import"],
  ["admin", () => null],
] as const) {
  test(`a German Excel file is previewed, imported, found, exported equal and undone (${role})`, async ({
    page,
    request,
  }) => {
    const name = account();
    const user: TestUser = name === null ? testOwner : await registeredUser(request, name);
    await signInQuickly(page, request, user);
    const tag = randomUUID().slice(0, 6);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/customers");
      await expect(page.getByRole("button", { name: "Importieren" })).toBeInViewport({ ratio: 1 });
      const runTag = `${tag}${width}`;
      await importFile(page, runTag, `customer-import-${role}-${width}`);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The list finds the imported customer by its e-mail (decision 0100) and by its phone as
      // another person would type it, at once.
      const dialog = page.getByRole("dialog", { name: "Kunden importieren" });
      await dialog.getByRole("button", { name: "Fertig" }).click();
      const searchBox = page.getByRole("searchbox", { name: "Kundenname suchen" });
      await searchBox.fill(`mueller-${runTag}@example`);
      await expect(page.getByText(`Bäckerei Müller ${runTag}`, { exact: true }).first()).toBeVisible();
      await expect(page.getByText("1 Kunde", { exact: true })).toBeVisible();
      // „+49 351 4711“ as dialled at home.
      await searchBox.fill("0351 4711");
      await expect(page.getByText(`Bäckerei Müller ${runTag}`, { exact: true }).first()).toBeVisible();
      await searchBox.fill(`Müller ${runTag}`);
      await expect(page.getByText(`mueller-${runTag}@example.de`).first()).toBeVisible();

      // The imported customer's page: an Ansprechpartner added and a call logged (issue 49's
      // "Done when"), then back to the list.
      if (width === 1280) {
        const customerName = `Bäckerei Müller ${runTag}`;
        await page.getByRole("link", { name: customerName, exact: true }).first().click();
        await expect(page.getByRole("heading", { level: 1, name: customerName })).toBeVisible();
        const contacts = page.getByRole("region", { name: "Ansprechpartner" });
        await contacts.getByRole("button", { name: "Ansprechpartner hinzufügen" }).click();
        await contacts.getByLabel("Name").fill("Jörg Weißbäcker");
        await contacts.getByLabel("Rolle").fill("Inhaber");
        await contacts.getByRole("button", { name: "Speichern" }).click();
        await expect(contacts.getByRole("cell", { name: "Jörg Weißbäcker", exact: true })).toBeVisible();
        await page.getByRole("button", { name: "Anruf erfassen" }).click();
        const timeline = page.getByRole("region", { name: "Zeitleiste" });
        await expect(timeline.getByRole("button", { name: "Anruf", pressed: true })).toBeVisible();
        await page.keyboard.type("Import besprochen, Preise passen.");
        await timeline.getByRole("button", { name: "Eintragen" }).click();
        await expect(timeline.getByRole("listitem").first()).toContainText("Import besprochen, Preise passen.");
        await shoot(page, `customer-import-${role}-page.png`);
        await page.getByRole("link", { name: "Zurück zur Kundenliste" }).click();
        await expect(page.getByRole("searchbox", { name: "Kundenname suchen" })).toBeVisible();
        await page.getByRole("searchbox", { name: "Kundenname suchen" }).fill(`Müller ${runTag}`);
        await expect(page.getByText(`mueller-${runTag}@example.de`).first()).toBeVisible();
      }

      // Exported as the file had it: umlauts, the PLZ's leading 0, the phone as text.
      if (width === 1280) {
        await page.getByRole("button", { name: "Exportieren" }).click();
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("menuitem", { name: /^CSV \(RFC 4180\)/ }).click(),
        ]);
        const records = parse(readFileSync((await download.path()) ?? ""), { delimiter: "," }) as string[][];
        const row = records.find((record) => record[1] === `Bäckerei Müller ${runTag}`);
        expect(row?.slice(2, 4)).toEqual([`mueller-${runTag}@example.de`, "+49 351 4711"]);
        expect(row?.[7]).toBe("Königsbrücker Straße 12\n01099 Dresden");
      }

      // Another file imported and undone at once from its result.
      await page.getByRole("searchbox", { name: "Kundenname suchen" }).fill("");
      const undoTag = `${runTag}u`;
      await importFile(page, undoTag, `customer-import-${role}-${width}-again`);
      await dialog.getByRole("button", { name: "Import rückgängig machen" }).click();
      await expect(dialog.getByText("Import rückgängig gemacht")).toBeVisible();
      await expect(
        dialog.getByText("2 angelegte Kunden gelöscht, 0 aktualisierte Kunden wiederhergestellt."),
      ).toBeVisible();
      await shoot(page, `customer-import-${role}-${width}-undone.png`);
      await dialog.getByRole("button", { name: "Fertig" }).click();
      await page.getByRole("searchbox", { name: "Kundenname suchen" }).fill(`Bäckerei Müller ${undoTag}`);
      await expect(page.getByText("Keine Kunden gefunden.")).toBeVisible();
    }
  });
}

// The dialog in dark mode (issue 49, item 1, part 4): every step readable, axe clean (its contrast
// rules included); SCREENSHOTS keeps each step at both widths.
for (const role of ["staff", "admin"] as const) {
  test(`the import dialog is readable in dark mode at 390 and 1280 px (${role})`, async ({ page, request }) => {
    const user: TestUser = role === "admin" ? testOwner : await registeredUser(request, "Iris Import");
    await signInQuickly(page, request, user);
    await page.emulateMedia({ colorScheme: "dark" });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/customers");
      await page.getByRole("button", { name: "Importieren" }).click();
      const dialog = page.getByRole("dialog", { name: "Kunden importieren" });
      await expect(dialog.getByText("Keine Datei ausgewählt")).toBeVisible();
      await expectNoAxeViolations(page, "[role=dialog]");
      await shoot(page, `customer-import-dark-${role}-${width}-empty.png`);
      const tag = randomUUID().slice(0, 6);
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: "Kunden.csv", mimeType: "text/csv", buffer: excelFile(tag) });
      await expect(dialog.getByRole("table", { name: "Vorschau der Datei" })).toBeVisible();
      await expectNoAxeViolations(page, "[role=dialog]");
      await shoot(page, `customer-import-dark-${role}-${width}-preview.png`);
      await dialog.getByRole("button", { name: "Probelauf" }).click();
      const rows = dialog.getByRole("table", { name: "Ergebnis je Zeile" });
      await expect(rows.getByRole("row").filter({ hasText: `Bäckerei Müller ${tag}` })).toContainText("neu");
      await rows.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page, "[role=dialog]");
      await shoot(page, `customer-import-dark-${role}-${width}-dry-run.png`);
      await page.keyboard.press("Escape");
    }
  });
}
