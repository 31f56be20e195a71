import { contactHoneypotField, openRequestsPage } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse, queryParameter } from "../../http/openapi.ts";
import { contactApiMessages, requestsApiMessages } from "./messages.ts";
import {
  contactRequestAnswerSchema,
  markedDoneSchema,
  openRequestsPageSchema,
  receivedSchema,
  repliedSchema,
} from "./responses.ts";

/** The OpenAPI `detail` of each route of the contact-requests module (routes.ts). */

const tags = ["Contact requests"];

export const requestIdParam = {
  description: "The request's id, a positive integer.",
  invalid: requestsApiMessages.invalidId,
};

const requestNotFound = { "contact-request-not-found": [requestsApiMessages.notFound] };

export const contactDocs = {
  summary: "Send a message through the public contact form",
  description: `\`${contactHoneypotField}\` is a field people never see: a request that fills it in is answered the same but never stored.`,
  tags,
  responses: {
    201: jsonResponse("Received.", receivedSchema),
    ...jsonBodyErrors,
    ...errorResponses({
      400: { "bad-request": [httpMessages.badRequest] },
      422: {
        validation: [
          contactApiMessages.nameRequired,
          contactApiMessages.nameTooLong,
          contactApiMessages.emailRequired,
          contactApiMessages.emailInvalid,
          contactApiMessages.companyInvalid,
          contactApiMessages.companyTooLong,
          contactApiMessages.messageRequired,
          contactApiMessages.messageTooLong,
          httpMessages.notJsonObject,
        ],
      },
      429: { "rate-limited": [contactApiMessages.tooManyRequests] },
    }),
  },
};

export const openRequestsDocs = {
  summary: "Open contact requests, a page at a time, and the open/done counts",
  tags,
  // Documented here, read by the service: its 400s carry the module's own messages.
  parameters: [
    queryParameter(
      "limit",
      "Requests per page.",
      Type.Integer({ minimum: 1, maximum: openRequestsPage.maxLimit, default: openRequestsPage.defaultLimit }),
    ),
    queryParameter("before", "`next` of the previous page: requests older than this id.", Type.Integer({ minimum: 1 })),
  ],
  responses: {
    200: jsonResponse("The page and the counts.", openRequestsPageSchema),
    ...errorResponses({
      400: { "invalid-query": [requestsApiMessages.invalidLimit, requestsApiMessages.invalidBefore] },
    }),
  },
};

export const markDoneDocs = {
  summary: "Mark a request done (answered) for the signed-in user",
  tags,
  responses: {
    200: jsonResponse("The request as done, and the new counts.", markedDoneSchema),
    ...errorResponses({
      404: requestNotFound,
      409: { "contact-request-already-done": [requestsApiMessages.alreadyDone] },
    }),
  },
};

export const requestDocs = {
  summary: "One request, open or done, with every reply sent from the portal",
  tags,
  responses: {
    200: jsonResponse("The request.", contactRequestAnswerSchema),
    ...errorResponses({ 404: requestNotFound }),
  },
};

export const replyDocs = {
  summary: "Reply to the visitor by e-mail; the reply is kept with the request, which is marked done",
  description:
    "From MAIL_FROM, Reply-To the team inbox (CONTACT_NOTIFY_TO), quoting the visitor's message. The mail is written to the outbox with the reply and delivered from there.",
  tags,
  responses: {
    201: jsonResponse("The request with the new reply, and the new counts.", repliedSchema),
    ...jsonBodyErrors,
    ...errorResponses({
      400: { "bad-request": [httpMessages.badRequest] },
      404: requestNotFound,
      422: {
        validation: [requestsApiMessages.replyRequired, requestsApiMessages.replyTooLong, httpMessages.notJsonObject],
      },
    }),
  },
};
