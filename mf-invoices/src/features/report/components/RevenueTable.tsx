import { formatEuro, type RevenueMonth } from "@klarwerk/kit";
import { Table } from "@klarwerk/kit/ui";
import { reportMessages as messages } from "../messages";
import { longMonth } from "../months";
import "./revenue-table.css";

/** The chart's numbers as a table: for screen readers and for those who would rather read. */
export function RevenueTable({ revenue }: { revenue: RevenueMonth[] }) {
  const paid = revenue.reduce((sum, month) => sum + month.paid_cents, 0);
  const open = revenue.reduce((sum, month) => sum + month.open_cents, 0);
  return (
    // No minimum width: months wrap, and on a phone (revenue-table.css) the amounts fit its width.
    <Table striped withTableBorder horizontalSpacing="xs" className="inv-revenue">
      <caption>{messages.tableCaption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{messages.month}</Table.Th>
          <Table.Th scope="col" ta="right">
            {messages.paid}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {messages.open}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {messages.total}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {revenue.map((month) => (
          <Table.Tr key={month.month}>
            <Table.Th scope="row" fw={400}>
              {longMonth(month.month)}
            </Table.Th>
            <Table.Td ta="right">{formatEuro(month.paid_cents)}</Table.Td>
            <Table.Td ta="right">{formatEuro(month.open_cents)}</Table.Td>
            <Table.Td ta="right">{formatEuro(month.paid_cents + month.open_cents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">{messages.twelveMonths}</Table.Th>
          <Table.Td ta="right" fw={600}>
            {formatEuro(paid)}
          </Table.Td>
          <Table.Td ta="right" fw={600}>
            {formatEuro(open)}
          </Table.Td>
          <Table.Td ta="right" fw={600}>
            {formatEuro(paid + open)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
