import { Elysia } from "elysia";
import type { Deps } from "../deps.ts";
import { HttpError } from "../http/errors.ts";
import { httpMessages } from "../http/messages.ts";

/** A database that has not answered by then counts as down. */
const timeoutMs = 2000;

/** `GET /api/health`: `{ status: "ok" }` once the database answers a query, else 503. */
export function healthModule({ sql }: Pick<Deps, "sql">) {
  return new Elysia({ name: "health" }).get("/api/health", async () => {
    let timer: Timer | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([sql`select 1`.execute(), timeout]);
    } catch (error) {
      console.error("[api] health check: the database did not answer:", error instanceof Error ? error.message : error);
      throw new HttpError(503, httpMessages.databaseUnavailable);
    } finally {
      clearTimeout(timer);
    }
    return { status: "ok" as const };
  });
}
