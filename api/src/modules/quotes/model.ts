import {
  defaultQuoteValidityDays,
  invoiceDateFieldProblem,
  invoiceDateMessages,
  invoiceFieldMessages,
  invoiceFormMessages,
  invoiceIssueMessages,
  invoicePaging,
  isQuoteStatus,
  quoteMessages as messages,
  type Quote,
  type QuoteAnswer,
  type QuoteContent,
  type QuoteConversionAnswer,
  type QuoteInvoiceReference,
  type QuotePage,
  type QuoteStatus,
  type QuoteSummary,
  quoteLabels,
  quoteStatuses,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { type ListQueryRules, listQueryDocs, parseListQuery as parseGenericListQuery } from "../../http/list-query.ts";
import { httpMessages, invalidLimitParam } from "../../http/messages.ts";
import { bytesResponse, nullable, schemaOf, stringEnum } from "../../http/openapi.ts";
import {
  cents,
  contentFrom,
  invoiceBody,
  invoiceSchema,
  isoDate,
  itemSchema,
  totalsSchema,
} from "../invoices/index.ts";

/**
 * Each route of /api/quotes in one definition (routes.ts mounts them). The body is the invoice's
 * (its rules, `contentFrom`) plus „Gültig bis“.
 */

const tags = ["Quotes"];

const statusSchema = stringEnum(quoteStatuses, {
  description:
    "draft (Entwurf), open (offen), accepted (angenommen), rejected (abgelehnt), expired (abgelaufen: " +
    "no answer and the day after „Gültig bis“, computed on every read).",
});

const invoiceReferenceSchema = schemaOf<QuoteInvoiceReference>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      number: nullable(Type.String({ description: "null while the invoice is a draft." })),
    },
    { additionalProperties: false },
  ),
);

const validUntilSchema = nullable(
  isoDate(`„Gültig bis“; null on a draft: the issue date + ${defaultQuoteValidityDays} days when it is issued.`),
);

/** The invoice's content fields (the same form), the quote's own beside them. */
const contentProperties = {
  customerId: invoiceSchema.properties.customerId,
  recipient: invoiceSchema.properties.recipient,
  recipientVatId: invoiceSchema.properties.recipientVatId,
  buyerReference: invoiceSchema.properties.buyerReference,
  provider: invoiceSchema.properties.provider,
  issueDate: isoDate("Angebotsdatum: the day it was issued (a draft: the day it was saved)."),
  serviceDate: invoiceSchema.properties.serviceDate,
  servicePeriodStart: invoiceSchema.properties.servicePeriodStart,
  servicePeriodEnd: invoiceSchema.properties.servicePeriodEnd,
  paymentTermDays: invoiceSchema.properties.paymentTermDays,
  validUntil: validUntilSchema,
  items: Type.Array(itemSchema),
  discountPercent: invoiceSchema.properties.discountPercent,
  taxPercent: invoiceSchema.properties.taxPercent,
  taxCase: invoiceSchema.properties.taxCase,
  taxExemptionReason: invoiceSchema.properties.taxExemptionReason,
  extraFeesCents: invoiceSchema.properties.extraFeesCents,
  notes: invoiceSchema.properties.notes,
};

const quoteSchema = schemaOf<Quote>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      status: statusSchema,
      number: nullable(Type.String({ description: '"AN-2026-0001"; null for a draft.' })),
      ...contentProperties,
      totals: totalsSchema,
      invoices: Type.Array(invoiceReferenceSchema, { description: "The invoices made from it, oldest first." }),
      decidedAt: nullable(Type.String({ format: "date-time" })),
      decidedByName: nullable(Type.String()),
      createdAt: Type.String({ format: "date-time" }),
      createdByName: nullable(Type.String()),
      issuedAt: nullable(Type.String({ format: "date-time" })),
      issuedByName: nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
);

const summarySchema = schemaOf<QuoteSummary>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      status: statusSchema,
      number: nullable(Type.String()),
      recipientName: Type.String({ description: 'The first line of "Kunde".' }),
      customerId: nullable(Type.Integer({ minimum: 1 })),
      issueDate: isoDate("Angebotsdatum."),
      validUntil: validUntilSchema,
      totalCents: cents("Gesamt."),
      invoices: Type.Array(invoiceReferenceSchema),
    },
    { additionalProperties: false },
  ),
);

const pageSchema = schemaOf<QuotePage>()(
  Type.Object(
    {
      quotes: Type.Array(summarySchema, { description: "Newest first." }),
      pages: Type.Integer({ minimum: 1 }),
      total: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
  ),
);

const answerSchema = schemaOf<QuoteAnswer>()(Type.Object({ quote: quoteSchema }, { additionalProperties: false }));

const conversionSchema = schemaOf<QuoteConversionAnswer>()(
  Type.Object(
    { invoice: invoiceSchema, quote: quoteSchema },
    { additionalProperties: false, description: "invoice: the new draft; quote: the quote naming it." },
  ),
);

/** The invoice's body and „Gültig bis“ (`null` or absent: issue date + 30 days). */
export const quoteBody = t.Object(
  {
    ...invoiceBody.properties,
    validUntil: t.Optional(t.Union([t.String(), t.Null()], { error: messages.validUntilInvalid })),
  },
  { error: httpMessages.notJsonObject },
);

export type QuoteBody = typeof quoteBody.static;

/** The content to store: the invoice's rules, and „Gültig bis“ a real date not before the quote's date (422). */
export function quoteContentFrom(body: QuoteBody, today: string): QuoteContent {
  const content = contentFrom(body, today);
  const validUntil = body.validUntil?.trim() || null;
  if (validUntil !== null) {
    const problem = invoiceDateFieldProblem(validUntil, quoteLabels.validUntil);
    if (problem !== null) throw new HttpError(422, "validation", problem);
    if (validUntil < content.issueDate) throw new HttpError(422, "validation", messages.validUntilBeforeIssue);
  }
  return { ...content, validUntil };
}

export const conversionBody = t.Object(
  { partial: t.Optional(t.Boolean({ error: "Die Angabe „partial“ muss wahr oder falsch sein." })) },
  { error: httpMessages.notJsonObject },
);

const listRules: ListQueryRules<QuoteStatus> = {
  statuses: quoteStatuses,
  isStatus: isQuoteStatus,
  searchMax: 200,
  paging: invoicePaging,
  messages: {
    invalidLimit: invalidLimitParam(invoicePaging.maxLimit),
    invalidSearch: messages.invalidSearch,
    invalidStatusFilter: messages.invalidStatusFilter,
  },
};

export function parseListQuery(query: Record<string, unknown>) {
  return parseGenericListQuery(query, listRules);
}

const list = listQueryDocs(listRules, {
  items: "Quotes",
  search: "Part of the number or the customer's name, any case.",
});
const idParam = { description: "The quote's id, a positive integer.", invalid: messages.invalidId };
const notFound = { "quote-not-found": [messages.notFound] };
const notIssued = { "quote-not-issued": [messages.notIssued] };

const saveErrors = {
  400: { "bad-request": [httpMessages.badRequest] },
  404: notFound,
  409: { "quote-already-issued": [messages.issuedFinal] },
  422: {
    validation: [
      ...Object.values(invoiceFormMessages),
      ...Object.values(invoiceIssueMessages),
      ...Object.values(invoiceDateMessages).filter((message) => typeof message === "string"),
      ...Object.values(invoiceFieldMessages).filter((message) => typeof message === "string"),
      messages.validUntilInvalid,
      messages.validUntilBeforeIssue,
      messages.validUntilPassed,
      httpMessages.notJsonObject,
    ],
    "quote-customer-unknown": [messages.customerUnknown],
  },
};

export const listQuotesRoute = endpoint("GET /api/quotes")({
  summary: "One page of quotes, newest first, searched by number and customer, filtered by status",
  tags,
  parameters: list.parameters,
  answer: { status: 200, description: "The page and how many pages and quotes match.", schema: pageSchema },
  errors: { 400: { "invalid-query": list.badRequest } },
});

export const readQuoteRoute = endpoint("GET /api/quotes/:id")({
  summary: "One quote with its totals, status and the invoices made from it",
  tags,
  idParam,
  answer: { status: 200, description: "The quote.", schema: answerSchema },
  errors: { 404: notFound },
});

export const createQuoteRoute = endpoint("POST /api/quotes")({
  summary: 'Save a quote: a draft ("Als Entwurf speichern"), or with `issue: true` numbered and issued',
  description:
    "Issuing dates the quote today, sets „Gültig bis“ to today + 30 days unless given, checks the " +
    "invoice's rules and gives it the next number of the year's quote series (`AN-2026-0001`).",
  tags,
  body: quoteBody,
  answer: { status: 201, description: "The stored quote.", schema: answerSchema },
  errors: saveErrors,
});

export const replaceQuoteRoute = endpoint("PUT /api/quotes/:id")({
  summary: "Replace a draft; with `issue: true` issue it (a refused issue leaves the draft as it was)",
  tags,
  idParam,
  body: quoteBody,
  answer: { status: 200, description: "The stored quote.", schema: answerSchema },
  errors: saveErrors,
});

export const deleteQuoteRoute = endpoint("DELETE /api/quotes/:id")({
  summary: "Delete a draft (an issued quote is kept: 409)",
  tags,
  idParam,
  answer: { status: 204, description: "Deleted." },
  errors: { 404: notFound, 409: { "quote-already-issued": [messages.issuedFinal] } },
});

const decisionErrors = {
  404: notFound,
  409: {
    ...notIssued,
    "quote-not-open": [messages.notOpen, messages.alreadyDecided("angenommen")],
    "quote-expired": [messages.expired],
  },
};

export const acceptQuoteRoute = endpoint("POST /api/quotes/:id/accept")({
  summary: "Record that the customer accepted an open quote („angenommen“)",
  tags,
  idParam,
  answer: { status: 200, description: "The quote.", schema: answerSchema },
  errors: decisionErrors,
});

export const rejectQuoteRoute = endpoint("POST /api/quotes/:id/reject")({
  summary: "Record that the customer rejected an open or expired quote („abgelehnt“)",
  tags,
  idParam,
  answer: { status: 200, description: "The quote.", schema: answerSchema },
  errors: decisionErrors,
});

export const convertQuoteRoute = endpoint("POST /api/quotes/:id/invoice")({
  summary: "„In Rechnung umwandeln“: an invoice draft with the quote's customer, items and texts",
  description:
    "Once per quote; a further one (a Teilrechnung) only with `partial: true`. Concurrent requests are " +
    "ordered by the quote's row lock: without the flag only one draft is made, the other gets 409.",
  tags,
  idParam,
  body: conversionBody,
  answer: { status: 201, description: "The invoice draft and the quote.", schema: conversionSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: notFound,
    409: {
      ...notIssued,
      "quote-rejected": [messages.rejectedNotConvertible],
      "quote-already-converted": [messages.alreadyConverted("2026-0001")],
    },
  },
});

export const quotePdfRoute = endpoint("GET /api/quotes/:id/pdf")({
  summary: "The issued quote's PDF in the invoice's layout, made from the stored quote",
  tags,
  idParam,
  responses: {
    200: bytesResponse("`application/pdf`, saved as `Angebot_<number>.pdf`.", {
      "Content-Disposition": {
        description: 'attachment; filename="Angebot_<number>.pdf"',
        schema: { type: "string" },
      },
    }),
  },
  errors: { 404: notFound, 409: notIssued },
});
