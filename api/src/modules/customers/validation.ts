import {
  type CustomerInput,
  type CustomerStatus,
  checkCustomer,
  customerLimits,
  customerMessages,
  customerPageLimits,
  customerPaging,
  customerStatuses,
  isBlank,
  isCustomerStatus,
} from "@klarwerk/kit";
import { t } from "elysia";
import { HttpError } from "../../http/errors.ts";
import { parseId } from "../../http/ids.ts";
import {
  type ListQuery as GenericListQuery,
  type ListQueryRules,
  parseListQuery as parseGenericListQuery,
} from "../../http/list-query.ts";
import { httpMessages } from "../../http/messages.ts";
import { customersApiMessages as messages } from "./messages.ts";

/** A text field that may be left out, null or empty; anything but text gets its German message. */
function optionalText(field: string) {
  return t.Optional(t.Union([t.String(), t.Null()], { error: messages.invalidText(field) }));
}

/**
 * Shapes only (each field text, or absent or null where optional); the rules themselves are the
 * kit's `checkCustomer`, the same the dialog runs. Unknown fields (the `id` the client sends back
 * with an update) are ignored.
 */
const fields = {
  name: t.String({ error: customerMessages.nameRequired }),
  email: optionalText("email"),
  phone: optionalText("phone"),
  website: optionalText("website"),
  notes: optionalText("notes"),
  address: optionalText("address"),
  leitweg_id: optionalText("leitweg_id"),
};

/** POST: a missing status means the default (in_kontakt). */
export const createBody = t.Object(
  { ...fields, status: t.Optional(t.Union([t.String(), t.Null()], { error: customerMessages.statusInvalid })) },
  { error: httpMessages.notJsonObject },
);

/** PUT replaces the customer: the status must be given, so a client that forgets it changes nothing by accident. */
export const updateBody = t.Object(
  { ...fields, status: t.String({ error: messages.statusRequired }) },
  { error: httpMessages.notJsonObject },
);

/**
 * The customer to store, or a 422 with the first problem found (in the dialog's field order). An
 * update must name the status: blank would otherwise quietly mean the default.
 */
export function customerFrom(body: typeof createBody.static, { statusRequired = false } = {}): CustomerInput {
  if (statusRequired && isBlank(body.status)) throw new HttpError(422, "validation", messages.statusRequired);
  const check = checkCustomer(body);
  if (check.ok) return check.customer;
  const first = Object.values(check.errors)[0] ?? httpMessages.invalidInput;
  throw new HttpError(422, "validation", first);
}

/**
 * The list's query; `after` is keyset paging's cursor (decision 0104): the page holds the
 * customers with a smaller id than the previous page's last, so "Weiter" reads what the screen
 * shows however deep it goes. Without it (a link to `?page=40`, page 1) the page is counted off.
 */
export type ListQuery = GenericListQuery<CustomerStatus> & { after: number | null };

export const customerListRules: ListQueryRules<CustomerStatus> = {
  statuses: customerStatuses,
  isStatus: isCustomerStatus,
  searchMax: customerLimits.nameMax,
  paging: customerPaging,
  messages,
};

/** `?page=&limit=&search=&status=&after=` of the customer list; `after` is read from page 2 on. */
export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const list = parseGenericListQuery(query, customerListRules);
  const { after } = query;
  if (after === undefined || after === "") return { ...list, after: null };
  const cursor = parseId(after);
  if (cursor === null) throw new HttpError(400, "invalid-query", messages.invalidAfter);
  return { ...list, after: list.page === 1 ? null : cursor };
}

/** `?tag=` of the list: the tag as stored (trimmed, spaces folded), null for none, a 400 for a too long one. */
export function parseTagFilter(query: Record<string, unknown>): string | null {
  const { tag } = query;
  if (tag === undefined || tag === "") return null;
  if (typeof tag !== "string") throw new HttpError(400, "invalid-query", messages.invalidTagFilter);
  const folded = tag.trim().replace(/\s+/g, " ");
  if (folded.length > customerPageLimits.tagMax) throw new HttpError(400, "invalid-query", messages.invalidTagFilter);
  return folded === "" ? null : folded;
}

/** `?search=&status=&tag=` of the export: the list's filter by the list's rules (its page and limit are not read). */
export function parseExportFilter(
  query: Record<string, unknown>,
): Pick<ListQuery, "search" | "status"> & { tag: string | null } {
  const { search, status } = parseListQuery({ search: query.search, status: query.status });
  return { search, status, tag: parseTagFilter(query) };
}
