import { type AuditFilter, isAuditAction, isAuditObjectType } from "@klarwerk/kit";

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter a page address asks for (`/audit?object_type=invoice&object_id=12`, an object's
 * "Verlauf"); what is not a known action, object type, account id or date is left out.
 */
export function auditFilterFromSearch(search: string): AuditFilter {
  const params = new URLSearchParams(search);
  const filter: AuditFilter = {};
  const actor = params.get("actor_id");
  if (actor && /^[1-9]\d{0,9}$/.test(actor)) filter.actor_id = Number(actor);
  const action = params.get("action");
  if (isAuditAction(action)) filter.action = action;
  const objectType = params.get("object_type");
  if (isAuditObjectType(objectType)) filter.object_type = objectType;
  const objectId = params.get("object_id")?.trim();
  if (objectId) filter.object_id = objectId.slice(0, 64);
  for (const name of ["from", "to"] as const) {
    const date = params.get(name);
    if (date && datePattern.test(date)) filter[name] = date;
  }
  return filter;
}

/** `filter` with one field set, or removed when `value` is empty: the API reads no empty parameters. */
export function withFilter<Key extends keyof AuditFilter>(
  filter: AuditFilter,
  key: Key,
  value: AuditFilter[Key] | "" | undefined,
): AuditFilter {
  const next = { ...filter };
  if (value === undefined || value === "") delete next[key];
  else next[key] = value;
  return next;
}

/** A range whose end lies before its start: the screen says so instead of asking the API. */
export function isReversedRange(filter: Pick<AuditFilter, "from" | "to">): boolean {
  return filter.from !== undefined && filter.to !== undefined && filter.to < filter.from;
}
