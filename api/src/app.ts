import { abuseLimitCleanupMinutes } from "@klarwerk/kit";
import { Elysia } from "elysia";
import { backupRequests } from "./backup/on-demand.ts";
import { manifestAuditHeads } from "./backup/sets.ts";
import { backupTargetFor } from "./backup/target.ts";
import type { ResolvedConfig } from "./config.ts";
import type { ChangeFeed } from "./db/change-feed.ts";
import type { Sql } from "./db/open.ts";
import type { Deps } from "./deps.ts";
import { createAuth } from "./http/auth.ts";
import { bodyPolicy } from "./http/body-policy.ts";
import { errorHandler } from "./http/errors.ts";
import { apiNoStore } from "./http/no-store.ts";
import { postgresRateLimits, type RateLimitStore, scheduleWindowCleanup } from "./http/rate-limit.ts";
import { requestTarget } from "./http/request-target.ts";
import { textPolicy } from "./http/text-policy.ts";
import type { DeliveryOptions } from "./mail/delivery.ts";
import { createOutbox } from "./mail/outbox.ts";
import { auditModule } from "./modules/audit/routes.ts";
import { authModule } from "./modules/auth/routes.ts";
import { companyModule, logoUploadPath } from "./modules/company/routes.ts";
import { contactRequestsModule } from "./modules/contact-requests/routes.ts";
import { customerImportUploadPath, customersModule } from "./modules/customers/routes.ts";
import { filesModule, streamedBodyPaths } from "./modules/files/routes.ts";
import { foldersModule } from "./modules/folders/routes.ts";
import { reminderMailPrecondition } from "./modules/invoices/index.ts";
import { invoicesModule } from "./modules/invoices/routes.ts";
import type { BackupRequests } from "./modules/operations/index.ts";
import { backupRequestModule, healthModule } from "./modules/operations/routes.ts";
import { outboxModule } from "./modules/outbox/routes.ts";
import { resetLinksAtSending } from "./modules/password-reset/index.ts";
import { passwordResetModule } from "./modules/password-reset/routes.ts";
import { privacyModule } from "./modules/privacy/routes.ts";
import { quotesModule } from "./modules/quotes/routes.ts";
import { recurringInvoicesModule } from "./modules/recurring-invoices/routes.ts";
import {
  canaryTickets,
  canaryVisitors,
  deployKeyRefusalLimit,
  fetchExternalManifest,
  releaseBlobStore,
  releaseFileServer,
  releasesService,
  rolloutState,
  shellNeeds,
} from "./modules/releases/index.ts";
import { releasesModule, releaseUploadPath } from "./modules/releases/routes.ts";
import { searchModule } from "./modules/search/routes.ts";
import { sendingModule } from "./modules/sending/routes.ts";
import { shareLinksModule } from "./modules/share-links/routes.ts";
import { trashModule } from "./modules/trash/routes.ts";
import { usersModule } from "./modules/users/routes.ts";
import { type BlobReport, emptyBlobReport } from "./storage/blob-report.ts";
import { apiDocsModule } from "./web/api-docs.ts";
import { webModule } from "./web/routes.ts";

/**
 * The whole HTTP surface. A new resource is a module under `src/modules/<resource>/` exporting
 * `<resource>Module(deps)`, added with one `.use(...)` line in the list below (before `webModule`,
 * whose wildcards catch everything left over). No CORS: shell, remotes and API share one origin.
 *
 * With a change feed, answers that are read far more often than their tables change (customer
 * list pages, sessions and their accounts) are kept in memory until the feed reports a change;
 * without one every request reads the database.
 *
 * The limits (failed logins, registrations, contact messages) count in the database unless
 * `rateLimits` names another store: tests scope theirs, so each test meets only its own counts.
 */
export function createApp({
  config,
  sql,
  writes = sql,
  changes = null,
  rateLimits = postgresRateLimits(sql),
  now = Date.now,
  delivery = {},
  blobReport = emptyBlobReport(),
  fetchManifest = fetchExternalManifest,
  backups = backupRequests({ config, db: { sql, writes, embedded: null, changes: null, close: async () => {} } }),
}: {
  config: ResolvedConfig;
  sql: Sql;
  /** The pool for saves that wait on other writers (`Database.writes`); the reads' by default. */
  writes?: Sql;
  changes?: ChangeFeed | null;
  rateLimits?: RateLimitStore;
  /** The clock sessions are timed by; tests move it. */
  now?: () => number;
  /** How the outbox worker paces itself (tests shorten its waits and trust their SMTP server). */
  delivery?: Partial<DeliveryOptions>;
  /** What the start-up sweep found missing (`main.ts`); none by default. */
  blobReport?: BlobReport;
  /** How an external release's https manifest is fetched (tests serve theirs without TLS). */
  fetchManifest?: (url: string) => Promise<string>;
  /** „Jetzt sichern“ (`main.ts` passes its database's); without, a backup of the database server `sql` reaches. */
  backups?: BackupRequests;
}) {
  const auth = createAuth({
    sql,
    secret: config.jwtSecret,
    changes,
    now,
    trustedProxies: config.trustedProxies,
  });
  const outbox = createOutbox({
    sql,
    config,
    delivery,
    prepare: resetLinksAtSending({ sql, publicUrl: config.publicUrl, now }),
    // A reminder's mail goes out only while its invoice is open and not cancelled (decision 0090).
    checkPrecondition: (mail) => reminderMailPrecondition(sql, mail.precondition.reminderId),
  });
  const deps: Deps = { config, sql, writes, changes, auth, rateLimits, now, outbox, blobReport };
  const releaseStore = releaseBlobStore(config);
  const rollouts = rolloutState(sql, changes);
  const tickets = canaryTickets(config.jwtSecret, now);
  const releases = releasesService({
    sql,
    auth,
    store: releaseStore,
    rollouts,
    changes,
    needs: shellNeeds,
    publicUrl: config.publicUrl,
    trustedProxies: config.trustedProxies,
    canaryMinLoads: config.canaryMinLoads,
    releaseOrigins: config.releaseOrigins,
    tickets,
    fetchManifest,
    mailWritten: () => outbox.written(),
    keyRefusals: rateLimits(deployKeyRefusalLimit),
  });
  let stopWindowCleanup: (() => void) | null = null;
  return new Elysia()
    .onStart(() => {
      stopWindowCleanup ??= scheduleWindowCleanup(sql, abuseLimitCleanupMinutes * 60 * 1000);
    })
    .onStop(() => {
      stopWindowCleanup?.();
      stopWindowCleanup = null;
    })
    .use(errorHandler)
    .use(requestTarget)
    .use(apiNoStore)
    .use(
      bodyPolicy(
        undefined,
        [...streamedBodyPaths, releaseUploadPath, logoUploadPath, customerImportUploadPath],
        [logoUploadPath],
      ),
    )
    .use(textPolicy)
    .use(healthModule(deps))
    .use(backupRequestModule(deps, backups))
    .use(authModule(deps))
    .use(passwordResetModule(deps))
    .use(usersModule(deps))
    .use(contactRequestsModule(deps))
    .use(customersModule(deps))
    .use(foldersModule(deps))
    .use(filesModule(deps))
    .use(shareLinksModule(deps))
    .use(trashModule(deps))
    .use(searchModule(deps))
    .use(companyModule(deps))
    .use(invoicesModule(deps))
    .use(recurringInvoicesModule(deps))
    .use(quotesModule(deps))
    .use(sendingModule(deps))
    .use(outboxModule(deps))
    .use(releasesModule(deps, releases, rollouts))
    .use(auditModule(deps, () => manifestAuditHeads(backupTargetFor(config.backupTarget))))
    .use(privacyModule(deps))
    .use(apiDocsModule())
    .use(
      webModule(deps, {
        rollouts,
        serveReleaseFile: releaseFileServer(sql, releaseStore, changes),
        canaryVisitors: canaryVisitors(tickets, deps),
      }),
    );
}

export type App = ReturnType<typeof createApp>;
