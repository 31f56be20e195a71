import { formatDate, type PrivacyCase, privacyCaseKindLabels, privacyCaseStatusLabels } from "@klarwerk/kit";
import { Button, Table } from "@klarwerk/kit/ui";
import { ColumnHeaders } from "../../../shared/components/ColumnHeaders";
import { privacyScreenMessages } from "../messages";
import { DueDate } from "./DueDate";

const messages = privacyScreenMessages.list;
const { actions, ...columns } = messages.columns;

/** The cases, open ones by due date first; „Öffnen“ shows a case with its hits. */
export function PrivacyCaseTable({ cases, onOpen }: { cases: PrivacyCase[]; onOpen: (id: number) => void }) {
  return (
    <Table aria-label={messages.tableLabel} verticalSpacing="sm" highlightOnHover className="users-table">
      <ColumnHeaders columns={Object.values(columns)}>
        <Table.Th scope="col">
          <span className="dash-visually-hidden">{actions}</span>
        </Table.Th>
      </ColumnHeaders>
      <Table.Tbody>
        {cases.map((privacyCase) => (
          <Table.Tr key={privacyCase.id}>
            <Table.Td data-label={messages.columns.email}>
              {privacyCase.email}
              {privacyCase.name ? ` (${privacyCase.name})` : ""}
            </Table.Td>
            <Table.Td data-label={messages.columns.kind}>{privacyCaseKindLabels[privacyCase.kind]}</Table.Td>
            <Table.Td data-label={messages.columns.receivedOn}>{formatDate(privacyCase.received_on)}</Table.Td>
            <Table.Td data-label={messages.columns.dueOn}>
              <DueDate privacyCase={privacyCase} />
            </Table.Td>
            <Table.Td data-label={messages.columns.status}>{privacyCaseStatusLabels[privacyCase.status]}</Table.Td>
            <Table.Td className="users-actions">
              <Button
                variant="light"
                size="xs"
                aria-label={`${messages.open}: ${privacyCase.email}`}
                onClick={() => onOpen(privacyCase.id)}
              >
                {messages.open}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
