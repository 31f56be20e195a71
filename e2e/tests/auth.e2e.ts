import { expect, test } from "../support/test";
import { newUser, registeredUser, signInThroughForm } from "../support/users";

async function fillRegistration(
  page: import("@playwright/test").Page,
  fields: { name: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel("Name").fill(fields.name);
  await page.getByLabel("E-Mail").fill(fields.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(fields.password);
  await page.getByLabel("Passwort bestätigen").fill(fields.confirm);
  await page.getByRole("button", { name: "Registrieren" }).click();
}

test("registration checks the passwords, then registers without logging in", async ({ page }) => {
  const user = newUser("Jonas Beispiel");
  await page.goto("/register");
  await expect(page.getByRole("main").getByRole("link", { name: "Zum Login" })).toHaveAttribute("href", "/login");

  await fillRegistration(page, { ...user, confirm: "etwas-anderes" });
  await expect(page.getByText("Passwörter stimmen nicht überein")).toBeVisible();
  await expect(page.getByText("Bitte überprüfen Sie Ihre Passworteingabe.")).toBeVisible();

  await fillRegistration(page, { ...user, password: "kurz", confirm: "kurz" });
  await expect(page.getByText("Passwort zu kurz")).toBeVisible();
  await expect(page.getByText("Das Passwort muss mindestens 6 Zeichen lang sein.")).toBeVisible();

  await fillRegistration(page, { ...user, confirm: user.password });
  await expect(page.getByText("Registrierung erfolgreich!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("klarwerktoken"))).toBeNull();
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toHaveCount(0);

  // The same address a second time gets the very same answer: the form tells no one which
  // addresses have accounts.
  await page.goto("/register");
  await fillRegistration(page, { ...user, confirm: user.password });
  await expect(page.getByText("Registrierung erfolgreich!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("login fails with wrong credentials and succeeds with the right ones", async ({ page, request }) => {
  const user = await registeredUser(request, "Lena Schmidt");
  await page.goto("/login");
  await expect(page.getByRole("main").getByRole("link", { name: /Startseite|zurück/i })).toHaveAttribute("href", "/");
  await page.getByLabel("E-Mail").fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill("falsches-passwort");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByText("Login fehlgeschlagen")).toBeVisible();
  await expect(page.getByText("Bitte überprüfen Sie Ihre Zugangsdaten.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByText("Erfolgreich eingeloggt!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${user.name}`);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Dateien" })).toHaveAttribute("href", "/data");
  await expect(header.getByRole("link", { name: "Kunden" })).toHaveAttribute("href", "/customers");
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("klarwerkuser") ?? "null")?.email)).toBe(user.email);
});

test("the button says it is signing in while the request runs", async ({ page, request }) => {
  const user = await registeredUser(request);
  await page.route("**/api/login", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.goto("/login");
  await page.getByLabel("E-Mail").fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("button", { name: "Wird angemeldet..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the session survives a reload and logout ends it", async ({ page, request }) => {
  const user = await registeredUser(request, "Tom Wagner");
  await signInThroughForm(page, user);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${user.name}`);

  await page.setViewportSize({ width: 375, height: 700 });
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Menü öffnen" })).toHaveAttribute("aria-expanded", "false");
  expect(
    await page.evaluate(() => [localStorage.getItem("klarwerkuser"), localStorage.getItem("klarwerktoken")]),
  ).toEqual([null, null]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("protected routes send anonymous visitors to the login", async ({ page }) => {
  for (const path of ["/dashboard", "/data", "/customers", "/invoices"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test("an address with umlauts before the @ registers: the browser lets it through, the API answers", async ({
  page,
}) => {
  const user = newUser("Jürgen Müller");
  const email = `Jürgen.Müller.${Date.now()}@example.de`;
  await page.goto("/register");
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/register"));
  await fillRegistration(page, { ...user, email, confirm: user.password });
  expect((await sent).postDataJSON()).toMatchObject({ email });
  await expect(page.getByText("Registrierung erfolgreich!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The login form takes the same address (it waits for an admin's approval: the API's German answer).
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  const login = page.waitForRequest((request) => request.url().endsWith("/api/login"));
  await page.getByRole("button", { name: "Anmelden" }).click();
  expect((await login).postDataJSON()).toMatchObject({ email });
});
