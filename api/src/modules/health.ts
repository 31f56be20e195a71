import { Elysia, t } from "elysia";
import type { Deps } from "../deps.ts";
import { HttpError } from "../http/errors.ts";
import { httpMessages } from "../http/messages.ts";
import { errorResponses, jsonResponse } from "../http/openapi.ts";

/** A database that has not answered by then counts as down. */
const timeoutMs = 2000;

export const healthSchema = t.Object({ status: t.Literal("ok") }, { additionalProperties: false });

/** `GET /api/health`: `{ status: "ok" }` once the database answers a query, else 503. */
export function healthModule({ sql }: Pick<Deps, "sql">) {
  return new Elysia({ name: "health" }).get(
    "/api/health",
    async () => {
      let timer: Timer | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([sql`select 1`.execute(), timeout]);
      } catch (error) {
        console.error(
          "[api] health check: the database did not answer:",
          error instanceof Error ? error.message : error,
        );
        throw new HttpError(503, httpMessages.databaseUnavailable);
      } finally {
        clearTimeout(timer);
      }
      return { status: "ok" as const };
    },
    {
      detail: {
        summary: "Whether the API and its database answer",
        tags: ["Health"],
        responses: {
          200: jsonResponse("The database answered a query.", healthSchema),
          ...errorResponses({ 503: [httpMessages.databaseUnavailable] }),
        },
      },
    },
  );
}
