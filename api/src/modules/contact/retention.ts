import { contactRetentionDays } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";

/**
 * Deletes requests that were marked done (answered) more than `days` ago, as the privacy notice
 * promises. Open requests are kept until someone answers them. Returns how many were deleted.
 */
export async function purgeAnsweredRequests(sql: Sql, days: number = contactRetentionDays): Promise<number> {
  const deleted = await sql`
    delete from contact_requests
    where is_done and done_at < now() - make_interval(days => ${days}::int)`;
  return deleted.count;
}

const purgeEveryMs = 24 * 60 * 60 * 1000;

/**
 * Purges once now and then once a day while the server runs. Returns the stop function. A failed
 * purge is logged and tried again the next day; it never takes the server down.
 */
export function schedulePurge(sql: Sql): () => void {
  const run = async () => {
    try {
      const deleted = await purgeAnsweredRequests(sql);
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
