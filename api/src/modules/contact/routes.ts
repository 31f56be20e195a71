import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { FailureLimiter } from "../auth/failure-limiter.ts";
import { contactApiMessages as messages } from "./messages.ts";
import { schedulePurge } from "./retention.ts";
import { contactBody, isHoneypotFilled, validateContact } from "./validation.ts";

/** Per client address: more accepted requests than this within the window are refused (429). */
export const contactRateLimit = { max: 10, windowMs: 15 * 60 * 1000 } as const;

/** The answer to every accepted request, stored or caught by the honeypot alike. */
const accepted = { status: "received" } as const;

/**
 * `POST /api/contact`: the public contact form. Validates, stores the request as open and answers
 * 201. Spam guard: a honeypot field (answered as usual, never stored) and a per-address limit.
 * While the server runs, answered requests are deleted after the retention period.
 */
export function contactModule({ sql, config }: Pick<Deps, "sql" | "config">) {
  // Per app instance, so each test app starts with a clean slate. The window counter of the login
  // limiter counts accepted requests here.
  const submissions = new FailureLimiter(contactRateLimit.max, contactRateLimit.windowMs);
  let stopPurge: (() => void) | null = null;

  return new Elysia({ name: "contact", prefix: "/api/contact" })
    .onStart(() => {
      stopPurge ??= schedulePurge(sql);
    })
    .onStop(() => {
      stopPurge?.();
      stopPurge = null;
    })
    .post(
      "",
      async ({ body, request, server, status }) => {
        const address = clientAddressOf(request, server, config.trustedProxies);
        const retryAfter = submissions.retryAfterSeconds(address);
        if (retryAfter > 0) {
          throw new HttpError(429, messages.tooManyRequests, { "Retry-After": String(retryAfter) });
        }
        const contact = validateContact(body);
        submissions.recordFailure(address);
        if (!isHoneypotFilled(body)) {
          await sql`
            insert into contact_requests (name, email, company, message)
            values (${contact.name}, ${contact.email}, ${contact.company}, ${contact.message})`;
        }
        return status(201, accepted);
      },
      { body: contactBody },
    );
}
