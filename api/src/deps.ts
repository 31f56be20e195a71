import type { ResolvedConfig } from "./config.ts";
import type { Sql } from "./db/open.ts";
import type { Auth } from "./http/auth.ts";

/** What every module factory receives from `createApp`. */
export interface Deps {
  config: ResolvedConfig;
  sql: Sql;
  auth: Auth;
}
