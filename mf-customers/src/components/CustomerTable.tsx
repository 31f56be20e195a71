import type { Customer } from "@klarwerk/kit";
import { Group, Loader, Stack, Table, Text } from "@klarwerk/kit/ui";
import { customerScreenMessages as messages } from "../messages";
import { CustomerRow } from "./CustomerRow";

const { columns } = messages;

export interface CustomerTableProps {
  /** null until the first page arrived. */
  customers: Customer[] | null;
  loading: boolean;
  filtered: boolean;
  onEdit: (customer: Customer) => void;
}

export function CustomerTable({ customers, loading, filtered, onEdit }: CustomerTableProps) {
  if (customers === null) {
    return (
      <Group justify="center" gap="sm" py={64}>
        {loading && <Loader size="sm" />}
        <Text c="dimmed">{loading ? messages.loading : messages.empty}</Text>
      </Group>
    );
  }
  if (customers.length === 0) {
    return (
      <Stack align="center" gap={4} py={56}>
        <Text fw={600} size="lg">
          {messages.empty}
        </Text>
        <Text c="dimmed" size="sm">
          {filtered ? messages.emptyFilteredHint : messages.emptyHint}
        </Text>
      </Stack>
    );
  }
  // Where the card is narrower than the columns' minimum widths, the table scrolls sideways inside
  // it, never the page; as a named, focusable region keyboard users can scroll it too.
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
