import { describe, expect, test } from "bun:test";
import { copyFile, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AuditEvent,
  type DatevSettings,
  datevMessages,
  defaultDatevSettings,
  type Invoice,
  todayInGermany,
} from "@klarwerk/kit";
import { parse } from "csv-parse/sync";
import { migrate, migrationsDir } from "../../src/db/migrate.ts";
import { datevColumns } from "../../src/modules/invoices/datev.ts";
import { startAppTest } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, issuableCompany, saveCompany, storeIssuedInThePast } from "../support/invoices.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";

const { db, app } = await startAppTest();
await saveCompany(app);
const owner = await signedInOwner(app);
const staff = await registerAndLogin(app, { name: "Stefan Staff" });

const berater = 29098;
const mandant = 55003;

async function saveDatev(json: Record<string, unknown>, token = owner.token) {
  return callJson<{ datev: DatevSettings }>(app, "/api/company/datev", { method: "PUT", token, json });
}

async function customer(name: string): Promise<number> {
  const answer = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
    token: owner.token,
    json: { name },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.customer.id;
}

async function debitorOf(id: number): Promise<number> {
  const [row] = await db.sql<{ debitor_number: number }[]>`select debitor_number from customers where id = ${id}`;
  return Number(row?.debitor_number);
}

let nextSequence = 1;
/** An invoice issued on `issueDate` (a past day, as issuing then stored it), numbered in order. */
async function issuedOn(issueDate: string, overrides: Record<string, unknown> = {}): Promise<Invoice> {
  const number = `${issueDate.slice(0, 4)}-${9000 + nextSequence++}`;
  return storeIssuedInThePast(db.sql, app, owner.token, invoiceJson({ issueDate, ...overrides }), number);
}

/** A Stornorechnung of `original` dated `issueDate`, stored as cancelling would store it. */
async function cancelledOn(original: Invoice, issueDate: string): Promise<string> {
  const draft = await createInvoice(
    app,
    owner.token,
    invoiceJson({ issueDate, customerId: original.customerId, recipient: original.recipient, issue: false }),
  );
  const sequence = 9000 + nextSequence++;
  const number = `${issueDate.slice(0, 4)}-${sequence}`;
  await db.sql`
    update invoices set kind = 'cancellation', cancels_id = ${original.id}, total_cents = ${-original.totals.totalCents},
      state = 'issued', number = ${number}, number_year = ${Number(issueDate.slice(0, 4))}, number_sequence = ${sequence},
      seller = ${db.sql.json({ ...issuableCompany })}, pdf_blob = ${`past-${number}`}, issued_at = now(),
      issued_by_name = 'Test'
    where id = ${draft.id}`;
  return number;
}

interface Export {
  status: number;
  bytes: Uint8Array;
  text: string;
  rows: string[][];
  response: Response;
}

async function exportDatev(from: string, to: string, token = owner.token): Promise<Export> {
  const response = await call(app, `/api/invoices/datev?from=${from}&to=${to}`, { token });
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  // Read back by parts that are not ours: the WHATWG decoder (the bytes must be Windows-1252) and
  // csv-parse, strict about quotes, with DATEV's semicolons and CRLF (the header row has 31
  // fields, the others 125, hence the relaxed column count).
  const text = new TextDecoder("windows-1252").decode(bytes);
  const rows: string[][] =
    response.status === 200
      ? parse(text, { delimiter: ";", recordDelimiter: "\r\n", quote: '"', relaxColumnCount: true })
      : [];
  return { status: response.status, bytes, text, rows, response };
}

/** The bookings' signed Umsatz in cents (Haben negative). */
function signedCents(row: string[]): number {
  const [euros, cents] = (row[0] ?? "").split(",");
  const value = Number(euros) * 100 + Number(cents);
  return row[1] === "H" ? -value : value;
}

describe("DATEV settings (GET, PUT /api/company/datev)", () => {
  test("answer SKR03's standard revenue accounts until an admin saves, all without BU-Schlüssel", async () => {
    const answer = await callJson<{ datev: DatevSettings }>(app, "/api/company/datev", { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body.datev).toEqual(defaultDatevSettings);
    expect(
      Object.fromEntries(Object.entries(answer.body.datev.revenueAccounts).map(([key, value]) => [key, value.account])),
    ).toEqual({
      standard: "8400",
      reduced: "8300",
      "small-business": "8192",
      "reverse-charge": "8337",
      "intra-community-supply": "8125",
      export: "8120",
    });
  });

  test("a staff member may neither read nor change them", async () => {
    expect((await call(app, "/api/company/datev", { token: staff.token })).status).toBe(403);
    expect((await saveDatev({ consultantNumber: berater }, staff.token)).status).toBe(403);
  });

  test("SKR04 takes its own accounts; an edited account and BU-Schlüssel are kept; the change is audited", async () => {
    const answer = await saveDatev({
      consultantNumber: String(berater),
      clientNumber: mandant,
      chart: "SKR04",
      accountLength: 4,
      fiscalYearStartMonth: 1,
      revenueAccounts: { reduced: { account: "4310", taxKey: "2" } },
      collectiveDebtor: "69999",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.datev.consultantNumber).toBe(berater);
    expect(answer.body.datev.revenueAccounts.standard).toEqual({ account: "4400", taxKey: null });
    expect(answer.body.datev.revenueAccounts.reduced).toEqual({ account: "4310", taxKey: "2" });
    expect(answer.body.datev.revenueAccounts["small-business"].account).toBe("4192");
    const events = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?limit=5", { token: owner.token });
    expect(events.body.events[0]?.action).toBe("company.datev_changed");
    expect(events.body.events[0]?.fields).toContain("chart");
  });

  test.each([
    ["a Beraternummer below 1001", { consultantNumber: 1000 }, datevMessages.consultantNumberInvalid],
    ["a Mandantennummer of six digits", { clientNumber: 100000 }, datevMessages.clientNumberInvalid],
    ["a Sachkontenlänge of 9", { accountLength: 9 }, datevMessages.accountLengthInvalid],
    ["a month 13", { fiscalYearStartMonth: 13 }, datevMessages.fiscalYearStartInvalid],
    [
      "a revenue account of five digits at length 4",
      { revenueAccounts: { standard: { account: "84000" } } },
      datevMessages.revenueAccountInvalid("Erlöse 19 %", 4),
    ],
    ["a chart SKR05", { chart: "SKR05" }, datevMessages.chartInvalid],
  ])("refuse %s with a 422 naming it", async (_, json, message) => {
    const answer = await saveDatev(json);
    expect([answer.status, answer.body]).toEqual([422, { code: "validation", message }] as never);
  });
});

describe("Debitor numbers", () => {
  test("a new customer gets the next number from 10000 on, each once", async () => {
    const first = await debitorOf(await customer("Erster Kunde"));
    const second = await debitorOf(await customer("Zweiter Kunde"));
    expect(first).toBeGreaterThanOrEqual(10000);
    expect(second).toBe(first + 1);
  });

  test("the migration numbers the customers that exist, in the order they were created", async () => {
    const scratch = await mkdtemp(join(tmpdir(), "klarwerk-datev-"));
    const before = join(scratch, "before");
    await mkdir(before);
    for (const name of await readdir(migrationsDir))
      if (name.endsWith(".sql") && name < "036") await copyFile(join(migrationsDir, name), join(before, name));
    const empty = await createTestDatabase({ migrated: false });
    try {
      await migrate(empty.sql, before);
      await empty.sql`insert into customers (name) values ('Alt A'), ('Alt B'), ('Alt C')`;
      await migrate(empty.sql);
      await empty.sql`insert into customers (name) values ('Neu D')`;
      const rows = await empty.sql<{ name: string; debitor_number: number }[]>`
        select name, debitor_number from customers order by id`;
      expect(rows.map((row) => [row.name, Number(row.debitor_number)])).toEqual([
        ["Alt A", 10000],
        ["Alt B", 10001],
        ["Alt C", 10002],
        ["Neu D", 10003],
      ]);
    } finally {
      await empty.drop();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});

describe("GET /api/invoices/datev", () => {
  test("refuses until Berater- and Mandantennummer are set (409), and staff always (403)", async () => {
    const fresh = await startAppTest();
    const freshOwner = await signedInOwner(fresh.app);
    const answer = await callJson(fresh.app, "/api/invoices/datev?from=2026-01-01&to=2026-03-31", {
      token: freshOwner.token,
    });
    expect([answer.status, answer.body]).toEqual([
      409,
      { code: "datev-settings-missing", message: datevMessages.settingsMissing },
    ] as never);
    expect((await exportDatev("2026-01-01", "2026-03-31", staff.token)).status).toBe(403);
    expect((await call(app, "/api/invoices/datev?from=2026-01-01&to=2026-03-31")).status).toBe(401);
  });

  test.each([
    ["no dates", "", datevMessages.periodInvalid],
    ["only a start", "from=2026-01-01", datevMessages.periodInvalid],
    ["no real day", "from=2026-02-30&to=2026-03-31", datevMessages.periodInvalid],
    ["a text", "from=gestern&to=heute", datevMessages.periodInvalid],
    ["a reversed period", "from=2026-03-31&to=2026-01-01", datevMessages.periodReversed],
    ["two fiscal years", "from=2025-12-31&to=2026-01-01", datevMessages.periodAcrossFiscalYears],
    ["a day before 2000", "from=1999-12-31&to=1999-12-31", datevMessages.periodOutOfRange],
  ])("refuses %s with a 422 in German", async (_, query, message) => {
    await saveDatev({ consultantNumber: berater, clientNumber: mandant });
    const answer = await callJson(app, `/api/invoices/datev?${query}`, { token: owner.token });
    expect([answer.status, answer.body]).toEqual([422, { code: "validation", message }] as never);
  });

  test("a quarter: header, columns, every issued invoice once, storno on Haben, sums, Windows-1252, audited", async () => {
    await saveDatev({ consultantNumber: berater, clientNumber: mandant, chart: "SKR03" });
    const baecker = await customer("Bäckerei Grünöl & Söhne");
    const strasse = await customer("Straßenbau Ärger KG");
    // Edges: the quarter's first and last day in, the days either side out.
    await issuedOn("2025-12-31", { customerId: baecker });
    const first = await issuedOn("2026-01-01", {
      customerId: baecker,
      recipient: "Bäckerei Grünöl & Söhne\nWeg 1\n10115 Berlin",
    });
    const reduced = await issuedOn("2026-02-28", { customerId: strasse, taxPercent: 7 });
    const reverse = await issuedOn("2026-03-15", {
      customerId: strasse,
      taxPercent: 0,
      taxCase: "reverse-charge",
      recipientVatId: "DE123456789",
      recipient: "Straßenbau Ärger KG\nRing 2\n80331 München",
    });
    const walkIn = await issuedOn("2026-03-20", { recipient: "Laufkundschaft € Ökö\nGasse 3\n50667 Köln" });
    const storno = await cancelledOn(first, "2026-03-31");
    await issuedOn("2026-04-01", { customerId: baecker });
    const draft = await createInvoice(app, owner.token, invoiceJson({ issueDate: "2026-02-01", customerId: baecker }));

    const file = await exportDatev("2026-01-01", "2026-03-31");
    expect(file.status).toBe(200);
    expect(file.response.headers.get("content-type")).toBe("text/csv; charset=windows-1252");
    expect(file.response.headers.get("content-disposition")).toContain(
      'filename="EXTF_Buchungsstapel_2026-01-01_2026-03-31.csv"',
    );
    expect(file.response.headers.get("cache-control")).toBe("no-store");
    expect(file.text.endsWith("\r\n")).toBe(true);
    expect(file.text.replaceAll("\r\n", "").includes("\n")).toBe(false);

    // Windows-1252: ä, ö, ü, ß and € are one byte each, as that code page has them.
    for (const byte of [0xe4, 0xf6, 0xfc, 0xdf, 0x80]) expect(file.bytes).toContain(byte);
    expect(file.bytes).not.toContain(0xc3); // no UTF-8 lead byte of ä, ö, ü, ß
    expect(file.text).toContain("Grünöl");
    expect(file.text).toContain("Laufkundschaft € Ökö");

    const [header, columns, ...bookings] = file.rows;
    expect(header).toHaveLength(31);
    expect(header?.slice(0, 5)).toEqual(["EXTF", "700", "21", "Buchungsstapel", "13"]);
    expect(header?.[5]).toMatch(/^\d{17}$/);
    expect(header?.slice(10, 17)).toEqual([
      String(berater),
      String(mandant),
      "20260101",
      "4",
      "20260101",
      "20260331",
      "Ausgangsrechnungen",
    ]);
    expect(header?.[21]).toBe("EUR");
    expect(header?.[26]).toBe("03");
    expect(file.text.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
    expect(columns).toEqual([...datevColumns]);
    expect(columns).toHaveLength(125);
    expect(bookings.every((row) => row.length === 125)).toBe(true);

    const byNumber = new Map(bookings.map((row) => [row[10], row]));
    const numbers = [first.number, reduced.number, reverse.number, walkIn.number, storno];
    expect(bookings.map((row) => row[10])).toEqual(numbers as string[]);
    expect(byNumber.has(draft.number ?? "Entwurf")).toBe(false);

    const debitorBaecker = String(await debitorOf(baecker));
    const debitorStrasse = String(await debitorOf(strasse));
    const pick = (row: string[] | undefined) => [row?.[1], row?.[6], row?.[7], row?.[8], row?.[9]];
    expect(pick(byNumber.get(first.number ?? ""))).toEqual(["S", debitorBaecker, "8400", "", "0101"]);
    expect(pick(byNumber.get(reduced.number ?? ""))).toEqual(["S", debitorStrasse, "8300", "", "2802"]);
    expect(pick(byNumber.get(reverse.number ?? ""))).toEqual(["S", debitorStrasse, "8337", "", "1503"]);
    expect(pick(byNumber.get(walkIn.number ?? ""))).toEqual(["S", "69999", "8400", "", "2003"]);
    expect(pick(byNumber.get(storno))).toEqual(["H", debitorBaecker, "8400", "", "3103"]);
    expect(byNumber.get(storno)?.[13]).toStartWith(`Storno ${storno} Bäckerei`);
    // Belegfeld 2: a Stornorechnung names the invoice it reverses, so the two can be matched;
    // an invoice leaves it empty.
    expect(byNumber.get(storno)?.[11]).toBe(first.number ?? "");
    expect(bookings.filter((row) => row[10] !== storno).every((row) => row[11] === "")).toBe(true);
    expect(byNumber.get(first.number ?? "")?.[0]).toMatch(/^\d+,\d{2}$/);

    const totals = await db.sql<{ sum: number; count: number }[]>`
      select sum(total_cents)::float8 as sum, count(*)::int as count from invoices
      where state = 'issued' and issue_date between '2026-01-01' and '2026-03-31'`;
    const sum = bookings.reduce((total, row) => total + signedCents(row), 0);
    expect(sum).toBe(totals[0]?.sum ?? Number.NaN);
    expect(bookings).toHaveLength(totals[0]?.count ?? -1);
    expect(signedCents(byNumber.get(storno) ?? [])).toBe(-first.totals.totalCents);

    const events = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?limit=5", { token: owner.token });
    const event = events.body.events[0];
    expect(event?.action).toBe("invoice.datev_exported");
    expect(event?.actor_name).toBe(owner.name);
    expect(event?.changes).toEqual({
      period: { before: null, after: "2026-01-01/2026-03-31" },
      count: { before: null, after: 5 },
      sum: { before: null, after: expect.stringContaining("€") },
    });
    expect(JSON.stringify(event)).not.toContain("Bäckerei");
  });

  test("a fiscal year from July: the header names its start; a December–January period is one year", async () => {
    await saveDatev({ consultantNumber: berater, clientNumber: mandant, fiscalYearStartMonth: 7 });
    const file = await exportDatev("2025-12-01", "2026-01-31");
    expect(file.status).toBe(200);
    expect(file.rows[0]?.[12]).toBe("20250701");
    const across = await callJson(app, "/api/invoices/datev?from=2026-06-30&to=2026-07-01", { token: owner.token });
    expect(across.status).toBe(422);
    await saveDatev({ consultantNumber: berater, clientNumber: mandant, fiscalYearStartMonth: 1 });
  });

  test("a rate without a revenue account is refused naming the invoice (409), not booked wrong", async () => {
    const odd = await issuedOn("2026-05-05", { taxPercent: 16 });
    const answer = await callJson(app, "/api/invoices/datev?from=2026-05-01&to=2026-05-31", { token: owner.token });
    expect([answer.status, answer.body]).toEqual([
      409,
      { code: "datev-account-missing", message: datevMessages.rateWithoutAccount("16", odd.number ?? "") },
    ] as never);
  });

  test("a Stornorechnung made by „Stornieren“ today is its own booking on the Haben side", async () => {
    const today = todayInGermany();
    const id = await customer("Heute GmbH");
    const invoice = await createInvoice(app, owner.token, invoiceJson({ issue: true, customerId: id }));
    const cancelled = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${invoice.id}/cancel`, {
      token: owner.token,
      method: "POST",
    });
    expect(cancelled.status).toBe(201);
    const file = await exportDatev(today, today);
    const rows = file.rows.slice(2);
    const original = rows.find((row) => row[10] === invoice.number);
    const storno = rows.find((row) => row[10] === cancelled.body.invoice.number);
    expect([original?.[1], original?.[0]]).toEqual(["S", storno?.[0]]);
    expect(storno?.[1]).toBe("H");
    expect(storno?.[6]).toBe(String(await debitorOf(id)));
    expect([original?.[11], storno?.[11]]).toEqual(["", invoice.number ?? ""]);
  });
});
