import { HttpError } from "./errors.ts";

/**
 * A positive integer from a path or query string that the database's bigint ids and JavaScript
 * numbers can both hold; null for anything else (absent, not text, `0`, `-1`, `1.5`, `1e3`,
 * `../etc/passwd`, 17 digits).
 */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** `parseId`, or a 400 with the module's own `message`: a malformed id never reaches a query. */
export function requireId(raw: unknown, message: string): number {
  const id = parseId(raw);
  if (id === null) throw new HttpError(400, message);
  return id;
}

/**
 * A paging parameter (`limit`, `page`): `fallback` when omitted, else a positive integer up to
 * `max`, or a 400 with the module's own `message`.
 */
export function pagingParam(
  raw: unknown,
  { fallback, max }: { fallback: number; max: number },
  message: string,
): number {
  if (raw === undefined) return fallback;
  const value = parseId(raw);
  if (value === null || value > max) throw new HttpError(400, message);
  return value;
}
