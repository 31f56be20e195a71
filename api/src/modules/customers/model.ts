import {
  type Customer,
  type CustomerAnswer,
  type CustomerPage,
  customerExportFormats,
  customerMessages,
  customerStatuses,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { endpoint } from "../../http/endpoint.ts";
import { listQueryDocs } from "../../http/list-query.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, queryParameter, schemaOf, stringEnum } from "../../http/openapi.ts";
import { customersApiMessages as messages } from "./messages.ts";
import { createBody, customerListRules, updateBody } from "./validation.ts";

/**
 * Each route of /api/customers in one definition: `:id`, answer and documentation (routes.ts
 * mounts them). The bodies' shapes and the kit's rules over them stay in validation.ts: the
 * service runs those rules (an update's after its `:id`) and takes its types from there.
 */

const tags = ["Customers"];

export const customerSchema = schemaOf<Customer>()(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1 }),
      name: Type.String(),
      email: nullable(Type.String()),
      phone: nullable(Type.String()),
      website: nullable(Type.String()),
      notes: nullable(Type.String()),
      status: stringEnum(customerStatuses),
      address: nullable(Type.String({ description: "Postal address lines below the name." })),
      leitweg_id: nullable(Type.String({ description: "Leitweg-ID of a public-sector buyer." })),
      debitor_number: Type.Integer({ minimum: 10000, description: "DATEV Debitor, given at creation; read-only." }),
    },
    { additionalProperties: false },
  ),
);

const customerAnswerSchema = schemaOf<CustomerAnswer>()(
  Type.Object({ customer: customerSchema }, { additionalProperties: false }),
);

/** What a save can be refused for: the kit's field rules, and a body that is not an object. */
const saveErrors = {
  400: { "bad-request": [httpMessages.badRequest] },
  422: { validation: [...Object.values(customerMessages), messages.statusRequired, httpMessages.notJsonObject] },
} as const;

const list = listQueryDocs(customerListRules, {
  items: "Customers",
  search: "Part of the name, any case; `%` and `_` match themselves.",
});

export const listCustomersRoute = endpoint("GET /api/customers")({
  summary: "One page of customers, newest first, optionally searched and filtered",
  tags,
  // Documented here, read by parseListQuery: its 400s carry the module's own messages.
  parameters: [
    ...list.parameters,
    queryParameter(
      "tag",
      "Only customers with this tag (decision 0095); then read from the database, counted exactly.",
      Type.String(),
    ),
    queryParameter(
      "after",
      "Keyset paging (decision 0104): the id of the previous page's last customer; the page holds those below it. Read from page 2 on; without it the page is counted off.",
      Type.Integer({ minimum: 1 }),
    ),
  ],
  answer: {
    status: 200,
    description: "The page and how many pages and customers match.",
    schema: schemaOf<CustomerPage>()(
      Type.Object(
        {
          customers: Type.Array(customerSchema, { description: "Newest first." }),
          pages: Type.Integer({ minimum: 1, description: "At least 1: an empty result is one empty page." }),
          total: Type.Integer({
            minimum: 0,
            description:
              "How many customers match the search and status; a search counts up to four pages past the page asked for.",
          }),
          total_exact: Type.Boolean({
            description:
              "False when a search matched more than it counted: `total` is then what it counted ((page + 4) × limit), and `pages` one past it.",
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  errors: { 400: { "invalid-query": [...list.badRequest, messages.invalidTagFilter, messages.invalidAfter] } },
});

export const createCustomerRoute = endpoint("POST /api/customers")({
  summary: "Add a customer (without a status: in_kontakt)",
  tags,
  body: createBody,
  answer: { status: 201, description: "The stored customer.", schema: customerAnswerSchema },
  errors: saveErrors,
});

export const updateCustomerRoute = endpoint("PUT /api/customers/:id")({
  summary: "Replace a customer's fields and status",
  tags,
  idParam: { description: "The customer's id, a positive integer.", invalid: messages.invalidId },
  body: updateBody,
  answer: { status: 200, description: "The stored customer.", schema: customerAnswerSchema },
  errors: { ...saveErrors, 404: { "customer-not-found": [messages.notFound] } },
});

export const exportCustomersRoute = endpoint("GET /api/customers/export")({
  summary:
    "Every customer the list's search, status and tag match, as CSV: „Excel (Deutsch)“ (UTF-8 with BOM, semicolons, formula cells with a leading apostrophe) or RFC 4180 (UTF-8, commas, data unchanged)",
  tags,
  parameters: [
    queryParameter("format", "`excel` (the default) or `csv`.", stringEnum(customerExportFormats)),
    // The list's own search, status and tag, read by the same rules; page and limit play no part.
    ...list.parameters.filter((parameter) => parameter.name === "search" || parameter.name === "status"),
    queryParameter("tag", "Only customers with this tag (decision 0095).", Type.String()),
  ],
  responses: {
    200: {
      description:
        "The CSV file (`Kunden_<Tag>.csv`), newest customer first: a header row, then one row per customer. Each call counts against the account's allowance of 10 a minute and is recorded in the Protokoll.",
      content: { "text/csv": { schema: { type: "string" } } },
    },
  },
  errors: {
    400: {
      "invalid-query": [
        messages.invalidExportFormat,
        messages.invalidSearch,
        messages.invalidStatusFilter,
        messages.invalidTagFilter,
      ],
    },
    429: { "rate-limited": [messages.tooManyExports] },
  },
});
