import type { Sql } from "../../db/open.ts";
import { scheduleContactRetention } from "../privacy/index.ts";

/**
 * Answered requests past the retention period go once now and then once a day while the server
 * runs: the privacy module's job, which writes each deletion to the erasure ledger. `purged` is
 * told after a run that deleted any (the kept pages are read again). Returns the stop.
 */
export function schedulePurge(
  sql: Sql,
  settings: { days: number; dataDir: string },
  purged: () => void = () => {},
): () => Promise<void> {
  return scheduleContactRetention(sql, settings, () => purged());
}
