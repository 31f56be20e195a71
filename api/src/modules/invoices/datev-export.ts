import {
  type DatevPeriod,
  type DatevRevenueKey,
  type DatevSettings,
  datevFileName,
  datevMessages,
  datevPeriodProblem,
  datevTaxedRates,
  formatEuro,
  isTaxCase,
  missingDatevDetails,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { readDatevSettings } from "../company/index.ts";
import { type DatevBooking, datevBuchungsstapel, encodeWindows1252 } from "./datev.ts";
import { fileResponse } from "./file-response.ts";

interface IssuedRow {
  number: string;
  kind: "invoice" | "cancellation";
  issue_date: string;
  total_cents: number;
  tax_percent: number;
  tax_case: string | null;
  recipient_name: string;
  debitor_number: number | null;
  /** On a Stornorechnung: the number of the invoice it reverses. */
  cancels_number: string | null;
}

/** Every issued invoice and Stornorechnung dated in the period, in number order. */
async function issuedIn(sql: Queries, period: DatevPeriod): Promise<IssuedRow[]> {
  return sql<IssuedRow[]>`
    select i.number, i.kind, i.issue_date::text as issue_date, i.total_cents::float8 as total_cents,
      i.tax_percent::float8 as tax_percent, i.tax_case, i.recipient_name, c.debitor_number,
      o.number as cancels_number
    from invoices i left join customers c on c.id = i.customer_id
      left join invoices o on o.id = i.cancels_id
    where i.state = 'issued' and i.issue_date between ${period.from}::date and ${period.to}::date
    order by i.number_year, i.number_sequence`;
}

/** The revenue account's key for an invoice's rate and tax case, or null when none fits. */
function revenueKeyOf(row: IssuedRow): DatevRevenueKey | null {
  if (row.tax_percent === datevTaxedRates.standard) return "standard";
  if (row.tax_percent === datevTaxedRates.reduced) return "reduced";
  if (row.tax_percent === 0 && isTaxCase(row.tax_case)) return row.tax_case;
  return null;
}

function bookingOf(row: IssuedRow, settings: DatevSettings): DatevBooking {
  const key = revenueKeyOf(row);
  if (key === null) {
    const rate = String(row.tax_percent).replace(".", ",");
    throw new HttpError(409, "datev-account-missing", datevMessages.rateWithoutAccount(rate, row.number));
  }
  const debitor = row.debitor_number ?? settings.collectiveDebtor;
  if (String(debitor).length !== settings.accountLength + 1)
    throw new HttpError(409, "datev-account-missing", datevMessages.debitorLengthMismatch(settings.accountLength));
  const { account, taxKey } = settings.revenueAccounts[key];
  return {
    amountCents: row.total_cents,
    debitor,
    revenueAccount: account,
    taxKey,
    documentDate: row.issue_date,
    number: row.number,
    reverses: row.cancels_number,
    text: `${row.kind === "cancellation" ? "Storno" : "Rechnung"} ${row.number} ${row.recipient_name}`,
  };
}

/**
 * `GET /api/invoices/datev?from=&to=`: the Buchungsstapel of the period's issued invoices, one
 * booking each (an invoice has one VAT rate, so one revenue account), a Stornorechnung as its own
 * booking on the Haben side; an invoice of 0,00 € books nothing and is left out. The export is
 * recorded in the audit trail with its period, count and sum, never whose invoices.
 */
export async function datevExport(
  sql: Queries,
  query: Record<string, string | undefined>,
  actor: AuditActor,
): Promise<Response> {
  const settings = await readDatevSettings(sql);
  const problem = datevPeriodProblem(query, settings.fiscalYearStartMonth);
  if (problem !== null) throw new HttpError(422, "validation", problem);
  const period: DatevPeriod = { from: query.from as string, to: query.to as string };
  if (missingDatevDetails(settings).length > 0)
    throw new HttpError(409, "datev-settings-missing", datevMessages.settingsMissing);

  const bookings = (await issuedIn(sql, period))
    .filter((row) => row.total_cents !== 0)
    .map((row) => bookingOf(row, settings));
  const sumCents = bookings.reduce((sum, booking) => sum + booking.amountCents, 0);
  const bytes = encodeWindows1252(datevBuchungsstapel(settings, period, bookings));
  await recordAuditEvent(sql, actor, {
    action: "invoice.datev_exported",
    fields: ["period", "count", "sum"],
    changes: {
      period: { before: null, after: `${period.from}/${period.to}` },
      count: { before: null, after: bookings.length },
      sum: { before: null, after: formatEuro(sumCents) },
    },
  });
  return fileResponse(bytes, "text/csv; charset=windows-1252", datevFileName(period), null);
}
