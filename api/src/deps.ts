import type { ResolvedConfig } from "./config.ts";
import type { ChangeFeed } from "./db/change-feed.ts";
import type { Sql } from "./db/open.ts";
import type { Auth } from "./http/auth.ts";
import type { RateLimitStore } from "./http/rate-limit.ts";
import type { Outbox } from "./mail/outbox.ts";
import type { BlobReport } from "./storage/blob-report.ts";

/** What every module factory receives from `createApp`. */
export interface Deps {
  config: ResolvedConfig;
  sql: Sql;
  /** For saves that can wait on other writers until they commit: apart from the reads (`Database.writes`). */
  writes: Sql;
  auth: Auth;
  /** Tells caches of table contents when those tables change; null: nothing is cached. */
  changes: ChangeFeed | null;
  /** Where the per-address and per-account limits count (the database: one allowance per deployment). */
  rateLimits: RateLimitStore;
  /** The clock (ms since the epoch) sessions and account changes are timed by; tests move it. */
  now: () => number;
  /** Mails are written to the outbox in the transaction that causes them; this sends them. */
  outbox: Outbox;
  /** What the start-up sweep found missing (rows without their blob), for admins in `/api/health`. */
  blobReport: BlobReport;
}
