/**
 * The customer CSV import (decision 0099) as the dialog and the API both see it: what a column
 * can be mapped to, the row statuses of the dry run, the limits and their German words. The
 * parsing and the plan live in the API (api/src/modules/customers/import-*.ts).
 */

/** How the file's bytes were read: Excel's „CSV UTF-8“ (with BOM), plain UTF-8, or Windows-1252 („CSV (Trennzeichen-getrennt)“). */
export const customerImportEncodings = ["utf-8-bom", "utf-8", "utf-16le", "windows-1252"] as const;
export type CustomerImportEncoding = (typeof customerImportEncodings)[number];

export const customerImportEncodingLabels: Record<CustomerImportEncoding, string> = {
  "utf-8-bom": "UTF-8 mit BOM",
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16 (Unicode-Text)",
  "windows-1252": "Windows-1252",
};

export const customerImportDelimiters = [";", ",", "\t"] as const;
export type CustomerImportDelimiter = (typeof customerImportDelimiters)[number];

export const customerImportDelimiterLabels: Record<CustomerImportDelimiter, string> = {
  ";": "Semikolon",
  ",": "Komma",
  "\t": "Tabulator",
};

/** „erkannt: Windows-1252, Semikolon“: what the preview says it read. */
export function customerImportDetectedLabel(encoding: CustomerImportEncoding, delimiter: CustomerImportDelimiter) {
  return `erkannt: ${customerImportEncodingLabels[encoding]}, ${customerImportDelimiterLabels[delimiter]}`;
}

/**
 * What a column can be imported into. `customer_number` matches an existing customer (it is the
 * export's „Kundennummer“, the customer's id); street, postal code and city are joined into the
 * address („Musterweg 1“, „01067 Dresden“) when no column is mapped to the address itself.
 */
export const customerImportTargets = [
  "customer_number",
  "name",
  "email",
  "phone",
  "website",
  "notes",
  "status",
  "address",
  "street",
  "postal_code",
  "city",
  "leitweg_id",
] as const;
export type CustomerImportTarget = (typeof customerImportTargets)[number];

export function isCustomerImportTarget(value: unknown): value is CustomerImportTarget {
  return typeof value === "string" && (customerImportTargets as readonly string[]).includes(value);
}

export const customerImportTargetLabels: Record<CustomerImportTarget, string> = {
  customer_number: "Kundennummer",
  name: "Name",
  email: "E-Mail",
  phone: "Telefon",
  website: "Website",
  notes: "Notizen",
  status: "Status",
  address: "Anschrift",
  street: "Straße",
  postal_code: "PLZ",
  city: "Ort",
  leitweg_id: "Leitweg-ID",
};

/** One entry per column of the file: the target, or null („nicht importieren“). */
export type CustomerImportMapping = (CustomerImportTarget | null)[];

export const customerImportLimits = {
  /** The file's bytes: 10 000 rows of full master data are ~2–3 MB. */
  maxBytes: 5 * 1024 * 1024,
  /** Data rows (the header row not counted). */
  maxRows: 10_000,
  maxColumns: 50,
  /** Characters of one row (all its cells): a longer one is not a customer but a broken or hostile file. */
  maxRowChars: 20_000,
  /** The dry run's table shows at most this many rows per answer; the counts cover all. */
  sampleRows: 10,
  /** An import can be undone this many days (its previous values are kept as long, then deleted). */
  undoDays: 30,
  /** An uploaded file not imported is deleted after this many hours. */
  preparedHours: 24,
} as const;

/** The dry run's verdict on one row. */
export const customerImportStatuses = ["new", "update", "unchanged", "conflict", "error"] as const;
export type CustomerImportStatus = (typeof customerImportStatuses)[number];

export const customerImportStatusLabels: Record<CustomerImportStatus, string> = {
  new: "neu",
  update: "aktualisieren",
  unchanged: "unverändert",
  conflict: "Konflikt",
  error: "Fehler",
};

/** What the user decides for a conflict row; without a choice it is skipped. */
export const customerImportChoices = ["skip", "update", "create"] as const;
export type CustomerImportChoice = (typeof customerImportChoices)[number];

export function isCustomerImportChoice(value: unknown): value is CustomerImportChoice {
  return typeof value === "string" && (customerImportChoices as readonly string[]).includes(value);
}

export const customerImportChoiceLabels: Record<CustomerImportChoice, string> = {
  skip: "Überspringen",
  update: "Kunden aktualisieren",
  create: "Als neuen Kunden anlegen",
};

/** `POST /api/customers/imports` (the file's bytes): what was read, a preview and the proposed mapping. */
export interface CustomerImportPreview {
  id: number;
  encoding: CustomerImportEncoding;
  delimiter: CustomerImportDelimiter;
  /** „erkannt: Windows-1252, Semikolon“. */
  detected: string;
  headers: string[];
  /** Data rows in the file. */
  rows: number;
  /** The first rows and the first rows with letters beyond ASCII (umlauts), in file order; `line` as Excel counts rows (the header is 1). */
  sample: { line: number; cells: string[] }[];
  mapping: CustomerImportMapping;
  /** True when the mapping is the one last used for these headers. */
  mapping_remembered: boolean;
  /** What the reading changed or noticed, in German („Ein unsichtbares Zeichen (BOM) mitten in der Datei wurde entfernt.“). */
  notes: string[];
}

export interface CustomerImportPreviewAnswer {
  import: CustomerImportPreview;
}

/** One row of the dry run. */
export interface CustomerImportRow {
  line: number;
  status: CustomerImportStatus;
  /** Why (German): the error, the conflict, or the fields that change. */
  reason: string | null;
  /** The row's name and e-mail as read. */
  name: string;
  email: string | null;
  /** The customer it matched, if any. */
  customer: { id: number; name: string } | null;
  /** For a conflict: what may be chosen. */
  choices: CustomerImportChoice[];
}

export type CustomerImportCounts = Record<CustomerImportStatus, number>;

/** `POST /api/customers/imports/:id/dry-run`. */
export interface CustomerImportDryRun {
  counts: CustomerImportCounts;
  /** Every row (at most `maxRows`), in file order. */
  rows: CustomerImportRow[];
}

/** `POST /api/customers/imports/:id/run` and `/undo`. */
export interface CustomerImportResult {
  id: number;
  state: "imported" | "undone";
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
  /** Undo: how many created customers were deleted and updated ones restored. */
  deleted: number;
  restored: number;
}

export interface CustomerImportResultAnswer {
  result: CustomerImportResult;
}
