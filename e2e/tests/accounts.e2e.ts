import type { Browser, Locator, Page, Request } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { openAdminTool } from "../support/navigation";
import { expect, test } from "../support/test";
import {
  newUser,
  register,
  registeredUser,
  signInQuickly,
  signInThroughForm,
  type TestUser,
  testOwner,
} from "../support/users";

const pendingText = "Ihr Zugang wurde noch nicht freigegeben.";
const disabledText = "Ihr Zugang ist gesperrt.";
const commonPassword =
  "Dieses Passwort gehört zu den am häufigsten verwendeten Passwörtern. Wählen Sie ein längeres Passwort, zum Beispiel aus mehreren Wörtern, die nicht zusammengehören.";
const strongPassword = "Dieses Passwort ist schwer zu erraten.";

/** A browser of its own (cookies, storage), signed in as `user` through the API. */
async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInQuickly(page, context.request, user);
  return page;
}

async function submitLogin(page: Page, user: TestUser): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-Mail").fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
}

async function expectLoginRefused(page: Page, user: TestUser, reason: string): Promise<void> {
  await submitLogin(page, user);
  const toast = page.getByRole("alert").filter({ hasText: "Login fehlgeschlagen" });
  await expect(toast).toContainText(reason);
  await expect(toast).not.toContainText("Bitte überprüfen Sie Ihre Zugangsdaten.");
  await expect(page).toHaveURL(/\/login$/);
}

function section(page: Page, name: "Zugangsanfragen" | "Konten"): Locator {
  return page.getByRole("main").getByRole("region", { name });
}

function rowOf(page: Page, name: "Zugangsanfragen" | "Konten", user: TestUser): Locator {
  return section(page, name).getByRole("row").filter({ hasText: user.email });
}

function tokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("klarwerktoken"));
}

test("a new account waits until an admin approves it on /users, and a locked one is sent to /login at its next call", async ({
  browser,
  page,
}) => {
  const user = newUser("Paula Neumann");

  await page.goto("/register");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("E-Mail").fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByLabel("Passwort bestätigen").fill(user.password);
  await page.getByRole("button", { name: "Registrieren" }).click();
  const registered = page.getByRole("alert").filter({ hasText: "Registrierung erfolgreich!" });
  await expect(registered).toContainText("Unser Team prüft Ihre Anfrage und schaltet Ihren Zugang frei.");
  await expect(page).toHaveURL(/\/login$/);

  await expectLoginRefused(page, user, pendingText);
  expect(await tokenOf(page)).toBeNull();

  // The owner (the suite's first account) sees the waiting request on the dashboard and approves it.
  const admin = await signedInPage(browser, testOwner);
  await admin.goto("/dashboard");
  const notice = admin.getByRole("main").getByRole("status").filter({ hasText: "auf Freigabe" });
  await expect(notice).toContainText(/\d+ Zugangsanfragen? (wartet|warten) auf Freigabe\./);
  await notice.getByRole("link", { name: "Zur Benutzerverwaltung" }).click();
  await expect(admin).toHaveURL(/\/users$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Benutzer" })).toBeVisible();
  const request = rowOf(admin, "Zugangsanfragen", user);
  await expect(request).toContainText(user.name);
  await expect(rowOf(admin, "Konten", user)).toHaveCount(0);
  await request.getByRole("button", { name: "Freigeben" }).click();
  await expect(admin.getByText(`${user.name} kann sich jetzt anmelden.`)).toBeVisible();
  await expect(request).toHaveCount(0);
  const account = rowOf(admin, "Konten", user);
  await expect(account).toContainText("Aktiv");
  await expect(account.getByRole("cell", { name: "Team", exact: true })).toBeVisible();
  await expect(account).toContainText(`von ${testOwner.name}`);

  await signInThroughForm(page, user);
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${user.name}`);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Konto" })).toHaveAttribute("href", "/account");
  await expect(header.getByRole("link", { name: "Benutzer" })).toHaveCount(0);

  await account.getByRole("button", { name: "Sperren" }).click();
  await expect(admin.getByText(`Das Konto von ${user.name} ist gesperrt.`)).toBeVisible();
  await expect(account).toContainText("Gesperrt");
  await expect(account.getByRole("button", { name: "Entsperren" })).toBeVisible();

  // The locked account's open page learns it at its next call to the API.
  await header.getByRole("link", { name: "Kunden", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await tokenOf(page)).toBeNull();
  await expectLoginRefused(page, user, disabledText);

  await account.getByRole("button", { name: "Entsperren" }).click();
  await expect(account).toContainText("Aktiv");
  await signInThroughForm(page, user);
  await admin.context().close();
});

test("the owner administers accounts: roles, refusals from the server as toasts, deletion after asking", async ({
  page,
  request,
}) => {
  const colleague = await registeredUser(request, "Konrad Kollege");
  const applicant = newUser("Anton Anfrage");
  await register(request, applicant);
  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");

  // The first account is the owner, an admin: the header offers the user administration.
  await openAdminTool(page, "Benutzer");
  await expect(page).toHaveURL(/\/users$/);
  await expect(rowOf(page, "Zugangsanfragen", applicant)).toBeVisible();
  await expectNoAxeViolations(page);

  // The server's rules, in its words: nobody locks themselves out.
  const own = rowOf(page, "Konten", testOwner);
  await expect(own).toContainText("(Sie)");
  await expect(own.getByRole("cell", { name: "Admin", exact: true })).toBeVisible();
  await own.getByRole("button", { name: "Sperren" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Änderung nicht möglich" });
  // Which of the two rules answers depends on whether another test made a second admin meanwhile
  // (the database is shared); either way the server refuses and the account stays active.
  await expect(refusal).toContainText(
    /Ihr eigenes Konto können Sie nicht sperren, herabstufen oder löschen\.|Das letzte aktive Administrator-Konto kann nicht gesperrt, herabgestuft oder gelöscht werden\./,
  );
  await expect(own).toContainText("Aktiv");

  const row = rowOf(page, "Konten", colleague);
  await row.getByRole("button", { name: "Zum Admin machen" }).click();
  await expect(page.getByText(`${colleague.name} ist jetzt Admin.`)).toBeVisible();
  await expect(row.getByRole("button", { name: "Admin-Rechte entziehen" })).toBeVisible();
  await row.getByRole("button", { name: "Admin-Rechte entziehen" }).click();
  await expect(page.getByText(`${colleague.name} hat keine Admin-Rechte mehr.`)).toBeVisible();
  await expect(row.getByRole("button", { name: "Zum Admin machen" })).toBeVisible();

  // Rejecting a request and deleting an account ask first, in a dialog; Escape and "Abbrechen" keep it.
  await rowOf(page, "Zugangsanfragen", applicant).getByRole("button", { name: "Ablehnen" }).click();
  const reject = page.getByRole("dialog", { name: "Zugangsanfrage ablehnen?" });
  await expect(reject).toContainText(applicant.email);
  await page.keyboard.press("Escape");
  await expect(reject).toHaveCount(0);
  await expect(rowOf(page, "Zugangsanfragen", applicant)).toBeVisible();
  await rowOf(page, "Zugangsanfragen", applicant).getByRole("button", { name: "Ablehnen" }).click();
  await reject.getByRole("button", { name: "Ablehnen" }).click();
  await expect(page.getByText(`Die Anfrage von ${applicant.name} wurde abgelehnt.`)).toBeVisible();
  await expect(rowOf(page, "Zugangsanfragen", applicant)).toHaveCount(0);

  await row.getByRole("button", { name: "Löschen" }).click();
  const confirm = page.getByRole("dialog", { name: "Konto löschen?" });
  await expect(confirm).toContainText(colleague.email);
  await expectNoAxeViolations(page, "[role=dialog]");
  await confirm.getByRole("button", { name: "Abbrechen" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Löschen" }).click();
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(page.getByText(`Das Konto von ${colleague.name} wurde gelöscht.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  // The focus does not fall out of the page with the row: it is on the table's heading.
  await expect(section(page, "Konten").getByRole("heading", { name: "Konten" })).toBeFocused();

  const login = await request.post("/api/login", { data: { email: colleague.email, password: colleague.password } });
  expect(login.status()).toBe(401);
});

test("staff see no user administration and are told /users is not for them", async ({ page, request }) => {
  const staff = await registeredUser(request, "Sina Team");
  await signInQuickly(page, request, staff);
  await page.goto("/dashboard");
  await expect(page.getByRole("main")).toContainText(`Willkommen, ${staff.name}`);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Konto" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Benutzer" })).toHaveCount(0);
  await expect(page.getByText(/auf Freigabe/)).toHaveCount(0);

  await page.goto("/users");
  await expect(page.getByRole("heading", { level: 1, name: "Kein Zugriff" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(
    "Diese Seite steht nur Administratorinnen und Administratoren zur Verfügung.",
  );
  await expect(page.getByRole("region", { name: "Konten" })).toHaveCount(0);
});

test("anonymous visitors are sent from /users and /account to the login", async ({ page }) => {
  for (const path of ["/users", "/account"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test("logout ends the session on the server: the old token is refused from then on", async ({ page, request }) => {
  const user = await registeredUser(request, "Lars Abmelder");
  await signInThroughForm(page, user);
  const token = await tokenOf(page);
  expect(token).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const before = await request.get("/api/session", { headers });
  expect(before.status()).toBe(200);
  expect(((await before.json()) as { user: { email: string } }).user.email).toBe(user.email);

  const logout = page.waitForResponse((response) => response.url().endsWith("/api/logout"));
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  expect((await logout).status()).toBe(204);
  await expect(page).toHaveURL(/\/$/);
  expect(await tokenOf(page)).toBeNull();

  const after = await request.get("/api/session", { headers });
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { message: string }).message).toBe("Bitte melden Sie sich an.");
});

test("a changed role shows when a stored session is restored", async ({ browser, request }) => {
  const user = await registeredUser(request, "Rita Rolle");
  const page = await signedInPage(browser, user);
  await page.goto("/dashboard");
  await expect(page.getByRole("banner").getByRole("link", { name: "Konto" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Benutzer" })).toHaveCount(0);

  const admin = await signedInPage(browser, testOwner);
  await admin.goto("/users");
  await rowOf(admin, "Konten", user).getByRole("button", { name: "Zum Admin machen" }).click();
  await expect(rowOf(admin, "Konten", user).getByRole("button", { name: "Admin-Rechte entziehen" })).toBeVisible();

  // The stored user still says "staff"; the server's answer at start wins.
  await page.reload();
  await expect(page.getByRole("banner").getByRole("button", { name: "Verwaltung" })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("klarwerkuser") ?? "null")?.role)).toBe("admin");

  await rowOf(admin, "Konten", user).getByRole("button", { name: "Admin-Rechte entziehen" }).click();
  await expect(rowOf(admin, "Konten", user).getByRole("button", { name: "Zum Admin machen" })).toBeVisible();
  await page.context().close();
  await admin.context().close();
});

test("a password change on /account ends the account's other sessions but not this one", async ({
  browser,
  request,
}) => {
  const user = await registeredUser(request, "Greta Wechsel");
  const here = await signedInPage(browser, user);
  const elsewhere = await signedInPage(browser, user);
  await elsewhere.goto("/dashboard");
  await expect(elsewhere.getByRole("main")).toContainText(`Willkommen, ${user.name}`);

  await here.goto("/dashboard");
  await here.getByRole("banner").getByRole("link", { name: "Konto" }).click();
  await expect(here).toHaveURL(/\/account$/);
  await expect(here.getByRole("heading", { level: 1, name: "Mein Konto" })).toBeVisible();
  await expect(here.getByRole("main")).toContainText(user.email);
  await expectNoAxeViolations(here);

  const form = here.getByRole("region", { name: "Passwort ändern" });
  const newPassword = form.getByLabel(/^Neues Passwort\s*\*?$/);
  await form.getByLabel(/^Aktuelles Passwort/).fill("ein-falsches-passwort");
  await newPassword.fill("passwort");
  await expect(form).toContainText(commonPassword);
  const passphrase = "Blaue Gießkanne tanzt im Hafen 58";
  await newPassword.fill(passphrase);
  await expect(form).toContainText(strongPassword);
  await form.getByLabel(/^Neues Passwort bestätigen/).fill(passphrase);
  await form.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(here.getByRole("alert").filter({ hasText: "Passwort nicht geändert" })).toContainText(
    "Das aktuelle Passwort ist falsch.",
  );
  // A wrong current password does not sign out.
  await expect(here).toHaveURL(/\/account$/);

  await form.getByLabel(/^Aktuelles Passwort/).fill(user.password);
  await form.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(here.getByRole("alert").filter({ hasText: "Passwort geändert" })).toContainText(
    "Alle anderen Sitzungen Ihres Kontos wurden beendet.",
  );
  await expect(newPassword).toHaveValue("");

  // The other browser is signed out at its next call; this one stays.
  await elsewhere.getByRole("banner").getByRole("link", { name: "Kunden", exact: true }).click();
  await expect(elsewhere).toHaveURL(/\/login$/);
  await here.reload();
  await expect(here.getByRole("heading", { level: 1, name: "Mein Konto" })).toBeVisible();
  await here.getByRole("banner").getByRole("link", { name: "Kunden", exact: true }).click();
  await expect(here.getByRole("heading", { level: 1, name: "Kundenverwaltung" })).toBeVisible();

  await signInThroughForm(elsewhere, { ...user, password: passphrase });
  await here.context().close();
  await elsewhere.context().close();
});

test("the registration form judges the password while typing, with the check loaded only once the field is used", async ({
  page,
}) => {
  const strengthChunks: Request[] = [];
  page.on("request", (request) => {
    if (/password-strength/.test(request.url())) strengthChunks.push(request);
  });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await page.getByRole("link", { name: "Jetzt registrieren" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel("Name").fill("Nora Neu");
  await page.getByLabel("E-Mail").fill(newUser().email);
  expect(strengthChunks).toHaveLength(0);

  const password = page.getByLabel(/^Passwort\s*\*?$/);
  await password.focus();
  await expect.poll(() => strengthChunks.length).toBeGreaterThan(0);
  await password.fill("passwort");
  await expect(page.getByRole("main")).toContainText(commonPassword);

  // Submitted anyway, the server refuses it with the same reason.
  await page.getByLabel("Passwort bestätigen").fill("passwort");
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Registrierung fehlgeschlagen" })).toContainText(
    commonPassword,
  );
  await expect(page).toHaveURL(/\/register$/);

  const passphrase = "Kupferne Wolke singt leise 31";
  await password.fill(passphrase);
  await expect(page.getByRole("main")).toContainText(strongPassword);
  await expect(page.getByRole("main")).not.toContainText(commonPassword);
  await page.getByLabel("Passwort bestätigen").fill(passphrase);
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Registrierung erfolgreich!" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
