import { auditActions, auditObjectTypes, auditPaging } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonResponse, nullable, queryParameter, stringEnum } from "../../http/openapi.ts";
import { auditApiMessages as messages } from "./messages.ts";

/** The OpenAPI description of /api/audit: its parameters, answers and errors. */

const tags = ["Audit"];
const dateTime = Type.String({ format: "date-time" });

const eventSchema = Type.Object(
  {
    seq: Type.Integer({ minimum: 1, description: "The event's place in the chain." }),
    occurred_at: dateTime,
    actor_kind: stringEnum(["user", "visitor", "system"] as const),
    actor_id: nullable(Type.Integer()),
    actor_name: Type.String({ description: "The account's name then, „Besucher“ or „System“." }),
    client_address: nullable(Type.String()),
    action: stringEnum(Object.keys(auditActions)),
    object_type: nullable(stringEnum(Object.keys(auditObjectTypes))),
    object_id: nullable(Type.String()),
    fields: Type.Array(Type.String(), { description: "The names of the changed fields." }),
    changes: nullable(
      Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() }), {
        description: "Before and after: invoices, payments, company settings, accounts' role and status.",
      }),
    ),
  },
  { additionalProperties: false },
);

const pageSchema = Type.Object(
  {
    events: Type.Array(eventSchema, { description: "Newest first." }),
    next: nullable(Type.Integer({ description: "`before` of the next (older) page; null on the last." })),
  },
  { additionalProperties: false },
);

const verificationSchema = Type.Object(
  {
    ok: Type.Boolean(),
    checked: Type.Integer({ minimum: 0 }),
    first_mismatch: nullable(
      Type.Object(
        { seq: Type.Integer(), occurred_at: nullable(dateTime), reason: Type.String() },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const filterParameters = [
  queryParameter("actor_id", "Only this account's events.", Type.String()),
  queryParameter("action", "Only this action.", stringEnum(Object.keys(auditActions))),
  queryParameter("object_type", "Only events about this kind of object.", stringEnum(Object.keys(auditObjectTypes))),
  queryParameter("object_id", "With `object_type`: only this object's events (its „Verlauf“).", Type.String()),
  queryParameter("from", "First day, `yyyy-mm-dd` (Germany's calendar).", Type.String({ format: "date" })),
  queryParameter("to", "Last day, `yyyy-mm-dd`, included.", Type.String({ format: "date" })),
];

const filterErrors = [
  messages.invalidActor,
  messages.invalidAction,
  messages.invalidObjectType,
  messages.invalidObjectId,
  messages.invalidDate("from"),
  messages.invalidDate("to"),
  messages.invalidRange,
];

export const auditDocs = {
  list: {
    summary: "The audit trail, newest first, filtered, a page at a time (keyset: `before`)",
    tags,
    parameters: [
      queryParameter("before", "The `next` of the previous page.", Type.String()),
      queryParameter("limit", `Events per page, 1 to ${auditPaging.maxLimit}.`, Type.String()),
      ...filterParameters,
    ],
    responses: {
      200: jsonResponse("One page of events.", pageSchema),
      ...errorResponses({
        400: {
          "invalid-query": [messages.invalidBefore, messages.invalidLimit, ...filterErrors],
          "bad-request": [httpMessages.badRequest],
        },
      }),
    },
  },
  csv: {
    summary: "The filtered events as CSV (semicolons, UTF-8 with BOM, for German Excel)",
    tags,
    parameters: filterParameters,
    responses: {
      200: { description: "The CSV file.", content: { "text/csv": { schema: { type: "string" as const } } } },
      ...errorResponses({ 400: { "invalid-query": filterErrors, "bad-request": [httpMessages.badRequest] } }),
    },
  },
  verify: {
    summary: "„Protokoll prüfen“: recompute the hash chain and name the first event that does not match",
    tags,
    responses: { 200: jsonResponse("The verdict.", verificationSchema) },
  },
};
