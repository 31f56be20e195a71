import type { HealthAnswer } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { bearerToken } from "../../http/auth.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonResponse } from "../../http/openapi.ts";
import { blobAreas } from "./maintenance.ts";
import { healthSchema } from "./responses.ts";
import { operationsStatus } from "./store.ts";

/** A database that has not answered by then counts as down. */
const timeoutMs = 2000;

/**
 * `GET /api/health`: `{ status: "ok" }` once the database answers a query, else 503. An admin's
 * bearer token adds `details`: the blob store, the rows whose blob the start-up sweep did not
 * find (a store restored from an older backup, an object deleted by hand), and the operations
 * status (the last scrub with its findings, the checksum backfill's progress, mails being
 * retried and why).
 */
export function healthModule({ sql, auth, config, blobReport }: Pick<Deps, "sql" | "auth" | "config" | "blobReport">) {
  async function isAdmin(request: Request): Promise<boolean> {
    const token = bearerToken(request.headers.get("authorization"));
    const claims = token ? await auth.tokens.verify(token) : null;
    if (!claims) return false;
    const session = await auth.sessions.check(claims.sessionId, claims.userId);
    return session?.user.role === "admin";
  }

  const areaNames = blobAreas(config, sql).map((area) => area.name);

  return new Elysia({ name: "health" }).get(
    "/api/health",
    async ({ request }): Promise<HealthAnswer> => {
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
        throw new HttpError(503, "database-unavailable", httpMessages.databaseUnavailable);
      } finally {
        clearTimeout(timer);
      }
      if (!(await isAdmin(request))) return { status: "ok" };
      return {
        status: "ok",
        details: {
          blob_store: config.blobStore.kind,
          missing_blobs: blobReport.missing,
          operations: await operationsStatus(sql, areaNames, { mailConfigured: config.smtpUrl !== null }),
        },
      };
    },
    {
      detail: {
        summary: "Whether the API and its database answer (with details for admins)",
        tags: ["Health"],
        responses: {
          200: jsonResponse("The database answered a query.", healthSchema),
          ...errorResponses({ 503: { "database-unavailable": [httpMessages.databaseUnavailable] } }),
        },
      },
    },
  );
}
