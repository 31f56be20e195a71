import type { AuditFilter, AuditPage } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";

/** The filter as the API's query parameters (the list and its CSV export take the same). */
export function auditQuery(filter: AuditFilter): Record<string, string | number | undefined> {
  return { ...filter };
}

/** One page of the trail, newest first, older than `before` (`GET /api/audit`, admins only). */
export function getAuditPage(filter: AuditFilter, before: number | null, signal?: AbortSignal): Promise<AuditPage> {
  return callApi("GET /api/audit", { query: before === null ? { ...filter } : { ...filter, before }, signal });
}
