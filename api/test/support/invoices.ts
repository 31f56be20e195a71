import type { CompanySettings, Invoice } from "@klarwerk/kit";
import { defaultCompanySettings, todayInGermany } from "@klarwerk/kit";
import type { Sql } from "../../src/db/open.ts";
import { callJson, type Handler } from "./http.ts";
import { signedInOwner } from "./users.ts";

/** Company settings an invoice can be issued with: the site's plus tax number and bank account. */
export const issuableCompany: CompanySettings = {
  ...defaultCompanySettings,
  taxNumber: "12/345/67890",
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
  bankName: "Beispielbank",
};

/** Saves the company settings as the owner does: only admins may. */
export async function saveCompany(app: Handler, company: Partial<CompanySettings> = {}) {
  const answer = await callJson(app, "/api/company", {
    method: "PUT",
    token: (await signedInOwner(app)).token,
    json: { ...issuableCompany, ...company },
  });
  if (answer.status !== 200)
    throw new Error(`PUT /api/company answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A complete invoice body dated today (issuable): a customer with address, the provider block, two items. */
export function invoiceJson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    recipient: "Müller & Söhne GmbH\nHauptstraße 5\n80331 München",
    provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
    issueDate: todayInGermany(),
    items: [
      { description: "Webdesign", quantity: 1, unitPriceCents: 150_000 },
      { description: "Hosting (Monate)", quantity: 12, unitPriceCents: 999 },
    ],
    discountPercent: 10,
    taxPercent: 19,
    extraFeesCents: 2_500,
    notes: "Vielen Dank für Ihren Auftrag.",
    ...overrides,
  };
}

/** POSTs an invoice (a draft, or issued with `issue: true`) and expects 201. */
export async function createInvoice(app: Handler, token: string, json: Record<string, unknown>): Promise<Invoice> {
  const answer = await callJson<{ invoice: Invoice }>(app, "/api/invoices", { token, json });
  if (answer.status !== 201)
    throw new Error(`POST /api/invoices answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.invoice;
}

/**
 * An issued invoice of a past date, as issuing back then stored it (issuing today refuses such a
 * date): a draft saved through the API, then marked issued in SQL with `number`. Its PDF blob
 * does not exist; for tests of lists, status and payments.
 */
export async function storeIssuedInThePast(
  sql: Sql,
  app: Handler,
  token: string,
  json: Record<string, unknown>,
  number: string,
): Promise<Invoice> {
  const draft = await createInvoice(app, token, { ...json, issue: false });
  const [year, sequence] = number.split("-").map(Number);
  await sql`
    update invoices set state = 'issued', number = ${number}, number_year = ${year ?? 0},
      number_sequence = ${sequence ?? 0}, seller = ${sql.json({ ...issuableCompany })}, pdf_blob = ${`past-${number}`},
      issued_at = now(), issued_by_name = 'Test'
    where id = ${draft.id}`;
  const answer = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${draft.id}`, { token });
  return answer.body.invoice;
}

/** Reminder settings as the tests save them: fees of 0, 5 and 10 €, § 288 points, the 40 € flat fee. */
export const reminderSettingsJson = {
  feeReminderCents: 0,
  feeFirstCents: 500,
  feeSecondCents: 1_000,
  pointsBusiness: 9,
  pointsConsumer: 5,
  flatFee: true,
  reminderInterest: false,
  deadlineDays: 10,
};
