import type { Invoice } from "@klarwerk/kit";
import { Table } from "@klarwerk/kit/ui";
import { InvoiceSummaryRows } from "../../../shared/components/InvoiceSummaryRows";
import { invoiceMessages } from "../../../shared/messages";
import { invoiceLineRows, invoiceSummaryRows } from "../../../shared/model/summary";
import "./invoice-items.css";

/**
 * A saved invoice's items with the summary rows as the table's footer. On a phone four columns do
 * not fit a card (the line totals were cut off at 390 px): the kit's `kw-stacked-table` shows each
 * item as a block, each value beside its column's name.
 */
export function InvoiceItemsTable({ invoice }: { invoice: Invoice }) {
  const lines = invoiceLineRows(invoice.items, invoice.totals);
  const summary = invoiceSummaryRows(invoice, invoice.totals);
  return (
    <Table striped verticalSpacing="xs" mt="md" className="invoice-items kw-stacked-table">
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
            <Table.Td className="invoice-items__description">{line.description}</Table.Td>
            <Table.Td ta="right" data-label={invoiceMessages.quantity}>
              {line.quantity}
            </Table.Td>
            <Table.Td ta="right" data-label={invoiceMessages.price} style={{ whiteSpace: "nowrap" }}>
              {line.unitPrice}
            </Table.Td>
            <Table.Td ta="right" data-label={invoiceMessages.lineTotal} style={{ whiteSpace: "nowrap" }}>
              {line.total}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <InvoiceSummaryRows rows={summary} labelSpan={3} />
      </Table.Tfoot>
    </Table>
  );
}
