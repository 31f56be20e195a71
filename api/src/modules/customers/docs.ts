import { customerMessages } from "@klarwerk/kit";
import { listQueryDocs } from "../../http/list-query.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { customersApiMessages as messages } from "./messages.ts";
import { customerAnswerSchema, customerPageSchema } from "./responses.ts";
import { customerListRules } from "./validation.ts";

/** The OpenAPI `detail` of each route of the customers module (routes.ts). */

const tags = ["Customers"];

export const customerIdParam = { description: "The customer's id, a positive integer.", invalid: messages.invalidId };

/** What a save can be refused for: the kit's field rules, and a body that is not an object. */
const saveErrors = {
  ...errorResponses({
    400: { "bad-request": [httpMessages.badRequest] },
    422: { validation: [...Object.values(customerMessages), messages.statusRequired, httpMessages.notJsonObject] },
  }),
  ...jsonBodyErrors,
};

const list = listQueryDocs(customerListRules, {
  items: "Customers",
  search: "Part of the name, any case; `%` and `_` match themselves.",
});

export const listDocs = {
  summary: "One page of customers, newest first, optionally searched and filtered",
  tags,
  // Documented here, read by parseListQuery: its 400s carry the module's own messages.
  parameters: list.parameters,
  responses: {
    200: jsonResponse("The page and how many pages and customers match.", customerPageSchema),
    ...errorResponses({ 400: { "invalid-query": list.badRequest } }),
  },
};

export const createDocs = {
  summary: "Add a customer (without a status: in_kontakt)",
  tags,
  responses: { 201: jsonResponse("The stored customer.", customerAnswerSchema), ...saveErrors },
};

export const updateDocs = {
  summary: "Replace a customer's fields and status",
  tags,
  responses: {
    200: jsonResponse("The stored customer.", customerAnswerSchema),
    ...saveErrors,
    ...errorResponses({ 404: { "customer-not-found": [messages.notFound] } }),
  },
};
