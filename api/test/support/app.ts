import { afterAll } from "bun:test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type App, createApp } from "../../src/app.ts";
import { loadConfig, type ResolvedConfig } from "../../src/config.ts";
import type { ChangeFeed } from "../../src/db/change-feed.ts";
import type { Sql } from "../../src/db/open.ts";
import { postgresRateLimits, type RateLimitStore } from "../../src/http/rate-limit.ts";
import type { DeliveryOptions } from "../../src/mail/delivery.ts";
import type { BackupRequests } from "../../src/modules/operations/index.ts";
import type { BlobReport } from "../../src/storage/blob-report.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { testJwtSecret } from "./jwt-secret.ts";
import { currentTest } from "./test-scope.ts";
import { testOwner } from "./users.ts";

export { testJwtSecret };

/**
 * A configuration as the environment would give it, with a fixed JWT secret, the test owner's
 * address as OWNER_EMAIL (so the owner is the same whoever registers first) and throwaway
 * directories; `env` overrides single variables (e.g. `{ REMOTE_FILES_URL: "..." }`,
 * `{ OWNER_EMAIL: "" }` for the first-registration rule).
 */
export function testConfig(env: Record<string, string> = {}): ResolvedConfig {
  // Not created: nothing in the API writes there unless a test asks for it.
  const scratch = join(tmpdir(), `klarwerk-test-${crypto.randomUUID().slice(0, 8)}`);
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: join(scratch, "data"),
    WEB_ROOT: join(scratch, "web"),
    // Not the checkout's .backups/: a developer's own sets there would be read by the audit
    // trail's check (another chain, so it would read as tampered).
    BACKUP_DIR: join(scratch, "backups"),
    JWT_SECRET: testJwtSecret,
    OWNER_EMAIL: testOwner.email,
    ...env,
  });
  return { ...config, jwtSecret: config.jwtSecret ?? testJwtSecret };
}

/**
 * The database's limits (the store the API runs with), with every key prefixed by `scope()`:
 * requests through `app.handle()` have no client address, so every test's logins, registrations
 * and contact messages would otherwise count against one key ("local") for the whole file.
 */
export function scopedRateLimits(sql: Sql, scope: () => string): RateLimitStore {
  const store = postgresRateLimits(sql);
  return (options) => {
    const limit = store(options);
    const scoped = (key: string) => `${scope()}|${key}`;
    return {
      hit: (key) => limit.hit(scoped(key)),
      release: (key) => limit.release(scoped(key)),
      reset: (key) => limit.reset(scoped(key)),
    };
  };
}

/**
 * Limits that never refuse, for tests about something else that set up more accounts than one
 * address may register in an hour (the authorization matrix). The limits themselves are tested
 * with the database's store (shared-limits.test.ts).
 */
export const unlimitedRateLimits: RateLimitStore = () => ({
  hit: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  release: async () => {},
  reset: async () => {},
});

/**
 * The real app on a test database; call it with `call`/`callJson` from ./http.ts. Its limits
 * count apart from every other test app's, and afresh in every test, unless `rateLimits` is
 * given (two apps given `postgresRateLimits(sql)` count together, as two API processes do). With
 * `changes` it keeps sessions and lists in memory as `bun start` does; `now` is its clock.
 */
export function createTestApp(
  sql: Sql,
  config: ResolvedConfig = testConfig(),
  {
    rateLimits,
    ...options
  }: {
    rateLimits?: RateLimitStore;
    /** The saves' own pool, as `bun start` has it (`Database.writes`); the reads' by default. */
    writes?: Sql;
    changes?: ChangeFeed | null;
    now?: () => number;
    delivery?: Partial<DeliveryOptions>;
    blobReport?: BlobReport;
    fetchManifest?: (url: string) => Promise<string>;
    /** „Jetzt sichern“ (`backupRequests`); by default one on `sql` alone, as app.ts makes it. */
    backups?: BackupRequests;
  } = {},
): App {
  const app = crypto.randomUUID();
  return createApp({
    config,
    sql,
    ...options,
    rateLimits: rateLimits ?? scopedRateLimits(sql, () => `${app}:${currentTest()}`),
  });
}

/**
 * A test file's own database and the app on it, dropped after the file's tests. At the file's
 * top level: `const { db, app } = await startAppTest();`.
 */
export async function startAppTest(config: ResolvedConfig = testConfig()): Promise<{ db: TestDatabase; app: App }> {
  const db = await createTestDatabase();
  afterAll(() => db.drop());
  return { db, app: createTestApp(db.sql, config) };
}
