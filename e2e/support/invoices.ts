import type { APIRequestContext } from "@playwright/test";
import postgres from "postgres";
import { expect } from "./test";
import { testOwner, tokenOf } from "./users";

/** Company settings an invoice can be issued with (tax number, bank account); saved by the owner, an admin. */
export const issuableCompany = {
  taxNumber: "12/345/67890",
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
  bankName: "Beispielbank",
};

/** The user's bearer token (users.ts), beside the invoices' helpers that most callers import too. */
export { tokenOf };

/** Makes the company settings issuable, as the owner (idempotent; other tests may do it too). */
export async function companyReadyToIssue(request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Bearer ${await tokenOf(request, testOwner)}` };
  const current = await request.get("/api/company", { headers });
  const { company } = (await current.json()) as { company: Record<string, string | null> };
  const saved = await request.put("/api/company", { headers, data: { ...company, ...issuableCompany } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The day `offsetDays` from today in Germany, as the API writes dates (`2026-11-29`). */
export function dayInBerlin(offsetDays: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

/**
 * Reminder settings as the owner saves them (5 € for the 1. Mahnung, 10 € for the 2., § 288
 * points, the 40 € flat fee), the same in every e2e that makes reminders, which may run at once.
 */
export async function reminderSettingsSaved(request: APIRequestContext): Promise<void> {
  const saved = await request.put("/api/invoices/reminder-settings", {
    headers: { Authorization: `Bearer ${await tokenOf(request, testOwner)}` },
    data: {
      feeReminderCents: 0,
      feeFirstCents: 500,
      feeSecondCents: 1_000,
      pointsBusiness: 9,
      pointsConsumer: 5,
      flatFee: true,
      reminderInterest: false,
      deadlineDays: 10,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * Moves an issued invoice's date `days` back in the run's database (time does not pass in a test;
 * the API never dates an issued invoice back), past the trigger that keeps issued invoices final.
 * Needs E2E_DATABASE_URL.
 */
export async function issuedDaysAgo(invoiceId: number, days: number): Promise<void> {
  const sql = postgres(process.env.E2E_DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update invoices set issue_date = ${dayInBerlin(-days)} where id = ${invoiceId}`;
    });
  } finally {
    await sql.end();
  }
}
