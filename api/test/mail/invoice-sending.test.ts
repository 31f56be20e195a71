// „Per E-Mail senden“ (docs/decisions/0079-documents-by-mail.md) end to end at the API level, on
// both databases, against a real SMTP server: the stored PDF byte for byte, the XRechnung for a
// Leitweg-ID, the history, the audit event, the SMTP server down, and the abuse list.
import { beforeAll, describe, expect, test } from "bun:test";
import {
  type AuditEvent,
  formatEuro,
  type Invoice,
  type InvoiceMailAnswer,
  type SentInvoiceMailAnswer,
  sendingMessages,
} from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { HttpError } from "../../src/http/errors.ts";
import { systemActor } from "../../src/modules/audit/index.ts";
import { sendDocumentByMail } from "../../src/modules/sending/index.ts";
import { testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany } from "../support/invoices.ts";
import { mailBodyOf, pdfText, sendingTestKit } from "../support/sending.ts";
import { freePort, startSmtpServer } from "../support/smtp.ts";
import { registerAndLogin, type SignedInUser, uniqueEmail } from "../support/users.ts";

const { cleanups, startApp, world } = sendingTestKit("sending");

const mailBody = mailBodyOf({
  subject: "Ihre Rechnung",
  text: "Guten Tag,\n\nanbei die Rechnung.\n\nGrüße",
  attachXml: false,
});

describe.each(testDatabaseKinds())("invoices by mail (%s)", (kind) => {
  let smtp: Awaited<ReturnType<typeof world>>["smtp"];
  let db: TestDatabase;
  let app: App;
  let owner: SignedInUser;
  let staff: SignedInUser;

  beforeAll(async () => {
    ({ smtp, db, app, owner, staff } = await world(kind, {
      contactEmail: "buchhaltung@klarwerk.test",
      staffName: "Theo Team",
    }));
  }, 180_000);

  async function customerWith(fields: { email: string | null; leitweg_id?: string | null }): Promise<number> {
    const answer = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
      token: staff.token,
      json: {
        name: "Stadtwerke Musterstadt",
        address: "Stadtwerke Musterstadt\nRathausplatz 1\n12345 Musterstadt",
        ...fields,
      },
    });
    expect(answer.status).toBe(201);
    return answer.body.customer.id;
  }

  async function issued(overrides: Record<string, unknown> = {}): Promise<Invoice> {
    return createInvoice(app, staff.token, invoiceJson({ issue: true, ...overrides }));
  }

  function send(id: number, body: unknown, token: string | null = staff.token) {
    return callJson<SentInvoiceMailAnswer & { code: string; message: string }>(app, `/api/invoices/${id}/mail`, {
      ...(token ? { token } : {}),
      json: body,
    });
  }

  async function auditEvents(action: string, objectId: number): Promise<AuditEvent[]> {
    const answer = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?limit=200", { token: owner.token });
    return answer.body.events.filter((event) => event.action === action && event.object_id === String(objectId));
  }

  test("the dialog starts with the customer's address, the template filled in and the XRechnung ticked for a Leitweg-ID", async () => {
    const address = uniqueEmail("stadtwerke");
    const customerId = await customerWith({ email: address, leitweg_id: "04011000-12345-03" });
    const invoice = await issued({ customerId });
    const answer = await callJson<InvoiceMailAnswer>(app, `/api/invoices/${invoice.id}/mail`, { token: staff.token });
    expect(answer.status).toBe(200);
    expect(answer.body.draft.to).toEqual([address]);
    expect(answer.body.draft.attachXml).toBe(true);
    expect(answer.body.draft.subject).toBe(`Rechnung ${invoice.number} von Klarwerk Digital GmbH`);
    expect(answer.body.draft.text).toContain(formatEuro(invoice.totals.totalCents));
    expect(answer.body.draft.pdfName).toBe(`Rechnung_${invoice.number}.pdf`);
    expect(answer.body.sendings).toEqual([]);

    const plain = await issued({ customerId: await customerWith({ email: null }) });
    const without = await callJson<InvoiceMailAnswer>(app, `/api/invoices/${plain.id}/mail`, { token: staff.token });
    expect(without.body.draft.to).toEqual([]);
    expect(without.body.draft.attachXml).toBe(false);
  });

  test("staff send an issued invoice to two recipients: each gets the stored PDF byte for byte and the XRechnung; history and audit name both", async () => {
    const invoice = await issued();
    const first = uniqueEmail("kunde");
    const second = uniqueEmail("buchhaltung");
    const answer = await send(invoice.id, mailBody([first, second, first.toUpperCase()], { attachXml: true }));
    expect(answer.status).toBe(201);
    expect(answer.body.sending.recipients.map((r) => r.address)).toEqual([first, second]);
    expect(answer.body.sending.sentByName).toBe("Theo Team");
    expect(answer.body.sending.attachments).toEqual([
      `Rechnung_${invoice.number}.pdf`,
      `XRechnung_${invoice.number}.xml`,
    ]);

    const stored = new Uint8Array(
      await (await call(app, `/api/invoices/${invoice.id}/pdf`, { token: staff.token })).arrayBuffer(),
    );
    for (const address of [first, second]) {
      const [mail] = await smtp.waitFor(address);
      if (!mail) throw new Error("no mail");
      expect(mail.secure).toBe(true);
      expect(mail.to).toEqual([address]);
      expect(mail.parsed.subject).toBe("Ihre Rechnung");
      expect(mail.parsed.replyTo?.value[0]?.address).toBe("buchhaltung@klarwerk.test");
      expect(mail.parsed.text).toContain("anbei die Rechnung.");
      const [pdf, xml] = mail.parsed.attachments;
      expect(pdf?.filename).toBe(`Rechnung_${invoice.number}.pdf`);
      expect(pdf?.contentType).toBe("application/pdf");
      expect(new Uint8Array(pdf?.content ?? [])).toEqual(stored);
      const text = await pdfText(new Uint8Array(pdf?.content ?? []));
      expect(text).toContain(invoice.number ?? "");
      expect(text).toContain(formatEuro(invoice.totals.totalCents).replace(/\s€$/, ""));
      expect(xml?.filename).toBe(`XRechnung_${invoice.number}.xml`);
      expect(xml?.content.toString("utf8")).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    }

    const history = await callJson<InvoiceMailAnswer>(app, `/api/invoices/${invoice.id}/sendings`, {
      token: owner.token,
    });
    expect(history.body.sendings).toHaveLength(1);
    const [event] = await auditEvents("invoice.mailed", invoice.id);
    expect(event?.actor_name).toBe("Theo Team");
    expect(event?.changes?.recipients?.after).toEqual([first, second]);
    expect(event?.changes?.attachments?.after).toEqual([
      `Rechnung_${invoice.number}.pdf`,
      `XRechnung_${invoice.number}.xml`,
    ]);

    // Resending: a second entry, newest first; without the XML this time.
    const again = await send(invoice.id, mailBody([second]));
    expect(again.status).toBe(201);
    expect(again.body.sendings.map((s) => s.recipients.map((r) => r.address))).toEqual([[second], [first, second]]);
    expect(again.body.sending.attachments).toEqual([`Rechnung_${invoice.number}.pdf`]);
    await smtp.waitFor(second, 2);
    expect(await auditEvents("invoice.mailed", invoice.id)).toHaveLength(2);
  });

  test("once sent, the mail's attachment bytes go; their names, sizes and checksums stay", async () => {
    const invoice = await issued();
    const address = uniqueEmail("bytes");
    expect((await send(invoice.id, mailBody([address]))).status).toBe(201);
    await smtp.waitFor(address);
    for (let i = 0; i < 100; i++) {
      const [row] = await db.sql<{ state: string; content: unknown; size: number }[]>`
        select o.state, a.content, a.size from outbox o join outbox_attachments a on a.outbox_id = o.id
        where o.invoice_id = ${invoice.id}`;
      if (row?.state === "sent") {
        expect(row.content).toBeNull();
        expect(row.size).toBeGreaterThan(1000);
        return;
      }
      await Bun.sleep(50);
    }
    throw new Error("the mail was not marked sent");
  });

  describe("header injection", () => {
    test("a recipient with a line break, a second address or a display name is refused (422), nobody else gets mail", async () => {
      const invoice = await issued();
      const evil = uniqueEmail("evil");
      for (const address of [
        `kunde@example.com\r\nBcc: ${evil}`,
        `kunde@example.com\nBcc: ${evil}`,
        `kunde@example.com,${evil}`,
        `kunde@example.com;${evil}`,
        `Kunde <${evil}>`,
        `"kunde@example.com" ${evil}`,
        "kein-at-zeichen",
        "",
      ]) {
        const answer = await send(invoice.id, mailBody([address]));
        expect(answer.status).toBe(422);
        expect(answer.body.code).toBe("validation");
        expect(answer.body.message).toMatch(/keine gültige E-Mail-Adresse|mindestens eine Empfängeradresse/);
      }
      expect(smtp.to(evil)).toHaveLength(0);
    });

    test("a subject with a line break is refused (422); the text's line breaks stay in the body", async () => {
      const invoice = await issued();
      for (const subject of ["Rechnung\r\nBcc: evil@example.com", "Rechnung\nX-Evil: 1", "Rechnung\u2028X: 1"]) {
        const answer = await send(invoice.id, mailBody([uniqueEmail("k")], { subject }));
        expect(answer.status).toBe(422);
        expect(answer.body.message).toBe(sendingMessages.subjectOneLine);
      }
      const address = uniqueEmail("body");
      const answer = await send(
        invoice.id,
        mailBody([address], { text: "Zeile 1\r\nBcc: evil@example.com\r\nZeile 3" }),
      );
      expect(answer.status).toBe(201);
      const [mail] = await smtp.waitFor(address);
      expect(mail?.parsed.headers.has("bcc")).toBe(false);
      expect(mail?.parsed.headers.has("x-evil")).toBe(false);
      expect(mail?.parsed.text).toContain("Bcc: evil@example.com");
    });

    test("a template with a line break in its subject is refused; a customer name with CR/LF stays on the subject's one line", async () => {
      const refused = await callJson<{ code: string; message: string }>(app, "/api/company/mail-templates/invoice", {
        token: owner.token,
        method: "PUT",
        json: { subject: "Rechnung {nummer}\r\nBcc: evil@example.com", text: "Text" },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(sendingMessages.subjectOneLine);

      const saved = await callJson(app, "/api/company/mail-templates/invoice", {
        token: owner.token,
        method: "PUT",
        json: { subject: "Rechnung {nummer} für {kunde}", text: "Hallo {kunde}" },
      });
      expect(saved.status).toBe(200);
      try {
        const invoice = await issued({ recipient: "Evil GmbH\rBcc: evil@example.com\nHauptstraße 5\n80331 München" });
        const draft = await callJson<InvoiceMailAnswer>(app, `/api/invoices/${invoice.id}/mail`, {
          token: staff.token,
        });
        expect(draft.body.draft.subject).not.toMatch(/[\r\n]/);
        const address = uniqueEmail("kundenname");
        expect((await send(invoice.id, mailBody([address], { subject: draft.body.draft.subject }))).status).toBe(201);
        const [mail] = await smtp.waitFor(address);
        expect(mail?.parsed.headers.has("bcc")).toBe(false);
        expect(smtp.to("evil@example.com")).toHaveLength(0);
      } finally {
        await callJson(app, "/api/company/mail-templates/invoice", {
          token: owner.token,
          method: "PUT",
          json: { subject: "Rechnung {nummer} von {absender}", text: "Anbei Rechnung {nummer}." },
        });
      }
    });
  });

  test("recipients: at most 10 (422), duplicates count once", async () => {
    const invoice = await issued();
    const eleven = Array.from({ length: 11 }, (_, i) => `kunde${i}@example.com`);
    const refused = await send(invoice.id, mailBody(eleven));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(sendingMessages.recipientsTooMany);
    const duplicates = [...eleven.slice(0, 10), "KUNDE0@example.com"];
    expect((await send(invoice.id, mailBody(duplicates))).status).toBe(201);
    const bad = await send(invoice.id, { ...mailBody([]), to: "kunde@example.com" });
    expect(bad.status).toBe(422);
  });

  test("a draft or a cancelled invoice is refused (409), an unknown one is 404, signed out 401; a Stornorechnung may be sent", async () => {
    const draft = await createInvoice(app, staff.token, invoiceJson({ issue: false }));
    const notIssued = await send(draft.id, mailBody(["kunde@example.com"]));
    expect(notIssued.status).toBe(409);
    expect(notIssued.body.message).toBe(sendingMessages.notSendable);
    expect((await callJson(app, `/api/invoices/${draft.id}/mail`, { token: staff.token })).status).toBe(409);

    const invoice = await issued();
    const cancelled = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${invoice.id}/cancel`, {
      token: staff.token,
      method: "POST",
    });
    expect(cancelled.status).toBe(201);
    const refused = await send(invoice.id, mailBody(["kunde@example.com"]));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(sendingMessages.cancelledNotSendable);
    expect((await send(cancelled.body.invoice.id, mailBody([uniqueEmail("storno")]))).status).toBe(201);

    const unknown = await send(999_999, mailBody(["kunde@example.com"]));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Diese Rechnung gibt es nicht.");
    expect((await send(invoice.id, mailBody(["kunde@example.com"]), null)).status).toBe(401);
    expect((await call(app, `/api/invoices/${invoice.id}/mail`)).status).toBe(401);
    expect((await send(0, mailBody(["kunde@example.com"]))).status).toBe(400);
    // The history of any invoice the caller sees: a draft has none, an unknown one is 404.
    const none = await callJson<{ sendings: unknown[] }>(app, `/api/invoices/${draft.id}/sendings`, {
      token: staff.token,
    });
    expect(none.body.sendings).toEqual([]);
    expect((await call(app, "/api/invoices/999999/sendings", { token: staff.token })).status).toBe(404);
    expect((await call(app, `/api/invoices/${invoice.id}/sendings`)).status).toBe(401);
  });

  test("an invoice an erasure restricted is unknown to staff (404), admins may still send it", async () => {
    const invoice = await issued();
    await db.sql`
      insert into privacy_restrictions (table_name, row_id, restricted_until)
      values ('invoices', ${invoice.id}, current_date + 3650)`;
    expect((await send(invoice.id, mailBody(["kunde@example.com"]))).status).toBe(404);
    expect((await call(app, `/api/invoices/${invoice.id}/sendings`, { token: staff.token })).status).toBe(404);
    expect((await send(invoice.id, mailBody([uniqueEmail("admin")]), owner.token)).status).toBe(201);
  });

  test("templates: staff may neither read nor change them (403); an unknown placeholder is refused in German (422)", async () => {
    expect((await call(app, "/api/company/mail-templates", { token: staff.token })).status).toBe(403);
    const staffPut = await call(app, "/api/company/mail-templates/invoice", {
      token: staff.token,
      method: "PUT",
      json: { subject: "Rechnung {nummer}", text: "Text" },
    });
    expect(staffPut.status).toBe(403);
    const unknown = await callJson<{ code: string; message: string }>(app, "/api/company/mail-templates/invoice", {
      token: owner.token,
      method: "PUT",
      json: { subject: "Rechnung {nummer}", text: "Zahlbar bis {zahlbar_bis}" },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ code: "validation", message: sendingMessages.unknownPlaceholder("zahlbar_bis") });
    const read = await callJson<{ invoice: { subject: string } }>(app, "/api/company/mail-templates", {
      token: owner.token,
    });
    expect(read.status).toBe(200);
  });

  test("the attachments' size is limited (10 MB): the core refuses before anything is stored", async () => {
    const invoice = await issued();
    const [before] = await db.sql<{ count: number }[]>`select count(*)::int as count from outbox`;
    const refusal = await sendDocumentByMail(
      {
        sql: db.sql,
        outbox: { configured: true, written() {}, start() {}, stop: async () => {} },
        config: testConfig(),
      },
      {
        document: { kind: "invoice", id: invoice.id },
        to: ["kunde@example.com"],
        subject: "Groß",
        text: "Zu groß",
        replyTo: null,
        attachments: [
          { fileName: "gross.pdf", contentType: "application/pdf", content: new Uint8Array(10 * 1024 * 1024 + 1) },
        ],
        auditAction: "invoice.mailed",
      },
      { id: null, name: "System" },
      systemActor,
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(422);
    expect((refusal as HttpError).message).toBe(sendingMessages.attachmentTooLarge("10 MB"));
    const [after] = await db.sql<{ count: number }[]>`select count(*)::int as count from outbox`;
    expect(after?.count).toBe(before?.count ?? -1);
  });

  test("rate limit per user and hour (MAIL_SENDINGS_PER_HOUR=3): the 2nd and 3rd pass, the 4th is 429 in German; others are not held up", async () => {
    const limited = startApp(db, smtp.url, { MAIL_SENDINGS_PER_HOUR: "3" });
    const sender = await registerAndLogin(limited, { name: "Viel Sender" });
    const other = await registerAndLogin(limited, { name: "Andere Person" });
    const invoice = await createInvoice(limited, sender.token, invoiceJson({ issue: true }));
    const sendAs = (user: SignedInUser) =>
      callJson<{ code: string; message: string }>(limited, `/api/invoices/${invoice.id}/mail`, {
        token: user.token,
        json: mailBody([uniqueEmail("limit")]),
      });
    expect((await sendAs(sender)).status).toBe(201);
    expect((await sendAs(sender)).status).toBe(201); // limit − 1
    expect((await sendAs(sender)).status).toBe(201); // at the limit
    const refused = await sendAs(sender); // limit + 1
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: "rate-limited", message: sendingMessages.rateLimited(3) });
    expect((await sendAs(other)).status).toBe(201);
    // An hour later the sender may again.
    await db.sql`update outbox set created_at = created_at - interval '61 minutes' where sent_by_name = 'Viel Sender'`;
    expect((await sendAs(sender)).status).toBe(201);
  });
});

describe("with the SMTP server down", () => {
  test("the sending waits in the outbox with its attachment and goes out once the server is up", async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const port = await freePort();
    const app = startApp(db, `smtp://127.0.0.1:${port}?tls=off`);
    await saveCompany(app);
    const staff = await registerAndLogin(app, { name: "Theo Team" });
    const invoice = await createInvoice(app, staff.token, invoiceJson({ issue: true }));
    const address = uniqueEmail("spaeter");
    const sent = await callJson<SentInvoiceMailAnswer>(app, `/api/invoices/${invoice.id}/mail`, {
      token: staff.token,
      json: mailBody([address]),
    });
    expect(sent.status).toBe(201);
    expect(sent.body.sending.recipients).toEqual([{ address, state: "waiting" }]);
    for (let i = 0; ; i++) {
      const [row] = await db.sql<{ attempts: number; state: string }[]>`
        select attempts, state from outbox where invoice_id = ${invoice.id}`;
      if ((row?.attempts ?? 0) >= 2) {
        expect(row?.state).toBe("waiting");
        break;
      }
      if (i > 200) throw new Error("the outbox did not try");
      await Bun.sleep(50);
    }
    const server = await startSmtpServer({ port });
    cleanups.push(() => server.close());
    const [mail] = await server.waitFor(address);
    expect(mail?.parsed.attachments[0]?.filename).toBe(`Rechnung_${invoice.number}.pdf`);
    expect(await pdfText(new Uint8Array(mail?.parsed.attachments[0]?.content ?? []))).toContain(invoice.number ?? "");
    for (let i = 0; i < 100; i++) {
      const history = await callJson<InvoiceMailAnswer>(app, `/api/invoices/${invoice.id}/mail`, {
        token: staff.token,
      });
      if (history.body.sendings[0]?.recipients[0]?.state === "sent") return;
      await Bun.sleep(50);
    }
    throw new Error("the history does not show the mail sent");
  }, 180_000);
});
