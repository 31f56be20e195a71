import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/test";
import { registeredUser, signInQuickly } from "../support/users";

// The file viewer (issue 50 item 3, decision 0097): a click on a file's name opens it in a
// dialog: a PDF in the browser's own viewer, text as text (Windows-1252 too), an image; anything
// else offers its download. The arrow keys step through the folder's files, Escape closes.

/** A one-page PDF (its header is what the API checks before it serves a PDF to the viewer). */
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAhElEQVR42q3CoQ5BAQCG0e9JRFEUbzJBMOkmEwSTbjL7J5h0kwmCSZIJgkk3mSCYJHoeL/GdHVr5KGnnpaSTh5JuGiVF7kr6uSoZ5qykzEnJJEcls+yVVNkqWaZWss5GSZ2Vkl0WSg6plJwyV3LJVMktYyVNSiXPjJS8M1DyTU/JL4XyD+meR262WmA7AAAAAElFTkSuQmCC",
  "base64",
);

/** Four uploads one after the other: more than the default time on a busy machine. */
async function folderWithFiles(page: Page, request: Parameters<typeof registeredUser>[0]): Promise<string> {
  test.slow();
  const user = await registeredUser(request, "Viola Vorschau");
  await signInQuickly(page, request, user);
  await page.goto("/data");
  const main = page.getByRole("main");
  const folder = `Vorschau ${randomUUID().slice(0, 8)}`;
  await main.getByLabel("Neuer Ordner").fill(folder);
  await main.getByRole("button", { name: "Ordner erstellen" }).click();
  await main.getByRole("button", { name: `Ordner „${folder}“ öffnen` }).click();
  // „Grüße aus Köln“ as Excel and older Windows tools save it: Windows-1252, one byte per umlaut.
  const windows1252 = Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x20, 0x61, 0x75, 0x73, 0x20, 0x4b, 0xf6, 0x6c, 0x6e]);
  // Uploaded one by one, newest first in the list: the order below is the list's.
  const uploads = [
    { name: "daten.zip", mimeType: "application/zip", buffer: Buffer.from("PK\u0003\u0004 kein echtes Archiv") },
    { name: "logo.png", mimeType: "image/png", buffer: png },
    { name: "gruesse.txt", mimeType: "text/plain", buffer: windows1252 },
    { name: "Vertrag Müller & Söhne.pdf", mimeType: "application/pdf", buffer: pdf },
  ];
  for (const file of uploads) {
    await main.locator('input[type="file"]').setInputFiles(file);
    await expect(main.getByRole("button", { name: `${file.name} ansehen` })).toBeVisible({ timeout: 30_000 });
  }
  return folder;
}

test("a PDF opens in the browser's viewer, the arrows step to text and an image, Escape closes", async ({
  page,
  request,
}) => {
  await folderWithFiles(page, request);
  await page.getByRole("main").getByRole("button", { name: "Vertrag Müller & Söhne.pdf ansehen" }).click();

  const viewer = page.getByRole("dialog", { name: "Vertrag Müller & Söhne.pdf" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText("1 von 4")).toBeVisible();
  // The browser's own PDF viewer, in a frame of a blob this page made (never our origin's HTML).
  const frame = viewer.locator("iframe[title='Vorschau von Vertrag Müller & Söhne.pdf']");
  await expect(frame).toHaveAttribute("src", /^blob:/);
  await expect
    .poll(() => page.frames().some((one) => one.url().startsWith("chrome-extension://")), { timeout: 15_000 })
    .toBe(true);
  await expectNoAxeViolations(page);

  // → the text, decoded from Windows-1252.
  await viewer.getByText("1 von 4").click();
  await page.keyboard.press("ArrowRight");
  const text = page.getByRole("dialog", { name: "gruesse.txt" });
  await expect(text.getByText("2 von 4")).toBeVisible();
  await expect(text.getByRole("region", { name: "Vorschau von gruesse.txt" })).toHaveText("Grüße aus Köln");

  // → the image, loaded with the bearer token.
  await page.keyboard.press("ArrowRight");
  const image = page.getByRole("dialog", { name: "logo.png" }).getByRole("img", { name: "Vorschau von logo.png" });
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(24);

  // → a ZIP: no preview, its download instead; „Nächste“ is the end of the list.
  await page.getByRole("dialog", { name: "logo.png" }).getByRole("button", { name: "Nächste" }).click();
  const zip = page.getByRole("dialog", { name: "daten.zip" });
  await expect(zip.getByText("Für diese Datei gibt es keine Vorschau. Sie können sie herunterladen.")).toBeVisible();
  await expect(zip.getByRole("button", { name: "Nächste" })).toBeDisabled();
  const downloadStarted = page.waitForEvent("download");
  await zip.getByRole("button", { name: "daten.zip herunterladen" }).click();
  expect((await downloadStarted).suggestedFilename()).toBe("daten.zip");

  // ← back, then Escape closes.
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "logo.png" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`the viewer fits ${width} px`, async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width, height: 844 });
    await folderWithFiles(page, request);
    await page.getByRole("main").getByRole("button", { name: "gruesse.txt ansehen" }).click();
    const viewer = page.getByRole("dialog", { name: "gruesse.txt" });
    await expect(viewer.getByText("Grüße aus Köln")).toBeVisible();
    for (const button of ["Vorherige", "Nächste", "gruesse.txt herunterladen", "Vorschau schließen"]) {
      const box = await viewer.getByRole("button", { name: button }).boundingBox();
      expect(box, button).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), button).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    if (process.env.SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/files-viewer-${width}.png` });
    }
    testInfo.annotations.push({ type: "width", description: String(width) });
  });
}
