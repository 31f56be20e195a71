import type { UserAccount } from "@klarwerk/kit";
import { usersMessages as messages } from "../messages";
import { AccessRequestRow } from "./AccessRequestRow";
import { UsersTable } from "./UsersTable";

const { columns } = messages;

interface AccessRequestTableProps {
  requests: UserAccount[];
  titleId: string;
  onGone: () => void;
}

/** The waiting access requests, oldest account first as the server sends them. */
export function AccessRequestTable({ requests, titleId, onGone }: AccessRequestTableProps) {
  return (
    <UsersTable
      titleId={titleId}
      columns={[columns.name, columns.email, columns.requestedAt]}
      empty={messages.noRequests}
    >
      {requests.map((request) => (
        <AccessRequestRow key={request.id} request={request} onGone={onGone} />
      ))}
    </UsersTable>
  );
}
