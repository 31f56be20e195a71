import type { Sql } from "../../db/open.ts";
import { purgeAnsweredRequests } from "./store.ts";

const purgeEveryMs = 24 * 60 * 60 * 1000;

/**
 * Purges answered requests past the retention period once now and then once a day while the
 * server runs. Returns the stop function. A failed purge is logged and tried again the next day;
 * it never takes the server down. `purged` is told after a purge that deleted any.
 */
export function schedulePurge(sql: Sql, purged: () => void = () => {}): () => void {
  const run = async () => {
    try {
      const deleted = await purgeAnsweredRequests(sql);
      if (deleted > 0) purged();
      if (deleted > 0) console.log(`[api] deleted ${deleted} answered contact request(s) after the retention period`);
    } catch (error) {
      console.error("[api] could not delete answered contact requests:", error);
    }
  };
  void run();
  const timer = setInterval(run, purgeEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
