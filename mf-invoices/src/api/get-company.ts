import type { CompanySettings } from "@klarwerk/kit";
import { apiJson } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";

export const companyKey = ["company"] as const;

export interface CompanyAnswer {
  company: CompanySettings;
  /** The "Dienstleister" block new invoices start with. */
  provider: string;
}

/** The company settings and the provider block made from them (`GET /api/company`). */
export function getCompany(signal?: AbortSignal): Promise<CompanyAnswer> {
  return apiJson<CompanyAnswer>("/api/company", { signal });
}

export function companyQueryOptions() {
  return queryOptions({ queryKey: companyKey, queryFn: ({ signal }) => getCompany(signal) });
}

export function useCompany() {
  return useQuery(companyQueryOptions());
}
