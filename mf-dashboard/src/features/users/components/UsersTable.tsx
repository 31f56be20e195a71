import { QueryState } from "@klarwerk/kit/portal";
import { Table } from "@klarwerk/kit/ui";
import type { ReactNode } from "react";
import { ColumnHeaders } from "../../../shared/components/ColumnHeaders";
import { usersMessages as messages } from "../messages";

interface UsersTableProps {
  titleId: string;
  /** The column names before the actions column, which every table of the screen ends with. */
  columns: readonly string[];
  /** Shown instead of the table when there are no rows. */
  empty: string;
  children: ReactNode[];
}

/** A table of the user administration: named by its section's title, ending in the actions column. */
export function UsersTable({ titleId, columns, empty, children }: UsersTableProps) {
  return (
    <QueryState loaded empty={children.length === 0} texts={{ empty }}>
      <Table className="users-table" aria-labelledby={titleId} verticalSpacing="sm">
        <ColumnHeaders columns={columns}>
          <Table.Th scope="col" className="users-actions">
            {messages.columns.actions}
          </Table.Th>
        </ColumnHeaders>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </QueryState>
  );
}
