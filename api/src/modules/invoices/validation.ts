import {
  type InvoiceContent,
  type InvoiceStatus,
  invoiceContentProblem,
  invoiceFieldMessages,
  invoiceFormMessages,
  invoiceLimits,
  invoicePaging,
  invoiceStatuses,
  isAgeingBucket,
  isInvoiceDate,
  isInvoiceStatus,
  isIsoDate,
  normalizeInvoiceContent,
  taxCases,
} from "@klarwerk/kit";
import { t } from "elysia";
import { HttpError } from "../../http/errors.ts";
import { type ListQueryRules, parseListQuery as parseGenericListQuery } from "../../http/list-query.ts";
import { httpMessages } from "../../http/messages.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import type { ListQuery } from "./store.ts";

const invalid = messages.invalidField;

function optionalText(field: string) {
  return t.Optional(t.Union([t.String(), t.Null()], { error: invalid(field) }));
}

const itemSchema = t.Object(
  {
    description: t.String({ error: invalid("items.description") }),
    quantity: t.Number({ error: invalid("items.quantity") }),
    unitPriceCents: t.Integer({ error: invalid("items.unitPriceCents") }),
  },
  { error: invalid("items") },
);

/**
 * Shapes only; the rules are the kit's (`invoiceContentProblem` for every save,
 * `invoiceIssueProblem` when issuing). Omitted fields take the form's defaults; `issue: true`
 * issues at once ("Rechnung speichern"), otherwise it stays a draft ("Als Entwurf speichern").
 */
export const invoiceBody = t.Object(
  {
    customerId: t.Optional(t.Union([t.Integer({ minimum: 1 }), t.Null()], { error: invalid("customerId") })),
    recipient: t.Optional(t.String({ error: invalid("recipient") })),
    recipientVatId: optionalText("recipientVatId"),
    buyerReference: optionalText("buyerReference"),
    provider: t.Optional(t.String({ error: invalid("provider") })),
    issueDate: t.Optional(t.String({ error: invalid("issueDate") })),
    serviceDate: optionalText("serviceDate"),
    servicePeriodStart: optionalText("servicePeriodStart"),
    servicePeriodEnd: optionalText("servicePeriodEnd"),
    paymentTermDays: t.Optional(t.Integer({ error: invalid("paymentTermDays") })),
    items: t.Optional(t.Array(itemSchema, { maxItems: invoiceLimits.itemsMax, error: invalid("items") })),
    discountPercent: t.Optional(t.Number({ error: invalid("discountPercent") })),
    taxPercent: t.Optional(t.Number({ error: invalid("taxPercent") })),
    taxCase: t.Optional(
      t.Union([t.Union(taxCases.map((taxCase) => t.Literal(taxCase))), t.Null()], {
        error: invoiceFieldMessages.taxCaseInvalid,
      }),
    ),
    taxExemptionReason: optionalText("taxExemptionReason"),
    extraFeesCents: t.Optional(t.Integer({ error: invalid("extraFeesCents") })),
    notes: t.Optional(t.String({ error: invalid("notes") })),
    issue: t.Optional(t.Boolean({ error: invalid("issue") })),
  },
  { error: httpMessages.notJsonObject },
);

export type InvoiceBody = typeof invoiceBody.static;

/** The content to store: defaults filled in, texts trimmed, checked by the kit's field rules (422). */
export function contentFrom(body: InvoiceBody, today: string): InvoiceContent {
  const content = normalizeInvoiceContent({
    customerId: body.customerId ?? null,
    recipient: body.recipient ?? "",
    recipientVatId: body.recipientVatId ?? null,
    buyerReference: body.buyerReference ?? null,
    provider: body.provider ?? "",
    issueDate: body.issueDate ?? today,
    serviceDate: body.serviceDate ?? null,
    servicePeriodStart: body.servicePeriodStart ?? null,
    servicePeriodEnd: body.servicePeriodEnd ?? null,
    paymentTermDays: body.paymentTermDays ?? 14,
    items: body.items ?? [],
    discountPercent: body.discountPercent ?? 0,
    taxPercent: body.taxPercent ?? 19,
    taxCase: body.taxCase ?? null,
    taxExemptionReason: body.taxExemptionReason ?? null,
    extraFeesCents: body.extraFeesCents ?? 0,
    notes: body.notes ?? "",
  });
  const problem = invoiceContentProblem(content);
  if (problem !== null) throw new HttpError(422, "validation", problem);
  return content;
}

export const paymentBody = t.Object(
  { paidOn: t.String({ error: messages.paidOnInvalid }) },
  { error: httpMessages.notJsonObject },
);

/** The payment date: a real date, not after today, within the invoice dates' range (422). */
export function paidOnFrom(body: typeof paymentBody.static, today: string): string {
  const paidOn = body.paidOn.trim();
  if (!isIsoDate(paidOn)) throw new HttpError(422, "validation", messages.paidOnInvalid);
  if (paidOn > today) throw new HttpError(422, "validation", messages.paidOnInFuture);
  if (!isInvoiceDate(paidOn)) throw new HttpError(422, "validation", messages.paidOnOutOfRange);
  return paidOn;
}

export const invoiceListRules: ListQueryRules<InvoiceStatus> = {
  statuses: invoiceStatuses,
  isStatus: isInvoiceStatus,
  searchMax: 200,
  paging: invoicePaging,
  messages,
};

/**
 * `?page=&limit=&search=&status=&ageing=` of the invoice list; the search is matched in lower case,
 * `ageing` keeps the open items of one bucket of the "Auswertung" (empty: all).
 */
export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const parsed = parseGenericListQuery(query, invoiceListRules);
  const { ageing } = query;
  if (ageing !== undefined && ageing !== "" && !isAgeingBucket(ageing)) {
    throw new HttpError(400, "invalid-query", messages.invalidAgeingFilter);
  }
  return { ...parsed, search: parsed.search?.toLowerCase() ?? null, ageing: isAgeingBucket(ageing) ? ageing : null };
}

/** Every message a save can be refused with, for the API description. */
export const saveMessages = [...Object.values(invoiceFormMessages)];
