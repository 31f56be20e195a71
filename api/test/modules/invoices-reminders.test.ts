import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addDays,
  type Invoice,
  type InvoiceReminder,
  type ReminderBatchAnswer,
  type ReminderSettingsAnswer,
  todayInGermany,
} from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { invoiceBlobRows } from "../../src/modules/invoices/store.ts";
import { createTestApp } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { invoiceJson, reminderSettingsJson, saveCompany, storeIssuedInThePast } from "../support/invoices.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * Zahlungserinnerung und Mahnungen (migration 046, docs/decisions/0090) through the API, on both
 * databases: the levels in order, fees and interest as stored and printed (pdftotext), the refusals
 * (paid, partly paid, cancelled, not overdue), a payment committed a moment before, two „Erinnern“
 * at once, the batch's answers, the settings for admins only. Every invoice is 100,00 € gross.
 */

type Made = { reminder: InvoiceReminder; invoice: Invoice; code?: string; message?: string };

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "reminder-pdf-"));
  try {
    const file = join(dir, "r.pdf");
    await writeFile(file, new Uint8Array(bytes));
    const process = Bun.spawn(["pdftotext", "-layout", file, "-"], { stdout: "pipe" });
    const text = await new Response(process.stdout).text();
    await process.exited;
    return text.replaceAll("\u00a0", " ");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(testDatabaseKinds())("reminders (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let staff: SignedInUser;
  let owner: SignedInUser;
  let sequence = 100;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql);
    await saveCompany(app);
    owner = await signedInOwner(app);
    staff = await registerAndLogin(app, { name: "Paula Mahnung" });
  }, 240_000);
  afterAll(() => db?.drop());

  /** A 100,00 € invoice due on `dueDate` (issued 14 days before). */
  function dueOn(dueDate: string): Promise<Invoice> {
    const issueDate = addDays(dueDate, -14);
    return storeIssuedInThePast(
      db.sql,
      app,
      staff.token,
      invoiceJson({
        issueDate,
        items: [{ description: "Beratung", quantity: 1, unitPriceCents: 8_403 }],
        discountPercent: 0,
        extraFeesCents: 0,
        taxPercent: 19,
        paymentTermDays: 14,
      }),
      `${issueDate.slice(0, 4)}-${sequence++}`,
    );
  }

  function remind(id: number, json: Record<string, unknown> = {}, token = staff.token) {
    return callJson<Made>(app, `/api/invoices/${id}/reminders`, { token, json });
  }

  async function setFees(token = owner.token) {
    return callJson<ReminderSettingsAnswer>(app, "/api/invoices/reminder-settings", {
      token,
      method: "PUT",
      json: reminderSettingsJson,
    });
  }

  test("levels in order: Zahlungserinnerung, 1. Mahnung with fee, flat fee and interest split at 1.7., 2. Mahnung; the PDFs say so", async () => {
    expect((await setFees()).status).toBe(200);
    const invoice = await dueOn("2025-06-15");
    const first = await remind(invoice.id, { remindedOn: "2025-07-01" });
    expect([first.status, first.body.reminder]).toMatchObject([
      201,
      { level: 1, openCents: 10_000, feeCents: 0, interestCents: 0, totalCents: 10_000, payBy: "2025-07-11" },
    ]);
    // Within the Zahlungserinnerung's deadline no next level; a level can't be skipped or repeated.
    expect((await remind(invoice.id, { remindedOn: "2025-07-05" })).body.code).toBe("reminder-deadline-running");
    expect((await remind(invoice.id, { remindedOn: "2025-08-15", level: 3 })).body.code).toBe("reminder-level-order");
    expect((await remind(invoice.id, { remindedOn: "2025-08-15", level: 1 })).body.code).toBe("reminder-level-order");

    const second = await remind(invoice.id, { remindedOn: "2025-08-15", level: 2 });
    expect(second.status).toBe(201);
    expect(second.body.reminder).toMatchObject({
      level: 2,
      feeCents: 500,
      flatFeeCents: 4_000,
      interestCents: 176,
      interestPoints: 9,
      totalCents: 10_000 + 500 + 4_000 + 176,
    });
    expect(second.body.reminder.interestPeriods.map((period) => period.days)).toEqual([15, 46]);

    const pdf = await call(app, `/api/invoices/${invoice.id}/reminders/${second.body.reminder.id}/pdf`, {
      token: staff.token,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toContain(`1-Mahnung_${invoice.number}.pdf`);
    const text = await pdfText(await pdf.arrayBuffer());
    for (const expected of [
      "1. Mahnung",
      invoice.number ?? "",
      "100,00 €",
      "Mahngebühr",
      "5,00 €",
      "Verzugspauschale",
      "40,00 €",
      "Verzugszinsen",
      "1,76 €",
      "146,76 €",
      "25.08.2025",
    ]) {
      expect(text).toContain(expected);
    }

    const third = await remind(invoice.id, { remindedOn: "2025-09-01" });
    expect(third.body.reminder).toMatchObject({ level: 3, feeCents: 1_000, flatFeeCents: 0, earlierCostsCents: 4_500 });
    expect((await remind(invoice.id, {})).body.code).toBe("reminder-last-level");

    // The history, by level; the blobs are enumerated with the invoices' for the scrub and the backup.
    const history = await callJson<{ reminders: InvoiceReminder[] }>(app, `/api/invoices/${invoice.id}/reminders`, {
      token: staff.token,
    });
    expect(history.body.reminders.map((each) => each.level)).toEqual([1, 2, 3]);
    const rows = await invoiceBlobRows(db.sql, { afterId: 0, limit: 1000 });
    expect(rows.map((row) => row.name)).toContain(`2-Mahnung_${invoice.number}.pdf`);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  test("a consumer: 5 points and no flat fee", async () => {
    const invoice = await dueOn("2025-06-15");
    await remind(invoice.id, { remindedOn: "2025-07-01" });
    const made = await remind(invoice.id, { remindedOn: "2025-08-15", consumer: true });
    expect(made.body.reminder).toMatchObject({
      consumer: true,
      flatFeeCents: 0,
      interestPoints: 5,
      interestCents: 109,
    });
  });

  test("partly paid: reminded for the open amount to the cent; paid, cancelled: refused with the reason", async () => {
    const partly = await dueOn("2025-10-01");
    await callJson(app, `/api/invoices/${partly.id}/payments`, {
      token: staff.token,
      json: { paidOn: "2025-10-05", amountCents: 3_333 },
    });
    const made = await remind(partly.id);
    expect(made.body.reminder.openCents).toBe(6_667);

    const paid = await dueOn("2025-10-01");
    await callJson(app, `/api/invoices/${paid.id}/payment`, { token: staff.token, json: { paidOn: "2025-10-05" } });
    expect(await remind(paid.id)).toMatchObject({
      status: 409,
      body: { code: "reminder-paid", message: "Diese Rechnung ist bereits bezahlt: keine Erinnerung." },
    });

    const cancelled = await dueOn("2025-10-01");
    await callJson(app, `/api/invoices/${cancelled.id}/cancel`, { token: staff.token, method: "POST" });
    expect((await remind(cancelled.id)).body.code).toBe("reminder-cancelled");
  });

  test("due today: not overdue; due yesterday (Germany's day): overdue", async () => {
    const today = todayInGermany();
    const dueToday = await dueOn(today);
    expect(await remind(dueToday.id)).toMatchObject({
      status: 409,
      body: { code: "reminder-not-overdue", message: "Diese Rechnung ist noch nicht überfällig." },
    });
    const dueYesterday = await dueOn(addDays(today, -1));
    expect((await remind(dueYesterday.id)).status).toBe(201);
  });

  test("the batch answers each invoice: made, or skipped with its German reason; a preview stores nothing", async () => {
    const overdue = await dueOn("2025-11-01");
    const paid = await dueOn("2025-11-01");
    await callJson(app, `/api/invoices/${paid.id}/payment`, { token: staff.token, json: { paidOn: "2025-11-05" } });
    const notDue = await dueOn(addDays(todayInGermany(), 5));
    const ids = [overdue.id, paid.id, notDue.id, 999_999];
    const preview = await callJson<ReminderBatchAnswer>(app, "/api/invoices/reminders", {
      token: staff.token,
      json: { ids, preview: true },
    });
    expect(preview.body.results.map((result) => result.outcome)).toEqual(["planned", "skipped", "skipped", "skipped"]);
    const answer = await callJson<ReminderBatchAnswer>(app, "/api/invoices/reminders", {
      token: staff.token,
      json: { ids },
    });
    expect(answer.status).toBe(200);
    expect(
      answer.body.results.map((result) => (result.outcome === "skipped" ? result.message : result.outcome)),
    ).toEqual(["made", "bereits bezahlt", "nicht überfällig", "Diese Rechnung gibt es nicht."]);
    expect((await callJson(app, "/api/invoices/reminders", { token: staff.token, json: { ids: [] } })).status).toBe(
      422,
    );
  });

  test("two „Erinnern“ at once make one reminder", async () => {
    const invoice = await dueOn("2025-11-10");
    const answers = await Promise.all([remind(invoice.id), remind(invoice.id), remind(invoice.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const [row] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from invoice_reminders where invoice_id = ${invoice.id}`;
    expect(row?.count).toBe(1);
  });

  test.if(kind === "server")(
    "a payment committed a moment before the reminder wins: skipped, nothing stored",
    async () => {
      const invoice = await dueOn("2025-11-15");
      const reserved = await db.sql.reserve();
      try {
        await reserved`begin`;
        await reserved`select 1 from invoices where id = ${invoice.id} for update`;
        const pending = remind(invoice.id);
        await Bun.sleep(300);
        await reserved`
        insert into payments (invoice_id, paid_on, amount_cents) values (${invoice.id}, '2025-11-20', 10000)`;
        await reserved`update invoices set paid_on = '2025-11-20' where id = ${invoice.id}`;
        await reserved`commit`;
        expect((await pending).body.code).toBe("reminder-paid");
      } finally {
        reserved.release();
      }
      const [row] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from invoice_reminders where invoice_id = ${invoice.id}`;
      expect(row?.count).toBe(0);
    },
  );

  test("settings: staff read them, only admins write (403); base rates by 1 January / 1 July", async () => {
    const read = await callJson<ReminderSettingsAnswer>(app, "/api/invoices/reminder-settings", { token: staff.token });
    expect(read.status).toBe(200);
    expect(read.body.baseRates[0]).toEqual({ validFrom: "2023-01-01", ratePercent: 1.62 });
    expect((await setFees(staff.token)).status).toBe(403);
    const staffRate = await callJson(app, "/api/invoices/base-rates", {
      token: staff.token,
      json: { validFrom: "2026-01-01", ratePercent: 1.27 },
    });
    expect(staffRate.status).toBe(403);
    const wrongDate = await callJson(app, "/api/invoices/base-rates", {
      token: owner.token,
      json: { validFrom: "2026-02-01", ratePercent: 1.27 },
    });
    expect(wrongDate).toMatchObject({ status: 422, body: { code: "validation" } });
    const added = await callJson<ReminderSettingsAnswer>(app, "/api/invoices/base-rates", {
      token: owner.token,
      json: { validFrom: "2026-01-01", ratePercent: -0.5 },
    });
    expect(added.body.baseRates.at(-1)).toEqual({ validFrom: "2026-01-01", ratePercent: -0.5 });
    const badFee = await callJson(app, "/api/invoices/reminder-settings", {
      token: owner.token,
      method: "PUT",
      json: { ...read.body.settings, feeFirstCents: -1 },
    });
    expect(badFee).toMatchObject({ status: 422, body: { code: "validation" } });
    const removed = await call(app, "/api/invoices/base-rates/2026-01-01", { token: owner.token, method: "DELETE" });
    expect(removed.status).toBe(200);
  });
});
