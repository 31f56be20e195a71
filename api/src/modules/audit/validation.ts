import { type AuditFilter, auditObjectTypes, auditPaging, isAuditAction } from "@klarwerk/kit";
import { HttpError } from "../../http/errors.ts";
import { pagingParam, parseId } from "../../http/ids.ts";
import { auditApiMessages as messages } from "./messages.ts";

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
