import type { UserAccount } from "@klarwerk/kit";
import { usersMessages as messages } from "../messages";
import { UserAccountRow } from "./UserAccountRow";
import { UsersTable } from "./UsersTable";

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
  return (
    <UsersTable
      titleId={titleId}
      columns={[columns.name, columns.email, columns.role, columns.status, columns.createdAt, columns.approved]}
      empty={messages.noAccounts}
    >
      {accounts.map((account) => (
        <UserAccountRow key={account.id} account={account} own={account.id === ownId} onGone={onGone} />
      ))}
    </UsersTable>
  );
}
