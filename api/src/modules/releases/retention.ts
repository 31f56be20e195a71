import type { Sql } from "../../db/open.ts";
import { purgeClientReports } from "./store.ts";

const purgeEveryMs = 24 * 60 * 60 * 1000;

/**
 * Deletes browsers' error reports and counted release loads past `days` once now and then once a
 * day while the server runs (the privacy notice states the period). Returns the stop function. A
 * failed purge is logged and tried again the next day; it never takes the server down.
 */
export function scheduleClientReportPurge(sql: Sql, days: number): () => void {
  const run = async () => {
    try {
      const { errors, loads } = await purgeClientReports(sql, days);
      if (errors + loads > 0) {
        console.log(`[api] deleted ${errors} error report(s) and ${loads} release load(s) older than ${days} days`);
      }
    } catch (error) {
      console.error("[api] could not delete old error reports and release loads:", error);
    }
  };
  void run();
  const timer = setInterval(run, purgeEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
