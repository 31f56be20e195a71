import {
  type Customer,
  type CustomerImportChoice,
  type CustomerImportCounts,
  type CustomerImportMapping,
  type CustomerImportRow,
  type CustomerImportStatus,
  type CustomerImportTarget,
  type CustomerInput,
  checkCustomer,
  customerImportStatuses,
  customerImportTargetLabels,
  customerImportTargets,
  customerStatuses,
  customerStatusLabel,
  isCustomerImportTarget,
} from "@klarwerk/kit";
import { HttpError } from "../../http/errors.ts";
import type { ParsedRow } from "./import-parse.ts";
import { customerImportMessages as messages } from "./messages.ts";

/**
 * The dry run (decision 0099): each row of the file, under the user's mapping, against the
 * customers as they are. Pure: the customers come in (`Existing`), the verdicts go out, so the
 * dry run and the import judge a row by the same code.
 */

/** The header names folded for comparison: lower case, letters and digits only („E-Mail“ → „email“). */
function folded(header: string): string {
  return header
    .toLowerCase()
    .replaceAll("ß", "ss")
    .normalize("NFKD")
    .replace(/[^a-z0-9]/g, "");
}

/** Header names other tools and Excel sheets use for each field (folded). */
const synonyms: Record<CustomerImportTarget, readonly string[]> = {
  customer_number: ["kundennummer", "kundennr", "kdnr", "kundenid", "customernumber", "customerid"],
  name: ["name", "firma", "firmenname", "kunde", "kundenname", "unternehmen", "company", "organisation"],
  email: ["email", "emailadresse", "mail", "emailaddress"],
  phone: ["telefon", "tel", "telefonnummer", "phone", "telnr", "rufnummer", "mobil", "handy"],
  website: ["website", "webseite", "homepage", "internet", "url", "web"],
  notes: ["notizen", "notiz", "bemerkung", "bemerkungen", "kommentar", "notes", "anmerkungen"],
  status: ["status"],
  address: ["anschrift", "adresse", "address", "postanschrift"],
  street: ["strasse", "str", "strassehausnummer", "street"],
  postal_code: ["plz", "postleitzahl", "zip", "postalcode"],
  city: ["ort", "stadt", "city", "wohnort"],
  leitweg_id: ["leitwegid", "leitweg"],
};

/** A first mapping from the header names; each field once, the first column that names it. */
export function guessMapping(headers: readonly string[]): CustomerImportMapping {
  const taken = new Set<CustomerImportTarget>();
  return headers.map((header) => {
    const name = folded(header);
    const target = customerImportTargets.find((field) => !taken.has(field) && synonyms[field].includes(name));
    if (target === undefined) return null;
    taken.add(target);
    return target;
  });
}

/** What a mapping is remembered under: the headers as folded, in order (a header set, not a file). */
export function headerKey(headers: readonly string[]): string {
  return headers.map(folded).join("\u001f");
}

/** The mapping as sent, checked against the file's columns; a 422 in German otherwise. */
export function checkMapping(value: unknown, columns: number): CustomerImportMapping {
  if (!Array.isArray(value) || value.length !== columns) throw new HttpError(422, "validation", messages.mappingShape);
  const seen = new Set<CustomerImportTarget>();
  const mapping: CustomerImportMapping = [];
  for (const entry of value) {
    if (entry === null) {
      mapping.push(null);
      continue;
    }
    if (!isCustomerImportTarget(entry)) throw new HttpError(422, "validation", messages.mappingShape);
    if (seen.has(entry))
      throw new HttpError(422, "validation", messages.mappingTwice(customerImportTargetLabels[entry]));
    seen.add(entry);
    mapping.push(entry);
  }
  if (!seen.has("name") && !seen.has("customer_number") && !seen.has("email")) {
    throw new HttpError(422, "validation", messages.mappingNeedsKey);
  }
  return mapping;
}

/** A customer as the plan compares it: the stored fields and what tells a later change (`version`, microseconds of updated_at). */
export type Existing = Customer & { version: string };

/** The customers a file's rows may match: by id, and by e-mail (trimmed, lower case) oldest first. */
export interface Matches {
  byId: ReadonlyMap<number, Existing>;
  byEmail: ReadonlyMap<string, readonly Existing[]>;
}

/** One row's verdict and what the import would do with it. */
export interface PlannedRow extends CustomerImportRow {
  /** For `new`, and for a conflict chosen „create“: the customer to create. */
  create: CustomerInput | null;
  /** For `update`, and for a conflict chosen „update“: the matched customer and its new fields. */
  update: { customer: Existing; fields: CustomerInput; changed: string[] } | null;
}

/** The fields a row gives (null where its cell is empty or its column not mapped), read from its cells. */
interface RowValues {
  customerNumber: string | null;
  draft: Partial<Record<Exclude<keyof CustomerInput, "status">, string>>;
  status: string | null;
}

/** The row's cells under the mapping; street, PLZ and Ort make the address unless a column is the address. */
function valuesOf(cells: readonly string[], mapping: CustomerImportMapping): RowValues {
  const cell: Partial<Record<CustomerImportTarget, string>> = {};
  mapping.forEach((target, index) => {
    const text = (cells[index] ?? "").trim();
    if (target !== null && text !== "") cell[target] = text;
  });
  const draft: RowValues["draft"] = {};
  for (const field of ["name", "email", "phone", "website", "notes", "leitweg_id", "address"] as const) {
    const text = cell[field];
    if (text !== undefined) draft[field] = text;
  }
  if (draft.address === undefined) {
    const place = [cell.postal_code, cell.city].filter((part) => part !== undefined).join(" ");
    const lines = [cell.street, place].filter((part) => part !== undefined && part !== "");
    if (lines.length > 0) draft.address = lines.join("\n");
  }
  return { customerNumber: cell.customer_number ?? null, draft, status: cell.status ?? null };
}

/** A status as typed: the stored value or as the list shows it („in kontakt“), any case. */
function statusOf(text: string): string | null {
  const wanted = text.trim().toLowerCase().replace(/\s+/g, " ");
  return customerStatuses.find((status) => status === wanted || customerStatusLabel(status) === wanted) ?? null;
}

/** The audited fields and their German names, in the dialog's order. */
const fieldLabels: [keyof CustomerInput, string][] = [
  ["name", customerImportTargetLabels.name],
  ["email", customerImportTargetLabels.email],
  ["phone", customerImportTargetLabels.phone],
  ["website", customerImportTargetLabels.website],
  ["notes", customerImportTargetLabels.notes],
  ["status", customerImportTargetLabels.status],
  ["address", customerImportTargetLabels.address],
  ["leitweg_id", customerImportTargetLabels.leitweg_id],
];

function named(customer: Pick<Customer, "name" | "id">): string {
  return messages.customerNamed(customer.name, customer.id);
}

const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Every row's verdict, in file order:
 * - **Fehler**: a cell the customer rules refuse, an unknown Kundennummer or status, no name for a
 *   new customer, more cells than headers, a customer or a new e-mail already met in an earlier row;
 * - **Konflikt** (decision 0099): a Kundennummer's customer while the e-mail belongs to another
 *   customer; an e-mail match (no Kundennummer) whose name differs; an e-mail several customers
 *   have. The user chooses (`choices`); without a choice the row is skipped;
 * - **aktualisieren** / **unverändert**: matched by Kundennummer, else by e-mail; empty cells keep
 *   what is stored; unchanged when no field would change;
 * - **neu**: nothing matched.
 * With `chosen`, conflict rows are planned as chosen (the import's second pass).
 */
export function planRows(
  rows: readonly ParsedRow[],
  mapping: CustomerImportMapping,
  matches: Matches,
  chosen: ReadonlyMap<number, CustomerImportChoice> = new Map(),
): PlannedRow[] {
  const customersSeen = new Map<number, number>();
  const newEmailsSeen = new Map<string, number>();
  return rows.map((row) => {
    const values = valuesOf(row.cells, mapping);
    const shown = { line: row.line, name: values.draft.name ?? "", email: values.draft.email ?? null };
    const error = (reason: string, customer: Existing | null = null): PlannedRow => ({
      ...shown,
      status: "error",
      reason,
      customer: customer && { id: customer.id, name: customer.name },
      choices: [],
      create: null,
      update: null,
    });
    if (row.problem !== null) return error(row.problem);
    let status: string | null = null;
    if (values.status !== null) {
      status = statusOf(values.status);
      if (status === null) return error(messages.statusUnknown(values.status));
    }
    const asCreate = (): PlannedRow => {
      if (values.draft.name === undefined) return error(messages.nameMissing);
      const check = checkCustomer({ ...values.draft, name: values.draft.name, status });
      if (!check.ok) return error(Object.values(check.errors)[0] ?? messages.nameMissing);
      if (check.customer.email !== null) {
        const key = emailKey(check.customer.email);
        const earlier = newEmailsSeen.get(key);
        if (earlier !== undefined) return error(messages.sameEmailAs(earlier));
        newEmailsSeen.set(key, row.line);
      }
      return {
        ...shown,
        status: "new",
        reason: null,
        customer: null,
        choices: [],
        create: check.customer,
        update: null,
      };
    };
    const asUpdate = (customer: Existing): PlannedRow => {
      const earlier = customersSeen.get(customer.id);
      if (earlier !== undefined) return error(messages.sameCustomerAs(earlier), customer);
      customersSeen.set(customer.id, row.line);
      const check = checkCustomer({
        name: values.draft.name ?? customer.name,
        email: values.draft.email ?? customer.email,
        phone: values.draft.phone ?? customer.phone,
        website: values.draft.website ?? customer.website,
        notes: values.draft.notes ?? customer.notes,
        status: status ?? customer.status,
        address: values.draft.address ?? customer.address,
        leitweg_id: values.draft.leitweg_id ?? customer.leitweg_id,
      });
      if (!check.ok) return error(Object.values(check.errors)[0] ?? messages.nameMissing, customer);
      const changed = fieldLabels.filter(([field]) => check.customer[field] !== customer[field]);
      const matched = { id: customer.id, name: customer.name };
      if (changed.length === 0) {
        return {
          ...shown,
          status: "unchanged",
          reason: null,
          customer: matched,
          choices: [],
          create: null,
          update: null,
        };
      }
      return {
        ...shown,
        status: "update",
        reason: messages.changes(changed.map(([, label]) => label).join(", ")),
        customer: matched,
        choices: [],
        create: null,
        update: { customer, fields: check.customer, changed: changed.map(([field]) => field) },
      };
    };
    const conflict = (reason: string, customer: Existing | null, choices: CustomerImportChoice[]): PlannedRow => {
      const choice = chosen.get(row.line);
      if (choice === "update" && customer !== null && choices.includes("update")) return asUpdate(customer);
      if (choice === "create" && choices.includes("create")) return asCreate();
      return {
        ...shown,
        status: "conflict",
        reason,
        customer: customer && { id: customer.id, name: customer.name },
        choices,
        create: null,
        update: null,
      };
    };

    const email = values.draft.email === undefined ? null : emailKey(values.draft.email);
    const sameEmail = email === null ? [] : (matches.byEmail.get(email) ?? []);
    if (values.customerNumber !== null) {
      if (!/^\d{1,15}$/.test(values.customerNumber))
        return error(messages.customerNumberNotANumber(values.customerNumber));
      const id = Number(values.customerNumber);
      const customer = matches.byId.get(id);
      if (customer === undefined) return error(messages.customerNumberUnknown(id));
      const others = sameEmail.filter((other) => other.id !== customer.id);
      const ownEmail = customer.email !== null && email !== null && emailKey(customer.email) === email;
      if (others.length > 0 && !ownEmail) {
        return conflict(messages.emailOfOther(others.map(named).join(", "), named(customer)), customer, [
          "skip",
          "update",
        ]);
      }
      return asUpdate(customer);
    }
    if (sameEmail.length > 1) {
      return conflict(messages.emailOfSeveral(sameEmail.map(named).join(", ")), null, ["skip", "create"]);
    }
    const [customer] = sameEmail;
    if (customer !== undefined) {
      const name = values.draft.name;
      if (name !== undefined && name.trim().toLowerCase() !== customer.name.trim().toLowerCase()) {
        return conflict(messages.emailWithOtherName(named(customer)), customer, ["skip", "update", "create"]);
      }
      return asUpdate(customer);
    }
    return asCreate();
  });
}

/** How many rows have each status. */
export function countStatuses(rows: readonly Pick<PlannedRow, "status">[]): CustomerImportCounts {
  const counts = Object.fromEntries(customerImportStatuses.map((status) => [status, 0])) as Record<
    CustomerImportStatus,
    number
  >;
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** The customer ids and e-mails (trimmed, lower case) a file's rows name: what the store looks up. */
export function keysOf(
  rows: readonly ParsedRow[],
  mapping: CustomerImportMapping,
): { ids: number[]; emails: string[] } {
  const ids = new Set<number>();
  const emails = new Set<string>();
  for (const row of rows) {
    const values = valuesOf(row.cells, mapping);
    if (values.customerNumber !== null && /^\d{1,15}$/.test(values.customerNumber)) {
      const id = Number(values.customerNumber);
      if (Number.isSafeInteger(id)) ids.add(id);
    }
    if (values.draft.email !== undefined) emails.add(emailKey(values.draft.email));
  }
  return { ids: [...ids], emails: [...emails] };
}

/** What a row's dry-run verdict was: its status and matched customer, compared with the import's second look. */
export function verdictOf(row: Pick<PlannedRow, "status" | "customer">): string {
  return `${row.status}:${row.customer?.id ?? ""}`;
}
