import {
  type CustomerImportDelimiter,
  type CustomerImportEncoding,
  customerImportDelimiters,
  customerImportLimits,
} from "@klarwerk/kit";
import { CsvError, parse } from "csv-parse/sync";
import { HttpError } from "../../http/errors.ts";
import { isStorableText } from "../../http/text-policy.ts";
import { customerImportMessages as messages } from "./messages.ts";

/**
 * Reading an uploaded customer file (decision 0099): its bytes decoded as German Excel writes
 * them, its separator found, its rows parsed by csv-parse (the csv project's reader; the export
 * writes with its csv-stringify). Everything here is a pure function of the bytes.
 */

export interface ParsedFile {
  encoding: CustomerImportEncoding;
  delimiter: CustomerImportDelimiter;
  headers: string[];
  /** Data rows, each padded or cut to the headers' length (extra cells must be empty). */
  rows: ParsedRow[];
  /** What the reading changed (German). */
  notes: string[];
}

export interface ParsedRow {
  /** The row as Excel numbers it: the header row is 1. */
  line: number;
  cells: string[];
  /** A problem of the row itself (more cells than headers), German; the plan makes it a „Fehler“. */
  problem: string | null;
}

/**
 * The text of the bytes and how it was read: a UTF-8 BOM, a UTF-16 LE BOM (Excel's „Unicode-Text“),
 * bytes that are valid UTF-8, else Windows-1252 (Excel's „CSV (Trennzeichen-getrennt)“ on a German
 * Windows). Windows-1252 maps every byte to a character, so it is the fallback and never fails;
 * valid UTF-8 that was really meant as Windows-1252 needs a byte pair like „Ã¤“, which no German
 * text has.
 */
export function decodeCustomerFile(bytes: Uint8Array): { text: string; encoding: CustomerImportEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3)), encoding: "utf-8-bom" };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le", { ignoreBOM: true }).decode(bytes.subarray(2)), encoding: "utf-16le" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** Excel's own hint on the first line („sep=;“), honoured and removed. */
const separatorLine = /^sep=(.)\r?\n/i;

/**
 * The separator of the first row (the header): the one of `;`, tab and `,` that occurs most
 * outside quotes. On a tie `;` (German Excel's list separator), then tab, then `,`; a header of
 * one column has none, and is read with `;`.
 */
export function detectDelimiter(text: string): CustomerImportDelimiter {
  const counts = new Map<string, number>(customerImportDelimiters.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (let index = 0; index < text.length && index < customerImportLimits.maxRowChars; index++) {
    const char = text[index] as string;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: CustomerImportDelimiter = ";";
  for (const delimiter of customerImportDelimiters) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/** The byte order mark as a character: at the start it says the encoding; anywhere else it is debris of pasted files. */
const byteOrderMark = /\uFEFF/g;

/** What a cell's one leading apostrophe guards (the export's formula guard, decision 0093): removed on the way in. */
const guardedFormula = /^'(?=[=+\-@\t\r])/;

/** Cells as stored: without the export's guard apostrophe; text otherwise exactly as read (a PLZ „01067“ stays text). */
function cellText(cell: string): string {
  return cell.replace(guardedFormula, "");
}

/**
 * The file's rows: decoded, separated, parsed. A 422 with a German message for a file that cannot
 * be read as a whole (an unclosed quote, a row over the character cap, too many columns or rows,
 * no header, nothing storable); a row's own problems are left to the plan.
 */
export function parseCustomerFile(bytes: Uint8Array): ParsedFile & { text: string } {
  const decoded = decodeCustomerFile(bytes);
  return { ...parseCustomerText(decoded.text, decoded.encoding), text: decoded.text };
}

/** The decoded text's rows (what an import keeps between its steps is the text, read again each time). */
export function parseCustomerText(decodedText: string, encoding: CustomerImportEncoding): ParsedFile {
  const notes: string[] = [];
  let text = decodedText;
  const strayMarks = text.match(byteOrderMark)?.length ?? 0;
  if (strayMarks > 0) {
    text = text.replace(byteOrderMark, "");
    notes.push(messages.strayByteOrderMarks(strayMarks));
  }
  if (!isStorableText(text)) throw new HttpError(422, "customer-import-unreadable", messages.unstorable);
  let delimiter: CustomerImportDelimiter;
  const hint = separatorLine.exec(text);
  if (hint && (customerImportDelimiters as readonly string[]).includes(hint[1] as string)) {
    delimiter = hint[1] as CustomerImportDelimiter;
    text = text.slice(hint[0].length);
  } else {
    delimiter = detectDelimiter(text);
  }
  checkShape(text, delimiter);
  const records = parseRecords(text, delimiter);
  const [header, ...data] = records;
  if (!header || header.every((cell) => cell.trim() === "")) {
    throw new HttpError(422, "customer-import-unreadable", messages.noHeader);
  }
  if (data.length === 0) throw new HttpError(422, "customer-import-unreadable", messages.noRows);
  if (data.length > customerImportLimits.maxRows) {
    throw new HttpError(422, "customer-import-too-many-rows", messages.tooManyRows);
  }
  const headers = header.map((cell) => cell.trim());
  const rows = data.map((record, index) => rowOf(record, headers.length, index + 2));
  return { encoding, delimiter, headers, rows, notes };
}

function rowOf(record: string[], width: number, line: number): ParsedRow {
  const extra = record.slice(width).some((cell) => cell.trim() !== "");
  const cells = Array.from({ length: width }, (_, index) => cellText(record[index] ?? ""));
  return { line, cells, problem: extra ? messages.moreCellsThanHeaders : null };
}

/**
 * One pass over the text before csv-parse sees it, counting each row's separators and characters
 * outside quotes: a row of a million separators (or one endless cell) is refused here in
 * milliseconds, where csv-parse would first build a million cells.
 */
function checkShape(text: string, delimiter: CustomerImportDelimiter): void {
  let quoted = false;
  let separators = 0;
  let rowStart = 0;
  let line = 1;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 34) quoted = !quoted;
    else if (char === 10) {
      if (!quoted) {
        separators = 0;
        rowStart = index + 1;
      }
      line += 1;
      continue;
    } else if (!quoted && char === delimiter.charCodeAt(0)) {
      separators += 1;
      if (separators >= customerImportLimits.maxColumns) {
        throw new HttpError(422, "customer-import-too-many-columns", messages.tooManyColumns);
      }
    }
    if (index - rowStart > customerImportLimits.maxRowChars) {
      throw new HttpError(422, "customer-import-unreadable", messages.rowTooLong(line));
    }
  }
}

/**
 * csv-parse with what Excel writes: quotes doubled inside quoted cells, line breaks inside them,
 * CRLF or LF, empty lines skipped; a stray quote inside an unquoted cell (`Bäckerei "Sonne"`) is
 * taken as text. Its refusals become German 422s naming the row.
 */
function parseRecords(text: string, delimiter: CustomerImportDelimiter): string[][] {
  try {
    return parse(text, {
      delimiter,
      bom: false,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: customerImportLimits.maxRowChars,
      on_record: (record: string[], { records }: { records: number }) => {
        if (record.length > customerImportLimits.maxColumns) {
          throw new HttpError(422, "customer-import-too-many-columns", messages.tooManyColumns);
        }
        if (records > customerImportLimits.maxRows + 1) {
          throw new HttpError(422, "customer-import-too-many-rows", messages.tooManyRows);
        }
        return record;
      },
    }) as string[][];
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof CsvError) throw new HttpError(422, "customer-import-unreadable", csvProblem(error));
    throw error;
  }
}

/** csv-parse's refusal in German, with the row (csv-parse counts physical lines; near enough to find it). */
function csvProblem(error: CsvError): string {
  const line = (error as CsvError & { lines?: number }).lines ?? 0;
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return messages.quoteNotClosed(line);
    case "CSV_MAX_RECORD_SIZE":
      return messages.rowTooLong(line);
    default:
      return messages.brokenQuotes(line);
  }
}
