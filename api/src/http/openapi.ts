import { type ApiErrorCode, apiErrorCodes } from "@klarwerk/kit";
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import type { OpenAPIV3 } from "openapi-types";
import packageJson from "../../package.json";
import { httpMessages } from "./messages.ts";

/**
 * What the OpenAPI document (served at /api/docs/json) says besides its routes, and the pieces
 * the modules describe their routes with.
 *
 * Answers are described in each route's `detail.responses`, never as an Elysia `response`
 * schema: those are validated on every answer, which costs time on every request for a mistake
 * the tests catch (test/http/openapi.test.ts checks real answers against these schemas), and
 * would not fit the customer list at all, which answers JSON text from its cache
 * (src/db/table-cache.ts) that a response schema would have to parse again.
 *
 * Those schemas are plain TypeBox, not Elysia's `t`: its numbers and integers also accept numeric
 * strings (right for a query string, wrong for a JSON answer).
 */

/** A route's documentation: what Elysia's `detail` takes. */
type Operation = OpenAPIV3.OperationObject;
type ResponseObject = OpenAPIV3.ResponseObject;

/** The document's name for the `{ code, message }` schema and the bearer scheme. */
const errorMessageName = "ErrorMessage";
const bearerName = "bearerAuth";

/** The body of every error answer (src/http/errors.ts): the codes are the kit's one list. */
export const errorMessageSchema = Type.Object(
  {
    code: Type.Unsafe<ApiErrorCode>({
      type: "string",
      enum: [...apiErrorCodes],
      description: "What went wrong, as a stable identifier for programs to branch on.",
    }),
    message: Type.String({ description: "What went wrong, in German, to be shown to the person as it is." }),
    requestId: Type.Optional(
      Type.String({
        description: "Only on a 500: the id the server's log names this failure by (also `X-Request-Id`).",
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * TypeBox schemas are JSON Schema, which OpenAPI 3.1 takes as it is; openapi-types (and with it
 * Elysia's `detail`) only knows 3.0's schema object, hence the one cast.
 */
function asSchema(schema: TSchema | OpenAPIV3.ReferenceObject): OpenAPIV3.SchemaObject {
  return schema as OpenAPIV3.SchemaObject;
}

/** Info and shared components of the document. */
export const apiDocumentation = {
  info: {
    title: "Klarwerk Digital API",
    version: packageJson.version,
    description:
      'The HTTP API of the website and staff portal. Every error answer is `{ "code": "<code>", "message": "<German>" }` ' +
      "with its status: `code` is a stable English identifier (the `ErrorMessage` schema lists them all; each " +
      "route's answers name theirs in their examples), `message` the text to show; routes marked with a lock need `Authorization: Bearer <token>` from " +
      "`POST /api/login`. Text anywhere in a request (body, query string, path, upload field or " +
      "file name) containing U+0000 or a lone surrogate is refused on every route with a 400.",
  },
  components: {
    schemas: { [errorMessageName]: asSchema(errorMessageSchema) },
    securitySchemes: { [bearerName]: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
  },
} satisfies Partial<OpenAPIV3.Document>;

/** The statuses our error answers use, with what each means for every route. */
const errorStatuses = {
  400: "The request cannot be read: a malformed id, parameter or body, a body that is not JSON, or text with a character that cannot be stored (U+0000, a lone surrogate).",
  401: "Not signed in: no valid bearer token (or its user is gone), or wrong credentials at login.",
  403: "Not allowed.",
  404: "Not found.",
  409: "Conflicts with what is stored.",
  410: "Gone: a link that expired or was already used.",
  411: "A chunked JSON body: its length must be declared.",
  413: "The body is too large.",
  415: "Not available for this media type.",
  416: "The requested range lies outside the file.",
  422: "The input breaks a rule; the message names the first problem.",
  429: "Too many attempts; `Retry-After` says when to try again.",
  500: "A fault of the server's own; the answer's `requestId` (and `X-Request-Id`) names it in the server's log.",
  502: "The object store did not keep what was sent (an upload stored short); nothing was kept.",
  503: "A service the API needs does not answer.",
  507: "Not enough disk space on the server.",
} as const;

export type ErrorStatus = keyof typeof errorStatuses;

/** The German messages a route can answer with one code, by that code. */
export type ErrorsByCode = { [C in ApiErrorCode]?: readonly string[] };

/**
 * Error answers of a route, by status and code, each German message as an example of
 * `{ code, message }`: `errorResponses({ 404: { "customer-not-found": [messages.notFound] } })`.
 */
export function errorResponses(errors: { [S in ErrorStatus]?: ErrorsByCode }): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  for (const [status, byCode = {}] of Object.entries(errors)) {
    const entries = Object.entries(byCode).flatMap(([code, messages = []]) =>
      messages.map((message) => [message, { value: { code, message } }] as const),
    );
    responses[status] = {
      description: errorStatuses[Number(status) as ErrorStatus],
      content: {
        "application/json": {
          schema: asSchema({ $ref: `#/components/schemas/${errorMessageName}` }),
          ...(entries.length > 0 ? { examples: Object.fromEntries(entries) } : {}),
        },
      },
    };
  }
  return responses;
}

/** What the body policy (src/http/body-policy.ts) refuses a JSON body for before any route sees it. */
export const jsonBodyErrors = errorResponses({
  411: { "length-required": [httpMessages.lengthRequired] },
  413: { "payload-too-large": [httpMessages.payloadTooLarge] },
});

/** A JSON answer with its schema. */
export function jsonResponse(description: string, schema: TSchema): ResponseObject {
  return { description, content: { "application/json": { schema: asSchema(schema) } } };
}

/** An answer of raw bytes (a stored file) in whatever media type it was stored with. */
export function bytesResponse(description: string, headers: ResponseObject["headers"] = {}): ResponseObject {
  return { description, headers, content: { "*/*": { schema: { type: "string", format: "binary" } } } };
}

/**
 * The documentation of a route that needs a bearer token (the `auth` macro's routes): the
 * scheme and its 401.
 */
export const bearerOperation = {
  security: [{ [bearerName]: [] }],
  responses: errorResponses({ 401: { unauthorized: [httpMessages.unauthorized] } }),
} satisfies Operation;

/** The documentation of an admin-only route (the `admin` macro's): the bearer scheme, its 401 and the staff 403. */
export const adminOperation = {
  security: [{ [bearerName]: [] }],
  responses: errorResponses({
    401: { unauthorized: [httpMessages.unauthorized] },
    403: { "admin-only": [httpMessages.adminOnly] },
  }),
} satisfies Operation;

/** A query parameter of a route whose handler reads it itself (the schema only documents it). */
export function queryParameter(name: string, description: string, schema: TSchema): OpenAPIV3.ParameterObject {
  return { name, in: "query", required: false, description, schema: asSchema(schema) };
}

/** `schema`, or null. */
export function nullable<S extends TSchema>(schema: S) {
  return Type.Union([schema, Type.Null()]);
}

/** One of `values`, as a string enum (a union of literals would list each as its own schema). */
export function stringEnum<const V extends readonly string[]>(values: V, options: { description?: string } = {}) {
  return Type.Unsafe<V[number]>({ type: "string", enum: [...values], ...options });
}

/**
 * True when `A` and `B` are the same type: the compiler's identity check, which (unlike mutual
 * assignability) also tells an optional field apart from a missing one.
 */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * `schemaOf<Customer>()(Type.Object({ ... }))`: the schema, refused by the compiler unless it
 * describes exactly the type `T`, so the document cannot drift from the kit's answer types.
 */
export function schemaOf<T>() {
  return <S extends TSchema>(schema: S & (Same<Static<S>, T> extends true ? unknown : { describes: T })): S => schema;
}

/**
 * A route's own copy of a documentation object (a route definition's, endpoint.ts, or a module's
 * docs.ts): Elysia merges the macros' `detail` (the bearer scheme, the id's 400) into the object
 * a route is given, so one object shared by the apps of a process (tests start many) would
 * collect every app's merge.
 * Symbol keys (TypeBox's) are copied too.
 */
export function ownCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(ownCopy) as T;
  if (value === null || typeof value !== "object") return value;
  const copy: Record<PropertyKey, unknown> = {};
  for (const key of Reflect.ownKeys(value)) copy[key] = ownCopy((value as Record<PropertyKey, unknown>)[key]);
  return copy as T;
}
