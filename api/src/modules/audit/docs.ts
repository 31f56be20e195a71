import { auditActions, auditObjectTypes, auditPaging } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonResponse, queryParameter, stringEnum } from "../../http/openapi.ts";
import { auditApiMessages as messages } from "./messages.ts";
import { auditPageSchema, auditVerificationSchema } from "./responses.ts";

/** The OpenAPI description of /api/audit: its parameters, answers and errors. */

const tags = ["Audit"];
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
      200: jsonResponse("One page of events.", auditPageSchema),
      ...errorResponses({
        400: {
          "invalid-query": [messages.invalidBefore, messages.invalidLimit, ...filterErrors],
          "bad-request": [httpMessages.badRequest],
        },
      }),
    },
  },
  csv: {
    summary: "The filtered events as CSV (every cell quoted, semicolons, UTF-8 with BOM, for German Excel)",
    tags,
    parameters: filterParameters,
    responses: {
      200: { description: "The CSV file.", content: { "text/csv": { schema: { type: "string" as const } } } },
      ...errorResponses({ 400: { "invalid-query": filterErrors, "bad-request": [httpMessages.badRequest] } }),
    },
  },
  verify: {
    summary:
      "„Protokoll prüfen“: recompute the hash chain and its seals, compare kept backups' heads, name the first event that does not match",
    tags,
    responses: { 200: jsonResponse("The verdict.", auditVerificationSchema) },
  },
};
