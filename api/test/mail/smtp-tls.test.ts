// Mail goes out encrypted or not at all: `smtp://` requires STARTTLS, even to a server on this
// machine; only an explicit `?tls=off` sends in clear text, and only to a relay on localhost.
// Real SMTP servers in this process (smtp-server on random ports), the API listening.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OutboxList, OutboxMail } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { ConfigError, loadConfig } from "../../src/config.ts";
import type { DeliveryOptions } from "../../src/mail/delivery.ts";
import { mailDeliveryMessages } from "../../src/mail/messages.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { callJson } from "../support/http.ts";
import { startSmtpServer, testCertificate } from "../support/smtp.ts";
import { signedInOwner, uniqueEmail } from "../support/users.ts";

const team = "team@klarwerk.test";
/** Fast retries; the server's certificate is trusted only through SMTP_CA_FILE, as in production. */
const delivery: Partial<DeliveryOptions> = { pollMs: 100, retryBaseMs: 200, maxRetryMs: 400 };

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

const scratch = mkdtempSync(join(tmpdir(), "klarwerk-smtp-ca-"));
cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
const caFile = join(scratch, "ca.pem");
writeFileSync(caFile, testCertificate().cert);

async function startApp(env: Record<string, string>): Promise<App> {
  const db = await createTestDatabase();
  const config = testConfig({ MAIL_FROM: "portal@klarwerk.test", CONTACT_NOTIFY_TO: team, ...env });
  const app = createTestApp(db.sql, config, { delivery });
  app.listen({ port: 0, hostname: "127.0.0.1" });
  cleanups.push(async () => {
    await app.stop();
    await db.drop();
  });
  return app;
}

async function contact(app: App): Promise<void> {
  const answer = await callJson(app, "/api/contact", {
    json: { name: "Vera Besucherin", email: uniqueEmail("vera"), message: "Bitte rufen Sie mich an." },
  });
  expect(answer.status).toBe(201);
}

/** The contact mail in the outbox as admins read it, once `until` holds. */
async function contactMail(app: App, until: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  const owner = await signedInOwner(app);
  const started = Date.now();
  for (;;) {
    const list = await callJson<OutboxList>(app, "/api/outbox", { token: owner.token });
    const mail = list.body.mails.find((candidate) => candidate.kind === "contact-request");
    if (mail && until(mail)) return mail;
    if (Date.now() - started > 15_000) throw new Error(`outbox mail not as expected: ${JSON.stringify(mail)}`);
    await Bun.sleep(50);
  }
}

describe("smtp:// without ?tls=off", () => {
  test("a server without STARTTLS gets no AUTH and no mail; the mail waits, admins read why in German", async () => {
    const server = await startSmtpServer({ plainAuth: true });
    cleanups.push(() => server.close());
    const app = await startApp({ SMTP_URL: `smtp://user:secret@127.0.0.1:${server.port}` });
    await contact(app);

    const waiting = await contactMail(app, (mail) => mail.failures.length >= 2);
    expect(waiting.state).toBe("waiting");
    expect(waiting.last_error).toBe(mailDeliveryMessages.starttlsMissing);
    expect(waiting.last_error).toBe(
      "Der Mailserver bietet kein STARTTLS an; ohne Verschlüsselung wird nicht gesendet.",
    );
    expect(server.authAttempts()).toBe(0);
    expect(server.received).toEqual([]);
  }, 30_000);

  test("a server with STARTTLS whose certificate SMTP_CA_FILE trusts: sent encrypted, with AUTH", async () => {
    const server = await startSmtpServer({ tls: true });
    cleanups.push(() => server.close());
    const app = await startApp({ SMTP_URL: server.url, SMTP_CA_FILE: caFile });
    await contact(app);

    const [mail] = await server.waitFor(team);
    expect(mail?.secure).toBe(true);
    expect(mail?.user).toBe("user");
    await contactMail(app, (outboxMail) => outboxMail.state === "sent");
  }, 30_000);

  test("the same server without SMTP_CA_FILE: its self-signed certificate is not trusted, nothing is sent", async () => {
    const server = await startSmtpServer({ tls: true });
    cleanups.push(() => server.close());
    const app = await startApp({ SMTP_URL: server.url });
    await contact(app);

    const waiting = await contactMail(app, (mail) => mail.failures.length >= 1);
    expect(waiting.state).toBe("waiting");
    expect(waiting.last_error).toMatch(/certificate/i);
    expect(server.authAttempts()).toBe(0);
    expect(server.received).toEqual([]);
  }, 30_000);
});

describe("smtp://…?tls=off", () => {
  test("to a relay on 127.0.0.1: sent in clear text, as configured", async () => {
    const server = await startSmtpServer({ plainAuth: true });
    cleanups.push(() => server.close());
    expect(server.url).toBe(`smtp://user:secret@127.0.0.1:${server.port}?tls=off`);
    const app = await startApp({ SMTP_URL: server.url });
    await contact(app);

    const [mail] = await server.waitFor(team);
    expect(mail?.secure).toBe(false);
    await contactMail(app, (outboxMail) => outboxMail.state === "sent");
  }, 30_000);
});

describe("the configuration", () => {
  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig({ NODE_ENV: "test", ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  }

  test.each([
    "smtp://127.0.0.1:25?tls=off",
    "smtp://localhost:25?tls=off",
    "smtp://[::1]:25?tls=off",
    "smtp://relay:geheim@LOCALHOST?tls=off",
  ])("%p is a relay on this machine: accepted", (url) => {
    expect(problemsOf({ SMTP_URL: url })).toEqual([]);
  });

  test.each([
    "smtp://mail.example.com:587?tls=off",
    "smtp://relay:geheim@10.0.0.5:25?tls=off",
    "smtp://127.0.0.2:25?tls=off",
    "smtp://localhost.example.com:25?tls=off",
  ])("%p is refused at start, naming SMTP_URL and not the password", (url) => {
    const problems = problemsOf({ SMTP_URL: url });
    expect(problems).toEqual([expect.stringContaining("SMTP_URL")]);
    expect(problems[0]).toContain("tls=off");
    expect(problems.join("\n")).not.toContain("geheim");
  });

  test.each([
    "smtps://localhost:465?tls=off",
    "smtp://localhost:25?tls=no",
    "smtp://localhost:25?ignoreTLS=true",
    "smtp://mail.example.com:587?requireTLS=false",
  ])("%p: no other switch (nor one that would turn TLS off) is taken", (url) => {
    expect(problemsOf({ SMTP_URL: url })).toEqual([expect.stringContaining("SMTP_URL")]);
  });

  test("SMTP_CA_FILE must be a readable PEM certificate", () => {
    expect(problemsOf({ SMTP_URL: "smtp://mail.example.com:587", SMTP_CA_FILE: caFile })).toEqual([]);
    expect(problemsOf({ SMTP_CA_FILE: join(scratch, "missing.pem") })).toEqual([
      expect.stringContaining("SMTP_CA_FILE"),
    ]);
    const notPem = join(scratch, "not.pem");
    writeFileSync(notPem, "kein Zertifikat");
    expect(problemsOf({ SMTP_CA_FILE: notPem })).toEqual([expect.stringContaining("SMTP_CA_FILE")]);
  });
});
