import { Elysia } from "elysia";
import { HttpError } from "./errors.ts";
import { httpMessages } from "./messages.ts";

/**
 * Whether Bun could make an absolute URL of the request. An HTTP/1.0 request without a Host
 * header (`GET /api/health HTTP/1.0`) reaches the app with `request.url` just the path
 * ("/api/health"), which `new URL()` refuses: every hook that reads the path would throw, and an
 * error thrown while handling that error left Bun's HTML 500 page.
 */
export function hasAbsoluteUrl(request: Request): boolean {
  return URL.canParse(request.url);
}

/**
 * Refuses, first of all hooks, a request whose URL cannot be read: a 400 `{ message }` in German
 * like every other malformed request, `no-store` since its path is unknown. (Requests Bun's own
 * parser cannot read at all never reach the app: Bun answers them with an empty 400 itself.)
 */
export const requestTarget = new Elysia({ name: "request-target" }).onRequest(({ request, set }) => {
  if (hasAbsoluteUrl(request)) return;
  set.headers["cache-control"] = "no-store";
  throw new HttpError(400, "bad-request", httpMessages.badRequest);
});
