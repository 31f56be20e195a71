import type { Customer } from "@klarwerk/kit";
import { Table } from "@klarwerk/kit/ui";
import { customerScreenMessages as messages } from "../messages";
import { CustomerRow } from "./CustomerRow";

const { columns } = messages;

export interface CustomerTableProps {
  customers: readonly Customer[];
  /** The next page loads: the rows shown dim. */
  loading: boolean;
  onEdit: (customer: Customer) => void;
}

/** The rows of a page (loading, failure and "Keine Kunden gefunden." are the screen's `QueryState`). */
export function CustomerTable({ customers, loading, onEdit }: CustomerTableProps) {
  // Below 62em every customer is a card (customers.css); wider, the columns fit the screen. Should
  // a window between the two still be too narrow, the table scrolls inside this named, focusable
  // region, never the page.
  return (
    <Table.ScrollContainer
      minWidth={900}
      type="native"
      role="region"
      aria-label={messages.tableLabel}
      tabIndex={0}
      className="cust-table-scroll"
    >
      <Table
        aria-label={messages.tableLabel}
        aria-busy={loading}
        className="cust-table"
        data-loading={loading || undefined}
        verticalSpacing="sm"
        horizontalSpacing={8}
        highlightOnHover
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{columns.name}</Table.Th>
            <Table.Th scope="col">{columns.email}</Table.Th>
            <Table.Th scope="col">{columns.phone}</Table.Th>
            <Table.Th scope="col">{columns.website}</Table.Th>
            <Table.Th scope="col">{columns.notes}</Table.Th>
            <Table.Th scope="col">{columns.status}</Table.Th>
            <Table.Th scope="col">{columns.action}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <CustomerRow key={customer.id} customer={customer} onEdit={onEdit} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
