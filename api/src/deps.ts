import type { ResolvedConfig } from "./config.ts";
import type { ChangeFeed } from "./db/change-feed.ts";
import type { Sql } from "./db/open.ts";
import type { Auth } from "./http/auth.ts";

/** What every module factory receives from `createApp`. */
export interface Deps {
  config: ResolvedConfig;
  sql: Sql;
  auth: Auth;
  /** Tells caches of table contents when those tables change; null: nothing is cached. */
  changes: ChangeFeed | null;
}
