import { Elysia, t } from "elysia";
import { HttpError } from "./errors.ts";
import { errorResponses } from "./openapi.ts";

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
  if (id === null) throw new HttpError(400, "invalid-id", message);
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
  if (value === null || value > max) throw new HttpError(400, "invalid-query", message);
  return value;
}

/** How a module names its `:id`: for the document, and its 400 for a malformed one. */
export interface IdParam {
  /** "The customer's id, a positive integer." */
  description: string;
  /** The module's German 400 for an id that is no positive integer. */
  invalid: string;
}

/**
 * The one way a route reads its `:id`: `{ idParam: { description, invalid } }` documents the
 * path parameter and its 400, and hands the handler `id`, a number, once the rest of the request
 * was accepted (it resolves after the guard and the body's validation, as the handlers' own
 * `requireId` did). Whether that id names a row is the service's question: its 404 carries the
 * module's code.
 */
export const idParams = new Elysia({ name: "id-param" }).macro({
  idParam: ({ description, invalid }: IdParam) => ({
    params: t.Object({ id: t.String({ description }) }),
    detail: { responses: errorResponses({ 400: { "invalid-id": [invalid] } }) },
    resolve: ({ params }: { params: Record<string, string | undefined> }) => ({ id: requireId(params.id, invalid) }),
  }),
});
