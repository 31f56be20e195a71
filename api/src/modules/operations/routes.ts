import type { HealthAnswer } from "@klarwerk/kit";
import { Elysia } from "elysia";
import type { Deps } from "../../deps.ts";
import { bearerToken } from "../../http/auth.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { type AuditActor, recordAuditEvent, systemActor, userActor } from "../audit/index.ts";
import type { BackupRequests } from "./backup-requests.ts";
import { blobAreas } from "./maintenance.ts";
import { operationsMessages } from "./messages.ts";
import { backupRoute, healthRoute } from "./model.ts";
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
    healthRoute.options(),
  );
}

/**
 * `POST /api/operations/backup` („Jetzt sichern“): one backup in this API process, as the schedule
 * runs it, then the sets the retention rule no longer keeps go; 202 once it began (its outcome is
 * recorded like every run: the dashboard's Betrieb block, a mail to admins on failure), 409 while
 * a backup or drill runs, 429 within 10 minutes of the deployment's last on-demand backup (the
 * message says from when), 507 when the backup folder has less than twice the last set free, 503
 * when it failed before its run was recorded.
 * For admins (staff 403),
 * or for `bun run backup` on this machine with the operator token from DATA_DIR
 * (backup/on-demand.ts). Either way an audit event names who asked.
 */
export function backupRequestModule(
  { sql, auth, config }: Pick<Deps, "sql" | "auth" | "config">,
  requests: BackupRequests,
) {
  return new Elysia({ name: "backup-requests" }).post(
    "/api/operations/backup",
    async ({ request, server, set }): Promise<{ status: "started" }> => {
      const presented = bearerToken(request.headers.get("authorization"));
      let actor: AuditActor = systemActor;
      if (!requests.isOperatorToken(presented)) {
        const claims = presented ? await auth.tokens.verify(presented) : null;
        const session = claims ? await auth.sessions.check(claims.sessionId, claims.userId) : null;
        if (!session) {
          throw new HttpError(401, "unauthorized", httpMessages.unauthorized, { "WWW-Authenticate": "Bearer" });
        }
        if (session.user.role !== "admin") throw new HttpError(403, "admin-only", httpMessages.adminOnly);
        actor = userActor(session.user, request, server, config.trustedProxies);
      }
      const start = await requests.start();
      if (start.outcome === "busy") throw new HttpError(409, "backup-running", operationsMessages.backupRunning);
      if (start.outcome === "not-begun") {
        throw new HttpError(503, "backup-not-begun", operationsMessages.backupNotBegun);
      }
      if (start.outcome === "too-soon") {
        throw new HttpError(429, "backup-too-soon", operationsMessages.backupTooSoon(start.nextAt), {
          "Retry-After": String(Math.max(1, start.retryAfterSeconds)),
        });
      }
      if (start.outcome === "no-space") {
        throw new HttpError(
          507,
          "backup-no-space",
          operationsMessages.backupNoSpace(start.freeBytes, start.neededBytes),
        );
      }
      await recordAuditEvent(sql, actor, { action: "backup.requested" });
      set.status = 202;
      return { status: "started" };
    },
    backupRoute.options(),
  );
}
