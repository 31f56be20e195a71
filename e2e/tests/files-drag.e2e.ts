import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly, type TestUser, testOwner, tokenOf } from "../support/users";

// Drag and drop in the file area (issue 50 item 4, decision 0094): a file row onto a folder card and
// onto the breadcrumb „Dateien“, a folder card onto another; a refused move is the German
// notification. Each test works below a folder of its own (the database is shared).

function main(page: Page): Locator {
  return page.getByRole("main");
}

function tag(): string {
  return randomUUID().slice(0, 8);
}

function folderCard(page: Page, name: string): Locator {
  return main(page).getByRole("button", { name: `Ordner „${name}“ öffnen` });
}

function fileButton(page: Page, name: string): Locator {
  return main(page).getByRole("button", { name: `${name} ansehen` });
}

function fileRow(page: Page, name: string): Locator {
  return main(page)
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: `${name} ansehen` }) });
}

function crumb(page: Page, name: string): Locator {
  return main(page).getByRole("navigation", { name: "Ordnerpfad" }).getByRole("button", { name, exact: true });
}

/** A folder made through the API (the screen's own way is tested in files.e2e.ts). */
async function folderOf(
  request: APIRequestContext,
  token: string,
  name: string,
  parentId: number | null,
): Promise<number> {
  const answer = await request.post("/api/folders", {
    data: { name, parent_id: parentId },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { folder: { id: number } }).folder.id;
}

/** Picks `source` up and holds it over `target` (the mouse stays down): what the user sees mid-drag. */
async function holdOver(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.hover();
  await page.mouse.down();
  const box = await target.boundingBox();
  if (!box) throw new Error("the drop target is not on the screen");
  // Two moves: the first starts the drag, the second is the dragover the target answers.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2, { steps: 2 });
}

/**
 * With SCREENSHOTS=<dir>: what the window shows now. Only the window, never the full page: a full-page
 * shot resizes the page for a moment, which ends a drag that is under way (seen: the drop then missed).
 */
async function keep(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/files-drag-${name}.png` });
}

/** Signs in, makes a folder of the test's own with `children` in it and opens it. */
async function setUp(page: Page, request: APIRequestContext, user: TestUser, children: string[]) {
  const token = await tokenOf(request, user);
  const home = `Ablage ${tag()}`;
  const homeId = await folderOf(request, token, home, null);
  const ids: number[] = [];
  for (const child of children) ids.push(await folderOf(request, token, child, homeId));
  await signInQuickly(page, request, user);
  await page.goto("/data");
  await folderCard(page, home).click();
  await expect(main(page).getByText(home, { exact: true }).first()).toBeVisible();
  return { token, home, homeId, ids };
}

test("a file dragged onto a folder card and onto „Dateien“; a folder dragged onto another", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Dark here (the highlight must read there too), light in the admin's test below.
  await page.emulateMedia({ colorScheme: "dark" });
  const staff = await registeredUser(request, "Dora Drag");
  const contracts = `Verträge ${tag()}`;
  const archive = `Archiv ${tag()}`;
  const { home } = await setUp(page, request, staff, [contracts, archive]);
  const name = `Angebot ${tag()}.txt`;
  await main(page)
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from("Angebot") });
  await expect(fileButton(page, name)).toBeVisible({ timeout: 30_000 });

  // Mid-drag the card that would take the file is marked; nothing moves before the drop.
  await holdOver(page, fileRow(page, name), folderCard(page, contracts));
  await expect(main(page).locator(".files-drop-target")).toHaveCount(1);
  await expect(main(page).locator(".files-drop-target")).toContainText(contracts);
  await keep(page, "staff-1280-dark-file-over-folder");
  await page.mouse.up();
  await expect(page.getByText(`„${name}“ liegt jetzt in „${contracts}“.`)).toBeVisible();
  await expect(fileButton(page, name)).toHaveCount(0);
  await expect(main(page).locator(".files-drop-target")).toHaveCount(0);
  await folderCard(page, contracts).click();
  await expect(fileButton(page, name)).toBeVisible();

  // From there onto the root crumb „Dateien“ (Playwright's own drag this time).
  await fileRow(page, name).dragTo(crumb(page, "Dateien"));
  await expect(page.getByText(`„${name}“ liegt jetzt in „Dateien“.`)).toBeVisible();
  await expect(fileButton(page, name)).toHaveCount(0);
  await crumb(page, "Dateien").click();
  await main(page).getByRole("searchbox", { name: "Dateien durchsuchen" }).fill(name);
  await expect(fileButton(page, name)).toBeVisible();
  await main(page).getByRole("searchbox", { name: "Dateien durchsuchen" }).fill("");

  // A folder card onto another: it goes inside.
  await folderCard(page, home).click();
  await folderCard(page, contracts).dragTo(folderCard(page, archive));
  await expect(page.getByText(`„${contracts}“ liegt jetzt in „${archive}“.`)).toBeVisible();
  await expect(folderCard(page, contracts)).toHaveCount(0);
  await folderCard(page, archive).click();
  await expect(folderCard(page, contracts)).toBeVisible();

  // …and from there back up onto its former parent's crumb.
  await folderCard(page, contracts).dragTo(crumb(page, home));
  await expect(page.getByText(`„${contracts}“ liegt jetzt in „${home}“.`)).toBeVisible();
  await expect(folderCard(page, contracts)).toHaveCount(0);
});

test("a refused drop is the German notification: a taken name, a folder into its own child; no drop onto itself", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const projects = `Projekte ${tag()}`;
  const drafts = `Entwürfe ${tag()}`;
  const { token, home, ids } = await setUp(page, request, testOwner, [projects, drafts]);
  const [projectsId, draftsId] = ids as [number, number];
  const headers = { Authorization: `Bearer ${token}` };

  // A folder dragged onto its own card is not taken: no highlight.
  await holdOver(page, folderCard(page, projects), folderCard(page, projects));
  await expect(main(page).locator(".files-drop-target")).toHaveCount(0);
  // Over the other card it is.
  const box = await folderCard(page, drafts).boundingBox();
  if (!box) throw new Error("no card");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await expect(main(page).locator(".files-drop-target")).toContainText(drafts);
  await keep(page, "admin-1280-folder-over-folder");
  // Let go over the same card it came from: nothing moves.
  const own = await folderCard(page, projects).boundingBox();
  if (!own) throw new Error("no card");
  await page.mouse.move(own.x + own.width / 2, own.y + own.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(folderCard(page, projects)).toBeVisible();
  await expect(page.getByText("Verschoben", { exact: true })).toHaveCount(0);

  // A colleague has meanwhile put „Entwürfe“ into „Projekte“ (this screen does not know yet):
  // dragging „Projekte“ onto „Entwürfe“ would put it into its own child.
  const moved = await request.patch(`/api/folders/${draftsId}`, { data: { parent_id: projectsId }, headers });
  expect(moved.status()).toBe(200);
  await folderCard(page, projects).dragTo(folderCard(page, drafts));
  await expect(page.getByText("Verschieben fehlgeschlagen")).toBeVisible();
  await expect(
    page.getByText("Ein Ordner kann nicht in sich selbst oder in einen seiner Unterordner verschoben werden."),
  ).toBeVisible();
  await keep(page, "admin-1280-into-itself");

  // A name already taken in the target: „Entwürfe“ is in „Projekte“; another „Entwürfe“ dropped there.
  await page.reload();
  await folderCard(page, home).click();
  await expect(folderCard(page, projects)).toBeVisible();
  await expect(folderCard(page, drafts)).toHaveCount(0);
  await main(page).getByLabel("Neuer Ordner").fill(drafts);
  await main(page).getByRole("button", { name: "Ordner erstellen" }).click();
  await expect(folderCard(page, drafts)).toBeVisible();
  await folderCard(page, drafts).dragTo(folderCard(page, projects));
  await expect(page.getByText("In diesem Ordner gibt es bereits einen Ordner mit diesem Namen.").last()).toBeVisible();
  await expect(folderCard(page, drafts)).toBeVisible();
});
