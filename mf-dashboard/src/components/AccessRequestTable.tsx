import type { UserAccount } from "@klarwerk/kit";
import { Table, Text } from "@klarwerk/kit/ui";
import { usersMessages as messages } from "../messages";
import { AccessRequestRow } from "./AccessRequestRow";

const { columns } = messages;

interface AccessRequestTableProps {
  requests: UserAccount[];
  titleId: string;
  onGone: () => void;
}

/** The waiting access requests, oldest account first as the server sends them. */
export function AccessRequestTable({ requests, titleId, onGone }: AccessRequestTableProps) {
  if (requests.length === 0) {
    return (
      <Text c="gray.7" py="md">
        {messages.noRequests}
      </Text>
    );
  }
  return (
    <Table className="users-table" aria-labelledby={titleId} verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{columns.name}</Table.Th>
          <Table.Th scope="col">{columns.email}</Table.Th>
          <Table.Th scope="col">{columns.requestedAt}</Table.Th>
          <Table.Th scope="col" className="users-actions">
            {columns.actions}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {requests.map((request) => (
          <AccessRequestRow key={request.id} request={request} onGone={onGone} />
        ))}
      </Table.Tbody>
    </Table>
  );
}
