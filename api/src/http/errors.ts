import { Elysia, type ValidationError } from "elysia";
import { IncompleteBlobError } from "../storage/blob-store.ts";
import { isJsonMediaType, mediaTypeOf } from "./content-type.ts";
import { httpMessages } from "./messages.ts";

/** Throw from any handler or hook: the client gets `status` and `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

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
function validationAnswer(error: Readonly<ValidationError>, request: Request): { status: number; message: string } {
  if (error.type === "body" && !isJsonMediaType(mediaTypeOf(request)))
    return { status: 400, message: httpMessages.badRequest };
  if (typeof error.customError === "string") return { status: 422, message: error.customError };
  const field = fieldOf(error.valueError?.path);
  return { status: 422, message: field ? httpMessages.invalidField(field) : httpMessages.invalidInput };
}

/**
 * The one error handler: every failure leaves as `{ "message": "<German>" }` with its status.
 * Stacks go to the server log only.
 */
export const errorHandler = new Elysia({ name: "error-handler" }).onError(
  { as: "global" },
  ({ code, error, request, set, status }) => {
    if (error instanceof HttpError) {
      Object.assign(set.headers, error.headers);
      return status(error.status, { message: error.message });
    }
    if (error instanceof IncompleteBlobError) {
      // The store answered but kept fewer bytes than were written: the write was undone (the
      // blob discarded, its transaction rolled back), so trying again is safe.
      console.error("[api] a blob was not stored whole:", error.message);
      return status(502, { message: httpMessages.storedIncomplete });
    }
    switch (code) {
      case "VALIDATION": {
        const answer = validationAnswer(error, request);
        return status(answer.status, { message: answer.message });
      }
      case "PARSE": {
        // A hook that throws while the body is read arrives wrapped in a ParseError.
        const cause = error.cause;
        if (cause instanceof HttpError) return status(cause.status, { message: cause.message });
        return status(400, { message: httpMessages.badRequest });
      }
      case "NOT_FOUND":
        return status(404, { message: httpMessages.notFound });
      case "INVALID_COOKIE_SIGNATURE":
        return status(400, { message: httpMessages.badRequest });
      case "INVALID_FILE_TYPE":
        return status(422, { message: httpMessages.unsupportedFileType });
      default: {
        // request.url is only the path when a request named no host: then it is logged as it came.
        const path = URL.canParse(request.url) ? new URL(request.url).pathname : request.url.slice(0, 300);
        console.error(`[api] ${request.method} ${path} failed:`, error);
        return status(500, { message: httpMessages.internal });
      }
    }
  },
);
