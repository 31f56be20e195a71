import { Elysia, type TSchema } from "elysia";
import { isJsonMediaType, mediaTypeOf } from "./content-type.ts";
import { HttpError } from "./errors.ts";
import { httpMessages } from "./messages.ts";

/** Every body but an upload: JSON bodies are small forms; anything larger is a mistake or an attack. */
export const jsonBodyLimitBytes = 1024 * 1024;

/**
 * The body limit given to Bun's server: none. Bun answers a declared length over its limit with
 * an empty 413 before any handler runs (no German message, no JSON), so the limits live in the
 * app instead: this policy holds every body but a streamed upload to `jsonBodyLimitBytes` before
 * it is read, and the upload route counts what it streams against UPLOAD_MAX_BYTES.
 */
export const serverBodyLimitBytes = Number.MAX_SAFE_INTEGER;

/**
 * What `/api` accepts besides JSON: streamed uploads. Form and text posts are refused, so a plain
 * HTML form on another site cannot drive the API (they need no CORS preflight).
 */
const streamedTypes = new Set(["multipart/form-data", "application/octet-stream"]);

/**
 * Checks request bodies in `onRequest`, before routing and before anything reads them:
 * - `/api` takes JSON or a streamed upload; another declared body type is a 400;
 * - every body but a streamed upload on `streamedPaths` is held to `maxBodyBytes`, whatever its
 *   Content-Type says or whether it names one at all (a route that parses JSON reads a body
 *   without a type too): a declared length over the limit is a 413, a chunked body declares none
 *   and is a 411 (browsers always send the length of a JSON body; `app.handle()` in tests sends
 *   neither header and passes). Bun reads no more than the declared length, so the limit holds;
 * - a streamed body (multipart, octet-stream) is left to the route only on `streamedPaths`, which
 *   read it as a stream and limit it themselves (UPLOAD_MAX_BYTES); on any other path Elysia
 *   would buffer it whole (`formData()`, `arrayBuffer()`) before validation refused it. Without
 *   `streamedPaths`, every path may stream.
 * - an image type (`image/…`) only on `imagePaths` (the letterhead's logo): a plain HTML form cannot
 *   send one, and the route reads it as a stream and judges its bytes, whatever the type says.
 * It deliberately does not parse bodies itself: a global parse hook breaks routes that stream
 * their body (`parse: "none"`, uploads).
 */
export function bodyPolicy(
  maxBodyBytes: number = jsonBodyLimitBytes,
  streamedPaths?: readonly string[],
  imagePaths: readonly string[] = [],
) {
  const seed = `${maxBodyBytes} ${streamedPaths?.join(" ") ?? "*"} ${imagePaths.join(" ")}`;
  return new Elysia({ name: "body-policy", seed }).onRequest(({ request }) => {
    const path = new URL(request.url).pathname;
    const type = mediaTypeOf(request);
    if (type !== "" && !isJsonMediaType(type) && path.startsWith("/api/")) {
      const trimmed = path.replace(/\/+$/, "");
      if (type.toLowerCase().startsWith("image/") && imagePaths.includes(trimmed)) return;
      if (!streamedTypes.has(type.toLowerCase())) throw new HttpError(400, "bad-request", httpMessages.badRequest);
      if (streamedPaths === undefined || streamedPaths.includes(path.replace(/\/+$/, ""))) return;
    }
    holdToDeclaredLength(request, maxBodyBytes);
  });
}

/**
 * The bytes a body declares (`Content-Length`), held to `maxBytes`: over it a 413, a chunked body
 * (no length declared) a 411. Bun reads no more than the declared length, so that is what the
 * route receives. A request with neither header has no body over a socket (`app.handle()` in
 * tests sends neither) and passes.
 */
function holdToDeclaredLength(request: Request, maxBytes: number): void {
  const declared = request.headers.get("content-length");
  if (declared === null) {
    if (request.headers.has("transfer-encoding"))
      throw new HttpError(411, "length-required", httpMessages.lengthRequired);
    return;
  }
  const length = Number(declared);
  if (!Number.isFinite(length) || length > maxBytes)
    throw new HttpError(413, "payload-too-large", httpMessages.payloadTooLarge);
}

/**
 * The options of a route that takes a JSON body: `{ ...jsonBody(schema) }`. Without `parse`,
 * Elysia would also read a multipart body (which the policy lets through to every path, held to
 * the JSON limit) as a form, and the OpenAPI document would offer form types too.
 *
 * Every body is a JSON object; anything else that parses (a string, a number, `true`, `null`, an
 * array) is a 422 here, before validation: Elysia copies a scalar or an array into an empty object
 * before it checks an object schema, so the route would see `{}` (and skip a schema's rules).
 * Like a body that does not parse (400), it is refused before the guard's own `transform` (a
 * route's hooks run before its macros'): the refusal is the same on every route, so an unsigned
 * caller learns nothing about what this one would accept.
 *
 * `maxBytes` holds the body to a smaller limit than the policy's, counted the same way (its
 * declared bytes, not the characters it parses to): in `transform`, after the policy's limit
 * bounded what was parsed and before validation, so an oversized body is a 413, never a 422.
 */
export function jsonBody<S extends TSchema>(schema: S, maxBytes?: number) {
  return {
    body: schema,
    parse: "json" as const,
    transform: ({ request, body }: { request: Request; body: unknown }) => {
      if (maxBytes !== undefined) holdToDeclaredLength(request, maxBytes);
      if (!isJsonObject(body)) throw new HttpError(422, "validation", httpMessages.notJsonObject);
    },
  };
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
