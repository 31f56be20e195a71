import { Table } from "@klarwerk/kit/ui";
import type { InvoiceSummaryRow } from "../model/summary";

interface InvoiceSummaryRowsProps {
  rows: InvoiceSummaryRow[];
  /** Columns the label spans, so the amounts line up under a table's last column. */
  labelSpan?: number;
}

/** Zwischensumme, Rabatt (n%), Sonstige Gebühren, MwSt. (n%), Gesamt as table rows, Gesamt in bold. */
export function InvoiceSummaryRows({ rows, labelSpan = 1 }: InvoiceSummaryRowsProps) {
  return rows.map((row) => {
    const total = row.key === "total";
    const style = { fontWeight: total ? 700 : 400, fontSize: total ? "var(--mantine-font-size-md)" : undefined };
    return (
      <Table.Tr key={row.key} style={total ? { borderTop: "2px solid var(--mantine-color-gray-4)" } : undefined}>
        <Table.Th scope="row" colSpan={labelSpan} ta="right" style={style}>
          {row.label}
        </Table.Th>
        <Table.Td ta="right" style={{ ...style, whiteSpace: "nowrap" }}>
          {row.amount}
        </Table.Td>
      </Table.Tr>
    );
  });
}
