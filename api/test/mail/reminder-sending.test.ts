// Reminders by e-mail (decisions 0079, 0090) on both databases against a real SMTP server: the mail
// is written with the reminder and carries its PDF; a reminder queued while the mail server is down
// is dropped when its invoice is paid before the server comes up (Postausgang „Verworfen“ with the
// German reason, the reminder's history says not sent); a customer without address gets no mail.
import { beforeAll, describe, expect, test } from "bun:test";
import {
  addDays,
  defaultMailTemplates,
  formatEuro,
  type Invoice,
  type InvoiceReminder,
  type OutboxMail,
  type PrivacyErasurePlan,
  reminderMessages,
} from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { searchPerson } from "../../src/modules/privacy/search.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { callJson } from "../support/http.ts";
import { invoiceJson, saveCompany, storeIssuedInThePast } from "../support/invoices.ts";
import { openPrivacyCase } from "../support/privacy.ts";
import { sendingTestKit } from "../support/sending.ts";
import { freePort, startSmtpServer } from "../support/smtp.ts";
import { registerAndLogin, type SignedInUser, signedInOwner, uniqueEmail } from "../support/users.ts";

const { caFile, cleanups } = sendingTestKit("reminder");

type Made = { reminder: InvoiceReminder; invoice: Invoice };

describe.each(testDatabaseKinds())("reminders by e-mail (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let staff: SignedInUser;
  let owner: SignedInUser;
  let port: number;
  let server: Awaited<ReturnType<typeof startSmtpServer>> | null = null;
  let sequence = 500;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    cleanups.push(() => db.drop());
    port = await freePort();
    // The mail server is down (nothing listens on the port) until a test starts it there.
    app = createTestApp(db.sql, testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}?tls=off`, SMTP_CA_FILE: caFile }), {
      delivery: { pollMs: 100, retryBaseMs: 200, maxRetryMs: 400 },
    });
    app.listen({ port: 0, hostname: "127.0.0.1" });
    cleanups.push(async () => {
      await app.stop();
    });
    await saveCompany(app, { contactEmail: "buchhaltung@klarwerk.test" });
    owner = await signedInOwner(app);
    staff = await registerAndLogin(app, { name: "Paula Mahnung" });
  }, 180_000);

  async function overdueFor(email: string | null): Promise<Invoice> {
    const [customer] = await db.sql<{ id: number }[]>`
      insert into customers (name, address, email) values ('Müller GmbH', 'Hauptstraße 5', ${email}) returning id`;
    const issueDate = addDays("2025-10-01", -14);
    return storeIssuedInThePast(
      db.sql,
      app,
      staff.token,
      invoiceJson({
        customerId: Number(customer?.id),
        issueDate,
        items: [{ description: "Beratung", quantity: 1, unitPriceCents: 8_403 }],
        discountPercent: 0,
        extraFeesCents: 0,
        taxPercent: 19,
        paymentTermDays: 14,
      }),
      `2025-${sequence++}`,
    );
  }

  const history = async (invoiceId: number) =>
    (
      await callJson<{ reminders: InvoiceReminder[] }>(app, `/api/invoices/${invoiceId}/reminders`, {
        token: staff.token,
      })
    ).body.reminders;

  async function outboxRowOf(reminderId: number) {
    const [row] = await db.sql<{ id: number; state: string; attempts: number }[]>`
      select id, state, attempts from outbox where reminder_id = ${reminderId}`;
    return row;
  }

  test("queued while SMTP is down, then paid, then SMTP up: no mail; Postausgang „Verworfen“; history not sent", async () => {
    const address = uniqueEmail("saeumig");
    const invoice = await overdueFor(address);
    const made = await callJson<Made>(app, `/api/invoices/${invoice.id}/reminders`, {
      token: staff.token,
      json: { sendByMail: true },
    });
    expect(made.status).toBe(201);
    expect(made.body.reminder.sentTo).toBe(address);
    // The worker tried (the server is down) and will try again.
    for (let i = 0; ; i++) {
      const row = await outboxRowOf(made.body.reminder.id);
      if ((row?.attempts ?? 0) >= 1 && row?.state === "waiting") break;
      if (i > 200) throw new Error(`the outbox did not try: ${JSON.stringify(row)}`);
      await Bun.sleep(50);
    }
    const paid = await callJson(app, `/api/invoices/${invoice.id}/payments`, {
      token: staff.token,
      json: { paidOn: "2025-10-20", amountCents: 10_000 },
    });
    expect(paid.status).toBe(201);
    const started = await startSmtpServer({ port });
    server = started;
    cleanups.push(() => started.close());
    for (let i = 0; ; i++) {
      const row = await outboxRowOf(made.body.reminder.id);
      if (row?.state === "cancelled") break;
      if (i > 200) throw new Error(`the mail was not dropped: ${JSON.stringify(row)}`);
      await Bun.sleep(50);
    }
    await Bun.sleep(500);
    expect(started.to(address)).toHaveLength(0);
    const [reminder] = await history(invoice.id);
    expect(reminder?.sentAt).toBeNull();
    expect(reminder?.sentTo).toBeNull();
    expect(reminder?.sendNote).toBe(reminderMessages.notSentPaid);
    const outbox = await callJson<{ mails: OutboxMail[] }>(app, "/api/outbox", { token: owner.token });
    const shown = outbox.body.mails.find((mail) => mail.kind === "reminder" && mail.state === "cancelled");
    expect(shown?.failures.at(-1)?.reason).toBe(reminderMessages.notSentPaid);
  });

  /** A reminder by mail for a new overdue invoice to `address`, and its mail as the server got it. */
  async function mailedReminder(address: string) {
    const invoice = await overdueFor(address);
    const made = await callJson<Made>(app, `/api/invoices/${invoice.id}/reminders`, {
      token: staff.token,
      json: { sendByMail: true },
    });
    expect(made.status).toBe(201);
    // The server the first test started listens on the port now.
    if (server === null) throw new Error("the first test starts the mail server");
    const [mail] = await server.waitFor(address);
    return { invoice, made, mail };
  }

  test("an open invoice: the reminder's mail arrives with its PDF; „versendet … an …“ stays", async () => {
    const address = uniqueEmail("offen");
    const { invoice, made, mail } = await mailedReminder(address);
    expect(mail?.parsed.subject).toBe(`Zahlungserinnerung zur Rechnung ${invoice.number}`);
    expect(mail?.parsed.attachments).toHaveLength(1);
    expect(mail?.parsed.attachments[0]?.contentType).toBe("application/pdf");
    for (let i = 0; (await outboxRowOf(made.body.reminder.id))?.state !== "sent"; i++) {
      if (i > 100) throw new Error("the mail was not recorded as sent");
      await Bun.sleep(50);
    }
    const [reminder] = await history(invoice.id);
    expect(reminder?.sentTo).toBe(address);
    expect(reminder?.sendNote).toBeNull();
  });

  test("the level's template as an admin saved it: the mail says it; the person's privacy search finds and erases the mail", async () => {
    const saved = await callJson(app, "/api/company/mail-templates/reminder-1", {
      token: owner.token,
      method: "PUT",
      json: { subject: "Erinnerung: Rechnung {nummer} ist offen", text: "Bitte zahlen Sie {betrag} bis {faellig}." },
    });
    expect(saved.status).toBe(200);
    const address = uniqueEmail("vorlage");
    const { invoice, made, mail } = await mailedReminder(address);
    expect(mail?.parsed.subject).toBe(`Erinnerung: Rechnung ${invoice.number} ist offen`);
    expect(mail?.parsed.text).toContain(`Bitte zahlen Sie ${formatEuro(made.body.reminder.totalCents)}`);

    // Privacy (the reminder's mail holds the customer's address): found by the person's search, erased.
    const found = (await searchPerson(db.sql, address)).filter((row) => row.kind === "mail");
    expect(found.map((row) => row.data.kind)).toEqual(["reminder"]);
    const privacyCase = await openPrivacyCase(app, owner, { email: address, kind: "erasure" });
    const plan = await callJson<PrivacyErasurePlan>(app, `/api/privacy/cases/${privacyCase.id}/erasure-plan`, {
      token: owner.token,
    });
    expect(plan.body.items.filter((item) => item.kind === "mail").map((item) => item.action)).toEqual(["erase"]);
    expect(
      (await callJson(app, `/api/privacy/cases/${privacyCase.id}/erasure`, { method: "POST", token: owner.token }))
        .status,
    ).toBe(200);
    expect(await outboxRowOf(made.body.reminder.id)).toBeUndefined();
    await callJson(app, "/api/company/mail-templates/reminder-1", {
      token: owner.token,
      method: "PUT",
      json: defaultMailTemplates["reminder-1"],
    });
  });

  test("a customer without e-mail: the reminder is made, no mail, the history says why", async () => {
    const invoice = await overdueFor(null);
    const made = await callJson<Made>(app, `/api/invoices/${invoice.id}/reminders`, {
      token: staff.token,
      json: { sendByMail: true },
    });
    expect(made.status).toBe(201);
    expect(made.body.reminder.sentAt).toBeNull();
    expect(made.body.reminder.sendNote).toBe(reminderMessages.notSentNoEmail);
    expect(await outboxRowOf(made.body.reminder.id)).toBeUndefined();
  });

  test("„sendByMail“ not a boolean: German 422", async () => {
    const invoice = await overdueFor(uniqueEmail("x"));
    const made = await callJson<{ code: string; message: string }>(app, `/api/invoices/${invoice.id}/reminders`, {
      token: staff.token,
      json: { sendByMail: "ja" },
    });
    expect(made.status).toBe(422);
    expect(made.body.message).toBe(reminderMessages.sendByMailInvalid);
  });
});
