import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expectNoAxeViolations } from "../support/axe";
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
  await page.getByRole("banner").getByRole("link", { name: "Datenschutz" }).click();
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

test("staff see no „Datenschutz“ link, and the screen refuses them", async ({ page, request }) => {
  const staff = await registeredUser(request, `Erika Muster ${randomUUID().slice(0, 8)}`);
  await signInQuickly(page, request, staff);
  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${staff.name}`);
  await expect(page.getByRole("banner").getByRole("link", { name: "Datenschutz" })).toHaveCount(0);
  await page.goto("/privacy");
  await expect(page.getByText("Kein Zugriff").first()).toBeVisible();
});
