import { type CustomerExportFormat, customerExportFileName, todayInGermany } from "@klarwerk/kit";
import { downloadFromApi } from "@klarwerk/kit/browser";
import { useMutation } from "@klarwerk/kit/query";

export interface CustomerExportRequest {
  format: CustomerExportFormat;
  /** The list's applied search ("" for none), status and tag ("" for all): the export holds what the list matches. */
  search: string;
  status: string;
  tag: string;
}

/** Every customer the list's search, status and tag match, as `Kunden_<heute>.csv` (`GET /api/customers/export`). */
export function exportCustomers({ format, search, status, tag }: CustomerExportRequest): Promise<void> {
  return downloadFromApi("/api/customers/export", customerExportFileName(todayInGermany()), {
    format,
    search,
    status,
    tag,
  });
}

export function useExportCustomers({ onError }: { onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: exportCustomers, onError });
}
