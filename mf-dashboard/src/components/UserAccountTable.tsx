import type { UserAccount } from "@klarwerk/kit";
import { Table, Text } from "@klarwerk/kit/ui";
import { usersMessages as messages } from "../messages";
import { UserAccountRow } from "./UserAccountRow";

const { columns } = messages;

interface UserAccountTableProps {
  accounts: UserAccount[];
  /** The signed-in admin's id. */
  ownId: number | null;
  titleId: string;
  onGone: () => void;
}

/** Every account that is not a request (active and locked), by name. */
export function UserAccountTable({ accounts, ownId, titleId, onGone }: UserAccountTableProps) {
  if (accounts.length === 0) {
    return (
      <Text c="gray.7" py="md">
        {messages.noAccounts}
      </Text>
    );
  }
  return (
    <Table className="users-table" aria-labelledby={titleId} verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{columns.name}</Table.Th>
          <Table.Th scope="col">{columns.email}</Table.Th>
          <Table.Th scope="col">{columns.role}</Table.Th>
          <Table.Th scope="col">{columns.status}</Table.Th>
          <Table.Th scope="col">{columns.createdAt}</Table.Th>
          <Table.Th scope="col">{columns.approved}</Table.Th>
          <Table.Th scope="col" className="users-actions">
            {columns.actions}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {accounts.map((account) => (
          <UserAccountRow key={account.id} account={account} own={account.id === ownId} onGone={onGone} />
        ))}
      </Table.Tbody>
    </Table>
  );
}
