import {
  type AgeingBucket,
  ageingBuckets,
  type InvoiceItem,
  type InvoiceReport,
  invoiceTotals,
  lastTwelveMonths,
  type OpenItemsAmount,
  type RevenueMonth,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import { isOpenItemSql, restrictedSql, selectInvoices } from "./store.ts";

/**
 * The "Auswertung" (`GET /api/invoices/report`) from the `invoices` table, for `today` in Germany:
 * - open items: the rows the list shows as "Offen" or "Überfällig" (issued, not paid in full, not
 *   cancelled, not a Stornorechnung), each with its open amount (gross total less its payments: a
 *   partly paid invoice counts with what is left), by how many days `today` is past the due date.
 *   Every invoice has a due date (the generated `due_date` = invoice date + Zahlungsziel, 14 days
 *   when a save names none; 0 makes it due on its invoice date), so none is left out.
 * - revenue: every issued invoice and Stornorechnung dated in the twelve months up to `today`'s,
 *   net as the kit computes it from the stored items, in the month of its own invoice date (a
 *   Stornorechnung's amounts are negative); paid or open by whether the invoice (for a
 *   Stornorechnung: the invoice it cancels) is paid in full, so a cancelled invoice and its
 *   Stornorechnung cancel out in the same column. A partly paid invoice is open until then: revenue
 *   is net, payments are gross, and a net share of a payment would need a rounding of its own.
 * `hideRestricted`: without the invoices a data-protection erasure restricted (staff), as the list.
 */
export async function invoiceReport(sql: Queries, today: string, hideRestricted: boolean): Promise<InvoiceReport> {
  const shown = hideRestricted ? sql`and not ${restrictedSql(sql)}` : sql``;
  const buckets = await sql<{ ageing: AgeingBucket; count: number; sum_cents: number }[]>`
    with listed as (${selectInvoices(sql, today)} where i.state = 'issued' ${shown})
    select ageing, count(*) as count, sum(open_cents)::bigint as sum_cents
    from listed where ${isOpenItemSql(sql)}
    group by ageing`;

  const months = lastTwelveMonths(today);
  const first = `${months[0]}-01`;
  const rows = await sql<
    {
      month: string;
      items: InvoiceItem[];
      discount_percent: number;
      tax_percent: number;
      extra_fees_cents: number;
      paid: boolean;
    }[]
  >`
    select to_char(i.issue_date, 'YYYY-MM') as month, i.items, i.discount_percent::float8 as discount_percent,
      i.tax_percent::float8 as tax_percent, i.extra_fees_cents,
      coalesce(o.paid_on, i.paid_on) is not null as paid
    from invoices i
    left join invoices o on o.id = i.cancels_id
    where i.state = 'issued' and i.issue_date >= ${first}::date
      and i.issue_date < (${first}::date + interval '12 months') ${shown}`;

  const revenue = new Map<string, RevenueMonth>(
    months.map((month) => [month, { month, paid_cents: 0, open_cents: 0 }]),
  );
  for (const row of rows) {
    const entry = revenue.get(row.month);
    if (!entry) continue;
    const { netCents } = invoiceTotals({
      items: row.items,
      discountPercent: row.discount_percent,
      taxPercent: row.tax_percent,
      extraFeesCents: row.extra_fees_cents,
    });
    if (row.paid) entry.paid_cents += netCents;
    else entry.open_cents += netCents;
  }

  const byBucket = Object.fromEntries(
    ageingBuckets.map((bucket) => {
      const found = buckets.find((row) => row.ageing === bucket);
      return [bucket, { count: found?.count ?? 0, sum_cents: found?.sum_cents ?? 0 }];
    }),
  ) as Record<AgeingBucket, OpenItemsAmount>;
  const total = (list: AgeingBucket[]): OpenItemsAmount => ({
    count: list.reduce((sum, bucket) => sum + byBucket[bucket].count, 0),
    sum_cents: list.reduce((sum, bucket) => sum + byBucket[bucket].sum_cents, 0),
  });
  return {
    today,
    open_items: {
      ...total([...ageingBuckets]),
      overdue: total(ageingBuckets.filter((bucket) => bucket !== "not_due")),
      buckets: byBucket,
    },
    revenue: [...revenue.values()],
  };
}
