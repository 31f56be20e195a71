import { Table } from "@klarwerk/kit/ui";
import type { ReactNode } from "react";

/** A table's head: one column header per name, then `children` (a header cell of its own, e.g. the actions'). */
export function ColumnHeaders({ columns, children }: { columns: readonly string[]; children?: ReactNode }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column} scope="col">
            {column}
          </Table.Th>
        ))}
        {children}
      </Table.Tr>
    </Table.Thead>
  );
}
