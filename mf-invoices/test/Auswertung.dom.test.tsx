import { describe, expect, test } from "bun:test";
import { formatEuro, type InvoiceReport, invoiceReportMessages, lastTwelveMonths } from "@klarwerk/kit";
import { renderScreen, signIn, stubApi } from "@klarwerk/kit/test-support";
import { screen, waitFor, within } from "@testing-library/react";
import Auswertung from "../src/features/report/Auswertung";

const months = lastTwelveMonths("2026-01-14");

/** A year with a month of only a Stornorechnung (negative) and an empty month. */
const report: InvoiceReport = {
  today: "2026-01-14",
  open_items: {
    count: 4,
    sum_cents: 59_500,
    overdue: { count: 3, sum_cents: 47_600 },
    buckets: {
      not_due: { count: 1, sum_cents: 11_900 },
      days_1_30: { count: 1, sum_cents: 11_900 },
      days_31_60: { count: 1, sum_cents: 11_900 },
      days_over_60: { count: 1, sum_cents: 23_800 },
    },
  },
  revenue: months.map((month, index) => ({
    month,
    paid_cents: index === 11 ? -10_000 : index * 12_345,
    open_cents: index === 5 ? 0 : 5_000 + index,
  })),
};

describe("Auswertung", () => {
  test("shows the open items with a link per age, and the chart's numbers in the table under it", async () => {
    signIn();
    stubApi((call) => (call.path === "/api/invoices/report" ? { json: report } : new Promise(() => {})));
    renderScreen(<Auswertung />);

    const openItems = await screen.findByRole("region", { name: invoiceReportMessages.openItems });
    expect(within(openItems).getByRole("group", { name: invoiceReportMessages.openSum }).textContent).toContain(
      formatEuro(59_500),
    );
    const link = within(openItems).getByRole("link", { name: "über 60 Tage überfällig" });
    expect(link.getAttribute("href")).toBe("/invoices?ageing=days_over_60");
    expect(link.parentElement?.textContent).toContain(`1 Rechnung · ${formatEuro(23_800)}`);
    expect(
      within(openItems)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(Object.values(invoiceReportMessages.ageing));

    const chart = await screen.findByRole("img", { name: /Umsatz je Monat/ }, { timeout: 10_000 });
    const table = screen.getByRole("table", { name: "Umsatz je Monat (netto)" });
    const rows = within(table).getAllByRole("row").slice(1, 13);
    expect(rows).toHaveLength(12);
    // Every bar's value (its tooltip) is in the table's row of its month, in its column.
    const bars = [...chart.querySelectorAll("rect > title")].map((title) => title.textContent ?? "");
    expect(bars).toHaveLength(22); // 24 parts, two of them 0
    rows.forEach((row, index) => {
      const month = report.revenue[index];
      if (!month) throw new Error("a month is missing");
      const cells = within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
      expect(cells).toEqual([
        formatEuro(month.paid_cents),
        formatEuro(month.open_cents),
        formatEuro(month.paid_cents + month.open_cents),
      ]);
      const monthName = within(row).getByRole("rowheader").textContent;
      for (const [label, cents, cell] of [
        ["Bezahlt", month.paid_cents, cells[0]],
        ["Offen", month.open_cents, cells[1]],
      ] as const) {
        const bar = bars.find((title) => title === `${monthName}, ${label}: ${cell}`);
        expect(bar === undefined, `${monthName} ${label}`).toBe(cents === 0);
      }
    });
    const total = within(table).getAllByRole("row").at(-1);
    const paidSum = report.revenue.reduce((sum, month) => sum + month.paid_cents, 0);
    await waitFor(() => expect(total?.textContent).toContain(formatEuro(paidSum)));
  });
});
