import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import {
  addDays,
  type RecurringInvoice,
  type RecurringInvoiceInput,
  recurringInvoiceMessages,
  todayInGermany,
} from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import type { Sql } from "../../src/db/open.ts";
import { systemActor } from "../../src/modules/audit/index.ts";
import { runDueRecurringInvoices, runRecurringInvoices } from "../../src/modules/recurring-invoices/index.ts";
import { recurringInvoicesService } from "../../src/modules/recurring-invoices/service.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { callJson } from "../support/http.ts";
import { saveCompany } from "../support/invoices.ts";
import { openPrivacyCase } from "../support/privacy.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * Wiederkehrende Rechnungen (migration 045, decision 0080) on both databases: the routes and
 * their refusals, each run exactly once with two job runs at once, a run crashed before its
 * commit leaves nothing and the next job makes it, downtime caught up period by period, the
 * anchor day across February and the year end, the end date to the day, pausing.
 */

describe.each(testDatabaseKinds())("recurring invoices (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let staff: SignedInUser;
  let owner: SignedInUser;
  let customerId: number;
  const config = testConfig();
  const today = todayInGermany();

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, config);
    await saveCompany(app);
    owner = await signedInOwner(app);
    staff = await registerAndLogin(app, { name: "Rita Regel" });
    const [row] = await db.sql<{ id: number }[]>`
      insert into customers (name, address) values ('Müller & Söhne GmbH', 'Hauptstraße 5' || e'\n' || '80331 München')
      returning id`;
    customerId = row?.id ?? 0;
  }, 180_000);
  afterAll(() => db?.drop());

  const body = (overrides: Partial<RecurringInvoiceInput> = {}): RecurringInvoiceInput => ({
    customerId,
    items: [{ description: "Wartung", quantity: 1, unitPriceCents: 10_000 }],
    frequency: "monthly",
    firstOn: today,
    endsOn: null,
    servicePeriod: "current",
    mode: "issue",
    ...overrides,
  });

  /** A template saved as on `day` (the service takes the day; the routes give Germany's today). */
  async function template(day: string, overrides: Partial<RecurringInvoiceInput> = {}): Promise<RecurringInvoice> {
    return recurringInvoicesService(db.sql).create(
      body({ firstOn: day, ...overrides }),
      owner.user.id,
      systemActor,
      day,
    );
  }

  async function runsOf(id: number) {
    return db.sql<{ scheduled_on: string; made_on: string; period_start: string; period_end: string; state: string }[]>`
      select scheduled_on::text, made_on::text, period_start::text, period_end::text, state
      from recurring_invoice_runs where template_id = ${id} order by id`;
  }

  async function invoicesOf(id: number) {
    return db.sql<{ id: number; state: string; issue_date: string; service_period_start: string }[]>`
      select i.id, i.state, i.issue_date::text, i.service_period_start::text from invoices i
      join recurring_invoice_runs r on r.invoice_id = i.id where r.template_id = ${id} order by i.id`;
  }

  const deps = () => ({ sql: db.sql, config });

  test("signed out: 401; staff create, list, pause, resume, end; staff may not run the job (403)", async () => {
    expect((await callJson(app, "/api/recurring-invoices")).status).toBe(401);
    expect((await callJson(app, "/api/recurring-invoices", { json: body() })).status).toBe(401);
    const created = await callJson<{ template: RecurringInvoice }>(app, "/api/recurring-invoices", {
      token: staff.token,
      json: body({ mode: "draft", firstOn: addDays(today, 3) }),
    });
    expect(created.status).toBe(201);
    const { template: made } = created.body;
    expect(made).toMatchObject({ customerName: "Müller & Söhne GmbH", frequency: "monthly", state: "active" });
    expect(made.totalCents).toBe(11_900);
    expect(made.nextRunOn).toBe(addDays(today, 3));
    const list = await callJson<{ templates: RecurringInvoice[] }>(app, "/api/recurring-invoices", {
      token: staff.token,
    });
    expect(list.body.templates.map((one) => one.id)).toContain(made.id);
    const paused = await callJson<{ template: RecurringInvoice }>(app, `/api/recurring-invoices/${made.id}/pause`, {
      method: "POST",
      token: staff.token,
    });
    expect(paused.body.template.state).toBe("paused");
    const resumed = await callJson<{ template: RecurringInvoice }>(app, `/api/recurring-invoices/${made.id}/resume`, {
      method: "POST",
      token: staff.token,
    });
    expect(resumed.body.template.state).toBe("active");
    const ended = await callJson<{ template: RecurringInvoice }>(app, `/api/recurring-invoices/${made.id}/end`, {
      method: "POST",
      token: staff.token,
    });
    expect(ended.body.template).toMatchObject({ state: "ended", nextRunOn: null });
    const again = await callJson(app, `/api/recurring-invoices/${made.id}/resume`, {
      method: "POST",
      token: staff.token,
    });
    expect(again.status).toBe(409);
    expect(
      (await callJson(app, "/api/recurring-invoices/999999/pause", { method: "POST", token: staff.token })).status,
    ).toBe(404);
    expect((await callJson(app, "/api/recurring-invoices/run", { method: "POST", token: staff.token })).status).toBe(
      403,
    );
    const events = await db.sql<{ action: string }[]>`
      select action from audit_events where object_type = 'recurring_invoice' and object_id = ${String(made.id)} order by seq`;
    expect(events.map((event) => event.action)).toEqual([
      "recurring_invoice.created",
      "recurring_invoice.paused",
      "recurring_invoice.resumed",
      "recurring_invoice.ended",
    ]);
  });

  test("bad input: German 422s", async () => {
    const cases: [Partial<RecurringInvoiceInput>, string][] = [
      [{ endsOn: addDays(today, -1) }, recurringInvoiceMessages.endBeforeStart],
      [{ items: [] }, recurringInvoiceMessages.itemsRequired],
      [{ items: [{ description: " ", quantity: 1, unitPriceCents: 5 }] }, recurringInvoiceMessages.itemsRequired],
      [{ customerId: 987_654 }, recurringInvoiceMessages.customerUnknown],
      [{ frequency: "weekly" }, recurringInvoiceMessages.frequencyUnknown],
      [{ mode: "fax" }, recurringInvoiceMessages.modeUnknown],
      [{ servicePeriod: "next" }, recurringInvoiceMessages.servicePeriodUnknown],
      [{ firstOn: "2027-02-30" }, recurringInvoiceMessages.firstOnInvalid],
      [{ firstOn: addDays(today, -1) }, recurringInvoiceMessages.firstOnPast],
    ];
    for (const [overrides, message] of cases) {
      const answer = await callJson<{ code: string; message: string }>(app, "/api/recurring-invoices", {
        token: staff.token,
        json: body(overrides),
      });
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 422, message });
    }
    const noCustomer = await callJson<{ message: string }>(app, "/api/recurring-invoices", {
      token: staff.token,
      json: { ...body(), customerId: "x" },
    });
    expect(noCustomer.status).toBe(422);
  });

  test("two job runs at once on two connections make each run exactly once", async () => {
    const made = await template(today);
    const other: Sql = await db.connectAgain();
    // Without the deployment's lock: the unique key and the row lock alone hold.
    const reports = await Promise.all([
      runDueRecurringInvoices({ sql: db.sql, config }, { today }),
      runDueRecurringInvoices({ sql: other, config }, { today }),
      runRecurringInvoices({ sql: other, config }, { today }),
    ]);
    expect(reports.reduce((sum, report) => sum + (report?.made ?? 0), 0)).toBe(1);
    expect(await runsOf(made.id)).toHaveLength(1);
    const invoices = await invoicesOf(made.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.state).toBe("issued");
    // The next day: nothing more.
    expect((await runDueRecurringInvoices(deps(), { today })).made).toBe(0);
    await recurringInvoicesService(db.sql).end(made.id, systemActor, today);
  });

  test("a run crashed before its commit leaves nothing; the next job makes it whole", async () => {
    const made = await template(today);
    const invoicesBefore = await db.sql<{ count: number }[]>`select count(*)::int as count from invoices`;
    await expect(
      runDueRecurringInvoices(deps(), {
        today,
        beforeCommit: () => {
          throw new Error("the process dies here");
        },
      }),
    ).rejects.toThrow("the process dies here");
    expect(await runsOf(made.id)).toHaveLength(0);
    const invoicesAfter = await db.sql<{ count: number }[]>`select count(*)::int as count from invoices`;
    expect(invoicesAfter[0]?.count).toBe(invoicesBefore[0]?.count ?? -1);
    const [stored] = await db.sql<{ next: string }[]>`
      select next_run_on::text as next from recurring_invoices where id = ${made.id}`;
    expect(stored?.next).toBe(today);
    expect((await runDueRecurringInvoices(deps(), { today })).made).toBe(1);
    expect(await runsOf(made.id)).toHaveLength(1);
    expect(await invoicesOf(made.id)).toHaveLength(1);
    await recurringInvoicesService(db.sql).end(made.id, systemActor, today);
  });

  test("a process killed (SIGKILL) between making a run and committing it: no half run; the next job makes it", async () => {
    if (db.url === null) return; // The embedded database is this process's alone: no second process.
    const made = await template(today);
    const child = Bun.spawn(["bun", join(import.meta.dir, "../support/recurring-crash.ts"), db.url, today], {
      stdout: "inherit",
      stderr: "inherit",
    });
    expect(await child.exited).not.toBe(3);
    expect(child.signalCode).toBe("SIGKILL");
    expect(await runsOf(made.id)).toHaveLength(0);
    expect(await invoicesOf(made.id)).toHaveLength(0);
    expect((await runDueRecurringInvoices(deps(), { today })).made).toBe(1);
    expect(await runsOf(made.id)).toHaveLength(1);
    expect(await invoicesOf(made.id)).toHaveLength(1);
    await recurringInvoicesService(db.sql).end(made.id, systemActor, today);
  });

  test("the 31st anchor across February (non-leap and leap) and the year end, each period once", async () => {
    const january = await template("2027-01-31", { mode: "draft" });
    const december = await template("2027-12-31", { mode: "draft", servicePeriod: "previous" });
    await runDueRecurringInvoices(deps(), { today: "2028-04-01" });
    expect([...(await runsOf(january.id))]).toEqual(
      [
        ["2027-01-31", "2027-01-01", "2027-01-31"],
        ["2027-02-28", "2027-02-01", "2027-02-28"],
        ["2027-03-31", "2027-03-01", "2027-03-31"],
        ["2027-04-30", "2027-04-01", "2027-04-30"],
        ["2027-05-31", "2027-05-01", "2027-05-31"],
        ["2027-06-30", "2027-06-01", "2027-06-30"],
        ["2027-07-31", "2027-07-01", "2027-07-31"],
        ["2027-08-31", "2027-08-01", "2027-08-31"],
        ["2027-09-30", "2027-09-01", "2027-09-30"],
        ["2027-10-31", "2027-10-01", "2027-10-31"],
        ["2027-11-30", "2027-11-01", "2027-11-30"],
        ["2027-12-31", "2027-12-01", "2027-12-31"],
        ["2028-01-31", "2028-01-01", "2028-01-31"],
        ["2028-02-29", "2028-02-01", "2028-02-29"],
        ["2028-03-31", "2028-03-01", "2028-03-31"],
      ].map(([scheduled_on = "", period_start = "", period_end = ""]) => ({
        scheduled_on,
        made_on: "2028-04-01",
        period_start,
        period_end,
        state: "draft",
      })),
    );
    expect((await runsOf(december.id)).map((run) => [run.scheduled_on, run.period_start, run.period_end])).toEqual([
      ["2027-12-31", "2027-11-01", "2027-11-30"],
      ["2028-01-31", "2027-12-01", "2027-12-31"],
      ["2028-02-29", "2028-01-01", "2028-01-31"],
      ["2028-03-31", "2028-02-01", "2028-02-29"],
    ]);
    expect((await invoicesOf(january.id)).map((invoice) => invoice.service_period_start)).toHaveLength(15);
    for (const id of [january.id, december.id])
      await recurringInvoicesService(db.sql).end(id, systemActor, "2028-04-01");
  });

  test("the end date is inclusive: a run on it is made, one a day after it is not", async () => {
    const counts: Record<string, number> = {};
    for (const endsOn of ["2029-03-14", "2029-03-15", "2029-03-16"]) {
      const made = await template("2029-01-15", { mode: "draft", endsOn });
      await runDueRecurringInvoices(deps(), { today: "2029-06-01" });
      counts[endsOn] = (await runsOf(made.id)).length;
      const [stored] = await db.sql<{ state: string }[]>`select state from recurring_invoices where id = ${made.id}`;
      expect(stored?.state).toBe("ended");
    }
    expect(counts).toEqual({ "2029-03-14": 2, "2029-03-15": 3, "2029-03-16": 3 });
  });

  test("a paused template skips its periods and does not catch them up after „Fortsetzen“", async () => {
    const service = recurringInvoicesService(db.sql);
    const made = await template("2030-01-10", { mode: "draft" });
    await runDueRecurringInvoices(deps(), { today: "2030-01-10" });
    await service.pause(made.id, systemActor, "2030-01-20");
    await runDueRecurringInvoices(deps(), { today: "2030-03-15" });
    expect(await runsOf(made.id)).toHaveLength(1);
    const resumed = await service.resume(made.id, systemActor, "2030-03-15");
    expect(resumed.nextRunOn).toBe("2030-04-10");
    await runDueRecurringInvoices(deps(), { today: "2030-04-10" });
    expect((await runsOf(made.id)).map((run) => run.scheduled_on)).toEqual(["2030-01-10", "2030-04-10"]);
    await service.end(made.id, systemActor, "2030-04-10");
  });

  test("privacy: the person search finds a template for their customer; the erasure deletes it (no further invoice)", async () => {
    const email = `anna.abo-${crypto.randomUUID().slice(0, 6)}@beispiel.de`;
    const [row] = await db.sql<{ id: number }[]>`
      insert into customers (name, email, address) values ('Anna Abo', ${email}, 'Weg 1' || e'\n' || '10115 Berlin')
      returning id`;
    const made = await template(addDays(today, 2), { customerId: row?.id ?? 0, mode: "draft" });
    const opened = await openPrivacyCase(app, owner, { email, kind: "both" });
    const plan = await callJson<{ items: { kind: string; id: number; action: string }[] }>(
      app,
      `/api/privacy/cases/${opened.id}/erasure-plan`,
      { token: owner.token },
    );
    expect(plan.body.items.map((item) => `${item.kind}:${item.id}:${item.action}`)).toEqual([
      `customer:${row?.id}:anonymise`,
      `recurring_invoice:${made.id}:erase`,
    ]);
    const erased = await callJson(app, `/api/privacy/cases/${opened.id}/erasure`, {
      method: "POST",
      token: owner.token,
    });
    expect(erased.status).toBe(200);
    const [left] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from recurring_invoices where id = ${made.id}`;
    expect(left?.n).toBe(0);
  });

  test("40 days of downtime: each missed period once, in order, issued, „nachgeholt“ with its audit event", async () => {
    const first = addDays(today, 1);
    const made = await template(first, { mode: "issue" });
    const later = addDays(first, 40);
    const report = await runRecurringInvoices(deps(), { today: later });
    const runs = await runsOf(made.id);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(report?.made).toBe(runs.length);
    expect(report?.caughtUp).toBe(runs.filter((run) => run.scheduled_on < later).length);
    expect(runs.map((run) => run.scheduled_on)).toEqual([...runs.map((run) => run.scheduled_on)].sort());
    expect(new Set(runs.map((run) => run.scheduled_on)).size).toBe(runs.length);
    expect(runs.every((run) => run.made_on === later && run.state === "issued")).toBe(true);
    expect(runs[0]?.period_start).toBe(`${first.slice(0, 7)}-01`);
    const invoices = await invoicesOf(made.id);
    expect(invoices.map((invoice) => [invoice.state, invoice.issue_date])).toEqual(runs.map(() => ["issued", later]));
    const events = await db.sql<{ action: string }[]>`
      select action from audit_events where object_type = 'recurring_invoice' and object_id = ${String(made.id)}
        and action in ('recurring_invoice.run', 'recurring_invoice.caught_up') order by seq`;
    expect(events.filter((event) => event.action === "recurring_invoice.caught_up")).toHaveLength(
      report?.caughtUp ?? -1,
    );
    const list = await callJson<{ templates: RecurringInvoice[] }>(app, "/api/recurring-invoices", {
      token: staff.token,
    });
    const shown = list.body.templates.find((one) => one.id === made.id);
    expect(shown?.runs[0]?.invoiceNumber).toMatch(/^\d{4}-\d+$/);
    expect(shown?.runs.some((run) => run.caughtUp)).toBe(true);
    // Nothing twice: the same day again makes nothing.
    expect((await runRecurringInvoices(deps(), { today: later }))?.made).toBe(0);
  });
});
