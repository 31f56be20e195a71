import type { Invoice } from "@klarwerk/kit";
import { Stack, Table, Text } from "@klarwerk/kit/ui";
import { invoiceLineRows, invoiceSummaryRows } from "../invoice/summary";
import { invoiceMessages } from "../messages";
import { InvoiceSummaryRows } from "./InvoiceSummaryRows";

/**
 * A saved invoice's items with the summary rows as the table's footer. From 36em on, four
 * columns; on a phone four columns do not fit a card (the line totals were cut off at 390 px), so
 * each item names its quantity and price under its description and the table keeps two columns.
 */
export function InvoiceItemsTable({ invoice }: { invoice: Invoice }) {
  const lines = invoiceLineRows(invoice.items, invoice.totals);
  const summary = invoiceSummaryRows(invoice, invoice.totals);
  return (
    <>
      <Table striped verticalSpacing="xs" mt="md" visibleFrom="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{invoiceMessages.description}</Table.Th>
            <Table.Th ta="right">{invoiceMessages.quantity}</Table.Th>
            <Table.Th ta="right">{invoiceMessages.price}</Table.Th>
            <Table.Th ta="right">{invoiceMessages.lineTotal}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored invoice's items are shown as they are
            <Table.Tr key={index}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {line.unitPrice}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {line.total}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <InvoiceSummaryRows rows={summary} labelSpan={3} />
        </Table.Tfoot>
      </Table>
      <Stack hiddenFrom="xs" mt="md">
        <Table striped verticalSpacing="xs" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{invoiceMessages.description}</Table.Th>
              <Table.Th ta="right">{invoiceMessages.lineTotal}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored invoice's items are shown as they are
              <Table.Tr key={index}>
                <Table.Td>
                  {line.description}
                  <Text fz="sm" c="dimmed">
                    {line.quantity} × {line.unitPrice}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {line.total}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <InvoiceSummaryRows rows={summary} labelSpan={1} />
          </Table.Tfoot>
        </Table>
      </Stack>
    </>
  );
}
