import { missingDatevDetails, missingInvoicingDetails } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";

/** What invoices and the DATEV export still lack of the company settings (admins only). */
export interface InvoicingSetup {
  invoicing: string[];
  datev: string[];
}

export async function getInvoicingSetup(signal?: AbortSignal): Promise<InvoicingSetup> {
  const [company, datev] = await Promise.all([
    callApi("GET /api/company", { signal }),
    callApi("GET /api/company/datev", { signal }),
  ]);
  return { invoicing: missingInvoicingDetails(company.company), datev: missingDatevDetails(datev.datev) };
}

export function useInvoicingSetup(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: ["company", "setup"], queryFn: ({ signal }) => getInvoicingSetup(signal) }),
    enabled,
  });
}
