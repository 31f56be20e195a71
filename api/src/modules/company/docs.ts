import { companyMessages } from "@klarwerk/kit";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse } from "../../http/openapi.ts";
import { companyAnswerSchema } from "./responses.ts";

/** The OpenAPI `detail` of each route of the company module (routes.ts). */

const tags = ["Company"];

export const readDocs = {
  summary: "The company settings invoices are issued with",
  tags,
  responses: { 200: jsonResponse("The settings and the provider block they make.", companyAnswerSchema) },
};

export const saveDocs = {
  summary: "Replace the company settings",
  tags,
  responses: {
    200: jsonResponse("The stored settings.", companyAnswerSchema),
    ...errorResponses({
      400: { "bad-request": [httpMessages.badRequest] },
      422: { validation: [...Object.values(companyMessages), httpMessages.notJsonObject] },
    }),
    ...jsonBodyErrors,
  },
};
