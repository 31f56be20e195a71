import {
  ageingBuckets,
  type CancellationAnswer,
  type Invoice,
  type InvoiceAnswer,
  type InvoiceContent,
  type InvoiceItem,
  type InvoicePage,
  type InvoicePayment,
  type InvoiceReference,
  type InvoiceReport,
  type InvoiceStatus,
  type InvoiceSummary,
  type InvoiceTotals,
  invoiceContentProblem,
  invoiceDateMessages,
  invoiceFieldMessages,
  invoiceFormMessages,
  invoiceIssueMessages,
  invoiceLimits,
  invoicePaging,
  invoicePaymentMessages,
  invoiceStatuses,
  isAgeingBucket,
  isInvoiceDate,
  isInvoiceStatus,
  isIsoDate,
  normalizeInvoiceContent,
  taxCases,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { type ListQueryRules, listQueryDocs, parseListQuery as parseGenericListQuery } from "../../http/list-query.ts";
import { httpMessages } from "../../http/messages.ts";
import { bytesResponse, nullable, queryParameter, schemaOf, stringEnum } from "../../http/openapi.ts";
import { digestHeaderDocs } from "../files/index.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import type { ListQuery } from "./store.ts";

/**
 * Each route of /api/invoices in one definition: body, `:id`, answer and documentation (routes.ts
 * mounts them). The kit's rules over a saved body (`contentFrom`) and a payment (`paidOnFrom`) stay
 * functions the service calls: they come after the `:id` and use the day the save runs on.
 */

const tags = ["Invoices"];

const isoDate = (description: string) => Type.String({ format: "date", description });
const cents = (description: string) => Type.Integer({ description: `${description} In cents.` });

const statusSchema = stringEnum(invoiceStatuses, {
  description:
    "draft (Entwurf), open (offen), paid (bezahlt), overdue (überfällig: past the due date), cancelled " +
    "(storniert: a cancellation invoice reverses it), cancellation (it is a Stornorechnung).",
});

const referenceSchema = schemaOf<InvoiceReference>()(
  Type.Object({ id: Type.Integer({ minimum: 1 }), number: Type.String() }, { additionalProperties: false }),
);

const itemSchema = schemaOf<InvoiceItem>()(
  Type.Object(
    {
      description: Type.String(),
      quantity: Type.Number({ description: "May have decimals; negative on a cancellation invoice." }),
      unitPriceCents: cents("Price of one."),
    },
    { additionalProperties: false },
  ),
);

const totalsSchema = schemaOf<InvoiceTotals>()(
  Type.Object(
    {
      lines: Type.Array(
        Type.Object({ unitCents: Type.Integer(), totalCents: Type.Integer() }, { additionalProperties: false }),
        { description: "Per item, in order." },
      ),
      subtotalCents: cents("Zwischensumme."),
      discountCents: cents("Rabatt (a deduction)."),
      feesCents: cents("Sonstige Gebühren."),
      netCents: cents("Net amount, the base of the VAT."),
      taxCents: cents("MwSt."),
      totalCents: cents("Gesamt."),
    },
    { additionalProperties: false },
  ),
);

const paymentSchema = schemaOf<InvoicePayment>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      paidOn: isoDate("The day the money came in."),
      amountCents: cents("The amount paid."),
      note: nullable(Type.String()),
      recordedAt: Type.String({ format: "date-time" }),
      recordedBy: nullable(Type.Integer({ minimum: 1, description: "The account that recorded it." })),
      recordedByName: nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
);

export const invoiceSchema = schemaOf<Invoice>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      status: statusSchema,
      number: nullable(Type.String({ description: '"2026-0001"; null for a draft.' })),
      customerId: nullable(Type.Integer({ minimum: 1 })),
      recipient: Type.String({ description: '"Kunde": name, street, "12345 Ort", one a line.' }),
      recipientVatId: nullable(Type.String()),
      buyerReference: nullable(Type.String({ description: "Leitweg-ID or order reference (BT-10)." })),
      provider: Type.String({ description: '"Dienstleister", same layout.' }),
      issueDate: isoDate("Rechnungsdatum."),
      serviceDate: nullable(isoDate("Leistungsdatum; null: the invoice date, unless a period is given.")),
      servicePeriodStart: nullable(isoDate("Leistungszeitraum from.")),
      servicePeriodEnd: nullable(isoDate("Leistungszeitraum to.")),
      paymentTermDays: Type.Integer({ minimum: 0, description: "Zahlungsziel in days." }),
      items: Type.Array(itemSchema),
      discountPercent: Type.Number(),
      taxPercent: Type.Number(),
      taxCase: nullable(
        stringEnum(taxCases, {
          description:
            "At 0 %: small-business (§ 19 UStG, VAT category E), reverse-charge (AE, VATEX-EU-AE), " +
            "intra-community-supply (K, VATEX-EU-IC), export (G, VATEX-EU-G); null at other rates.",
        }),
      ),
      taxExemptionReason: nullable(Type.String()),
      extraFeesCents: cents("Sonstige Gebühren."),
      notes: Type.String(),
      dueDate: isoDate("Invoice date + Zahlungsziel."),
      totals: totalsSchema,
      paidOn: nullable(isoDate("Paid in full on: the date of the last payment once nothing is open.")),
      paidCents: cents("The sum of its payments."),
      openCents: cents("What is left to pay of an open or overdue invoice; 0 otherwise."),
      payments: Type.Array(paymentSchema, { description: "Oldest first." }),
      cancels: nullable(referenceSchema),
      cancelledBy: nullable(referenceSchema),
      createdAt: Type.String({ format: "date-time" }),
      createdByName: nullable(Type.String()),
      issuedAt: nullable(Type.String({ format: "date-time" })),
      issuedByName: nullable(Type.String()),
    },
    { additionalProperties: false },
  ),
);

const summarySchema = schemaOf<InvoiceSummary>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      status: statusSchema,
      number: nullable(Type.String()),
      recipientName: Type.String({ description: 'The first line of "Kunde".' }),
      customerId: nullable(Type.Integer({ minimum: 1 })),
      issueDate: isoDate("Rechnungsdatum."),
      dueDate: isoDate("Fällig am."),
      totalCents: cents("Gesamt."),
      paidOn: nullable(isoDate("Paid in full on.")),
      paidCents: cents("The sum of its payments."),
      openCents: cents("What is left to pay of an open or overdue invoice; 0 otherwise."),
      cancels: nullable(referenceSchema),
      cancelledBy: nullable(referenceSchema),
      createdAt: Type.String({ format: "date-time" }),
    },
    { additionalProperties: false },
  ),
);

const invoicePageSchema = schemaOf<InvoicePage>()(
  Type.Object(
    {
      invoices: Type.Array(summarySchema, { description: "Newest first." }),
      pages: Type.Integer({ minimum: 1 }),
      total: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
  ),
);

const invoiceAnswerSchema = schemaOf<InvoiceAnswer>()(
  Type.Object({ invoice: invoiceSchema }, { additionalProperties: false }),
);

const cancellationAnswerSchema = schemaOf<CancellationAnswer>()(
  Type.Object(
    {
      invoice: invoiceSchema,
      cancelled: invoiceSchema,
    },
    {
      additionalProperties: false,
      description: "invoice: the new Stornorechnung; cancelled: the original, now cancelled.",
    },
  ),
);

const invalid = messages.invalidField;

function optionalText(field: string) {
  return t.Optional(t.Union([t.String(), t.Null()], { error: invalid(field) }));
}

const itemBody = t.Object(
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
    items: t.Optional(t.Array(itemBody, { maxItems: invoiceLimits.itemsMax, error: invalid("items") })),
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

/** `POST /api/invoices/{id}/payments`: shapes only; `newPaymentFrom` checks the values. */
export const newPaymentBody = t.Object(
  {
    paidOn: t.String({ error: messages.paidOnInvalid }),
    amountCents: t.Integer({ error: invoicePaymentMessages.amountInvalid }),
    note: t.Optional(t.Union([t.String(), t.Null()], { error: invalid("note") })),
  },
  { error: httpMessages.notJsonObject },
);

export type NewPaymentBody = typeof newPaymentBody.static;

/**
 * A payment to record: its date as `paidOnFrom` checks one, an amount of at least one cent, a
 * trimmed note (empty: none). Whether it fits the open amount is the service's question (422).
 */
export function newPaymentFrom(
  body: NewPaymentBody,
  today: string,
): { paidOn: string; amountCents: number; note: string | null } {
  const paidOn = paidOnFrom(body, today);
  if (!Number.isSafeInteger(body.amountCents) || body.amountCents <= 0)
    throw new HttpError(422, "validation", invoicePaymentMessages.amountInvalid);
  const note = body.note?.trim() || null;
  if (note !== null && note.length > invoiceLimits.paymentNoteMax)
    throw new HttpError(422, "validation", invoicePaymentMessages.noteTooLong(invoiceLimits.paymentNoteMax));
  return { paidOn, amountCents: body.amountCents, note };
}

const invoiceListRules: ListQueryRules<InvoiceStatus> = {
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

/** Its message names the latest issue date: an example of one. */
const beforeLatestExample = invoiceDateMessages.beforeLatest("2026-03-31");

const notFound = { "invoice-not-found": [messages.notFound] };
const notIssued = { "invoice-not-issued": [messages.notIssued] };

/** Everything a save can be refused for. */
const saveErrors = {
  400: { "bad-request": [httpMessages.badRequest] },
  404: notFound,
  409: { "invoice-already-issued": [messages.issuedFinal] },
  422: {
    validation: [
      ...Object.values(invoiceFormMessages),
      ...Object.values(invoiceIssueMessages),
      ...Object.values(invoiceDateMessages).filter((message) => typeof message === "string"),
      ...Object.values(invoiceFieldMessages).filter((message) => typeof message === "string"),
      httpMessages.notJsonObject,
    ],
    "invoice-customer-unknown": [messages.customerUnknown],
    "invoice-date-before-latest": [beforeLatestExample],
  },
};

const list = listQueryDocs(invoiceListRules, {
  items: "Invoices",
  search: "Part of the number or the customer's name, any case.",
});

const idParam = { description: "The invoice's id, a positive integer.", invalid: messages.invalidId };

export const listInvoicesRoute = endpoint("GET /api/invoices")({
  summary: "One page of invoices, newest first, searched by number and customer, with their status",
  tags,
  parameters: [
    ...list.parameters,
    queryParameter(
      "ageing",
      "Only open items (status `open` or `overdue`) of this age on today's date in Germany, as the report counts them; empty for all.",
      stringEnum(ageingBuckets),
    ),
  ],
  answer: {
    status: 200,
    description: "The page and how many pages and invoices match.",
    schema: invoicePageSchema,
  },
  errors: { 400: { "invalid-query": [...list.badRequest, messages.invalidAgeingFilter] } },
});

export const readInvoiceRoute = endpoint("GET /api/invoices/:id")({
  summary: "One invoice with its totals and status",
  tags,
  idParam,
  answer: { status: 200, description: "The invoice.", schema: invoiceAnswerSchema },
  errors: { 404: notFound },
});

export const createInvoiceRoute = endpoint("POST /api/invoices")({
  summary:
    'Save an invoice: a draft ("Als Entwurf speichern"), or with `issue: true` numbered and issued ("Rechnung speichern")',
  description:
    "Issuing checks the spec's rules, then what § 14 UStG and the e-invoice rules need, and refuses with a " +
    "German message naming the missing field before a number is used; a refused issue stores nothing. " +
    "An issued invoice gets the next number of its year (`2026-0001`) and its ZUGFeRD PDF.",
  tags,
  body: invoiceBody,
  answer: { status: 201, description: "The stored invoice.", schema: invoiceAnswerSchema },
  errors: saveErrors,
});

export const replaceInvoiceRoute = endpoint("PUT /api/invoices/:id")({
  summary: "Replace a draft; with `issue: true` issue it (a refused issue leaves the draft as it was)",
  tags,
  idParam,
  body: invoiceBody,
  answer: { status: 200, description: "The stored invoice.", schema: invoiceAnswerSchema },
  errors: saveErrors,
});

export const deleteInvoiceRoute = endpoint("DELETE /api/invoices/:id")({
  summary: "Delete a draft (an issued invoice is kept: 409)",
  tags,
  idParam,
  answer: { status: 204, description: "Deleted." },
  errors: { 404: notFound, 409: { "invoice-already-issued": [messages.issuedFinal] } },
});

export const cancelInvoiceRoute = endpoint("POST /api/invoices/:id/cancel")({
  summary: "Stornieren: issue the cancellation invoice of an issued invoice",
  description:
    "The Stornorechnung gets its own number and today's date, the original's amounts negated and a " +
    "reference to it (BT-25); the original then has the status `cancelled`.",
  tags,
  idParam,
  answer: {
    status: 201,
    description: "The cancellation invoice and the cancelled original.",
    schema: cancellationAnswerSchema,
  },
  errors: {
    404: notFound,
    409: {
      ...notIssued,
      "invoice-cancellation-final": [messages.cancellationFinal],
      "invoice-already-cancelled": [messages.alreadyCancelled],
    },
    422: { "invoice-date-before-latest": [beforeLatestExample] },
  },
});

const notPayable = {
  ...notIssued,
  "invoice-cancellation-final": [messages.cancellationFinal],
  "invoice-cancelled-not-payable": [messages.cancelledNotPayable],
  "invoice-already-paid": [invoicePaymentMessages.alreadyPaid],
};

const paidOnRefusals = [
  messages.paidOnInvalid,
  messages.paidOnInFuture,
  messages.paidOnOutOfRange,
  invoiceDateMessages.paidOnBeforeIssue,
  httpMessages.notJsonObject,
];

export const recordPaymentRoute = endpoint("POST /api/invoices/:id/payment")({
  summary: '"Als bezahlt markieren": the rest of an issued invoice paid in full on a date',
  description:
    "Records one payment of the open amount (`POST /api/invoices/{id}/payments` records a part); an invoice " +
    "of 0,00 € just gets the date. Paid in full already: 409 (delete the payment to correct its date).",
  tags,
  idParam,
  body: paymentBody,
  answer: { status: 200, description: "The invoice, now paid.", schema: invoiceAnswerSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: notFound,
    409: notPayable,
    422: { validation: paidOnRefusals },
  },
});

export const addPaymentRoute = endpoint("POST /api/invoices/:id/payments")({
  summary: '"Zahlung erfassen": a payment of part or all of an issued invoice\'s open amount',
  description:
    "The amount is in cents, at least 1 and at most the open amount; the date lies between the invoice date " +
    "and today. Once the payments add up to the total the invoice is paid, on the last payment's date. " +
    "Concurrent payments are ordered by the invoice's row lock: none overpays.",
  tags,
  idParam,
  body: newPaymentBody,
  answer: { status: 201, description: "The invoice with its payments and open amount.", schema: invoiceAnswerSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: notFound,
    409: notPayable,
    422: {
      validation: [
        ...paidOnRefusals,
        invoicePaymentMessages.amountInvalid,
        invoicePaymentMessages.noteTooLong(invoiceLimits.paymentNoteMax),
      ],
      "payment-above-open": [invoicePaymentMessages.amountAboveOpen(3_334)],
    },
  },
});

/** `/:id/payments/:paymentId`: both ids, read by the handler (`requireId`). */
export const paymentParams = t.Object({
  id: t.String({ description: idParam.description }),
  paymentId: t.String({ description: "The payment's id, a positive integer." }),
});

export const deletePaymentRoute = endpoint("DELETE /api/invoices/:id/payments/:paymentId")({
  summary: "Delete a mistaken payment (an admin, or whoever recorded it); the invoice is open again by its amount",
  tags,
  answer: { status: 200, description: "The invoice without the payment.", schema: invoiceAnswerSchema },
  errors: {
    400: { "invalid-id": [messages.invalidId, messages.invalidPaymentId] },
    403: { "payment-not-yours": [messages.paymentNotYours] },
    404: { ...notFound, "payment-not-found": [messages.paymentNotFound] },
  },
});

export const invoicePdfRoute = endpoint("GET /api/invoices/:id/pdf")({
  summary: "The invoice's PDF as stored when it was issued (ZUGFeRD/Factur-X EN 16931, PDF/A-3b)",
  tags,
  idParam,
  responses: {
    200: bytesResponse("`application/pdf`, saved as `Rechnung_<number>.pdf`.", {
      "Content-Disposition": {
        description: 'attachment; filename="Rechnung_<number>.pdf"',
        schema: { type: "string" },
      },
      ...digestHeaderDocs,
    }),
  },
  errors: { 404: notFound, 409: notIssued },
});

export const invoiceXrechnungRoute = endpoint("GET /api/invoices/:id/xrechnung")({
  summary: "The invoice as XRechnung 3.0 (CII), made from the stored invoice",
  description:
    "BT-10 (buyer reference) is the Leitweg-ID or order reference; without one it is `n/a`, which " +
    "XRechnung accepts for buyers outside the public sector.",
  tags,
  idParam,
  responses: { 200: bytesResponse("`application/xml`, saved as `XRechnung_<number>.xml`.", digestHeaderDocs) },
  errors: { 404: notFound, 409: notIssued },
});

// The Auswertung's report.

/** The report's amounts: each description says "in cents" itself. */
const centsOf = (description: string) => Type.Integer({ description });

function amountSchema(description: string) {
  return Type.Object(
    {
      count: Type.Integer({ minimum: 0, description: "How many invoices." }),
      sum_cents: centsOf("Their gross total, in cents."),
    },
    { additionalProperties: false, description },
  );
}

const bucketSchemas = Object.fromEntries(
  ageingBuckets.map((bucket) => [bucket, amountSchema(`The open items in the bucket \`${bucket}\`.`)]),
) as Record<(typeof ageingBuckets)[number], ReturnType<typeof amountSchema>>;

const reportSchema = schemaOf<InvoiceReport>()(
  Type.Object(
    {
      today: Type.String({ format: "date", description: "The day in Germany the ages are counted to." }),
      open_items: Type.Object(
        {
          count: Type.Integer({ minimum: 0, description: "Issued invoices neither paid nor cancelled." }),
          sum_cents: centsOf("Their gross total, in cents."),
          overdue: amountSchema("Those past their due date (every bucket but `not_due`)."),
          buckets: Type.Object(bucketSchemas, {
            additionalProperties: false,
            description:
              "By days past the due date on `today`: `not_due` (due today or later), `days_1_30`, `days_31_60`, `days_over_60`.",
          }),
        },
        { additionalProperties: false },
      ),
      revenue: Type.Array(
        Type.Object(
          {
            month: Type.String({ pattern: "^\\d{4}-\\d{2}$", description: "`yyyy-mm`." }),
            paid_cents: centsOf("Net of the month's invoices that are paid, in cents."),
            open_cents: centsOf("Net of the month's invoices not paid (yet), in cents."),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 12,
          maxItems: 12,
          description:
            "The last twelve months, oldest first, by invoice date. A Stornorechnung counts negative in its own month, in the column of the invoice it cancels.",
        },
      ),
    },
    { additionalProperties: false },
  ),
);

export const reportRoute = endpoint("GET /api/invoices/report")({
  summary: "Auswertung: open items by age and the net revenue of the last twelve months",
  description:
    "Amounts in cents. Staff do not see invoices a data-protection erasure restricted, in the sums as in the list; the bucket names are the list's `ageing` filter.",
  tags,
  answer: { status: 200, description: "The report for today in Germany.", schema: reportSchema },
});
