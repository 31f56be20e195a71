import type {
  ContactReceivedAnswer,
  ContactRequest,
  ContactRequestAnswer,
  ContactRequestCounts,
  ContactRequestDetail,
  MarkedDoneAnswer,
  OpenRequestsPage,
  RepliedAnswer,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { nullable, schemaOf } from "../../http/openapi.ts";

/** The answers of /api/contact and /api/requests as the OpenAPI document describes them: the kit's types. */
const requestFields = {
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  email: Type.String(),
  company: nullable(Type.String()),
  message: Type.String(),
  created_at: Type.String({ format: "date-time" }),
};

export const contactRequestSchema = schemaOf<ContactRequest>()(
  Type.Object({ ...requestFields, is_done: Type.Boolean() }, { additionalProperties: false }),
);

const countsSchema = schemaOf<ContactRequestCounts>()(
  Type.Object(
    { open: Type.Integer({ minimum: 0 }), done: Type.Integer({ minimum: 0 }) },
    { additionalProperties: false, description: "All open and done requests, counted by the database." },
  ),
);

export const openRequestsPageSchema = schemaOf<OpenRequestsPage>()(
  Type.Object(
    {
      requests: Type.Array(contactRequestSchema, { description: "Open requests, newest first." }),
      counts: countsSchema,
      next: nullable(Type.Integer({ minimum: 1, description: "`before` for the next page; null on the last one." })),
    },
    { additionalProperties: false },
  ),
);

export const markedDoneSchema = schemaOf<MarkedDoneAnswer>()(
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

export const receivedSchema = schemaOf<ContactReceivedAnswer>()(
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
    },
    { additionalProperties: false },
  ),
);

export const contactRequestAnswerSchema = schemaOf<ContactRequestAnswer>()(
  Type.Object({ request: requestDetailSchema }, { additionalProperties: false }),
);

export const repliedSchema = schemaOf<RepliedAnswer>()(
  Type.Object({ request: requestDetailSchema, counts: countsSchema }, { additionalProperties: false }),
);
