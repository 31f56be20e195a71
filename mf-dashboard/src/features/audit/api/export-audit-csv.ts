import type { AuditFilter } from "@klarwerk/kit";
import { downloadFromApi } from "@klarwerk/kit/browser";
import { useMutation } from "@klarwerk/kit/query";
import { auditQuery } from "./get-audit-page";

/** The events of `filter` as `protokoll.csv` (`GET /api/audit/export.csv`: semicolons, UTF-8 with BOM). */
export function exportAuditCsv(filter: AuditFilter): Promise<void> {
  return downloadFromApi("/api/audit/export.csv", "protokoll.csv", auditQuery(filter));
}

export function useExportAuditCsv({ onError }: { onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: exportAuditCsv, onError });
}
