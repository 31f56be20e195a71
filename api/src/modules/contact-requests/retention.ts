import type { Config } from "../../config.ts";
import type { Sql } from "../../db/open.ts";
import { blobStoreFor } from "../../storage/configured-blob-store.ts";
import { scheduleRetention } from "../privacy/index.ts";

/**
 * Answered requests past the retention period go once now and then once a day while the server
 * runs: the privacy module's job, which writes each deletion to the erasure ledger and in the same
 * run deletes restricted invoices whose retention period ended (their PDFs from the invoices'
 * store). `purged` is told after a run that deleted requests (the kept pages are read again).
 * Returns the stop.
 */
export function schedulePurge(
  sql: Sql,
  config: Pick<Config, "contactRequestRetentionDays" | "dataDir" | "blobStore">,
  purged: () => void = () => {},
): () => Promise<void> {
  const invoiceBlobs = blobStoreFor(config, "invoices");
  const stop = scheduleRetention(
    sql,
    { days: config.contactRequestRetentionDays, dataDir: config.dataDir, invoiceBlobs },
    () => purged(),
  );
  return async () => {
    await stop();
    await invoiceBlobs.close();
  };
}
