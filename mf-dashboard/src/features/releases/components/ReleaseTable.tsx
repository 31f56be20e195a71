import { Table, Text } from "@klarwerk/kit/ui";
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { ColumnHeaders } from "../../../shared/components/ColumnHeaders";

interface ReleaseTableProps {
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** Kept for the callers; narrow screens show the rows as cards instead of scrolling. */
  minWidth: number;
  /** Shown instead of a table without rows; without it, nothing is. */
  empty?: string;
  /** The rows (`Table.Tr`). */
  children: ReactNode[];
}

type Labelled = ReactElement<{ children?: ReactNode; "data-label"?: string }>;

/** Each row's cells named by their column (`data-label`), which the cards show on narrow screens. */
function labelCells(rows: ReactNode[], columns: readonly string[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement(row)) return row;
    const tr = row as Labelled;
    let index = 0;
    const cells = Children.map(tr.props.children, (cell) => {
      if (!isValidElement(cell)) return cell;
      const label = columns[index++];
      return label === undefined ? cell : cloneElement(cell as Labelled, { "data-label": label });
    });
    return cloneElement(tr, {}, cells);
  });
}

/**
 * A table of "Auslieferung" (releases, their errors, the deploy keys): named, with its column
 * headers; below 75em every row becomes a card, each value under its column's name (users.css),
 * as on Benutzer and Protokoll: it scrolled sideways on a phone.
 */
export function ReleaseTable({ label, columns, empty, children }: ReleaseTableProps) {
  if (children.length === 0) return empty === undefined ? null : <Text size="sm">{empty}</Text>;
  return (
    <Table aria-label={label} verticalSpacing="xs" className="users-table">
      <ColumnHeaders columns={columns} />
      <Table.Tbody>{labelCells(children, columns)}</Table.Tbody>
    </Table>
  );
}
