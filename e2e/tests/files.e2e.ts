import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly } from "../support/users";

// The database is shared with every other test file: each test works in folders of its own
// (unique names) below the root level.

/** A 24×24 PNG with a colour gradient. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAhElEQVR42q3CoQ5BAQCG0e9JRFEUbzJBMOkmEwSTbjL7J5h0kwmCSZIJgkk3mSCYJHoeL/GdHVr5KGnnpaSTh5JuGiVF7kr6uSoZ5qykzEnJJEcls+yVVNkqWaZWss5GSZ2Vkl0WSg6plJwyV3LJVMktYyVNSiXPjJS8M1DyTU/JL4XyD+meR262WmA7AAAAAElFTkSuQmCC",
  "base64",
);

function tag(): string {
  return randomUUID().slice(0, 8);
}

async function openFileArea(page: Page, request: Parameters<typeof registeredUser>[0]): Promise<void> {
  const user = await registeredUser(request, "Franziska Datei");
  await signInQuickly(page, request, user);
  await page.goto("/data");
  await expect(page.getByRole("heading", { level: 1, name: "Dateien" })).toBeVisible();
}

function main(page: Page): Locator {
  return page.getByRole("main");
}

async function createFolder(page: Page, name: string): Promise<void> {
  await main(page).getByLabel("Neuer Ordner").fill(name);
  await main(page).getByRole("button", { name: "Ordner erstellen" }).click();
  await expect(folderButton(page, name)).toBeVisible();
}

function folderButton(page: Page, name: string): Locator {
  return main(page).getByRole("button", { name: `Ordner „${name}“ öffnen` });
}

function breadcrumbs(page: Page): Locator {
  return main(page).getByRole("navigation", { name: "Ordnerpfad" });
}

function fileInput(page: Page): Locator {
  return main(page).locator('input[type="file"]');
}

/** The rows of the shown folder's files (not those of the Papierkorb's or the share links' tables). */
function fileRows(page: Page): Locator {
  return main(page)
    .getByRole("region", { name: "Dateien in diesem Ordner" })
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
}

test("folders: create, enter, breadcrumbs, Zurück and Root", async ({ page, request }) => {
  await openFileArea(page, request);
  const top = `Kunden ${tag()}`;
  const middle = `Projekte ${tag()}`;
  const bottom = `Entwürfe ${tag()}`;

  // A blank name is refused on the client with the spec's message.
  await main(page).getByLabel("Neuer Ordner").fill("   ");
  await main(page).getByRole("button", { name: "Ordner erstellen" }).click();
  await expect(page.getByText("Ordnername darf nicht leer sein")).toBeVisible();

  await expect(main(page).getByRole("button", { name: "Zurück" })).toBeDisabled();
  await createFolder(page, top);
  await expect(page.getByText("Ordner erstellt")).toBeVisible();

  // The same name again in the same place: the server's reason is shown.
  await main(page).getByLabel("Neuer Ordner").fill(top.toUpperCase());
  await main(page).getByRole("button", { name: "Ordner erstellen" }).click();
  await expect(page.getByText("Ordner konnte nicht erstellt werden")).toBeVisible();
  await expect(page.getByText("In diesem Ordner gibt es bereits einen Ordner mit diesem Namen.")).toBeVisible();

  await folderButton(page, top).click();
  await expect(breadcrumbs(page)).toHaveText(`Dateien/${top}`);
  await expect(main(page).getByText("Keine Ordner vorhanden.")).toBeVisible();
  await expect(main(page).getByText("Keine Dateien gefunden.")).toBeVisible();

  await createFolder(page, middle);
  await folderButton(page, middle).click();
  await createFolder(page, bottom);
  await folderButton(page, bottom).click();
  await expect(breadcrumbs(page)).toHaveText(`Dateien/${top}/${middle}/${bottom}`);
  await expect(breadcrumbs(page).getByText(bottom)).toHaveAttribute("aria-current", "location");

  // A breadcrumb click truncates the path to that level.
  await breadcrumbs(page).getByRole("button", { name: top }).click();
  await expect(breadcrumbs(page)).toHaveText(`Dateien/${top}`);
  await expect(folderButton(page, middle)).toBeVisible();

  // "Zurück" pops one level.
  await folderButton(page, middle).click();
  await main(page).getByRole("button", { name: "Zurück" }).click();
  await expect(breadcrumbs(page)).toHaveText(`Dateien/${top}`);
  await main(page).getByRole("button", { name: "Zurück" }).click();
  await expect(breadcrumbs(page)).toHaveText("Dateien");
  await expect(folderButton(page, top)).toBeVisible();

  // "Root" resets from any depth.
  await folderButton(page, top).click();
  await folderButton(page, middle).click();
  await main(page).getByRole("button", { name: "Root" }).click();
  await expect(breadcrumbs(page)).toHaveText("Dateien");
  await expect(main(page).getByRole("button", { name: "Root" })).toBeDisabled();
});

test("uploads two files at once with progress, shows a thumbnail, searches, pages, downloads and deletes", async ({
  page,
  request,
}) => {
  await openFileArea(page, request);
  const folder = `Upload ${tag()}`;
  await createFolder(page, folder);
  await folderButton(page, folder).click();

  const textName = "Präsentation März ü.txt";
  // Over 4 MiB: the server writes such a body whole and finds the file in it (upload.ts).
  const textContent = Buffer.from(`Inhalt mit Umlauten: äöüß ${tag()}\n`.repeat(120_000));
  await fileInput(page).setInputFiles([
    { name: "logo.png", mimeType: "image/png", buffer: png },
    { name: textName, mimeType: "text/plain", buffer: textContent },
  ]);

  // Each file has its own progress bar.
  const uploads = main(page).getByRole("region", { name: "Uploads" });
  await expect(uploads.getByRole("progressbar", { name: "Upload von logo.png" })).toBeVisible();
  await expect(uploads.getByRole("progressbar", { name: `Upload von ${textName}` })).toBeVisible();
  await expect(uploads.getByText("Fertig", { exact: true })).toHaveCount(2);
  await expect(uploads).toContainText("Uploads: 2 von 2 fertig");
  await expect(page.getByText("Upload erfolgreich").first()).toBeVisible();

  // The list refreshed itself: both files, with size, date and uploader.
  await expect(fileRows(page)).toHaveCount(2);
  const textRow = fileRows(page).filter({ hasText: textName });
  await expect(textRow).toContainText(`${(textContent.length / 1024 ** 2).toFixed(2).replace(".", ",")} MB`);
  await expect(textRow).toContainText("Franziska Datei");
  await expect(textRow).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expect(fileRows(page).filter({ hasText: "logo.png" })).toContainText(`${png.length} B`);

  // The image has a real thumbnail (loaded with the bearer token).
  const thumbnail = main(page).getByRole("img", { name: "Vorschau von logo.png" });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(24);

  // Download: the browser saves the exact bytes under the original (UTF-8) name.
  const downloadStarted = page.waitForEvent("download");
  await main(page)
    .getByRole("button", { name: `${textName} herunterladen` })
    .click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(textName);
  expect(Buffer.compare(await readFile(await download.path()), textContent)).toBe(0);

  // Eleven more: twelve files make two pages of ten.
  await fileInput(page).setInputFiles(
    Array.from({ length: 11 }, (_, index) => ({
      name: `bericht-${String(index + 1).padStart(2, "0")}.txt`,
      mimeType: "text/plain",
      buffer: Buffer.from(`Bericht ${index + 1}`),
    })),
  );
  await expect(uploads.getByText("Fertig", { exact: true })).toHaveCount(13);
  await expect(main(page).getByText("1–10 von 13 Dateien")).toBeVisible();
  await expect(fileRows(page)).toHaveCount(10);
  const pager = main(page).getByRole("navigation", { name: "Seiten der Dateiliste" });
  await pager.getByRole("button", { name: "Seite 2" }).click();
  await expect(fileRows(page)).toHaveCount(3);
  await expect(main(page).getByText("11–13 von 13 Dateien")).toBeVisible();

  // Searching is case-insensitive on the name and starts again on page 1.
  const search = main(page).getByRole("searchbox", { name: "Dateien durchsuchen" });
  await search.fill("BERICHT-1");
  await expect(fileRows(page)).toHaveCount(2);
  await expect(main(page).getByText("1–2 von 2 Dateien")).toBeVisible();
  await search.fill("präsentation");
  await expect(fileRows(page)).toHaveCount(1);
  await search.fill("gibt es nicht");
  await expect(main(page).getByText("Keine Dateien gefunden.")).toBeVisible();
  await search.fill("");
  await expect(fileRows(page)).toHaveCount(10);

  // Delete asks first; cancelling keeps the file. (Newest first: the file is on page 2.)
  await pager.getByRole("button", { name: "Nächste Seite" }).click();
  await main(page)
    .getByRole("button", { name: `${textName} löschen` })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Datei wirklich löschen?");
  await dialog.getByRole("button", { name: "Abbrechen" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(fileRows(page).filter({ hasText: textName })).toHaveCount(1);

  await main(page)
    .getByRole("button", { name: `${textName} löschen` })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Löschen" }).click();
  await expect(page.getByText("Datei gelöscht")).toBeVisible();
  await expect(fileRows(page).filter({ hasText: textName })).toHaveCount(0);
  await expect(main(page).getByText("11–12 von 12 Dateien")).toBeVisible();

  // The file area has no accessibility violations axe can find.
  await expectNoAxeViolations(page);
});

test("a file over the upload limit is refused at once; a broken image shows the placeholder", async ({
  page,
  request,
}) => {
  await openFileArea(page, request);
  const folder = `Grenzen ${tag()}`;
  await createFolder(page, folder);
  await folderButton(page, folder).click();
  await expect(main(page).getByText("Höchstens 1 GB pro Datei", { exact: false })).toBeVisible();

  // 1 GiB and one byte, sparse on disk: the browser refuses it before sending anything.
  const dir = await mkdtemp(join(tmpdir(), "klarwerk-e2e-files-"));
  try {
    const huge = join(dir, "riesig.iso");
    await writeFile(huge, "");
    await truncate(huge, 1.5 * 1024 ** 3);
    const uploadCalls: string[] = [];
    page.on("request", (sent) => {
      if (sent.url().includes("/api/files/upload")) uploadCalls.push(sent.url());
    });
    await fileInput(page).setInputFiles(huge);
    await expect(page.getByText("Upload fehlgeschlagen").first()).toBeVisible();
    const uploads = main(page).getByRole("region", { name: "Uploads" });
    await expect(uploads).toContainText("Die Datei ist zu groß (1.536,00 MB). Erlaubt sind höchstens 1.024,00 MB.");
    expect(uploadCalls).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // An "image" that is not one: the preview fails and a placeholder icon stands in.
  await fileInput(page).setInputFiles([
    { name: "kaputt.png", mimeType: "image/png", buffer: Buffer.from("kein Bild") },
  ]);
  await expect(fileRows(page).filter({ hasText: "kaputt.png" })).toHaveCount(1);
  await expect(main(page).getByRole("img", { name: "Keine Vorschau verfügbar" })).toBeVisible();
});

test("rename a file, move it into a folder, find it from the top level by its path and open its folder", async ({
  page,
  request,
}) => {
  await openFileArea(page, request);
  const top = `Ablage ${tag()}`;
  const customers = `Kunden ${tag()}`;
  await createFolder(page, top);
  await folderButton(page, top).click();
  await createFolder(page, customers);
  const word = tag();
  await fileInput(page).setInputFiles([{ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") }]);
  await expect(fileRows(page).filter({ hasText: "scan.pdf" })).toHaveCount(1);

  // Umbenennen: a slash is refused with the server's reason, then the new name is stored.
  await main(page).getByRole("button", { name: "scan.pdf umbenennen" }).click();
  const rename = page.getByRole("dialog", { name: "„scan.pdf“ umbenennen" });
  const field = rename.getByLabel("Neuer Name");
  await expect(field).toHaveValue("scan.pdf");
  await field.fill("a/b.pdf");
  await rename.getByRole("button", { name: "Umbenennen" }).click();
  await expect(rename).toContainText("Der Dateiname darf weder „/“ noch „\\“ enthalten.");
  const newName = `Vertrag Müller & Söhne ${word}.pdf`;
  await field.fill(newName);
  await rename.getByRole("button", { name: "Umbenennen" }).click();
  await expect(rename).toBeHidden();
  await expect(fileRows(page).filter({ hasText: newName })).toHaveCount(1);

  // Verschieben: the picker starts at „Dateien“; here is where it lies, so it cannot go here.
  await main(page)
    .getByRole("button", { name: `${newName} verschieben` })
    .click();
  const move = page.getByRole("dialog", { name: `„${newName}“ verschieben` });
  await expect(move.getByRole("navigation", { name: "Zielordner" })).toHaveText("Dateien");
  await move.getByRole("button", { name: `Ordner „${top}“ öffnen` }).click();
  await expect(move.getByRole("button", { name: "Hierher verschieben" })).toBeDisabled();
  await move.getByRole("button", { name: `Ordner „${customers}“ öffnen` }).click();
  await expect(move.getByRole("navigation", { name: "Zielordner" })).toHaveText(`Dateien/${top}/${customers}`);
  await move.getByRole("button", { name: "Hierher verschieben" }).click();
  await expect(move).toBeHidden();
  await expect(page.getByText(`„${newName}“ liegt jetzt in „${customers}“.`)).toBeVisible();
  await expect(main(page).getByText("Keine Dateien gefunden.")).toBeVisible();

  // From the top level, „vertrag“ in every folder finds it with its path.
  await main(page).getByRole("button", { name: "Root" }).click();
  await main(page).getByRole("searchbox", { name: "Dateien durchsuchen" }).fill(`vertrag müller & söhne ${word}`);
  await main(page).getByRole("checkbox", { name: "In allen Ordnern suchen" }).check();
  const hits = main(page).getByRole("region", { name: "Treffer in allen Ordnern" });
  await expect(hits.getByRole("row").filter({ hasText: newName })).toHaveCount(1);
  const path = `Dateien / ${top} / ${customers}`;
  await expect(hits).toContainText(path);
  await expectNoAxeViolations(page);

  // The path opens the folder, where the file is.
  await hits.getByRole("button", { name: `Ordner ${path} öffnen` }).click();
  await expect(breadcrumbs(page)).toHaveText(`Dateien/${top}/${customers}`);
  await expect(fileRows(page).filter({ hasText: newName })).toHaveCount(1);

  // A folder's menu: Umbenennen and Verschieben; never into itself (it is not offered as a target).
  await breadcrumbs(page).getByRole("button", { name: top }).click();
  await main(page)
    .getByRole("button", { name: `Aktionen für Ordner „${customers}“` })
    .click();
  await page.getByRole("menuitem", { name: "Verschieben" }).click();
  const moveFolder = page.getByRole("dialog", { name: `„${customers}“ verschieben` });
  await moveFolder.getByRole("button", { name: `Ordner „${top}“ öffnen` }).click();
  await expect(moveFolder.getByRole("button", { name: `Ordner „${customers}“ öffnen` })).toHaveCount(0);
  await moveFolder.getByRole("navigation", { name: "Zielordner" }).getByRole("button", { name: "Dateien" }).click();
  await moveFolder.getByRole("button", { name: "Hierher verschieben" }).click();
  await expect(moveFolder).toBeHidden();
  await main(page).getByRole("button", { name: "Root" }).click();
  await expect(folderButton(page, customers)).toBeVisible();
});

test("the hits, the rename and the move dialog fit at 390 and 1280 px, light and dark, axe clean", async ({
  page,
  request,
}) => {
  await openFileArea(page, request);
  const folder = `Passt ${tag()} ${"Langer Ordnername ".repeat(4)}`.trim();
  await createFolder(page, folder);
  await folderButton(page, folder).click();
  const name = `Protokoll ${tag()} ${"sehr lang ".repeat(8)}.txt`;
  await fileInput(page).setInputFiles([{ name, mimeType: "text/plain", buffer: Buffer.from("x") }]);
  await expect(fileRows(page)).toHaveCount(1);
  await main(page).getByRole("button", { name: "Root" }).click();
  await main(page).getByRole("searchbox", { name: "Dateien durchsuchen" }).fill(name.slice(0, 18));
  await main(page).getByRole("checkbox", { name: "In allen Ordnern suchen" }).check();
  const hits = main(page).getByRole("region", { name: "Treffer in allen Ordnern" });
  await expect(hits.getByRole("row").filter({ hasText: name })).toHaveCount(1);

  const shots = process.env.SCREENSHOTS;
  async function check(view: string, width: number, colorScheme: "light" | "dark") {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", colorScheme);
    const widest = await page.evaluate(() => {
      let found = { right: 0, what: "" };
      for (const element of document.querySelectorAll("body *")) {
        const right = element.getBoundingClientRect().right;
        if (right > found.right) found = { right, what: `${element.tagName}.${element.className}` };
      }
      return { scroll: document.documentElement.scrollWidth, ...found };
    });
    if (shots)
      await page.screenshot({ path: join(shots, `files-${view}-${width}-${colorScheme}.png`), fullPage: true });
    expect(widest.scroll, `${view} at ${width}: ${widest.what}`).toBeLessThanOrEqual(width + 1);
    if (shots)
      await page.screenshot({ path: join(shots, `files-${view}-${width}-${colorScheme}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const colorScheme of ["light", "dark"] as const) await check("hits", width, colorScheme);
  }
  await main(page).getByRole("checkbox", { name: "In allen Ordnern suchen" }).uncheck();
  await main(page).getByRole("searchbox", { name: "Dateien durchsuchen" }).fill("");
  await folderButton(page, folder).click();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await main(page)
      .getByRole("button", { name: `${name} umbenennen` })
      .click();
    for (const colorScheme of ["light", "dark"] as const) await check("rename", width, colorScheme);
    await page.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).first().click();
    await main(page)
      .getByRole("button", { name: `${name} verschieben` })
      .click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: `Ordner „${folder}“ öffnen` })
      .waitFor();
    for (const colorScheme of ["light", "dark"] as const) await check("move", width, colorScheme);
    await page.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).first().click();
    await page.emulateMedia({ colorScheme: "light" });
  }
});

/** Where an element ends on the right, in CSS pixels from the left of the viewport. */
async function rightEdge(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("Das Element ist nicht sichtbar.");
  return box.x + box.width;
}

test("a very long file name wraps in its cell: the buttons stay in view; on a phone each file is a block in its card", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFileArea(page, request);
  const folder = `Breite ${tag()}`;
  await createFolder(page, folder);
  await folderButton(page, folder).click();
  const longName = `${"Projektdokumentation".repeat(9)}.txt`;
  await fileInput(page).setInputFiles([{ name: longName, mimeType: "text/plain", buffer: Buffer.from("Inhalt") }]);
  await expect(fileRows(page)).toHaveCount(1);
  await expect(fileRows(page)).toContainText(longName);

  // Everything fits: the table does not scroll, and both buttons end inside the window.
  const scroller = main(page).getByRole("region", { name: "Dateien in diesem Ordner" });
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
  for (const label of [
    `${longName} herunterladen`,
    `${longName} umbenennen`,
    `${longName} verschieben`,
    `${longName} löschen`,
  ]) {
    const button = main(page).getByRole("button", { name: label });
    await button.evaluate((element) => element.scrollIntoView({ block: "center", inline: "nearest" }));
    expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(0);
    expect(await rightEdge(button)).toBeLessThanOrEqual(1280);
    await expect(button).toBeInViewport({ ratio: 1 });
  }

  // A phone: the page keeps its width, each file is a block in its card, nothing scrolls
  // sideways, and both buttons are in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(391);
  await expect
    .poll(() => scroller.evaluate((element) => element.scrollWidth - element.clientWidth))
    .toBeLessThanOrEqual(1);
  expect(await rightEdge(scroller)).toBeLessThanOrEqual(390);
  for (const label of [
    `${longName} herunterladen`,
    `${longName} umbenennen`,
    `${longName} verschieben`,
    `${longName} löschen`,
  ]) {
    const button = main(page).getByRole("button", { name: label });
    await button.scrollIntoViewIfNeeded();
    expect(await rightEdge(button)).toBeLessThanOrEqual(390);
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await expectNoAxeViolations(page);
});

test("without a token the file area sends the visitor to the login", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("klarwerkuser", JSON.stringify({ id: 1, name: "Ohne Token", email: "x@example.de" }));
    localStorage.removeItem("klarwerktoken");
  });
  await page.goto("/data");
  await expect(page).toHaveURL(/\/login$/);
});
