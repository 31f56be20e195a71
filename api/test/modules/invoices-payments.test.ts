import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFile, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AuditEvent,
  type Invoice,
  type InvoicePage,
  type InvoiceReport,
  invoiceDateMessages,
  invoicePaymentMessages,
  todayInGermany,
} from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { migrate, migrationsDir } from "../../src/db/migrate.ts";
import { recordAuditEvent } from "../../src/modules/audit/index.ts";
import { invoicesApiMessages } from "../../src/modules/invoices/messages.ts";
import { invoiceReport } from "../../src/modules/invoices/report.ts";
import { createTestApp } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany, storeIssuedInThePast } from "../support/invoices.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * Payments (migration 042, docs/decisions/0072): partial payments to the cent, the open amount in
 * the invoice, the list and the Auswertung, the rules and their German refusals, concurrent
 * payments, deleting a mistaken one, and the migration of invoices marked paid before. On both
 * databases. Every invoice is 1 × 84,03 € at 19 %: 100,00 € gross (8 403 + 1 597 cents).
 */

const gross = 10_000;

/** An answer of a payment route: the invoice, or a refusal's code and message. */
type PaymentAnswer = { invoice: Invoice; code?: string; message?: string };

function body(issueDate: string, overrides: Record<string, unknown> = {}) {
  return invoiceJson({
    issueDate,
    items: [{ description: "Beratung", quantity: 1, unitPriceCents: 8_403 }],
    discountPercent: 0,
    extraFeesCents: 0,
    taxPercent: 19,
    paymentTermDays: 14,
    ...overrides,
  });
}

describe.each(testDatabaseKinds())("payments (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let staff: SignedInUser;
  let colleague: SignedInUser;
  let owner: SignedInUser;
  let sequence = 100;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql);
    await saveCompany(app);
    owner = await signedInOwner(app);
    staff = await registerAndLogin(app, { name: "Paula Zahlung" });
    colleague = await registerAndLogin(app, { name: "Otto Anders" });
  }, 60_000);
  afterAll(() => db?.drop());

  /** A 100,00 € invoice issued on a past day, numbered in order. */
  async function issuedOn(issueDate: string, overrides: Record<string, unknown> = {}): Promise<Invoice> {
    const invoice = await storeIssuedInThePast(
      db.sql,
      app,
      staff.token,
      body(issueDate, overrides),
      `${issueDate.slice(0, 4)}-${sequence++}`,
    );
    expect(invoice.totals.totalCents).toBe(gross);
    return invoice;
  }

  function pay(id: number, json: Record<string, unknown>, token = staff.token) {
    return callJson<PaymentAnswer>(app, `/api/invoices/${id}/payments`, { token, json });
  }

  async function paid(id: number, paidOn: string, amountCents: number): Promise<Invoice> {
    const answer = await pay(id, { paidOn, amountCents });
    expect([answer.status, answer.body]).toMatchObject([201, { invoice: { id } }]);
    return answer.body.invoice;
  }

  test("the Auswertung and the list count a partly paid invoice with what is left, across a month end and a year end", async () => {
    // Due 2025-12-31, 40,00 € paid; due 2026-01-01, paid 25,00 € on the last day of the year and
    // 25,00 € on the first; due 2026-01-31, one cent paid.
    const dueDec31 = await issuedOn("2025-12-17");
    const dueJan1 = await issuedOn("2025-12-18");
    const dueJan31 = await issuedOn("2026-01-17");
    await paid(dueDec31.id, "2025-12-20", 4_000);
    await paid(dueJan1.id, "2025-12-31", 2_500);
    await paid(dueJan1.id, "2026-01-01", 2_500);
    const oneCent = await paid(dueJan31.id, "2026-01-31", 1);
    expect([oneCent.paidCents, oneCent.openCents, oneCent.paidOn]).toEqual([1, 9_999, null]);

    const amounts = async (day: string) => {
      const { open_items } = await invoiceReport(db.sql, day, false);
      const { buckets } = open_items;
      return {
        count: open_items.count,
        sum: open_items.sum_cents,
        buckets: [buckets.not_due, buckets.days_1_30, buckets.days_31_60, buckets.days_over_60].map(
          (bucket) => bucket.sum_cents,
        ),
      };
    };
    // [not due, 1–30, 31–60, over 60], in cents of what is left.
    expect(await amounts("2025-12-31")).toEqual({ count: 3, sum: 20_999, buckets: [20_999, 0, 0, 0] });
    expect(await amounts("2026-01-01")).toEqual({ count: 3, sum: 20_999, buckets: [14_999, 6_000, 0, 0] });
    expect(await amounts("2026-01-31")).toEqual({ count: 3, sum: 20_999, buckets: [9_999, 5_000, 6_000, 0] });
    expect(await amounts("2026-02-01")).toEqual({ count: 3, sum: 20_999, buckets: [0, 9_999, 11_000, 0] });

    // Revenue is net and "Bezahlt" only once paid in full: all three still open in their months.
    const { revenue } = await invoiceReport(db.sql, "2026-01-31", false);
    expect(revenue.slice(-2)).toEqual([
      { month: "2025-12", paid_cents: 0, open_cents: 2 * 8_403 },
      { month: "2026-01", paid_cents: 0, open_cents: 8_403 },
    ]);

    // The list of today: the same open amounts as the report, bucket by bucket.
    const report = await callJson<InvoiceReport>(app, "/api/invoices/report", { token: staff.token });
    for (const [bucket, amount] of Object.entries(report.body.open_items.buckets)) {
      const list = await callJson<InvoicePage>(app, `/api/invoices?ageing=${bucket}&limit=100`, {
        token: staff.token,
      });
      expect(
        list.body.invoices.reduce((sum, invoice) => sum + invoice.openCents, 0),
        bucket,
      ).toBe(amount.sum_cents);
    }
    const listed = await callJson<InvoicePage>(app, "/api/invoices?limit=100", { token: staff.token });
    const row = listed.body.invoices.find((invoice) => invoice.id === dueDec31.id);
    expect(row).toMatchObject({
      status: "overdue",
      totalCents: gross,
      paidCents: 4_000,
      openCents: 6_000,
      paidOn: null,
    });
  });

  test("a 100,00 € invoice is paid to the cent in three parts; a cent more is refused", async () => {
    const invoice = await issuedOn("2025-12-30");
    const first = await paid(invoice.id, "2025-12-31", 3_333);
    expect(first).toMatchObject({ status: "overdue", paidCents: 3_333, openCents: 6_667, paidOn: null });
    expect(first.payments).toMatchObject([
      { paidOn: "2025-12-31", amountCents: 3_333, note: null, recordedBy: staff.user.id, recordedByName: staff.name },
    ]);
    await paid(invoice.id, "2026-01-01", 3_333);

    const tooMuch = await pay(invoice.id, { paidOn: "2026-01-02", amountCents: 3_335 });
    expect([tooMuch.status, tooMuch.body]).toEqual([
      422,
      { code: "payment-above-open", message: invoicePaymentMessages.amountAboveOpen(3_334) },
    ] as never);
    expect(invoicePaymentMessages.amountAboveOpen(3_334)).toContain("offene Betrag von 33,34\u00a0€.");

    const answer = await pay(invoice.id, { paidOn: "2026-01-31", amountCents: 3_334, note: "  Rest per Überweisung " });
    expect(answer.status).toBe(201);
    const last = answer.body.invoice;
    expect(last).toMatchObject({ status: "paid", paidOn: "2026-01-31", paidCents: gross, openCents: 0 });
    expect(last.payments.map((payment) => [payment.paidOn, payment.amountCents, payment.note])).toEqual([
      ["2025-12-31", 3_333, null],
      ["2026-01-01", 3_333, null],
      ["2026-01-31", 3_334, "Rest per Überweisung"],
    ]);
    const read = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${invoice.id}`, { token: colleague.token });
    expect(read.body.invoice).toEqual(last);

    const more = await pay(invoice.id, { paidOn: "2026-02-01", amountCents: 1 });
    expect([more.status, more.body]).toEqual([
      409,
      { code: "invoice-already-paid", message: invoicePaymentMessages.alreadyPaid },
    ] as never);
    const markedAgain = await callJson(app, `/api/invoices/${invoice.id}/payment`, {
      token: staff.token,
      json: { paidOn: "2026-02-01" },
    });
    expect(markedAgain.body).toEqual({ code: "invoice-already-paid", message: invoicePaymentMessages.alreadyPaid });
  });

  test("„Als bezahlt markieren“ pays the rest in full on its date, one payment of the open amount", async () => {
    const invoice = await issuedOn("2026-02-27");
    await paid(invoice.id, "2026-02-28", 1_234);
    const marked = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${invoice.id}/payment`, {
      token: staff.token,
      json: { paidOn: "2026-03-01" },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.invoice).toMatchObject({ status: "paid", paidOn: "2026-03-01", paidCents: gross, openCents: 0 });
    expect(marked.body.invoice.payments.map((payment) => payment.amountCents)).toEqual([1_234, gross - 1_234]);
  });

  test("refuses what is no payment with a German message, and invoices that take none", async () => {
    const invoice = await issuedOn("2026-03-02");
    const refusals: [Record<string, unknown>, number, string, string][] = [
      [{ paidOn: "2026-03-03", amountCents: 0 }, 422, "validation", invoicePaymentMessages.amountInvalid],
      [{ paidOn: "2026-03-03", amountCents: -1 }, 422, "validation", invoicePaymentMessages.amountInvalid],
      [{ paidOn: "2026-03-03", amountCents: 12.5 }, 422, "validation", invoicePaymentMessages.amountInvalid],
      [
        { paidOn: "2026-03-03", amountCents: gross + 1 },
        422,
        "payment-above-open",
        invoicePaymentMessages.amountAboveOpen(gross),
      ],
      [{ paidOn: "2026-03-01", amountCents: 100 }, 422, "validation", invoiceDateMessages.paidOnBeforeIssue],
      [{ paidOn: "2999-01-01", amountCents: 100 }, 422, "validation", invoicesApiMessages.paidOnInFuture],
      [{ paidOn: "gestern", amountCents: 100 }, 422, "validation", invoicesApiMessages.paidOnInvalid],
      [{ amountCents: 100 }, 422, "validation", invoicesApiMessages.paidOnInvalid],
      [
        { paidOn: "2026-03-03", amountCents: 100, note: "x".repeat(501) },
        422,
        "validation",
        invoicePaymentMessages.noteTooLong(500),
      ],
    ];
    for (const [json, status, code, message] of refusals) {
      const answer = await pay(invoice.id, json);
      expect([answer.status, answer.body], JSON.stringify(json)).toEqual([status, { code, message }] as never);
    }
    // The edges: the invoice date itself, today, a note of 500 characters.
    await paid(invoice.id, "2026-03-02", 1);
    const today = await pay(invoice.id, { paidOn: todayInGermany(), amountCents: 1, note: "x".repeat(500) });
    expect(today.status).toBe(201);
    expect(today.body.invoice.openCents).toBe(gross - 2);

    const draft = await createInvoice(app, staff.token, body("2026-03-02"));
    expect((await pay(draft.id, { paidOn: "2026-03-03", amountCents: 1 })).body as unknown).toEqual({
      code: "invoice-not-issued",
      message: invoicesApiMessages.notIssued,
    });
    const original = await createInvoice(app, staff.token, body(todayInGermany(), { issue: true }));
    const storno = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${original.id}/cancel`, {
      method: "POST",
      token: staff.token,
    });
    expect((await pay(original.id, { paidOn: todayInGermany(), amountCents: 1 })).body as unknown).toEqual({
      code: "invoice-cancelled-not-payable",
      message: invoicesApiMessages.cancelledNotPayable,
    });
    expect((await pay(storno.body.invoice.id, { paidOn: todayInGermany(), amountCents: 1 })).body as unknown).toEqual({
      code: "invoice-cancellation-final",
      message: invoicesApiMessages.cancellationFinal,
    });
    expect((await pay(999_999, { paidOn: todayInGermany(), amountCents: 1 })).status).toBe(404);
  });

  test("two payments of the rest at once: exactly one is taken, the invoice is never overpaid", async () => {
    const invoice = await issuedOn("2026-04-01");
    await paid(invoice.id, "2026-04-02", 5_000);
    // Another API process on the same database (the server: its own connections).
    const second = createTestApp(await db.connectAgain());
    const answers = await Promise.all(
      [app, second, app, second].map((each) =>
        callJson<{ invoice: Invoice }>(each, `/api/invoices/${invoice.id}/payments`, {
          token: staff.token,
          json: { paidOn: "2026-04-03", amountCents: 5_000 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    const [row] = await db.sql<{ sum: number }[]>`
      select sum(amount_cents)::bigint as sum from payments where invoice_id = ${invoice.id}`;
    expect(Number(row?.sum)).toBe(gross);
  });

  test("the table itself refuses an overpayment, a payment of a draft and a changed payment", async () => {
    const invoice = await issuedOn("2026-04-10");
    const refused = async (statement: () => Promise<unknown>) => {
      const error = await statement().then(
        () => null,
        (caught: unknown) => caught as { code?: string },
      );
      expect(error?.code).toBe("23514"); // check_violation
    };
    await refused(
      () =>
        db.sql`insert into payments (invoice_id, paid_on, amount_cents) values (${invoice.id}, '2026-04-11', ${gross + 1})`,
    );
    const draft = await createInvoice(app, staff.token, body("2026-04-10"));
    await refused(
      () => db.sql`insert into payments (invoice_id, paid_on, amount_cents) values (${draft.id}, '2026-04-11', 1)`,
    );
    const taken = await paid(invoice.id, "2026-04-11", 100);
    await refused(() => db.sql`update payments set amount_cents = 99 where id = ${taken.payments[0]?.id ?? 0}`);
  });

  test("a mistaken payment is deleted by its recorder or an admin, audited with its values", async () => {
    const invoice = await issuedOn("2026-05-04");
    await paid(invoice.id, "2026-05-05", 4_000);
    const full = await paid(invoice.id, "2026-05-06", 6_000);
    expect(full.status).toBe("paid");
    const [first, second] = full.payments;
    const remove = (paymentId: number | string, token: string, id: number | string = invoice.id) =>
      callJson<PaymentAnswer>(app, `/api/invoices/${id}/payments/${paymentId}`, { method: "DELETE", token });

    expect((await remove(first?.id ?? 0, colleague.token)).body as unknown).toEqual({
      code: "payment-not-yours",
      message: invoicesApiMessages.paymentNotYours,
    });
    expect((await remove("abc", staff.token)).body as unknown).toEqual({
      code: "invalid-id",
      message: invoicesApiMessages.invalidPaymentId,
    });
    const other = await issuedOn("2026-05-04");
    expect((await remove(first?.id ?? 0, staff.token, other.id)).body as unknown).toEqual({
      code: "payment-not-found",
      message: invoicesApiMessages.paymentNotFound,
    });

    const byRecorder = await remove(second?.id ?? 0, staff.token);
    expect(byRecorder.status).toBe(200);
    expect(byRecorder.body.invoice).toMatchObject({
      status: "overdue",
      paidOn: null,
      paidCents: 4_000,
      openCents: 6_000,
    });
    const byAdmin = await remove(first?.id ?? 0, owner.token);
    expect(byAdmin.body.invoice).toMatchObject({ paidCents: 0, openCents: gross, payments: [] });
    expect((await remove(first?.id ?? 0, owner.token)).status).toBe(404);

    const trail = await callJson<{ events: AuditEvent[] }>(
      app,
      `/api/audit?object_type=invoice&object_id=${invoice.id}&limit=10`,
      { token: owner.token },
    );
    const events = trail.body.events.filter(
      (event) => event.object_id === String(invoice.id) && event.action !== "invoice.draft_saved",
    );
    expect(events.map((event) => [event.action, event.actor_name])).toEqual([
      ["invoice.payment_deleted", owner.name],
      ["invoice.payment_deleted", staff.name],
      ["invoice.paid", staff.name],
      ["invoice.paid", staff.name],
    ]);
    const [adminDeleted, recorderDeleted, paidInFull] = events;
    expect(adminDeleted?.changes?.payment).toMatchObject({
      before: { amount_cents: 4_000, paid_on: "2026-05-05" },
      after: null,
    });
    expect(recorderDeleted?.changes?.paid_on).toEqual({ before: "2026-05-06", after: null });
    expect(paidInFull?.changes?.payment).toMatchObject({ before: null, after: { amount_cents: 6_000 } });
    expect(paidInFull?.changes?.paid_on).toEqual({ before: null, after: "2026-05-06" });
  });

  test("the migration turns an invoice marked paid into one payment of its total, read as before", async () => {
    const scratch = await mkdtemp(join(tmpdir(), "klarwerk-payments-"));
    const before = join(scratch, "before");
    await mkdir(before);
    for (const name of await readdir(migrationsDir))
      if (name.endsWith(".sql") && name < "042") await copyFile(join(migrationsDir, name), join(before, name));
    const old = await createTestDatabase({ migrated: false, kind });
    try {
      await migrate(old.sql, before);
      const [user] = await old.sql<{ id: number }[]>`
        insert into users (name, email, password_hash) values ('Alma Alt', 'alma@example.com', 'x') returning id`;
      const insert = (number: string, items: unknown[], totalCents: number, paidOn: string | null) => old.sql<
        { id: number }[]
      >`
        insert into invoices (state, number, number_year, number_sequence, recipient, provider, issue_date, items,
          tax_percent, total_cents, seller, pdf_blob, issued_at, paid_on)
        values ('issued', ${number}, 2025, ${Number(number.slice(5))}, ${"Alt GmbH\nWeg 1\n10115 Berlin"},
          'Klarwerk', '2025-12-01', ${old.sql.json(items as never)}, 19, ${totalCents}, '{}', ${`past-${number}`},
          now(), ${paidOn})
        returning id`;
      const item = { description: "Beratung", quantity: 1, unitPriceCents: 8_403 };
      const [paidOld] = await insert("2025-0001", [item], gross, "2026-01-02");
      const [openOld] = await insert("2025-0002", [item], gross, null);
      const [zeroOld] = await insert("2025-0003", [], 0, "2025-12-01");
      await recordAuditEvent(
        old.sql,
        { kind: "user", id: user?.id ?? null, name: "Alma Alt", address: "127.0.0.1" },
        { action: "invoice.paid", objectId: paidOld?.id, fields: ["paid_on"] },
      );

      await migrate(old.sql);
      const later = createTestApp(old.sql);
      const { token } = await registerAndLogin(later, { name: "Neu Nutzer" });
      const read = async (id: number | undefined) =>
        (await callJson<{ invoice: Invoice }>(later, `/api/invoices/${id}`, { token })).body.invoice;

      const paidNow = await read(paidOld?.id);
      expect(paidNow).toMatchObject({ status: "paid", paidOn: "2026-01-02", paidCents: gross, openCents: 0 });
      expect(paidNow.payments).toMatchObject([
        { paidOn: "2026-01-02", amountCents: gross, note: null, recordedBy: user?.id, recordedByName: "Alma Alt" },
      ]);
      expect(await read(openOld?.id)).toMatchObject({
        status: "overdue",
        paidOn: null,
        paidCents: 0,
        openCents: gross,
      });
      expect(await read(zeroOld?.id)).toMatchObject({
        status: "paid",
        paidOn: "2025-12-01",
        paidCents: 0,
        payments: [],
      });
      const report = await callJson<InvoiceReport>(later, "/api/invoices/report", { token });
      expect([report.body.open_items.count, report.body.open_items.sum_cents]).toEqual([1, gross]);
      // A payment deleted after the migration opens the invoice again, as any other.
      expect(
        (
          await call(later, `/api/invoices/${paidOld?.id}/payments/${paidNow.payments[0]?.id}`, {
            method: "DELETE",
            token,
          })
        ).status,
      ).toBe(403);
    } finally {
      await old.drop();
      await rm(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
