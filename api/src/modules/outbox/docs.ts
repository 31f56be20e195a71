import { errorResponses, jsonResponse } from "../../http/openapi.ts";
import { outboxApiMessages as messages } from "./messages.ts";
import { outboxListSchema, retriedSchema } from "./responses.ts";

/** The OpenAPI `detail` of each route of the outbox module (routes.ts). */

const tags = ["Outbox"];

export const mailIdParam = { description: "The mail's id, a positive integer.", invalid: messages.invalidId };

export const listDocs = {
  summary: "Outgoing mail: waiting, sent and failed, with the reasons",
  tags,
  responses: { 200: jsonResponse("The newest mails.", outboxListSchema) },
};

export const retryDocs = {
  summary: "Send a failed mail again (it waits for the worker, due now)",
  tags,
  responses: {
    200: jsonResponse("The mail, waiting again.", retriedSchema),
    ...errorResponses({
      404: { "mail-not-found": [messages.notFound] },
      409: { "mail-not-failed": [messages.notFailed] },
    }),
  },
};
