import { Table, Text } from "@klarwerk/kit/ui";
import type { ReactNode } from "react";
import { ColumnHeaders } from "../../../shared/components/ColumnHeaders";

interface ReleaseTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** Narrower than this, the table scrolls sideways. */
  minWidth: number;
  /** Shown instead of a table without rows; without it, nothing is. */
  empty?: string;
  /** The rows (`Table.Tr`). */
  children: ReactNode[];
}

/** A table of "Auslieferung" (releases, their errors, the deploy keys): named, with its column headers. */
export function ReleaseTable({ label, columns, minWidth, empty, children }: ReleaseTableProps) {
  if (children.length === 0) return empty === undefined ? null : <Text size="sm">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-label={label} verticalSpacing="xs">
        <ColumnHeaders columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
