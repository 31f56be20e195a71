// An issued Angebot „Per E-Mail senden“ (docs/decisions/0079-documents-by-mail.md) at the API level,
// on both databases, against a real SMTP server: the quote template filled in ({faellig} = „Gültig
// bis“), the PDF attached, the history and the audit event naming every recipient, the limits ±1,
// header injection, the rate limit shared with invoices, the templates by kind, and the privacy
// search and erasure finding the quote's mails.
import { beforeAll, describe, expect, test } from "bun:test";
import {
  type AuditEvent,
  defaultMailTemplates,
  formatDate,
  formatEuro,
  type MailTemplateAnswer,
  type MailTemplatesAnswer,
  mailTemplateKinds,
  outboxMailKindLabels,
  type PrivacyErasurePlan,
  type Quote,
  type QuoteMailAnswer,
  quoteMessages,
  type SentDocumentMailAnswer,
  sendingMessages,
} from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { searchPerson } from "../../src/modules/privacy/search.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson } from "../support/invoices.ts";
import { openPrivacyCase } from "../support/privacy.ts";
import { mailBodyOf, pdfText, sendingTestKit } from "../support/sending.ts";
import { registerAndLogin, type SignedInUser, uniqueEmail } from "../support/users.ts";

const kit = sendingTestKit("quote-sending");

const mailBody = mailBodyOf({ subject: "Ihr Angebot", text: "Guten Tag,\n\nanbei unser Angebot.\n\nGrüße" });

type Refusal = { code: string; message: string };

describe.each(testDatabaseKinds())("quotes by mail (%s)", (kind) => {
  let world: Awaited<ReturnType<typeof kit.world>>;
  let db: TestDatabase;
  let app: App;
  let owner: SignedInUser;
  let staff: SignedInUser;

  beforeAll(async () => {
    world = await kit.world(kind, { contactEmail: "vertrieb@klarwerk.test", staffName: "Anna Angebot" });
    ({ db, app, owner, staff } = world);
  }, 180_000);

  async function customerWith(email: string | null): Promise<number> {
    const answer = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
      token: staff.token,
      json: { name: "Bäckerei Korn", address: "Bäckerei Korn\nMarkt 3\n12345 Musterstadt", email },
    });
    expect(answer.status).toBe(201);
    return answer.body.customer.id;
  }

  async function quote(json: Record<string, unknown> = {}, issue = true): Promise<Quote> {
    const answer = await callJson<{ quote: Quote }>(app, "/api/quotes", {
      token: staff.token,
      json: { ...invoiceJson(), issueDate: undefined, issue, ...json },
    });
    expect(answer.status).toBe(201);
    return answer.body.quote;
  }

  function send(id: number, body: unknown, token: string | null = staff.token, on: App = app) {
    return callJson<SentDocumentMailAnswer & Refusal>(on, `/api/quotes/${id}/mail`, {
      ...(token ? { token } : {}),
      json: body,
    });
  }

  async function auditEvents(action: string, objectId: number | string): Promise<AuditEvent[]> {
    const answer = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?limit=200", { token: owner.token });
    return answer.body.events.filter((event) => event.action === action && event.object_id === String(objectId));
  }

  test("the dialog starts with the customer's address and the quote template: number, amount, date, „Gültig bis“", async () => {
    const address = uniqueEmail("korn");
    const issued = await quote({ customerId: await customerWith(address), validUntil: "2099-12-31" });
    const answer = await callJson<QuoteMailAnswer>(app, `/api/quotes/${issued.id}/mail`, { token: staff.token });
    expect(answer.status).toBe(200);
    expect(answer.body.draft.to).toEqual([address]);
    expect(issued.number).toMatch(/^AN-\d{4}-\d{4}$/);
    expect(answer.body.draft.subject).toBe(`Angebot ${issued.number} von Klarwerk Digital GmbH`);
    expect(answer.body.draft.text).toContain(`über ${formatEuro(issued.totals.totalCents)}`);
    expect(answer.body.draft.text).toContain(`gültig bis zum ${formatDate("2099-12-31")}`);
    expect(answer.body.draft.text).toContain(`vom ${formatDate(issued.issueDate)}`);
    expect(answer.body.draft.pdfName).toBe(`Angebot_${issued.number}.pdf`);
    expect(answer.body.draft).not.toHaveProperty("attachXml");
    expect(answer.body.sendings).toEqual([]);

    const without = await quote({ customerId: await customerWith(null) });
    const none = await callJson<QuoteMailAnswer>(app, `/api/quotes/${without.id}/mail`, { token: staff.token });
    expect(none.body.draft.to).toEqual([]);
  });

  test("staff send an issued quote to two recipients: each gets its PDF (number and amount in it); history, outbox and audit name both; resending adds a sending", async () => {
    const issued = await quote();
    const first = uniqueEmail("einkauf");
    const second = uniqueEmail("chefin");
    const answer = await send(issued.id, mailBody([first, second, second.toUpperCase()]));
    expect(answer.status).toBe(201);
    expect(answer.body.sending.recipients.map((r) => r.address)).toEqual([first, second]);
    expect(answer.body.sending.sentByName).toBe("Anna Angebot");
    expect(answer.body.sending.attachments).toEqual([`Angebot_${issued.number}.pdf`]);

    for (const address of [first, second]) {
      const [mail] = await world.smtp.waitFor(address);
      if (!mail) throw new Error("no mail");
      expect(mail.secure).toBe(true);
      expect(mail.to).toEqual([address]);
      expect(mail.parsed.subject).toBe("Ihr Angebot");
      expect(mail.parsed.replyTo?.value[0]?.address).toBe("vertrieb@klarwerk.test");
      expect(mail.parsed.text).toContain("anbei unser Angebot.");
      expect(mail.parsed.attachments).toHaveLength(1);
      const [pdf] = mail.parsed.attachments;
      expect(pdf?.filename).toBe(`Angebot_${issued.number}.pdf`);
      expect(pdf?.contentType).toBe("application/pdf");
      const text = await pdfText(new Uint8Array(pdf?.content ?? []));
      expect(text).toContain(issued.number ?? "AN-");
      expect(text).toContain(formatEuro(issued.totals.totalCents).replace(/\s€$/, ""));
    }

    const rows = await db.sql<{ kind: string; quote_id: number | null; invoice_id: number | null }[]>`
      select kind, quote_id, invoice_id from outbox where quote_id = ${issued.id} order by id`;
    expect(rows.map((row) => [row.kind, Number(row.quote_id), row.invoice_id])).toEqual([
      ["quote", issued.id, null],
      ["quote", issued.id, null],
    ]);
    const [event] = await auditEvents("quote.mailed", issued.id);
    expect(event?.actor_name).toBe("Anna Angebot");
    expect(event?.changes?.recipients?.after).toEqual([first, second]);
    expect(event?.changes?.attachments?.after).toEqual([`Angebot_${issued.number}.pdf`]);

    const again = await send(issued.id, mailBody([second]));
    expect(again.status).toBe(201);
    expect(again.body.sendings.map((s) => s.recipients.map((r) => r.address))).toEqual([[second], [first, second]]);
    await world.smtp.waitFor(second, 2);
    expect(await auditEvents("quote.mailed", issued.id)).toHaveLength(2);
    const history = await callJson<{ sendings: unknown[] }>(app, `/api/quotes/${issued.id}/sendings`, {
      token: staff.token,
    });
    expect(history.body.sendings).toHaveLength(2);
    // A rejected quote may be sent again (the customer may ask for it).
    expect(
      (await callJson(app, `/api/quotes/${issued.id}/reject`, { method: "POST", token: staff.token })).status,
    ).toBe(200);
    expect((await send(issued.id, mailBody([uniqueEmail("abgelehnt")]))).status).toBe(201);
  });

  test("recipients: 10 pass, 11 are refused (422); duplicates count once", async () => {
    const issued = await quote();
    const ten = Array.from({ length: 10 }, (_, i) => uniqueEmail(`zehn${i}`));
    const eleven = [...ten, uniqueEmail("elf")];
    const refused = await send(issued.id, mailBody(eleven));
    expect(refused.status).toBe(422);
    expect([refused.body.code, refused.body.message]).toEqual(["validation", sendingMessages.recipientsTooMany]);
    const passed = await send(issued.id, mailBody([...ten, ten[0]?.toUpperCase() ?? ""]));
    expect(passed.status).toBe(201);
    expect(passed.body.sending.recipients).toHaveLength(10);
    expect((await send(issued.id, mailBody([]))).body.message).toBe(sendingMessages.recipientsRequired);
    expect((await send(issued.id, { ...mailBody([]), to: "a@example.com" })).status).toBe(422);
  });

  test("header injection: a recipient or subject with a line break, a second address or a display name is refused (422); nobody else gets mail", async () => {
    const issued = await quote();
    const evil = uniqueEmail("evil");
    for (const address of [
      `kunde@example.com\r\nBcc: ${evil}`,
      `kunde@example.com,${evil}`,
      `Kunde <${evil}>`,
      "kein-at-zeichen",
    ]) {
      const answer = await send(issued.id, mailBody([address]));
      expect(answer.status).toBe(422);
      expect(answer.body.message).toMatch(/keine gültige E-Mail-Adresse/);
    }
    for (const subject of ["Angebot\r\nBcc: evil@example.com", "Angebot\nX-Evil: 1"]) {
      const answer = await send(issued.id, mailBody([uniqueEmail("k")], { subject }));
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(sendingMessages.subjectOneLine);
    }
    await Bun.sleep(300);
    expect(world.smtp.to(evil)).toHaveLength(0);
  });

  test("a draft is refused (409 in German), an unknown quote is 404, signed out 401, a bad id 400", async () => {
    const draft = await quote({}, false);
    const refused = await send(draft.id, mailBody(["kunde@example.com"]));
    expect(refused.status).toBe(409);
    expect([refused.body.code, refused.body.message]).toEqual(["quote-not-issued", sendingMessages.quoteNotSendable]);
    expect((await call(app, `/api/quotes/${draft.id}/mail`, { token: staff.token })).status).toBe(409);
    const none = await callJson<{ sendings: unknown[] }>(app, `/api/quotes/${draft.id}/sendings`, {
      token: staff.token,
    });
    expect(none.body.sendings).toEqual([]);
    const unknown = await send(999_999, mailBody(["kunde@example.com"]));
    expect(unknown.status).toBe(404);
    expect([unknown.body.code, unknown.body.message]).toEqual(["quote-not-found", quoteMessages.notFound]);
    expect((await call(app, "/api/quotes/999999/sendings", { token: staff.token })).status).toBe(404);
    expect((await send(draft.id, mailBody(["kunde@example.com"]), null)).status).toBe(401);
    expect((await call(app, `/api/quotes/${draft.id}/mail`)).status).toBe(401);
    expect((await call(app, `/api/quotes/${draft.id}/sendings`)).status).toBe(401);
    expect((await send(0, mailBody(["kunde@example.com"]))).status).toBe(400);
  });

  test("rate limit per user and hour, invoices and quotes together (MAIL_SENDINGS_PER_HOUR=3): the 3rd passes, the 4th is 429", async () => {
    const limited = kit.startApp(db, world.smtp.url, { MAIL_SENDINGS_PER_HOUR: "3" });
    const sender = await registerAndLogin(limited, { name: "Viel Sender" });
    const other = await registerAndLogin(limited, { name: "Andere Person" });
    const issued = await quote();
    const invoice = await createInvoice(limited, sender.token, invoiceJson({ issue: true }));
    const invoiceSent = await callJson(limited, `/api/invoices/${invoice.id}/mail`, {
      token: sender.token,
      json: { ...mailBody([uniqueEmail("limit")]), attachXml: false },
    });
    expect(invoiceSent.status).toBe(201); // 1: an invoice
    expect((await send(issued.id, mailBody([uniqueEmail("limit")]), sender.token, limited)).status).toBe(201); // limit − 1
    expect((await send(issued.id, mailBody([uniqueEmail("limit")]), sender.token, limited)).status).toBe(201); // at the limit
    const refused = await send(issued.id, mailBody([uniqueEmail("limit")]), sender.token, limited); // limit + 1
    expect(refused.status).toBe(429);
    expect([refused.body.code, refused.body.message]).toEqual(["rate-limited", sendingMessages.rateLimited(3)]);
    expect((await send(issued.id, mailBody([uniqueEmail("limit")]), other.token, limited)).status).toBe(201);
  });

  test("templates by kind: every kind starts as the kit's default; admins save one (audit names the kind), staff 403, unknown kind 404, bad placeholder 422", async () => {
    const all = await callJson<MailTemplatesAnswer>(app, "/api/company/mail-templates", { token: owner.token });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual([...mailTemplateKinds]);
    expect(all.body.quote).toEqual(defaultMailTemplates.quote);
    expect(all.body["reminder-2"]).toEqual(defaultMailTemplates["reminder-2"]);

    const path = "/api/company/mail-templates/quote";
    expect((await call(app, path, { token: staff.token })).status).toBe(403);
    expect(
      (await call(app, path, { token: staff.token, method: "PUT", json: { subject: "A", text: "B" } })).status,
    ).toBe(403);
    expect((await call(app, path, { method: "PUT", json: { subject: "A", text: "B" } })).status).toBe(401);
    const unknownKind = await callJson<Refusal>(app, "/api/company/mail-templates/mahnung", { token: owner.token });
    expect(unknownKind.status).toBe(404);
    expect(unknownKind.body).toEqual({ code: "mail-template-not-found", message: sendingMessages.unknownTemplateKind });
    const badPlaceholder = await callJson<Refusal>(app, path, {
      token: owner.token,
      method: "PUT",
      json: { subject: "Angebot {nummer}", text: "Gültig bis {gueltig}" },
    });
    expect(badPlaceholder.status).toBe(422);
    expect(badPlaceholder.body.message).toBe(sendingMessages.unknownPlaceholder("gueltig"));
    const notObject = await callJson<Refusal>(app, path, { token: owner.token, method: "PUT", json: ["x"] });
    expect(notObject.status).toBe(422);

    const saved = await callJson<MailTemplateAnswer>(app, path, {
      token: owner.token,
      method: "PUT",
      json: { subject: "  Ihr Angebot {nummer} für {kunde}  ", text: "Bis {faellig} gültig: {betrag}." },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      kind: "quote",
      template: { subject: "Ihr Angebot {nummer} für {kunde}", text: "Bis {faellig} gültig: {betrag}." },
    });
    const [event] = await auditEvents("company.mail_templates_changed", "quote");
    expect(event?.fields).toEqual(["subject", "text"]);
    const issued = await quote({ validUntil: "2099-01-31" });
    const draft = await callJson<QuoteMailAnswer>(app, `/api/quotes/${issued.id}/mail`, { token: staff.token });
    expect(draft.body.draft.subject).toBe(`Ihr Angebot ${issued.number} für Müller & Söhne GmbH`);
    expect(draft.body.draft.text).toBe(`Bis 31.01.2099 gültig: ${formatEuro(issued.totals.totalCents)}.`);
    // The invoice's template is untouched.
    const invoiceTemplate = await callJson<MailTemplateAnswer>(app, "/api/company/mail-templates/invoice", {
      token: owner.token,
    });
    expect(invoiceTemplate.body.template).toEqual(defaultMailTemplates.invoice);
    await callJson(app, path, { token: owner.token, method: "PUT", json: defaultMailTemplates.quote });
  });

  test("privacy: the person's search (the Auskunft's source, kind „Angebot per E-Mail“) and erasure find the quote's mails to their address; the quote stays", async () => {
    const address = uniqueEmail("betroffen");
    const issued = await quote();
    expect((await send(issued.id, mailBody([address, uniqueEmail("kollege")]))).status).toBe(201);
    await world.smtp.waitFor(address);
    const found = (await searchPerson(db.sql, address)).filter((row) => row.kind === "mail");
    expect(found).toHaveLength(1);
    expect(found[0]?.data.kind).toBe("quote");
    expect(outboxMailKindLabels.quote).toBe("Angebot per E-Mail");

    const privacyCase = await openPrivacyCase(app, owner, { email: address, kind: "both" });
    const plan = await callJson<PrivacyErasurePlan>(app, `/api/privacy/cases/${privacyCase.id}/erasure-plan`, {
      token: owner.token,
    });
    expect(plan.body.items.filter((item) => item.kind === "mail").map((item) => item.action)).toEqual(["erase"]);
    const erased = await callJson(app, `/api/privacy/cases/${privacyCase.id}/erasure`, {
      method: "POST",
      token: owner.token,
    });
    expect(erased.status).toBe(200);
    const left = await db.sql<{ to_address: string }[]>`
      select to_address from outbox where quote_id = ${issued.id} order by id`;
    expect(left.map((row) => row.to_address)).not.toContain(address);
    expect(left).toHaveLength(1);
    expect((await call(app, `/api/quotes/${issued.id}`, { token: staff.token })).status).toBe(200);
  });
});
