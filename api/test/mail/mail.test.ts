// Mail end to end at the API level, against a real SMTP server in this process (smtp-server on a
// random port): STARTTLS with credentials for the main app, plain SMTP where the server is down.
import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContactRequestAnswer, HealthAnswer, OutboxList, OutboxMail, RepliedAnswer } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { classifyFailure, type DeliveryOptions } from "../../src/mail/delivery.ts";
import { resetLinkWithheld } from "../../src/mail/templates.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { freePort, startSmtpServer, testCertificate } from "../support/smtp.ts";
import {
  login,
  register,
  registerAndLogin,
  signedInOwner,
  testOwner,
  testPassword,
  uniqueEmail,
} from "../support/users.ts";

const team = "team@klarwerk.test";
const from = "portal@klarwerk.test";
const publicUrl = "https://portal.klarwerk.test";
/** Fast enough for tests. */
const delivery: Partial<DeliveryOptions> = { pollMs: 100, retryBaseMs: 200, maxRetryMs: 400 };

// The certificate is made for this run: trusted as the API trusts an in-house CA, through SMTP_CA_FILE.
const caDir = mkdtempSync(join(tmpdir(), "klarwerk-smtp-ca-"));
const caFile = join(caDir, "ca.pem");
writeFileSync(caFile, testCertificate().cert);

const mailEnv = (smtpUrl: string | null) => ({
  ...(smtpUrl ? { SMTP_URL: smtpUrl, SMTP_CA_FILE: caFile } : {}),
  MAIL_FROM: from,
  CONTACT_NOTIFY_TO: team,
  PUBLIC_URL: `${publicUrl}/`,
});

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(caDir, { recursive: true, force: true });
}, 60_000);

/** An app as an API process runs it: listening, so its outbox worker runs. */
function startApp(db: TestDatabase, smtpUrl: string | null): App {
  const app = createTestApp(db.sql, testConfig(mailEnv(smtpUrl)), { delivery });
  app.listen({ port: 0, hostname: "127.0.0.1" });
  cleanups.push(async () => {
    await app.stop();
  });
  return app;
}

async function newDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  return db;
}

function contact(app: App, fields: { name?: string; email?: string; message?: string } = {}) {
  return callJson(app, "/api/contact", {
    json: {
      name: fields.name ?? "Vera Besucherin",
      email: fields.email ?? uniqueEmail("besuch"),
      company: "Besuch & Co. KG",
      message: fields.message ?? "Bitte rufen Sie mich an.",
    },
  });
}

async function outbox(app: App): Promise<OutboxList> {
  const owner = await signedInOwner(app);
  const answer = await callJson<OutboxList>(app, "/api/outbox", { token: owner.token });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Waits until the outbox mail matching `where` satisfies `until`. */
async function outboxMail(app: App, where: (mail: OutboxMail) => boolean, until: (mail: OutboxMail) => boolean) {
  const started = Date.now();
  for (;;) {
    const mail = (await outbox(app)).mails.find(where);
    if (mail && until(mail)) return mail;
    if (Date.now() - started > 15_000) throw new Error(`outbox mail not as expected: ${JSON.stringify(mail)}`);
    await Bun.sleep(50);
  }
}

const smtp = await startSmtpServer({ tls: true });

/** The first mail to `address` with this subject, once it has arrived. */
async function mailWithSubject(address: string, subject: string) {
  const started = Date.now();
  for (;;) {
    const mail = smtp.to(address).find((candidate) => candidate.parsed.subject === subject);
    if (mail) return mail;
    if (Date.now() - started > 15_000) throw new Error(`no mail "${subject}" to ${address}`);
    await Bun.sleep(25);
  }
}
const resetSubject = "Ihr neues Passwort für das Portal";
cleanups.push(() => smtp.close());
const db = await newDatabase();
const app = startApp(db, smtp.url);
const owner = await signedInOwner(app);

describe("a new contact request", () => {
  test("reaches the team inbox over STARTTLS, Reply-To the visitor, with the dashboard link; HTML escaped", async () => {
    const visitor = uniqueEmail("vera");
    const message = 'Hallo <script>alert("x")</script> & Grüße\nZeile zwei';
    expect((await contact(app, { email: visitor, message })).status).toBe(201);
    const [mail] = await smtp.waitFor(team);
    if (!mail) throw new Error("no mail");
    expect(mail.secure).toBe(true);
    expect(mail.user).toBe("user");
    expect(mail.from).toBe(from);
    expect(mail.to).toEqual([team]);
    expect(mail.parsed.replyTo?.value).toEqual([{ name: "Vera Besucherin", address: visitor }]);
    expect(mail.parsed.from?.value).toEqual([{ name: "Klarwerk Digital", address: from }]);
    expect(mail.parsed.subject).toBe("Neue Kontaktanfrage von Vera Besucherin (Besuch & Co. KG)");
    expect(mail.parsed.text).toContain(`${publicUrl}/dashboard`);
    expect(mail.parsed.text).toContain('> Hallo <script>alert("x")</script> & Grüße\n> Zeile zwei');
    expect(mail.parsed.text).toContain("Klarwerk Digital GmbH");
    const html = String(mail.parsed.html);
    expect(html).not.toContain("<script>");
    expect(html).toContain("Hallo &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Grüße");
    expect(html).toContain(`href="${publicUrl}/dashboard"`);
    const sent = await outboxMail(
      app,
      (m) => m.subject === mail.parsed.subject,
      (m) => m.state === "sent",
    );
    expect(sent).toMatchObject({
      kind: "contact-request",
      attempts: 1,
      last_error: null,
      to: `Klarwerk Digital <${team}>`,
    });
  });

  test("a name with CR/LF is refused before anything is stored or sent: no header, no recipient (issue 45 row 6)", async () => {
    const before = smtp.to(team).length;
    const name = "Eve\r\nBcc: evil@example.com\r\nX-Injected: ja";
    const refused = await contact(app, { name, email: "eve@example.com" });
    expect(refused.status).toBe(422);
    // A mail sent after the refusal arrives alone: nothing of Eve's went out before it.
    expect((await contact(app, { name: "Nach Eve", email: "nach-eve@example.com" })).status).toBe(201);
    const mails = await smtp.waitFor(team, before + 1);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.parsed.subject).toStartWith("Neue Kontaktanfrage von Nach Eve");
    expect(smtp.to("evil@example.com")).toEqual([]);
  });
});

describe("accounts", () => {
  test("an access request reaches every active admin, with the link to /users; approval reaches the holder", async () => {
    const second = await registerAndLogin(app, { name: "Zweite Admin", role: "admin" });
    const staff = await registerAndLogin(app, { name: "Stefan Staff" });
    const applicant = { name: "Anna Antrag", email: uniqueEmail("antrag"), password: testPassword };
    await register(app, applicant);
    for (const admin of [testOwner.email, second.email]) {
      const mail = await mailWithSubject(admin, "Neue Zugangsanfrage von Anna Antrag");
      expect(mail.to).toEqual([admin]);
      expect(mail?.parsed.text).toContain(`${publicUrl}/users`);
      expect(mail?.parsed.text).toContain(applicant.email);
    }
    // Staff hear of no access request (their one mail is their own approval).
    expect(smtp.to(staff.email).map((mail) => mail.parsed.subject)).toEqual([
      "Ihr Zugang zum Portal von Klarwerk Digital ist freigeschaltet",
    ]);
    expect(smtp.to(applicant.email)).toEqual([]);

    const { users } = await callJson<{ users: { id: number; email: string }[] }>(app, "/api/users", {
      token: owner.token,
    }).then((answer) => answer.body);
    const id = users.find((user) => user.email === applicant.email)?.id;
    const approved = await call(app, `/api/users/${id}`, {
      method: "PATCH",
      json: { status: "active" },
      token: owner.token,
    });
    expect(approved.status).toBe(200);
    const [granted] = await smtp.waitFor(applicant.email);
    expect(granted?.parsed.subject).toBe("Ihr Zugang zum Portal von Klarwerk Digital ist freigeschaltet");
    expect(granted?.parsed.text).toContain(`${publicUrl}/login`);
    expect(granted?.parsed.to && "value" in granted.parsed.to ? granted.parsed.to.value : []).toEqual([
      { name: "Anna Antrag", address: applicant.email },
    ]);
    // A change of role is no approval: no second mail.
    await call(app, `/api/users/${id}`, { method: "PATCH", json: { role: "admin" }, token: owner.token });
    await Bun.sleep(400);
    expect(smtp.to(applicant.email).length).toBe(1);
  });
});

describe("password reset", () => {
  test("end to end: the link from the mail sets a new password once; old sessions end", async () => {
    const account = await registerAndLogin(app, { name: "Rita Reset" });
    const otherSession = await login(app, account);
    const unknown = await callJson(app, "/api/password-reset", { json: { email: uniqueEmail("niemand") } });
    const known = await callJson(app, "/api/password-reset", { json: { email: ` ${account.email.toUpperCase()} ` } });
    expect(known.status).toBe(202);
    expect(known.body).toEqual({ status: "accepted" });
    expect(unknown).toMatchObject({ status: known.status, body: known.body });

    const mail = await mailWithSubject(account.email, resetSubject);
    const text = mail.parsed.text ?? "";
    const link = /https:\/\/\S+/.exec(text.slice(text.indexOf("Neues Passwort festlegen")))?.[0] ?? "";
    expect(link).toStartWith(`${publicUrl}/passwort-zuruecksetzen?token=`);
    expect(String(mail?.parsed.html)).toContain(`href="${link}"`);
    const token = new URL(link).searchParams.get("token") ?? "";
    // Only the hash is stored.
    const stored = await db.sql<{ token_hash: string }[]>`select token_hash from password_reset_tokens`;
    expect(stored.map((row) => row.token_hash)).toEqual([createHash("sha256").update(token).digest("hex")]);

    const confirm = (json: unknown) => callJson(app, "/api/password-reset/confirm", { json });
    expect(await confirm({ token, newPassword: "passwort" })).toMatchObject({ status: 422 });
    expect(await confirm({ token, newPassword: "kurz" })).toMatchObject({ status: 422 });
    expect((await call(app, "/api/session", { token: account.token })).status).toBe(200);

    const newPassword = "Neues-Passwort-im-Herbstwind-9";
    expect((await call(app, "/api/password-reset/confirm", { json: { token, newPassword } })).status).toBe(204);
    for (const session of [account.token, otherSession.token]) {
      expect((await call(app, "/api/session", { token: session })).status).toBe(401);
    }
    const signIn = (password: string) => call(app, "/api/login", { json: { email: account.email, password } });
    expect((await signIn(account.password)).status).toBe(401);
    expect((await signIn(newPassword)).status).toBe(200);
    expect(await confirm({ token, newPassword: "Noch-ein-Passwort-am-Meer-3" })).toEqual(
      expect.objectContaining({
        status: 410,
        body: {
          code: "reset-link-used",
          message:
            "Dieser Link zum Zurücksetzen des Passworts wurde bereits verwendet. Bitte fordern Sie bei Bedarf einen neuen an.",
        },
      }),
    );
    expect(await confirm({ token: "x".repeat(43), newPassword })).toMatchObject({
      status: 400,
      body: {
        code: "reset-link-invalid",
        message: "Dieser Link zum Zurücksetzen des Passworts ist ungültig. Bitte fordern Sie einen neuen an.",
      },
    });
    expect(await confirm({ token: "kaputt", newPassword })).toMatchObject({ status: 400 });
  });

  test("a link older than 30 minutes is refused (410)", async () => {
    const account = await registerAndLogin(app, { name: "Emil Eilig" });
    await call(app, "/api/password-reset", { json: { email: account.email } });
    const mail = await mailWithSubject(account.email, resetSubject);
    const token = /token=([\w-]+)/.exec(mail.parsed.text ?? "")?.[1] ?? "";
    expect(token).toHaveLength(43);
    await db.sql`update password_reset_tokens set expires_at = now() - interval '1 second',
      created_at = now() - interval '30 minutes 1 second'
      where token_hash = ${createHash("sha256").update(token).digest("hex")}`;
    const answer = await callJson(app, "/api/password-reset/confirm", {
      json: { token, newPassword: "Neues-Passwort-im-Herbstwind-9" },
    });
    expect(answer).toMatchObject({
      status: 410,
      body: {
        code: "reset-link-expired",
        message: "Dieser Link zum Zurücksetzen des Passworts ist abgelaufen. Bitte fordern Sie einen neuen an.",
      },
    });
    expect((await call(app, "/api/session", { token: account.token })).status).toBe(200);
  });

  test("an admin reading the outbox cannot reset a colleague's password; the mailbox gets a working link, after Erneut senden too", async () => {
    const colleague = await registerAndLogin(app, { name: "Kolja Kollege" });
    const [{ id: userId } = { id: 0 }] = await db.sql<{ id: number }[]>`
      select id from users where email = ${colleague.email}`;
    smtp.refuse(colleague.email, 550);
    expect((await call(app, "/api/password-reset", { json: { email: colleague.email } })).status).toBe(202);
    const failed = await outboxMail(
      app,
      (mail) => mail.kind === "password-reset" && mail.to.includes(colleague.email),
      (mail) => mail.state === "failed",
    );

    // Everything the admin reads: the mail says the link is made at sending, and no string of it
    // opens the colleague's account; no token of theirs is left once the send failed.
    const seen = JSON.stringify(await outbox(app));
    expect(failed.text).toContain(resetLinkWithheld);
    expect(failed.text).not.toContain("token=");
    for (const candidate of new Set(seen.match(/[\w-]{43}/g) ?? [])) {
      const tried = await call(app, "/api/password-reset/confirm", {
        json: { token: candidate, newPassword: "Admin-übernimmt-Konto-am-Abend-5" },
      });
      expect(tried.status, candidate).toBe(400);
    }
    const tokens = await db.sql`select 1 from password_reset_tokens where user_id = ${userId}`;
    expect(tokens.length).toBe(0);

    // "Erneut senden": the mailbox gets a link made now, which works.
    smtp.accept(colleague.email);
    const retried = await call(app, `/api/outbox/${failed.id}/retry`, { method: "POST", token: owner.token });
    expect(retried.status).toBe(200);
    const mail = await mailWithSubject(colleague.email, resetSubject);
    const token = /token=([\w-]+)/.exec(mail.parsed.text ?? "")?.[1] ?? "";
    expect(token).toHaveLength(43);
    await outboxMail(
      app,
      (candidate) => candidate.id === failed.id,
      (candidate) => candidate.state === "sent",
    );
    expect(JSON.stringify(await outbox(app))).not.toContain(token);
    const newPassword = "Kollege-setzt-selbst-im-Mai-8";
    expect((await call(app, "/api/password-reset/confirm", { json: { token, newPassword } })).status).toBe(204);
    expect((await call(app, "/api/login", { json: { email: colleague.email, password: newPassword } })).status).toBe(
      200,
    );
  });

  test("limited to 5 requests per address and hour; bad input is a 422", async () => {
    const email = uniqueEmail("viel");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(app, "/api/password-reset", { json: { email } })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await call(app, "/api/password-reset", { json: { email: "keine-adresse" } })).status).toBe(422);
    expect((await call(app, "/api/password-reset", { json: {} })).status).toBe(422);
  });
});

describe("replies to visitors", () => {
  test("arrive at the visitor, Reply-To the team, quoting the request; stored with it and marked done", async () => {
    const visitor = uniqueEmail("frage");
    expect(
      (await contact(app, { name: "Fritz Frage", email: visitor, message: "Was kostet eine Website?" })).status,
    ).toBe(201);
    const [row] = await db.sql<{ id: number }[]>`select id from contact_requests where email = ${visitor}`;
    const staff = await registerAndLogin(app, { name: "Sabine Service" });
    const message = "Guten Tag, eine Website beginnt bei 2.000 €.\nWir rufen Sie gern an.";
    const replied = await callJson<RepliedAnswer>(app, `/api/requests/${row?.id}/reply`, {
      json: { message: `  ${message}  ` },
      token: staff.token,
    });
    expect(replied.status).toBe(201);
    expect(replied.body.request).toMatchObject({
      id: row?.id,
      is_done: true,
      done_by: { id: staff.user.id, name: "Sabine Service" },
      replies: [{ message, sent_by: { id: staff.user.id, name: "Sabine Service" } }],
    });
    expect(replied.body.counts.done).toBeGreaterThanOrEqual(1);

    const mail = await mailWithSubject(visitor, "Ihre Anfrage bei Klarwerk Digital");
    expect(mail?.from).toBe(from);
    expect(mail?.parsed.replyTo?.value).toEqual([{ name: "Klarwerk Digital", address: team }]);
    expect(mail?.parsed.subject).toBe("Ihre Anfrage bei Klarwerk Digital");
    expect(mail?.parsed.text).toContain(message);
    expect(mail?.parsed.text).toContain("> Was kostet eine Website?");
    expect(mail?.parsed.text).toContain("Sabine Service");

    const detail = await callJson<ContactRequestAnswer>(app, `/api/requests/${row?.id}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.request.replies).toEqual(replied.body.request.replies);
    // A second reply to a done request is kept too; it stays done by the first.
    const again = await callJson<RepliedAnswer>(app, `/api/requests/${row?.id}/reply`, {
      json: { message: "Nachtrag: auch am Samstag." },
      token: owner.token,
    });
    expect(again.body.request.replies.map((reply) => reply.sent_by.name)).toEqual(["Sabine Service", testOwner.name]);
    expect(again.body.request.done_by?.name).toBe("Sabine Service");
    await smtp.waitFor(visitor, 2);
  });

  test("blank, unknown and malformed: 422, 404, 400", async () => {
    const [row] = await db.sql<{ id: number }[]>`
      insert into contact_requests (name, email, message) values ('X', 'x@example.com', 'Hallo') returning id`;
    const reply = (path: string, message: unknown) =>
      callJson(app, path, { json: { message }, token: owner.token }).then((answer) => answer.status);
    expect(await reply(`/api/requests/${row?.id}/reply`, "  ")).toBe(422);
    expect(await reply(`/api/requests/${row?.id}/reply`, "x".repeat(5001))).toBe(422);
    expect(await reply("/api/requests/999999/reply", "Hallo")).toBe(404);
    expect(await reply("/api/requests/abc/reply", "Hallo")).toBe(400);
    expect((await callJson(app, "/api/requests/999999", { token: owner.token })).status).toBe(404);
    const [stored] = await db.sql<{ count: number }[]>`
      select count(*) as count from contact_request_replies where request_id = ${row?.id ?? 0}`;
    expect(stored?.count).toBe(0);
  });
});

describe("delivery", () => {
  test("a 5xx answer is final: failed after one attempt, with the reason; an admin can send it again", async () => {
    const bounce = uniqueEmail("bounce");
    smtp.refuse(bounce, 550);
    const [row] = await db.sql<{ id: number }[]>`
      insert into contact_requests (name, email, message) values ('Bo', ${bounce}, 'Hallo') returning id`;
    await call(app, `/api/requests/${row?.id}/reply`, { json: { message: "Antwort" }, token: owner.token });
    const failed = await outboxMail(
      app,
      (m) => m.to.includes(bounce),
      (m) => m.state === "failed",
    );
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toContain("550");
    expect(failed.failures).toHaveLength(1);
    await Bun.sleep(1000); // five retry periods: nothing happens to a failed mail
    const later = await outboxMail(
      app,
      (m) => m.id === failed.id,
      () => true,
    );
    expect(later.attempts).toBe(1);

    const staff = await registerAndLogin(app, { name: "Kein Admin" });
    expect((await call(app, `/api/outbox/${failed.id}/retry`, { method: "POST", token: staff.token })).status).toBe(
      403,
    );
    expect((await call(app, "/api/outbox", { token: staff.token })).status).toBe(403);
    const retried = await callJson<{ mail: OutboxMail }>(app, `/api/outbox/${failed.id}/retry`, {
      method: "POST",
      token: owner.token,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.mail.state).toBe("waiting");
    const again = await outboxMail(
      app,
      (m) => m.id === failed.id,
      (m) => m.state === "failed" && m.attempts === 2,
    );
    expect(again.failures).toHaveLength(2);
    expect((await call(app, `/api/outbox/${failed.id}/retry`, { method: "POST", token: owner.token })).status).toBe(
      200,
    );
    expect(smtp.to(bounce)).toEqual([]);
    const sentId = (await outbox(app)).mails.find((m) => m.state === "sent")?.id;
    expect((await call(app, `/api/outbox/${sentId}/retry`, { method: "POST", token: owner.token })).status).toBe(409);
    expect((await call(app, "/api/outbox/999999/retry", { method: "POST", token: owner.token })).status).toBe(404);
  });

  test("with the SMTP server down nothing is lost; once it is up, each mail arrives exactly once though two processes poll", async () => {
    const port = await freePort();
    const downDb = await newDatabase();
    const first = startApp(downDb, `smtp://127.0.0.1:${port}?tls=off`);
    const second = startApp(downDb, `smtp://127.0.0.1:${port}?tls=off`);
    const visitors = Array.from({ length: 6 }, (_, i) => uniqueEmail(`down${i}`));
    for (const [i, email] of visitors.entries()) {
      expect((await contact(i % 2 === 0 ? first : second, { email })).status).toBe(201);
    }
    const [stored] = await downDb.sql<{ count: number }[]>`select count(*) as count from contact_requests`;
    expect(stored?.count).toBe(6);
    // Both processes have tried and failed at least twice meanwhile, each time with its reason.
    const retrying = await outboxMail(
      first,
      () => true,
      (m) => m.attempts >= 2,
    );
    expect(retrying.state).toBe("waiting");
    expect(retrying.last_error).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);

    const server = await startSmtpServer({ port });
    cleanups.push(() => server.close());
    await server.waitFor(team, 6);
    await Bun.sleep(1500);
    expect(server.to(team)).toHaveLength(6);
    const replyTos = server.to(team).map((mail) => mail.parsed.replyTo?.value[0]?.address);
    expect(replyTos.sort()).toEqual([...visitors].sort());
    const states = await downDb.sql<{ state: string }[]>`select state from outbox`;
    expect(states.map((row) => row.state)).toEqual(Array(6).fill("sent"));
  }, 30_000);

  test("without SMTP_URL mails wait in the outbox, readable by admins, and go out once it is set", async () => {
    const waitingDb = await newDatabase();
    const logged: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => logged.push(args.join(" "));
    let unconfigured: App;
    try {
      unconfigured = startApp(waitingDb, null);
    } finally {
      console.log = log;
    }
    expect(logged.filter((line) => line.includes("e-mail is not set up"))).toHaveLength(1);
    const visitor = uniqueEmail("wartet");
    expect((await contact(unconfigured, { email: visitor, message: "Ich warte." })).status).toBe(201);
    await Bun.sleep(300);
    const list = await outbox(unconfigured);
    expect(list.mail_configured).toBe(false);
    expect(list.mails).toHaveLength(1);
    expect(list.mails[0]).toMatchObject({
      state: "waiting",
      attempts: 0,
      kind: "contact-request",
      reply_to: `Vera Besucherin <${visitor}>`,
    });
    expect(list.mails[0]?.text).toContain("> Ich warte.");

    const server = await startSmtpServer();
    cleanups.push(() => server.close());
    const configured = startApp(waitingDb, server.url);
    const [mail] = await server.waitFor(team);
    expect(mail?.parsed.replyTo?.value[0]?.address).toBe(visitor);
    expect((await outbox(configured)).mails[0]?.state).toBe("sent");
  }, 30_000);
});

describe("SMTP errors that are ours or the server's, not the recipient's, are temporary", () => {
  async function mailDelivery(app: App) {
    const admin = await signedInOwner(app);
    const health = await callJson<HealthAnswer>(app, "/api/health", { token: admin.token });
    const delivery = health.body.details?.operations.mail_delivery;
    if (!delivery) throw new Error(`no mail_delivery in ${JSON.stringify(health.body)}`);
    return delivery;
  }

  for (const { step, code, message } of [
    { step: "auth", code: 535, message: "5.7.8 Authentication credentials invalid" },
    { step: "mail-from", code: 530, message: "5.7.0 Must issue a STARTTLS command first" },
  ] as const) {
    test(`${code} to ${step === "auth" ? "AUTH" : "MAIL FROM"}: retried with backoff, admins see why; delivered once the server accepts`, async () => {
      const server = await startSmtpServer({ tls: true });
      cleanups.push(() => server.close());
      server.refuseStep(step, { code, message });
      const ownDb = await newDatabase();
      const own = startApp(ownDb, server.url);
      const visitor = uniqueEmail("geduld");
      expect((await contact(own, { email: visitor })).status).toBe(201);

      const retried = await outboxMail(
        own,
        (m) => m.kind === "contact-request",
        (m) => m.failures.length >= 3,
      );
      expect(retried.state).toBe("waiting");
      expect(retried.last_error).toContain(String(code));
      // Backoff: the delays double (200 ms, 400 ms), so three attempts take more than 0.6 s.
      const times = retried.failures.map((failure) => Date.parse(failure.at));
      expect((times[2] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(550);

      const told = await mailDelivery(own);
      expect(told.configured).toBe(true);
      expect(told.retrying).toBe(1);
      expect(told.failing_since).not.toBeNull();
      expect(told.last_error).toContain(String(code));
      expect(told.failed).toBe(0);

      server.refuseStep(step, null);
      const [arrived] = await server.waitFor(team);
      expect(arrived?.parsed.replyTo?.value[0]?.address).toBe(visitor);
      await outboxMail(
        own,
        (m) => m.id === retried.id,
        (m) => m.state === "sent",
      );
      expect(await mailDelivery(own)).toMatchObject({ retrying: 0, failing_since: null, last_error: null });
    }, 30_000);
  }

  test("only a recipient's 5xx is final: connection, timeout, authentication and message errors are not", () => {
    const final = (error: object) => classifyFailure(error).final;
    expect(
      final({ code: "EENVELOPE", command: "RCPT TO", responseCode: 550, response: "550 5.1.1 no such user" }),
    ).toBe(true);
    expect(
      final({ code: "EENVELOPE", command: "RCPT TO", responseCode: 553, response: "553 mailbox name invalid" }),
    ).toBe(true);
    expect(final({ code: "EENVELOPE", command: "RCPT TO", responseCode: 451, response: "451 try later" })).toBe(false);
    expect(final({ code: "EAUTH", command: "AUTH PLAIN", responseCode: 535, response: "535 bad credentials" })).toBe(
      false,
    );
    expect(
      final({ code: "EENVELOPE", command: "MAIL FROM", responseCode: 530, response: "530 STARTTLS required" }),
    ).toBe(false);
    expect(final({ code: "ECONNECTION", command: "CONN", message: "connect ECONNREFUSED 127.0.0.1:25" })).toBe(false);
    expect(final({ code: "ETIMEDOUT", command: "CONN", message: "Connection timeout" })).toBe(false);
    expect(final({ code: "EMESSAGE", command: "DATA", responseCode: 554, response: "554 rejected" })).toBe(false);
    expect(final(new Error("something else"))).toBe(false);
  });
});
