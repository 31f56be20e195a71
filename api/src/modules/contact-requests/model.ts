import {
  type ContactReceivedAnswer,
  type ContactRequest,
  type ContactRequestAnswer,
  type ContactRequestCounts,
  type ContactRequestDetail,
  contactControlCharacterProblem,
  contactHoneypotField,
  isBlank,
  isEmail,
  limits,
  type MarkedDoneAnswer,
  type OpenRequestsPage,
  openRequestsPage,
  type RepliedAnswer,
  requestCustomerMessages,
  type TakenOverAnswer,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { t } from "elysia";
import { endpoint, withRules } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, queryParameter, schemaOf } from "../../http/openapi.ts";
import { contactApiMessages, requestsApiMessages } from "./messages.ts";

/**
 * Each route of /api/contact and /api/requests in one definition: body, `:id`, answer and
 * documentation (routes.ts mounts them).
 */

const tags = ["Contact requests"];

const requestCustomerSchema = Type.Object(
  { id: Type.Integer({ minimum: 1 }), name: Type.String() },
  { additionalProperties: false },
);

const requestFields = {
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  email: Type.String(),
  company: nullable(Type.String()),
  message: Type.String(),
  created_at: Type.String({ format: "date-time" }),
  // The customer the request was taken over into („Als Kunde übernehmen“); null before.
  customer: nullable(requestCustomerSchema),
};

const contactRequestSchema = schemaOf<ContactRequest>()(
  Type.Object({ ...requestFields, is_done: Type.Boolean() }, { additionalProperties: false }),
);

const countsSchema = schemaOf<ContactRequestCounts>()(
  Type.Object(
    { open: Type.Integer({ minimum: 0 }), done: Type.Integer({ minimum: 0 }) },
    { additionalProperties: false, description: "All open and done requests, counted by the database." },
  ),
);

const openRequestsPageSchema = schemaOf<OpenRequestsPage>()(
  Type.Object(
    {
      requests: Type.Array(contactRequestSchema, { description: "Open requests, newest first." }),
      counts: countsSchema,
      next: nullable(Type.Integer({ minimum: 1, description: "`before` for the next page; null on the last one." })),
    },
    { additionalProperties: false },
  ),
);

const markedDoneSchema = schemaOf<MarkedDoneAnswer>()(
  Type.Object(
    {
      request: Type.Object(
        {
          ...requestFields,
          is_done: Type.Literal(true),
          done_at: Type.String({ format: "date-time" }),
          done_by: nullable(
            Type.Object(
              { id: nullable(Type.Integer({ minimum: 1 })), name: Type.String() },
              {
                additionalProperties: false,
                description: "Who marked it done; `id` is null once that account is deleted (the name is kept).",
              },
            ),
          ),
        },
        { additionalProperties: false },
      ),
      counts: countsSchema,
    },
    { additionalProperties: false },
  ),
);

const receivedSchema = schemaOf<ContactReceivedAnswer>()(
  Type.Object(
    { status: Type.Literal("received") },
    { additionalProperties: false, description: "Also for a request the spam guard caught: bots learn nothing." },
  ),
);

const whoSchema = Type.Object(
  { id: nullable(Type.Integer({ minimum: 1 })), name: Type.String() },
  { additionalProperties: false, description: "`id` is null once that account is deleted (the name is kept)." },
);

const requestDetailSchema = schemaOf<ContactRequestDetail>()(
  Type.Object(
    {
      ...requestFields,
      is_done: Type.Boolean(),
      done_at: nullable(Type.String({ format: "date-time" })),
      done_by: nullable(whoSchema),
      replies: Type.Array(
        Type.Object(
          {
            id: Type.Integer({ minimum: 1 }),
            message: Type.String(),
            sent_by: whoSchema,
            created_at: Type.String({ format: "date-time" }),
          },
          { additionalProperties: false },
        ),
        { description: "Replies sent to the visitor from the portal, oldest first." },
      ),
      customer_matches: Type.Array(requestCustomerSchema, {
        description:
          "Before a takeover: customers whose e-mail or an Ansprechpartner's equals the request's (trimmed, any case), at most 10, to link instead of creating a duplicate. Empty once taken over.",
      }),
    },
    { additionalProperties: false },
  ),
);

const contactRequestAnswerSchema = schemaOf<ContactRequestAnswer>()(
  Type.Object({ request: requestDetailSchema }, { additionalProperties: false }),
);

const repliedSchema = schemaOf<RepliedAnswer>()(
  Type.Object({ request: requestDetailSchema, counts: countsSchema }, { additionalProperties: false }),
);

const requestIdParam = {
  description: "The request's id, a positive integer.",
  invalid: requestsApiMessages.invalidId,
};

const requestNotFound = { "contact-request-not-found": [requestsApiMessages.notFound] };

/** What is stored: trimmed, an empty company as null. */
export interface ContactRequestInput {
  name: string;
  email: string;
  company: string | null;
  message: string;
}

function invalid(message: string): HttpError {
  return new HttpError(422, "validation", message);
}

/** The request to store, or a 422 with the first problem found, field by field. */
function contactOf(body: {
  name: string;
  email: string;
  company?: string | null;
  message: string;
}): ContactRequestInput {
  const name = body.name.trim();
  if (isBlank(name)) throw invalid(contactApiMessages.nameRequired);
  if (name.length > limits.nameMax) throw invalid(contactApiMessages.nameTooLong);

  const email = body.email.trim();
  if (isBlank(email)) throw invalid(contactApiMessages.emailRequired);
  if (!isEmail(email)) throw invalid(contactApiMessages.emailInvalid);

  const company = body.company?.trim() ?? "";
  if (company.length > limits.companyMax) throw invalid(contactApiMessages.companyTooLong);

  // Line breaks and indentation inside the message are the sender's; only the ends are trimmed.
  const message = body.message.trim();
  if (isBlank(message)) throw invalid(contactApiMessages.messageRequired);
  if (message.length > limits.messageMax) throw invalid(contactApiMessages.messageTooLong);

  // The kit's rule, which the form applies before sending: no controls, no direction overrides
  // (the name and company go into the team mail's subject); the message keeps its line breaks.
  const problem = contactControlCharacterProblem({ name, email, company, message });
  if (problem !== null) throw invalid(problem);

  return { name, email, company: company === "" ? null : company, message };
}

/** Whether a bot filled in the field people never see (any value counts: bots send numbers and booleans too). */
function isHoneypotFilled(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/** What `POST /api/contact`'s handler gets: the request to store, and whether the honeypot caught it. */
export interface ContactSubmissionRead {
  contact: ContactRequestInput;
  caught: boolean;
}

export const sendContactRoute = endpoint("POST /api/contact")({
  summary: "Send a message through the public contact form",
  description: `\`${contactHoneypotField}\` is a field people never see: a request that fills it in is answered the same but never stored.`,
  tags,
  // Shapes first (name, email and message strings, company missing or null), then the rules field by field.
  body: withRules(
    t.Object(
      {
        name: t.String({ error: contactApiMessages.nameRequired }),
        email: t.String({ error: contactApiMessages.emailRequired }),
        company: t.Optional(t.Nullable(t.String(), { error: contactApiMessages.companyInvalid })),
        message: t.String({ error: contactApiMessages.messageRequired }),
        [contactHoneypotField]: t.Optional(t.Unknown()),
      },
      { error: httpMessages.notJsonObject },
    ),
    (body): ContactSubmissionRead => ({
      contact: contactOf(body),
      caught: isHoneypotFilled(body[contactHoneypotField]),
    }),
  ),
  answer: { status: 201, description: "Received.", schema: receivedSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    422: {
      validation: [
        contactApiMessages.nameRequired,
        contactApiMessages.nameTooLong,
        contactApiMessages.nameControlCharacters,
        contactApiMessages.emailRequired,
        contactApiMessages.emailInvalid,
        contactApiMessages.companyInvalid,
        contactApiMessages.companyTooLong,
        contactApiMessages.companyControlCharacters,
        contactApiMessages.messageRequired,
        contactApiMessages.messageTooLong,
        contactApiMessages.messageControlCharacters,
        httpMessages.notJsonObject,
      ],
    },
    429: { "rate-limited": [contactApiMessages.tooManyRequests] },
  },
});

export const openRequestsRoute = endpoint("GET /api/requests")({
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
  answer: { status: 200, description: "The page and the counts.", schema: openRequestsPageSchema },
  errors: { 400: { "invalid-query": [requestsApiMessages.invalidLimit, requestsApiMessages.invalidBefore] } },
});

export const markDoneRoute = endpoint("PUT /api/requests/:id/done")({
  summary: "Mark a request done (answered) for the signed-in user",
  tags,
  idParam: requestIdParam,
  answer: { status: 200, description: "The request as done, and the new counts.", schema: markedDoneSchema },
  errors: {
    404: requestNotFound,
    409: { "contact-request-already-done": [requestsApiMessages.alreadyDone] },
  },
});

export const requestDetailRoute = endpoint("GET /api/requests/:id")({
  summary: "One request, open or done, with every reply sent from the portal",
  tags,
  idParam: requestIdParam,
  answer: { status: 200, description: "The request.", schema: contactRequestAnswerSchema },
  errors: { 404: requestNotFound },
});

export const replyRoute = endpoint("POST /api/requests/:id/reply")({
  summary: "Reply to the visitor by e-mail; the reply is kept with the request, which is marked done",
  description:
    "From MAIL_FROM, Reply-To the team inbox (CONTACT_NOTIFY_TO), quoting the visitor's message. The mail is written to the outbox with the reply and delivered from there.",
  tags,
  idParam: requestIdParam,
  // Its text must be a string; the rules (`replyOf`) answer after the `:id`'s 400, as they always did.
  body: t.Object(
    { message: t.String({ error: requestsApiMessages.replyRequired }) },
    { error: httpMessages.notJsonObject },
  ),
  answer: { status: 201, description: "The request with the new reply, and the new counts.", schema: repliedSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: requestNotFound,
    422: {
      validation: [requestsApiMessages.replyRequired, requestsApiMessages.replyTooLong, httpMessages.notJsonObject],
    },
  },
});

/** The reply's text, trimmed at its ends, or a 422. */
export function replyOf(body: typeof replyRoute.body.static): string {
  const message = body.message.trim();
  if (isBlank(message)) throw invalid(requestsApiMessages.replyRequired);
  if (message.length > limits.messageMax) throw invalid(requestsApiMessages.replyTooLong);
  return message;
}

const takenOverSchema = schemaOf<TakenOverAnswer>()(
  Type.Object(
    {
      request: requestDetailSchema,
      customer: requestCustomerSchema,
      created: Type.Boolean({ description: "true: a new customer; false: linked to an existing one." }),
    },
    { additionalProperties: false },
  ),
);

export const takeOverRoute = endpoint("POST /api/requests/:id/customer")({
  summary: "„Als Kunde übernehmen“: make a customer of the request, or link it to an existing one",
  description:
    "Without `customer_id` a new customer (name and e-mail of the request, the default status) is created through the customer list's own create, unless customers with the request's e-mail (theirs or an Ansprechpartner's) exist: then 409 `customer-exists` with `matches` `[{ id, name }]`, nothing is created, and the client offers to link one. With `customer_id` the request is linked to that customer. The request then shows in the customer's timeline. `GET /api/requests/{id}` names the link (`customer`) and the matches (`customer_matches`) beforehand.",
  tags,
  idParam: requestIdParam,
  body: t.Object(
    {
      customer_id: t.Optional(
        t.Integer({ minimum: 1, maximum: 2 ** 53 - 1, error: requestCustomerMessages.customerIdInvalid }),
      ),
    },
    { error: requestCustomerMessages.notJsonObject },
  ),
  answer: { status: 200, description: "The request with its customer.", schema: takenOverSchema },
  errors: {
    400: { "bad-request": [httpMessages.badRequest] },
    404: { ...requestNotFound, "customer-not-found": [requestCustomerMessages.customerNotFound] },
    409: {
      "customer-exists": [requestCustomerMessages.customerExists],
      "contact-request-taken-over": [requestCustomerMessages.takenOver("Muster GmbH")],
    },
    422: {
      validation: [requestCustomerMessages.customerIdInvalid, requestCustomerMessages.notJsonObject],
    },
  },
});
