import type { ApiErrorCode } from "@klarwerk/kit";
import { Elysia, type ValidationError } from "elysia";
import { IncompleteBlobError } from "../storage/blob-store.ts";
import { isJsonMediaType, mediaTypeOf } from "./content-type.ts";
import { httpMessages } from "./messages.ts";

/**
 * Throw from any handler, service or hook: the client gets `status` and `{ code, message }`.
 * `code` is one of the kit's `apiErrorCodes` (stable, for programs), `message` German (for people).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More of the answer's body beside `code` and `message` (e.g. the matches of `customer-exists`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The body of every error answer. */
export interface ErrorBody {
  code: ApiErrorCode;
  message: string;
  /** Only on a 500: the id the server log names the failure by. */
  requestId?: string;
}

/** The header a 500 carries its request id in, besides the body. */
export const requestIdHeader = "X-Request-Id";

/** `/email` → `email`; `/items/0/price` → `items.0.price`. */
function fieldOf(path: string | undefined): string {
  return (path ?? "").split("/").filter(Boolean).join(".");
}

/**
 * Schemas carry their German message in `error` (see the auth module); a field without one gets
 * a generic message naming it. A body that is not JSON at all (wrong content type, no body) is
 * unreadable rather than invalid: 400. Only requests are validated: answers are described in the
 * OpenAPI document, not checked against a schema (src/http/openapi.ts says why).
 */
function validationAnswer(error: Readonly<ValidationError>, request: Request): HttpError {
  if (error.type === "body" && !isJsonMediaType(mediaTypeOf(request)))
    return new HttpError(400, "bad-request", httpMessages.badRequest);
  if (typeof error.customError === "string") return new HttpError(422, "validation", error.customError);
  const field = fieldOf(error.valueError?.path);
  return new HttpError(422, "validation", field ? httpMessages.invalidField(field) : httpMessages.invalidInput);
}

/** Elysia's own failures, in our words; null for anything that is a fault of ours (a 500). */
function knownFailure(code: string | number, error: unknown, request: Request): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof IncompleteBlobError) {
    // The store answered but kept fewer bytes than were written: the write was undone (the
    // blob discarded, its transaction rolled back), so trying again is safe.
    console.error("[api] a blob was not stored whole:", error.message);
    return new HttpError(502, "upload-incomplete", httpMessages.storedIncomplete);
  }
  switch (code) {
    case "VALIDATION":
      return validationAnswer(error as ValidationError, request);
    case "PARSE": {
      // A hook that throws while the body is read arrives wrapped in a ParseError.
      const cause = (error as Error).cause;
      return cause instanceof HttpError ? cause : new HttpError(400, "bad-request", httpMessages.badRequest);
    }
    case "NOT_FOUND":
      return new HttpError(404, "not-found", httpMessages.notFound);
    case "INVALID_COOKIE_SIGNATURE":
      return new HttpError(400, "bad-request", httpMessages.badRequest);
    case "INVALID_FILE_TYPE":
      return new HttpError(422, "unsupported-file-type", httpMessages.unsupportedFileType);
    default:
      return null;
  }
}

/**
 * The one error handler: every failure leaves as `{ code, message }` with its status. Anything
 * else is our fault: a 500 whose stack goes to the server log under a fresh request id, which the
 * answer carries (body and `X-Request-Id`) so a report from a user finds its log line.
 */
export const errorHandler = new Elysia({ name: "error-handler" }).onError(
  { as: "global" },
  ({ code, error, request, set, status }) => {
    const failure = knownFailure(code, error, request);
    if (failure) {
      Object.assign(set.headers, failure.headers);
      const body: ErrorBody = { ...failure.extra, code: failure.code, message: failure.message };
      return status(failure.status, body);
    }
    const requestId = crypto.randomUUID();
    // request.url is only the path when a request named no host: then it is logged as it came.
    const path = URL.canParse(request.url) ? new URL(request.url).pathname : request.url.slice(0, 300);
    console.error(`[api] ${request.method} ${path} failed (request ${requestId}):`, error);
    set.headers[requestIdHeader] = requestId;
    const body: ErrorBody = { code: "internal", message: httpMessages.internal, requestId };
    return status(500, body);
  },
);
