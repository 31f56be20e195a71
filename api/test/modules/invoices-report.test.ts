import { describe, expect, test } from "bun:test";
import { type InvoicePage, type InvoiceReport, invoiceTotals, todayInGermany } from "@klarwerk/kit";
import { invoicesApiMessages } from "../../src/modules/invoices/messages.ts";
import { invoiceReport } from "../../src/modules/invoices/report.ts";
import { insertCancellation } from "../../src/modules/invoices/store.ts";
import { startAppTest } from "../support/app.ts";
import { callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, issuableCompany, saveCompany, storeIssuedInThePast } from "../support/invoices.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";

/**
 * The "Auswertung" against the database (Postgres with DATABASE_URL, PGlite without): open items
 * and their ages, and the revenue per month, computed for chosen days around a month end and a
 * year end. Every invoice is 1 × 100,00 € at 19 % (net 10 000, gross 11 900 cents) unless said.
 */

const { db, app } = await startAppTest();
const { token } = await registerAndLogin(app, { name: "Rita Rechnung" });
const owner = await signedInOwner(app);
await saveCompany(app);

const net = 10_000;
const gross = 11_900;

function body(issueDate: string, overrides: Record<string, unknown> = {}) {
  return invoiceJson({
    issueDate,
    items: [{ description: "Beratung", quantity: 1, unitPriceCents: net }],
    discountPercent: 0,
    extraFeesCents: 0,
    taxPercent: 19,
    ...overrides,
  });
}

async function pay(id: number, paidOn: string) {
  const answer = await callJson(app, `/api/invoices/${id}/payment`, { method: "POST", token, json: { paidOn } });
  expect(answer.status).toBe(200);
}

// Open: due on the day of the year change's invoice + 14, due on its invoice date (Zahlungsziel 0),
// no Zahlungsziel given (the default 14 days), and an old one of twice the amount.
const dueJan14 = await storeIssuedInThePast(
  db.sql,
  app,
  token,
  body("2025-12-31", { paymentTermDays: 14 }),
  "2025-0040",
);
const dueJan1 = await storeIssuedInThePast(db.sql, app, token, body("2026-01-01", { paymentTermDays: 0 }), "2026-0001");
const noTermGiven = Object.fromEntries(
  Object.entries(body("2025-11-30")).filter(([field]) => field !== "paymentTermDays"),
);
const dueDec14 = await storeIssuedInThePast(db.sql, app, token, noTermGiven, "2025-0030");
const twice = { items: [{ description: "Beratung", quantity: 2, unitPriceCents: net }], paymentTermDays: 0 };
const dueOct31 = await storeIssuedInThePast(db.sql, app, token, body("2025-10-31", twice), "2025-0020");
// Not open: paid; paid and then cancelled by a Stornorechnung dated in the next year; a draft;
// one paid long ago (outside the twelve months of January 2026).
const paid = await storeIssuedInThePast(db.sql, app, token, body("2025-12-15"), "2025-0035");
await pay(paid.id, "2026-01-10");
const cancelled = await storeIssuedInThePast(db.sql, app, token, body("2025-12-20"), "2025-0036");
await pay(cancelled.id, "2025-12-28");
const reversal = { ...body("2026-01-02"), items: [{ description: "Beratung", quantity: -1, unitPriceCents: net }] };
const reversalContent = {
  ...cancelled,
  issueDate: "2026-01-02",
  paymentTermDays: 0,
  items: reversal.items,
};
await db.sql.begin((tx) =>
  insertCancellation(tx, cancelled.id, {
    number: "2026-0002",
    year: 2026,
    sequence: 2,
    content: reversalContent,
    totalCents: invoiceTotals(reversalContent).totalCents,
    seller: issuableCompany,
    pdf: { id: "past-2026-0002", size: 1, sha256: "0".repeat(64) },
    issuer: { id: owner.user.id, name: owner.user.name },
  }),
);
await createInvoice(app, token, body("2025-12-10", { issue: false }));
const longAgo = await storeIssuedInThePast(db.sql, app, token, body("2025-01-31"), "2025-0001");
await pay(longAgo.id, "2025-02-10");

const report = (today: string) => invoiceReport(db.sql, today, false);

function bucketCounts(answer: InvoiceReport) {
  const { buckets } = answer.open_items;
  return [buckets.not_due.count, buckets.days_1_30.count, buckets.days_31_60.count, buckets.days_over_60.count];
}

describe("open items", () => {
  test("are the issued invoices neither paid nor cancelled, gross, each in the bucket of its age", async () => {
    expect(dueJan14.dueDate).toBe("2026-01-14");
    expect(dueDec14.dueDate).toBe("2025-12-14");
    expect(dueJan1.dueDate).toBe("2026-01-01");
    const answer = await report("2026-01-14");
    expect(answer.today).toBe("2026-01-14");
    expect(answer.open_items).toEqual({
      count: 4,
      sum_cents: 5 * gross,
      overdue: { count: 3, sum_cents: 4 * gross },
      buckets: {
        // due today: not yet overdue
        not_due: { count: 1, sum_cents: gross },
        // 13 days
        days_1_30: { count: 1, sum_cents: gross },
        // no Zahlungsziel given: due 14 days after 2025-11-30, 31 days ago
        days_31_60: { count: 1, sum_cents: gross },
        // 75 days, twice the amount
        days_over_60: { count: 1, sum_cents: 2 * gross },
      },
    });
  });

  test("change bucket on the day after 0, 30 and 60 days, across a month end and a year end", async () => {
    // [not due, 1–30, 31–60, over 60]
    expect(bucketCounts(await report("2026-01-13"))).toEqual([1, 2, 0, 1]); // 30 days past 2025-12-14
    expect(bucketCounts(await report("2026-01-15"))).toEqual([0, 2, 1, 1]); // 1 day past 2026-01-14
    expect(bucketCounts(await report("2026-01-31"))).toEqual([0, 2, 1, 1]); // 30 days past 2026-01-01
    expect(bucketCounts(await report("2026-02-01"))).toEqual([0, 1, 2, 1]); // 31 days
    expect(bucketCounts(await report("2025-12-30"))).toEqual([2, 1, 1, 0]); // 60 days past 2025-10-31
    expect(bucketCounts(await report("2025-12-31"))).toEqual([2, 1, 0, 1]); // 61 days
    expect(bucketCounts(await report("2025-12-14"))).toEqual([3, 0, 1, 0]); // due today; 44 days past 2025-10-31
  });
});

describe("revenue", () => {
  test("is net per month of the invoice date, paid and open, with the storno in its own month", async () => {
    const answer = await report("2026-01-14");
    expect(answer.revenue).toHaveLength(12);
    expect(answer.revenue[0]?.month).toBe("2025-02");
    expect(answer.revenue.slice(-4)).toEqual([
      { month: "2025-10", paid_cents: 0, open_cents: 2 * net },
      { month: "2025-11", paid_cents: 0, open_cents: net },
      // paid, paid then cancelled, open
      { month: "2025-12", paid_cents: 2 * net, open_cents: net },
      // open on 2026-01-01, and the Stornorechnung of a paid invoice
      { month: "2026-01", paid_cents: -net, open_cents: net },
    ]);
    const early = answer.revenue.slice(0, 8);
    expect(early.every((month) => month.paid_cents === 0 && month.open_cents === 0)).toBe(true);
  });

  test("at a year end covers January to December of that year", async () => {
    const answer = await report("2025-12-31");
    expect(answer.revenue.map((month) => month.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => `2025-${String(index + 1).padStart(2, "0")}`),
    );
    expect(answer.revenue[0]).toEqual({ month: "2025-01", paid_cents: net, open_cents: 0 });
    expect(answer.revenue[11]).toEqual({ month: "2025-12", paid_cents: 2 * net, open_cents: net });
  });
});

describe("GET /api/invoices/report", () => {
  test("answers staff and admins for today in Germany, and nobody unsigned", async () => {
    const answer = await callJson<InvoiceReport>(app, "/api/invoices/report", { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(await report(todayInGermany()));
    expect(answer.body.today).toBe(todayInGermany());
    expect((await callJson(app, "/api/invoices/report", { token: owner.token })).status).toBe(200);
    expect((await callJson(app, "/api/invoices/report", { token: "" })).status).toBe(401);
  });

  test("each bucket's count is what the list shows with its ageing filter", async () => {
    const { body: answer } = await callJson<InvoiceReport>(app, "/api/invoices/report", { token });
    for (const [bucket, amount] of Object.entries(answer.open_items.buckets)) {
      const list = await callJson<InvoicePage>(app, `/api/invoices?ageing=${bucket}&limit=100`, { token });
      expect(list.status).toBe(200);
      expect(list.body.total, bucket).toBe(amount.count);
      const sum = list.body.invoices.reduce((total, invoice) => total + invoice.totalCents, 0);
      expect(sum, bucket).toBe(amount.sum_cents);
    }
    const all = await callJson<InvoicePage>(app, "/api/invoices?ageing=&limit=100", { token });
    expect(all.body.total).toBe(9);
    const bad = await callJson(app, "/api/invoices?ageing=days_61_90", { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: "invalid-query", message: invoicesApiMessages.invalidAgeingFilter });
  });

  test("leaves out for staff, as the list does, an invoice a data-protection erasure restricted", async () => {
    const before = await callJson<InvoiceReport>(app, "/api/invoices/report", { token });
    await db.sql`
      insert into privacy_restrictions (table_name, row_id, restricted_until)
      values ('invoices', ${dueOct31.id}, '2036-12-31')`;
    try {
      const staff = await callJson<InvoiceReport>(app, "/api/invoices/report", { token });
      expect(staff.body.open_items.count).toBe(before.body.open_items.count - 1);
      expect(staff.body.open_items.sum_cents).toBe(before.body.open_items.sum_cents - 2 * gross);
      const admin = await callJson<InvoiceReport>(app, "/api/invoices/report", { token: owner.token });
      expect(admin.body).toEqual(before.body);
    } finally {
      await db.sql`delete from privacy_restrictions where row_id = ${dueOct31.id}`;
    }
  });
});
