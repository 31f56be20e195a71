import type { Sql } from "../../db/open.ts";
import { type Schedule, scheduleEvery } from "../../lib/schedule-every.ts";
import { purgeClientReports } from "./store.ts";

/**
 * Deletes browsers' error reports and counted release loads older than `days` a minute after
 * start and then once a day, in every API process (a delete twice is harmless; the privacy
 * notice states the period). Returns the stop. A failed purge is logged and tried the next day.
 */
export function scheduleClientReportPurge(
  sql: Sql,
  days: number,
  schedule: Schedule = { firstAfterMs: 60_000, everyMs: 24 * 60 * 60_000 },
): () => Promise<void> {
  return scheduleEvery(
    "the purge of old error reports and release loads",
    async () => {
      const { errors, loads } = await purgeClientReports(sql, days);
      if (errors + loads > 0) {
        console.log(`[api] deleted ${errors} error report(s) and ${loads} release load(s) older than ${days} days`);
      }
    },
    schedule,
  );
}
