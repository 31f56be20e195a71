import {
  ageingBuckets,
  invoiceDateMessages,
  invoiceFieldMessages,
  invoiceFormMessages,
  invoiceIssueMessages,
} from "@klarwerk/kit";
import { listQueryDocs } from "../../http/list-query.ts";
import { httpMessages } from "../../http/messages.ts";
import {
  bytesResponse,
  errorResponses,
  jsonBodyErrors,
  jsonResponse,
  queryParameter,
  stringEnum,
} from "../../http/openapi.ts";
import { digestHeaderDocs } from "../files/index.ts";
import { invoicesApiMessages as messages } from "./messages.ts";
import { cancellationAnswerSchema, invoiceAnswerSchema, invoicePageSchema } from "./responses.ts";
import { invoiceListRules } from "./validation.ts";

/** The OpenAPI `detail` of each route of the invoices module (routes.ts). */

const tags = ["Invoices"];

/** How routes.ts names the `:id` (the id-param macro documents it and its 400). */
export const invoiceIdParam = { description: "The invoice's id, a positive integer.", invalid: messages.invalidId };

/** Its message names the latest issue date: an example of one. */
const beforeLatestExample = invoiceDateMessages.beforeLatest("2026-03-31");

const notFound = errorResponses({ 404: { "invoice-not-found": [messages.notFound] } });
const notIssued = { "invoice-not-issued": [messages.notIssued] };

/** Everything a save can be refused for. */
const saveErrors = {
  ...errorResponses({
    400: { "bad-request": [httpMessages.badRequest] },
    404: { "invoice-not-found": [messages.notFound] },
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
  }),
  ...jsonBodyErrors,
};

const list = listQueryDocs(invoiceListRules, {
  items: "Invoices",
  search: "Part of the number or the customer's name, any case.",
});

export const listDocs = {
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
  responses: {
    200: jsonResponse("The page and how many pages and invoices match.", invoicePageSchema),
    ...errorResponses({ 400: { "invalid-query": [...list.badRequest, messages.invalidAgeingFilter] } }),
  },
};

export const invoiceDocs = {
  summary: "One invoice with its totals and status",
  tags,
  responses: { 200: jsonResponse("The invoice.", invoiceAnswerSchema), ...notFound },
};

export const createDocs = {
  summary:
    'Save an invoice: a draft ("Als Entwurf speichern"), or with `issue: true` numbered and issued ("Rechnung speichern")',
  description:
    "Issuing checks the spec's rules, then what § 14 UStG and the e-invoice rules need, and refuses with a " +
    "German message naming the missing field before a number is used; a refused issue stores nothing. " +
    "An issued invoice gets the next number of its year (`2026-0001`) and its ZUGFeRD PDF.",
  tags,
  responses: { 201: jsonResponse("The stored invoice.", invoiceAnswerSchema), ...saveErrors },
};

export const replaceDocs = {
  summary: "Replace a draft; with `issue: true` issue it (a refused issue leaves the draft as it was)",
  tags,
  responses: { 200: jsonResponse("The stored invoice.", invoiceAnswerSchema), ...saveErrors },
};

export const deleteDocs = {
  summary: "Delete a draft (an issued invoice is kept: 409)",
  tags,
  responses: {
    204: { description: "Deleted." },
    ...notFound,
    ...errorResponses({ 409: { "invoice-already-issued": [messages.issuedFinal] } }),
  },
};

export const cancelDocs = {
  summary: "Stornieren: issue the cancellation invoice of an issued invoice",
  description:
    "The Stornorechnung gets its own number and today's date, the original's amounts negated and a " +
    "reference to it (BT-25); the original then has the status `cancelled`.",
  tags,
  responses: {
    201: jsonResponse("The cancellation invoice and the cancelled original.", cancellationAnswerSchema),
    ...notFound,
    ...errorResponses({
      409: {
        ...notIssued,
        "invoice-cancellation-final": [messages.cancellationFinal],
        "invoice-already-cancelled": [messages.alreadyCancelled],
      },
      422: { "invoice-date-before-latest": [beforeLatestExample] },
    }),
  },
};

export const paymentDocs = {
  summary: '"Als bezahlt markieren": record the date an issued invoice was paid (again: a new date)',
  tags,
  responses: {
    200: jsonResponse("The invoice, now paid.", invoiceAnswerSchema),
    ...notFound,
    ...errorResponses({
      400: { "bad-request": [httpMessages.badRequest] },
      409: {
        ...notIssued,
        "invoice-cancellation-final": [messages.cancellationFinal],
        "invoice-cancelled-not-payable": [messages.cancelledNotPayable],
      },
      422: {
        validation: [
          messages.paidOnInvalid,
          messages.paidOnInFuture,
          messages.paidOnOutOfRange,
          invoiceDateMessages.paidOnBeforeIssue,
          httpMessages.notJsonObject,
        ],
      },
    }),
    ...jsonBodyErrors,
  },
};

export const pdfDocs = {
  summary: "The invoice's PDF as stored when it was issued (ZUGFeRD/Factur-X EN 16931, PDF/A-3b)",
  tags,
  responses: {
    200: bytesResponse("`application/pdf`, saved as `Rechnung_<number>.pdf`.", {
      "Content-Disposition": {
        description: 'attachment; filename="Rechnung_<number>.pdf"',
        schema: { type: "string" },
      },
      ...digestHeaderDocs,
    }),
    ...notFound,
    ...errorResponses({ 409: notIssued }),
  },
};

export const xrechnungDocs = {
  summary: "The invoice as XRechnung 3.0 (CII), made from the stored invoice",
  description:
    "BT-10 (buyer reference) is the Leitweg-ID or order reference; without one it is `n/a`, which " +
    "XRechnung accepts for buyers outside the public sector.",
  tags,
  responses: {
    200: bytesResponse("`application/xml`, saved as `XRechnung_<number>.xml`.", digestHeaderDocs),
    ...notFound,
    ...errorResponses({ 409: notIssued }),
  },
};
