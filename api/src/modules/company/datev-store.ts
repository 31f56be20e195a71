import { type DatevRevenueAccount, type DatevSettings, datevRevenueKeys, defaultDatevSettings } from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import { type AuditActor, changedFields, recordAuditEvent, withinTransaction } from "../audit/index.ts";

interface DatevRow {
  consultant_number: number | null;
  client_number: number | null;
  chart: DatevSettings["chart"];
  account_length: number;
  fiscal_year_start_month: number;
  revenue_accounts: DatevSettings["revenueAccounts"];
  collective_debtor: number;
}

function settingsOf(row: DatevRow): DatevSettings {
  return {
    consultantNumber: row.consultant_number,
    clientNumber: row.client_number,
    chart: row.chart,
    accountLength: row.account_length,
    fiscalYearStartMonth: row.fiscal_year_start_month,
    // In the keys' order (jsonb keeps its own), so that comparing before and after compares values.
    revenueAccounts: Object.fromEntries(
      datevRevenueKeys.map((key) => {
        const stored: Partial<DatevRevenueAccount> = row.revenue_accounts[key] ?? {};
        const fallback = defaultDatevSettings.revenueAccounts[key];
        return [key, { account: stored.account ?? fallback.account, taxKey: stored.taxKey ?? null }];
      }),
    ) as DatevSettings["revenueAccounts"],
    collectiveDebtor: row.collective_debtor,
  };
}

/** The stored DATEV settings, or the defaults (SKR03, Sachkontenlänge 4, …) until an admin saved them. */
export async function readDatevSettings(sql: Queries): Promise<DatevSettings> {
  const [row] = await sql<DatevRow[]>`
    select consultant_number, client_number, chart, account_length, fiscal_year_start_month, revenue_accounts,
      collective_debtor
    from datev_settings`;
  return row ? settingsOf(row) : structuredClone(defaultDatevSettings);
}

const datevKeys = Object.keys(defaultDatevSettings) as (keyof DatevSettings)[];

/** Stores the settings and, in the same transaction, an audit event with each changed field's values. */
export async function saveDatevSettings(
  sql: Queries,
  settings: DatevSettings,
  userId: number,
  actor: AuditActor,
): Promise<DatevSettings> {
  return withinTransaction(sql, async (tx) => {
    const [stored] = await tx<DatevRow[]>`select * from datev_settings for update`;
    const before = stored ? settingsOf(stored) : null;
    // As text, cast in the statement: postgres.js would encode a string given as jsonb again.
    const [row] = await tx<DatevRow[]>`
      insert into datev_settings (
        consultant_number, client_number, chart, account_length, fiscal_year_start_month, revenue_accounts,
        collective_debtor, updated_by
      ) values (
        ${settings.consultantNumber}, ${settings.clientNumber}, ${settings.chart}, ${settings.accountLength},
        ${settings.fiscalYearStartMonth}, ${JSON.stringify(settings.revenueAccounts)}::text::jsonb,
        ${settings.collectiveDebtor}, ${userId}
      )
      on conflict (singleton) do update set
        consultant_number = excluded.consultant_number, client_number = excluded.client_number,
        chart = excluded.chart, account_length = excluded.account_length,
        fiscal_year_start_month = excluded.fiscal_year_start_month, revenue_accounts = excluded.revenue_accounts,
        collective_debtor = excluded.collective_debtor, updated_at = now(), updated_by = excluded.updated_by
      returning consultant_number, client_number, chart, account_length, fiscal_year_start_month, revenue_accounts,
        collective_debtor`;
    if (!row) throw new Error("upsert into datev_settings returned no row");
    const saved = settingsOf(row);
    const { fields, changes } = changedFields(before, saved, datevKeys, { withValues: true });
    await recordAuditEvent(tx, actor, { action: "company.datev_changed", fields, changes });
    return saved;
  });
}
