import {
  type AuditAction,
  type AuditEvent,
  type AuditFilter,
  type AuditObjectType,
  type AuditPage,
  type AuditVerification,
  auditActions,
  auditActorKinds,
  auditObjectTypes,
  auditPaging,
  isAuditAction,
} from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { endpoint } from "../../http/endpoint.ts";
import { HttpError } from "../../http/errors.ts";
import { pagingParam, parseId } from "../../http/ids.ts";
import { httpMessages } from "../../http/messages.ts";
import { nullable, queryParameter, schemaOf, stringEnum } from "../../http/openapi.ts";
import { auditApiMessages as messages } from "./messages.ts";

/**
 * Each route of /api/audit in one definition: its query parameters, answer and documentation
 * (routes.ts mounts them), and the rules that read the query (`auditFilterOf`, `pageOf`), each
 * refusing with the message the definition documents.
 */

const tags = ["Audit"];

const dateTime = Type.String({ format: "date-time" });

const auditEventSchema = schemaOf<AuditEvent>()(
  Type.Object(
    {
      seq: Type.Integer({ minimum: 1, description: "The event's place in the chain." }),
      occurred_at: dateTime,
      actor_kind: stringEnum(auditActorKinds),
      actor_id: nullable(Type.Integer()),
      actor_name: Type.String({
        description: "The account's or deploy key's name then, „Besucher“ or „System“.",
      }),
      client_address: nullable(Type.String()),
      action: stringEnum(Object.keys(auditActions) as AuditAction[]),
      object_type: nullable(stringEnum(Object.keys(auditObjectTypes) as AuditObjectType[])),
      object_id: nullable(Type.String()),
      fields: Type.Array(Type.String(), { description: "The names of the changed fields." }),
      changes: nullable(
        Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() }), {
          description:
            "Before and after: invoices, payments, company settings, accounts' role and status, releases' rollout.",
        }),
      ),
    },
    { additionalProperties: false },
  ),
);

const auditPageSchema = schemaOf<AuditPage>()(
  Type.Object(
    {
      events: Type.Array(auditEventSchema, { description: "Newest first." }),
      next: nullable(Type.Integer({ description: "`before` of the next (older) page; null on the last." })),
    },
    { additionalProperties: false },
  ),
);

const auditVerificationSchema = schemaOf<AuditVerification>()(
  Type.Object(
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
  ),
);

type Query = Record<string, string | undefined>;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function dateParam(query: Query, name: "from" | "to"): string | undefined {
  const raw = query[name];
  if (raw === undefined || raw === "") return undefined;
  const date = new Date(`${raw}T00:00:00Z`);
  if (!datePattern.test(raw) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) {
    throw new HttpError(400, "invalid-query", messages.invalidDate(name));
  }
  return raw;
}

/** The filters of a list or export request; an unknown action or object type, a bad id or date is a 400. */
export function auditFilterOf(query: Query): AuditFilter {
  const filter: AuditFilter = {};
  if (query.actor_id !== undefined && query.actor_id !== "") {
    const id = parseId(query.actor_id);
    if (id === null) throw new HttpError(400, "invalid-query", messages.invalidActor);
    filter.actor_id = id;
  }
  if (query.action !== undefined && query.action !== "") {
    if (!isAuditAction(query.action)) throw new HttpError(400, "invalid-query", messages.invalidAction);
    filter.action = query.action;
  }
  if (query.object_type !== undefined && query.object_type !== "") {
    if (!Object.hasOwn(auditObjectTypes, query.object_type))
      throw new HttpError(400, "invalid-query", messages.invalidObjectType);
    filter.object_type = query.object_type as keyof typeof auditObjectTypes;
  }
  if (query.object_id !== undefined && query.object_id !== "") {
    if (query.object_id.length > 64) throw new HttpError(400, "invalid-query", messages.invalidObjectId);
    filter.object_id = query.object_id;
  }
  filter.from = dateParam(query, "from");
  filter.to = dateParam(query, "to");
  if (filter.from === undefined) delete filter.from;
  if (filter.to === undefined) delete filter.to;
  if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from) {
    throw new HttpError(400, "invalid-query", messages.invalidRange);
  }
  return filter;
}

/** `before` (the previous page's `next`) and `limit`. */
export function pageOf(query: Query): { before: number | null; limit: number } {
  const limit = pagingParam(
    query.limit,
    { fallback: auditPaging.defaultLimit, max: auditPaging.maxLimit },
    messages.invalidLimit,
  );
  if (query.before === undefined || query.before === "") return { before: null, limit };
  const before = parseId(query.before);
  if (before === null) throw new HttpError(400, "invalid-query", messages.invalidBefore);
  return { before, limit };
}

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

export const listAuditRoute = endpoint("GET /api/audit")({
  summary: "The audit trail, newest first, filtered, a page at a time (keyset: `before`)",
  tags,
  parameters: [
    queryParameter("before", "The `next` of the previous page.", Type.String()),
    queryParameter("limit", `Events per page, 1 to ${auditPaging.maxLimit}.`, Type.String()),
    ...filterParameters,
  ],
  answer: { status: 200, description: "One page of events.", schema: auditPageSchema },
  errors: {
    400: {
      "invalid-query": [messages.invalidBefore, messages.invalidLimit, ...filterErrors],
      "bad-request": [httpMessages.badRequest],
    },
  },
});

export const exportAuditRoute = endpoint("GET /api/audit/export.csv")({
  summary: "The filtered events as CSV (every cell quoted, semicolons, UTF-8 with BOM, for German Excel)",
  tags,
  parameters: filterParameters,
  responses: { 200: { description: "The CSV file.", content: { "text/csv": { schema: { type: "string" } } } } },
  errors: { 400: { "invalid-query": filterErrors, "bad-request": [httpMessages.badRequest] } },
});

export const verifyAuditRoute = endpoint("GET /api/audit/verify")({
  summary:
    "„Protokoll prüfen“: recompute the hash chain and its seals, compare kept backups' heads, name the first event that does not match",
  tags,
  answer: { status: 200, description: "The verdict.", schema: auditVerificationSchema },
});
