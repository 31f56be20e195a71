import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import postgres from "postgres";
import { expectNoAxeViolations } from "../support/axe";
import { mailFrom, type ReceivedMail, teamInbox, waitForMail, waitForMails } from "../support/mailbox";
import { openAdminTool } from "../support/navigation";
import { expect, test } from "../support/test";
import { approve, newUser, register, registeredUser, signInQuickly, testOwner } from "../support/users";

// The e2e server sends through a real SMTP server (scripts/test.ts): the tests read the mails as
// they arrived (support/mailbox.ts), and the outbox as admins see it through `GET /api/outbox`.

interface OutboxMail {
  id: number;
  kind: string;
  state: string;
  to: string;
  subject: string;
  text: string;
}

async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/login", { data: { email: testOwner.email, password: testOwner.password } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

async function outboxMails(request: APIRequestContext, token: string): Promise<OutboxMail[]> {
  const answer = await request.get("/api/outbox", { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { mails: OutboxMail[] }).mails;
}

/** The newest outbox mail that `matches`, once it is in the state `state`. */
async function outboxMail(
  request: APIRequestContext,
  matches: (mail: OutboxMail) => boolean,
  state: OutboxMail["state"],
): Promise<OutboxMail> {
  const token = await ownerToken(request);
  let found: OutboxMail | undefined;
  await expect(async () => {
    found = (await outboxMails(request, token)).find(matches);
    expect(found?.state, "the mail's state in the outbox").toBe(state);
  }).toPass();
  return found as OutboxMail;
}

/** The reset link's path and query: the mail names PUBLIC_URL, which need not be the test server. */
function resetPathOf(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+?(\/passwort-zuruecksetzen\?token=[\w-]+)/);
  expect(link, mail.text).not.toBeNull();
  return (link as RegExpMatchArray)[1] as string;
}

/** A visitor's request through the contact API, as the form sends it. */
async function sendContactRequest(request: APIRequestContext, tag: string): Promise<{ name: string; email: string }> {
  const visitor = { name: `Mail Test ${tag}`, email: `besuch-${tag}@example.de` };
  const answer = await request.post("/api/contact", {
    data: { ...visitor, company: "", message: `Bitte um Rückruf (${tag}).` },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return visitor;
}

test("Passwort vergessen: the link from the mail sets a new password, once", async ({ page, request }) => {
  const user = await registeredUser(request, "Rita Rücksetzer");
  await page.goto("/login");
  await page.getByRole("button", { name: "Passwort vergessen?" }).click();
  const dialog = page.getByRole("dialog", { name: "Passwort vergessen?" });
  await dialog.getByLabel("E-Mail").fill(user.email);
  await dialog.getByRole("button", { name: "Link senden" }).click();
  await expect(page.getByText("Wenn zu dieser Adresse ein Konto besteht")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The mail that arrived at the account's address.
  const mail = await waitForMail(user.email, (candidate) => candidate.subject === "Ihr neues Passwort für das Portal");
  expect(mail.from).toBe(mailFrom());
  expect(mail.text).toContain("30 Minuten gültig");
  const resetPath = resetPathOf(mail);
  await page.goto(resetPath);
  await expect(page.getByRole("heading", { name: "Neues Passwort wählen" })).toBeVisible();
  const newPassword = "Morgentau-über-der-Elbe-42";
  await page.getByLabel(/^Neues Passwort\s*\*?$/).fill(newPassword);
  await expect(page.getByText("Dieses Passwort ist schwer zu erraten.")).toBeVisible();
  await page.getByLabel(/^Neues Passwort bestätigen/).fill(newPassword);
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByText("Passwort geändert")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password is gone, the new one signs in.
  const oldLogin = await request.post("/api/login", { data: { email: user.email, password: user.password } });
  expect(oldLogin.status()).toBe(401);
  await page.getByLabel("E-Mail").fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(newPassword);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once: a second use is refused in the server's words.
  await page.goto(resetPath);
  await page.getByLabel(/^Neues Passwort\s*\*?$/).fill("Abendrot-hinter-dem-Deich-17");
  await page.getByLabel(/^Neues Passwort bestätigen/).fill("Abendrot-hinter-dem-Deich-17");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByRole("alert", { name: "Passwort nicht geändert" })).toContainText("bereits verwendet");
  await expect(page.getByRole("link", { name: "Neuen Link anfordern" })).toBeVisible();
});

test("Passwort vergessen: an address without an account hears the same, and no mail is written", async ({
  page,
  request,
}) => {
  const address = `niemand-${randomUUID()}@example.de`;
  await page.goto("/login");
  await page.getByRole("button", { name: "Passwort vergessen?" }).click();
  const dialog = page.getByRole("dialog", { name: "Passwort vergessen?" });
  await dialog.getByLabel("E-Mail").fill(address);
  await dialog.getByRole("button", { name: "Link senden" }).click();
  await expect(page.getByText("Wenn zu dieser Adresse ein Konto besteht")).toBeVisible();

  // The outbox is where every mail is written first: nothing there, nothing sent.
  const mails = await outboxMails(request, await ownerToken(request));
  expect(mails.some((mail) => mail.to.includes(address))).toBe(false);
});

test("a link that is not known is refused in the server's words", async ({ page }) => {
  await page.goto("/passwort-zuruecksetzen?token=unbekannt");
  await page.getByLabel(/^Neues Passwort\s*\*?$/).fill("Morgentau-über-der-Elbe-42");
  await page.getByLabel(/^Neues Passwort bestätigen/).fill("Morgentau-über-der-Elbe-42");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByRole("alert", { name: "Passwort nicht geändert" })).toContainText("ungültig");
});

test("Antworten: the reply arrives at the visitor, is listed in the dialog, and the request is done", async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const visitor = await sendContactRequest(request, tag);
  const staff = await registeredUser(request, "Anton Antwort");
  await signInQuickly(page, request, staff);
  await page.goto("/dashboard");

  const row = page.getByRole("row").filter({ hasText: visitor.name });
  await row.getByRole("button", { name: "Antworten" }).click();
  const dialog = page.getByRole("dialog", { name: "Anfrage" });
  await expect(dialog.getByText("Noch keine Antwort gesendet.")).toBeVisible();
  const reply = `Guten Tag, wir rufen Sie morgen an. (${tag})`;
  await dialog.getByLabel("Ihre Antwort").fill(reply);
  await dialog.getByRole("button", { name: "Antwort senden" }).click();

  await expect(page.getByText("Antwort gesendet", { exact: true })).toBeVisible();
  const sent = page.getByRole("dialog", { name: "Anfrage erledigt" });
  await expect(sent.getByRole("article").filter({ hasText: reply })).toContainText(staff.name);
  await expect(sent.getByText("Erledigt von")).toBeVisible();
  await expect(row).toHaveCount(0);

  // The visitor's mail: from the portal, answered to the team inbox, quoting the request.
  const mail = await waitForMail(visitor.email, (candidate) => candidate.text.includes(reply));
  expect(mail.subject).toBe("Ihre Anfrage bei Klarwerk Digital");
  expect(mail.from).toBe(mailFrom());
  expect(mail.replyTo).toEqual([teamInbox()]);
  expect(mail.text).toContain(`Bitte um Rückruf (${tag}).`);
  expect(mail.text).toContain(staff.name);
});

test("a contact request reaches the team inbox; answering that mail writes to the visitor", async ({ request }) => {
  const tag = randomUUID().slice(0, 8);
  const visitor = await sendContactRequest(request, tag);
  const mail = await waitForMail(teamInbox(), (candidate) => candidate.text.includes(tag));
  expect(mail.subject).toBe(`Neue Kontaktanfrage von ${visitor.name}`);
  expect(mail.replyTo).toEqual([visitor.email]);
  expect(mail.text).toContain(`Bitte um Rückruf (${tag}).`);
  expect(mail.text).toMatch(/https?:\/\/\S+\/dashboard/);
});

test("Zugangsanfrage: the admins hear of a registration, the person of the approval", async ({ request }) => {
  const user = newUser("Zora Zugang");
  await register(request, user);
  const toOwner = await waitForMail(testOwner.email, (candidate) => candidate.text.includes(user.email));
  expect(toOwner.subject).toBe(`Neue Zugangsanfrage von ${user.name}`);
  expect(toOwner.text).toMatch(/https?:\/\/\S+\/users/);

  await approve(request, user.email);
  const toUser = await waitForMail(user.email);
  expect(toUser.subject).toBe("Ihr Zugang zum Portal von Klarwerk Digital ist freigeschaltet");
  expect(toUser.text).toContain(`Hallo ${user.name},`);
});

test("Postausgang: admins see every mail, read it and send a failed one again", async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  await sendContactRequest(request, tag);
  const received = await waitForMail(teamInbox(), (mail) => mail.text.includes(tag));
  const teamMail = await outboxMail(
    request,
    (mail) => mail.kind === "contact-request" && mail.text.includes(tag),
    "sent",
  );

  await signInQuickly(page, request, testOwner);
  await page.goto("/dashboard");
  await openAdminTool(page, "Postausgang");
  await expect(page).toHaveURL(/\/outbox$/);
  const row = page.getByRole("row").filter({ hasText: teamMail.subject });
  await expect(row).toContainText("Gesendet");
  // E-mail is set up on this server: no notice that mails wait.
  await expect(page.getByText("E-Mail ist nicht eingerichtet")).toHaveCount(0);
  await row.getByRole("button", { name: "Anzeigen" }).click();
  const dialog = page.getByRole("dialog", { name: "E-Mail" });
  await expect(dialog).toContainText(`Bitte um Rückruf (${tag}).`);
  await dialog.getByRole("button", { name: "Schließen" }).last().click();

  // A failed mail: the database says so, as the worker would have after a 5xx answer (this one
  // went out, so it was never sent as far as the outbox is concerned from now on).
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, "needs E2E_DATABASE_URL to mark a mail failed");
  const sql = postgres(databaseUrl as string, { max: 1, onnotice: () => {} });
  try {
    const reason = `550 Postfach unbekannt (${tag})`;
    await sql`
      update outbox set state = 'failed', sent_at = null, attempts = 1,
        failures = ${sql.json([{ at: new Date().toISOString(), reason }])}
      where id = ${teamMail.id}`;
    await page.getByRole("button", { name: "Aktualisieren" }).click();
    await expect(row).toContainText("Fehlgeschlagen");
    await expect(row).toContainText(reason);
    await row.getByRole("button", { name: "Erneut senden" }).click();
    await expect(page.getByText("E-Mail wartet wieder auf den Versand")).toBeVisible();
    await expect(row.getByRole("button", { name: "Erneut senden" })).toHaveCount(0);

    // It arrives again, recognizably the same mail, and the outbox says it is sent.
    const both = await waitForMails(teamInbox(), (mail) => mail.text.includes(tag), 2);
    expect(both).toHaveLength(2);
    expect(both[1]?.messageId).toBe(received.messageId);
    await outboxMail(request, (mail) => mail.id === teamMail.id, "sent");
    await page.getByRole("button", { name: "Aktualisieren" }).click();
    await expect(row).toContainText("Gesendet");
  } finally {
    await sql.end();
  }
});

test("Postausgang without SMTP_URL: admins are told that mails wait, in colours everyone can read", async ({
  page,
  request,
}) => {
  const noMailUrl = process.env.E2E_NO_MAIL_BASE_URL;
  test.skip(!noMailUrl, "needs the second server without SMTP_URL (E2E_NO_MAIL_BASE_URL)");
  await signInQuickly(page, request, testOwner);
  // A process of the same deployment, on the same database, started without SMTP_URL.
  await page.goto(`${noMailUrl}/outbox`);
  await expect(page.getByRole("heading", { level: 1, name: "Postausgang" })).toBeVisible();
  const notice = page.getByRole("alert").filter({ hasText: "E-Mail ist nicht eingerichtet" });
  await expect(notice).toContainText("SMTP_URL ist nicht gesetzt");
  await expectNoAxeViolations(page);
});

test("Postausgang is for admins only", async ({ page, request }) => {
  const staff = await registeredUser(request, "Paula Personal");
  await signInQuickly(page, request, staff);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Postausgang" })).toHaveCount(0);
  await page.goto("/outbox");
  await expect(page.getByText("Kein Zugriff")).toBeVisible();
});
