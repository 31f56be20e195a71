import type { AuditVerification } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { useMutation } from "@klarwerk/kit/query";

/** Recomputes the whole chain on the server („Protokoll prüfen“, `GET /api/audit/verify`). */
export function verifyAudit(): Promise<AuditVerification> {
  return callApi("GET /api/audit/verify");
}

/** A mutation rather than a query: it runs only when asked, and each click checks again. */
export function useVerifyAudit() {
  return useMutation({ mutationFn: verifyAudit });
}
