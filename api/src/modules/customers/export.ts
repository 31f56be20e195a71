import {
  type Customer,
  type CustomerExportFormat,
  customerStatusLabel,
  datevFieldLabels,
  isCustomerExportFormat,
} from "@klarwerk/kit";
import { stringify } from "csv-stringify/sync";
import type { Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { customersApiMessages as messages } from "./messages.ts";
import { type ExportFilter, readExportBatch } from "./store.ts";

/**
 * The customer list as CSV (decision 0093): every column the list shows, then the rest of the
 * customer's master data, under German headers. Written by csv-stringify, never by hand.
 */
const columns: readonly { header: string; value: (customer: Customer) => string | number | null }[] = [
  { header: "Kundennummer", value: (customer) => customer.id },
  { header: "Name", value: (customer) => customer.name },
  { header: "E-Mail", value: (customer) => customer.email },
  { header: "Telefon", value: (customer) => customer.phone },
  { header: "Website", value: (customer) => customer.website },
  { header: "Notizen", value: (customer) => customer.notes },
  { header: "Status", value: (customer) => customerStatusLabel(customer.status) },
  { header: "Anschrift", value: (customer) => customer.address },
  { header: "Leitweg-ID", value: (customer) => customer.leitweg_id },
  { header: datevFieldLabels.debitorNumber, value: (customer) => customer.debitor_number },
];

export const customerExportHeaders: readonly string[] = columns.map((column) => column.header);

/**
 * A text cell a spreadsheet would read as a formula (OWASP, "CSV Injection"): it starts with
 * = + - @, a tab or a carriage return. Only text cells are guarded; the numbers (Kundennummer,
 * Debitor) are positive integers written as numbers.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet shows it as text: an apostrophe before a formula's first character. */
export function guardFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

interface FormatSpec {
  delimiter: string;
  bom: boolean;
  guard: boolean;
}

/**
 * „Excel (Deutsch)“: German Excel opens it with a double click (the BOM says UTF-8, its list
 * separator is `;`), and no cell runs as a formula. „CSV (RFC 4180)“: for programs, the data
 * exactly as stored (no apostrophes added).
 */
const formats: Record<CustomerExportFormat, FormatSpec> = {
  excel: { delimiter: ";", bom: true, guard: true },
  csv: { delimiter: ",", bom: false, guard: false },
};

/** `format` of the query: excel when left out, else one of the two (400 otherwise). */
export function exportFormatOf(value: unknown): CustomerExportFormat {
  if (value === undefined || value === "") return "excel";
  if (!isCustomerExportFormat(value)) throw new HttpError(400, "invalid-query", messages.invalidExportFormat);
  return value;
}

/** Rows as CSV text in the format: CRLF after every row, quotes only where a cell needs them (doubled inside). */
function csvText(rows: (string | number | null)[][], spec: FormatSpec, first: boolean): string {
  return stringify(rows, {
    delimiter: spec.delimiter,
    record_delimiter: "windows",
    bom: first && spec.bom,
    cast: { string: (value) => (spec.guard ? guardFormula(value) : value) },
  });
}

/** How many customers one statement reads: a batch's text is a few hundred KB at most. */
export const exportBatchSize = 1000;

/**
 * The header, then every matching customer newest first (id descending, as the list), read in
 * keyset batches of `batchSize` up to `lastId` (the newest match when the export began: a customer
 * created meanwhile is not in it). One batch is in memory at a time, and the next is read only
 * when the client has taken the previous one (`pull`). `onRows` hears each batch's row count.
 */
export function customerCsv(
  sql: Sql,
  filter: ExportFilter,
  format: CustomerExportFormat,
  { lastId, batchSize = exportBatchSize }: { lastId: number; batchSize?: number },
): ReadableStream<Uint8Array> {
  const spec = formats[format];
  const encoder = new TextEncoder();
  let below = lastId + 1;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvText([[...customerExportHeaders]], spec, true)));
          if (lastId === 0) controller.close();
          return;
        }
        const batch = await readExportBatch(sql, filter, { below, limit: batchSize });
        if (batch.length > 0) {
          controller.enqueue(
            encoder.encode(
              csvText(
                batch.map((customer) => columns.map((column) => column.value(customer))),
                spec,
                false,
              ),
            ),
          );
          below = (batch.at(-1) as Customer).id;
        }
        if (batch.length < batchSize) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
