import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Invoice,
  invoiceFieldMessages,
  invoiceFormMessages,
  type Quote,
  type QuoteConversionAnswer,
  type QuotePage,
  quoteMessages,
} from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { privacyCatalogue } from "../../src/modules/privacy/catalogue.ts";
import { erasurePlanOf } from "../../src/modules/privacy/erasure.ts";
import { searchPerson } from "../../src/modules/privacy/search.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { invoiceJson, saveCompany } from "../support/invoices.ts";
import { login, registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * Angebote (migration 043, decision 0078): drafts, issuing with the gap-free series AN-<year>-NNNN
 * across a year end and under concurrent issues, „Gültig bis“ and the status „abgelaufen“ by date,
 * the customer's answer, „In Rechnung umwandeln“ once (or as a Teilrechnung) also under concurrent
 * requests, the German refusals, who may call, the audit events and the PDF. On both databases,
 * on the app's own clock (Germany's noon of the day set).
 */

type Answer = { quote: Quote; code?: string; message?: string };
type Conversion = QuoteConversionAnswer & { code?: string; message?: string };

const noon = (day: string) => new Date(`${day}T11:00:00Z`).getTime();

describe.each(testDatabaseKinds())("quotes (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let clock = noon("2030-06-03");
  let staff: SignedInUser;
  let admin: SignedInUser;

  /** Moves the clock and signs in again (a session is timed by the same clock). */
  async function setDay(day: string) {
    clock = noon(day);
    staff = await login(app, staff);
    admin = await login(app, admin);
  }

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, testConfig(), { now: () => clock });
    await saveCompany(app);
    admin = await signedInOwner(app);
    staff = await registerAndLogin(app, { name: "Anna Angebot" });
  }, 180_000);
  afterAll(() => db?.drop());

  function save(json: Record<string, unknown>, id?: number, token = staff.token) {
    return callJson<Answer>(app, id ? `/api/quotes/${id}` : "/api/quotes", {
      method: id ? "PUT" : "POST",
      token,
      json: { ...invoiceJson(), issueDate: undefined, ...json },
    });
  }

  async function issued(json: Record<string, unknown> = {}): Promise<Quote> {
    const answer = await save({ ...json, issue: true });
    expect([answer.status, answer.body.message]).toEqual([201, undefined]);
    return answer.body.quote;
  }

  function act(id: number, what: "accept" | "reject", token = staff.token) {
    return callJson<Answer>(app, `/api/quotes/${id}/${what}`, { method: "POST", token });
  }

  function convert(id: number, partial?: boolean) {
    return callJson<Conversion>(app, `/api/quotes/${id}/invoice`, {
      token: staff.token,
      json: partial === undefined ? {} : { partial },
    });
  }

  test("numbers are gap-free per year: 31.12. ends one year's series, 1.1. starts the next at 0001", async () => {
    await setDay("2030-12-31");
    const last = await issued();
    expect(last.number).toBe("AN-2030-0001");
    expect([last.issueDate, last.validUntil, last.status]).toEqual(["2030-12-31", "2031-01-30", "open"]);
    const draft = (await save({})).body.quote;
    expect([draft.status, draft.number, draft.validUntil]).toEqual(["draft", null, null]);

    await setDay("2031-01-01");
    const first = await save({ issue: true }, draft.id);
    expect([first.status, first.body.quote.number, first.body.quote.issueDate]).toEqual([
      200,
      "AN-2031-0001",
      "2031-01-01",
    ]);
    // A refused issue (no customer) takes no number.
    const refused = await save({ recipient: "", issue: true });
    expect([refused.status, refused.body as unknown]).toEqual([
      422,
      { code: "validation", message: invoiceFormMessages.customerRequired },
    ]);
    expect((await issued()).number).toBe("AN-2031-0002");
    // The invoices' series is apart: a quote takes none of its numbers.
    const [counter] = await db.sql`select count(*)::int as n from invoice_number_counters where series = 'invoice'`;
    expect(counter?.n).toBe(0);
  });

  test("concurrent issues get consecutive numbers, none twice, none skipped", async () => {
    await setDay("2031-02-02");
    const drafts = await Promise.all([1, 2, 3, 4, 5].map(async () => (await save({})).body.quote.id));
    const answers = await Promise.all(drafts.map((id) => save({ issue: true }, id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const numbers = answers.map((answer) => answer.body.quote.number).sort();
    expect(numbers).toEqual(["AN-2031-0003", "AN-2031-0004", "AN-2031-0005", "AN-2031-0006", "AN-2031-0007"]);
  });

  test("„abgelaufen“ the day after „Gültig bis“ without an answer; drafts editable, issued ones not", async () => {
    await setDay("2031-03-10");
    const quote = await issued({ validUntil: "2031-03-12" });
    const status = async () => (await callJson<Answer>(app, `/api/quotes/${quote.id}`, { token: staff.token })).body;
    await setDay("2031-03-11");
    expect((await status()).quote.status).toBe("open");
    await setDay("2031-03-12");
    expect((await status()).quote.status).toBe("open");
    const list = await callJson<QuotePage>(app, "/api/quotes?status=open&limit=100", { token: staff.token });
    expect(list.body.quotes.map((row) => row.id)).toContain(quote.id);
    await setDay("2031-03-13");
    expect((await status()).quote.status).toBe("expired");
    const expired = await callJson<QuotePage>(app, "/api/quotes?status=expired", { token: staff.token });
    expect(expired.body.quotes.map((row) => row.id)).toContain(quote.id);
    expect(new Set(expired.body.quotes.map((row) => row.status))).toEqual(new Set(["expired"]));
    expect((await act(quote.id, "accept")).body as unknown).toEqual({
      code: "quote-expired",
      message: quoteMessages.expired,
    });
    expect((await act(quote.id, "reject")).body.quote.status).toBe("rejected");
    expect((await act(quote.id, "accept")).body as unknown).toEqual({
      code: "quote-not-open",
      message: "Dieses Angebot ist bereits abgelehnt.",
    });
    expect((await convert(quote.id)).body).toMatchObject({ code: "quote-rejected" });

    const edit = await save({ notes: "Neu" }, quote.id);
    expect([edit.status, edit.body as unknown]).toEqual([
      409,
      { code: "quote-already-issued", message: quoteMessages.issuedFinal },
    ]);
    expect((await call(app, `/api/quotes/${quote.id}`, { method: "DELETE", token: staff.token })).status).toBe(409);
    const draft = (await save({ notes: "Erst" })).body.quote;
    expect((await save({ notes: "Zweit" }, draft.id)).body.quote.notes).toBe("Zweit");
    expect((await act(draft.id, "accept")).body).toMatchObject({ code: "quote-not-issued" });
    expect((await convert(draft.id)).body).toMatchObject({ code: "quote-not-issued" });
    expect((await call(app, `/api/quotes/${draft.id}`, { method: "DELETE", token: staff.token })).status).toBe(204);
  });

  test("„In Rechnung umwandeln“ once, linked both ways; a second time only as „weitere Teilrechnung“, also when concurrent", async () => {
    await setDay("2031-04-01");
    const quote = await issued({ notes: "Angebot gemäß Gespräch." });
    expect((await act(quote.id, "accept")).body.quote.status).toBe("accepted");
    const [one, two] = await Promise.all([convert(quote.id), convert(quote.id)]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const made = one.status === 201 ? one.body : two.body;
    const refusal = one.status === 409 ? one.body : two.body;
    expect(refusal as unknown).toEqual({
      code: "quote-already-converted",
      message: quoteMessages.alreadyConverted(null),
    });
    const invoice: Invoice = made.invoice;
    expect(invoice).toMatchObject({
      status: "draft",
      recipient: quote.recipient,
      provider: quote.provider,
      notes: "Angebot gemäß Gespräch.",
      items: quote.items,
      issueDate: "2031-04-01",
      fromQuote: { id: quote.id, number: quote.number },
    });
    expect(made.quote.invoices).toEqual([{ id: invoice.id, number: null }]);
    const read = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${invoice.id}`, { token: staff.token });
    expect(read.body.invoice.fromQuote).toEqual({ id: quote.id, number: String(quote.number) });

    const again = await convert(quote.id, false);
    expect(again.status).toBe(409);
    const partial = await convert(quote.id, true);
    expect(partial.status).toBe(201);
    expect(partial.body.quote.invoices.map((each) => each.id)).toEqual([invoice.id, partial.body.invoice.id]);
    const [count] = await db.sql`select count(*)::int as n from invoices where quote_id = ${quote.id}`;
    expect(count?.n).toBe(2);

    const actions = await db.sql<{ action: string }[]>`
      select action from audit_events where object_type = 'quote' and object_id = ${String(quote.id)} order by seq`;
    expect(actions.map((row) => row.action)).toEqual([
      "quote.issued",
      "quote.accepted",
      "quote.converted",
      "quote.converted",
    ]);
  });

  test("bad input: German 422s and 400s, never a 500", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ validUntil: "2031-02-30" }, 422, invoiceFieldMessages.dateInvalid("Gültig bis")],
      [{ validUntil: "1999-01-01" }, 422, invoiceFieldMessages.dateOutOfRange("Gültig bis")],
      [{ issueDate: "2031-05-10", validUntil: "2031-05-01" }, 422, quoteMessages.validUntilBeforeIssue],
      [{ validUntil: 5 }, 422, quoteMessages.validUntilInvalid],
      [{ customerId: 999_999 }, 422, quoteMessages.customerUnknown],
      [
        { items: [{ description: "x", quantity: "viel", unitPriceCents: 1 }] },
        422,
        "Die Angabe im Feld „items.quantity“ ist ungültig.",
      ],
    ];
    for (const [json, status, message] of cases) {
      const answer = await save(json);
      expect([answer.status, answer.body.message], JSON.stringify(json)).toEqual([status, message]);
    }
    await setDay("2031-05-20");
    const passed = await save({ validUntil: "2031-05-19", issueDate: "2031-05-01", issue: true });
    expect([passed.status, passed.body.message]).toEqual([422, quoteMessages.validUntilPassed]);
    const badId = await callJson(app, "/api/quotes/abc", { token: staff.token });
    expect([badId.status, badId.body]).toEqual([400, { code: "invalid-id", message: quoteMessages.invalidId }]);
    const missing = await callJson(app, "/api/quotes/99999", { token: staff.token });
    expect([missing.status, missing.body]).toEqual([404, { code: "quote-not-found", message: quoteMessages.notFound }]);
    const badStatus = await callJson(app, "/api/quotes?status=paid", { token: staff.token });
    expect([badStatus.status, badStatus.body.message]).toEqual([400, quoteMessages.invalidStatusFilter]);
    const huge = await save({ notes: "x".repeat(6000) });
    expect(huge.status).toBe(422);
  });

  test("staff and admins may, the signed-out may not", async () => {
    expect((await callJson(app, "/api/quotes", { token: admin.token })).status).toBe(200);
    expect((await callJson(app, "/api/quotes", { token: staff.token })).status).toBe(200);
    expect((await callJson(app, "/api/quotes")).status).toBe(401);
    expect((await callJson(app, "/api/quotes", { json: invoiceJson() })).status).toBe(401);
    expect((await callJson(app, "/api/quotes/1/invoice", { json: {} })).status).toBe(401);
    expect((await call(app, "/api/quotes/1/pdf")).status).toBe(401);
  });

  test("the PDF: „Angebot“, its number, „Gültig bis“ and the amount; no payment terms, no GiroCode", async () => {
    await setDay("2031-06-02");
    const quote = await issued({ validUntil: "2031-07-15" });
    const draft = (await save({})).body.quote;
    expect((await call(app, `/api/quotes/${draft.id}/pdf`, { token: staff.token })).status).toBe(409);
    const response = await call(app, `/api/quotes/${quote.id}/pdf`, { token: staff.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`Angebot_${quote.number}.pdf`);
    const dir = await mkdtemp(join(tmpdir(), "quote-pdf-"));
    try {
      const file = join(dir, "angebot.pdf");
      await writeFile(file, new Uint8Array(await response.arrayBuffer()));
      const child = Bun.spawn(["pdftotext", "-layout", file, "-"], { stdout: "pipe" });
      const text = await new Response(child.stdout).text();
      expect(text).toContain("Angebot");
      expect(text).toContain(quote.number ?? "?");
      expect(text).toContain("Gültig bis");
      expect(text).toContain("15.07.2031");
      expect(text).toContain("1.764,64 €");
      expect(quote.totals.totalCents).toBe(176_464);
      expect(text).not.toContain("Zahlbar");
      expect(text).not.toContain("GiroCode");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("quotes in the privacy catalogue", () => {
  test("the person search finds a quote by its recipient; the plan erases a draft and reviews an issued one", async () => {
    const db = await createTestDatabase();
    try {
      const app = createTestApp(db.sql, testConfig());
      await saveCompany(app);
      const { token } = await registerAndLogin(app, { name: "Pia Privat" });
      const recipient = "Lena Leer\nlena.leer@example.org\nGartenweg 2\n10115 Berlin";
      const draft = await callJson<Answer>(app, "/api/quotes", { token, json: { ...invoiceJson(), recipient } });
      const issuedQuote = await callJson<Answer>(app, "/api/quotes", {
        token,
        json: { ...invoiceJson(), recipient, issue: true },
      });
      expect([draft.status, issuedQuote.status]).toEqual([201, 201]);
      const rows = await searchPerson(db.sql, "lena.leer@example.org");
      const plan = erasurePlanOf(rows).filter((item) => item.kind === "quote");
      expect(plan.map((item) => [item.id, item.action, item.label])).toEqual([
        [draft.body.quote.id, "erase", `Angebotsentwurf Nr. ${draft.body.quote.id}`],
        [issuedQuote.body.quote.id, "review", `Angebot ${issuedQuote.body.quote.number}`],
      ]);
      expect(privacyCatalogue.quote.title).toBe("Angebote");
    } finally {
      await db.drop();
    }
  });
});
