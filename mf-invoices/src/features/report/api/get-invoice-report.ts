import type { InvoiceReport } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";
import { invoicesKey } from "../../../shared/api/invoices-key";

/** Open items and revenue (`GET /api/invoices/report`); under the invoices' key, so every invoice write refreshes it. */
export function invoiceReportQueryOptions() {
  return queryOptions({
    queryKey: [...invoicesKey, "report"],
    queryFn: ({ signal }): Promise<InvoiceReport> => callApi("GET /api/invoices/report", { signal }),
  });
}

export function useInvoiceReport() {
  return useQuery(invoiceReportQueryOptions());
}
