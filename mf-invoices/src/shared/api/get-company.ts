import type { CompanyAnswer } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";

export const companyKey = ["company"] as const;

/** The company settings and the provider block made from them (`GET /api/company`). */
export function getCompany(signal?: AbortSignal): Promise<CompanyAnswer> {
  return callApi("GET /api/company", { signal });
}

export function companyQueryOptions() {
  return queryOptions({ queryKey: companyKey, queryFn: ({ signal }) => getCompany(signal) });
}

export function useCompany() {
  return useQuery(companyQueryOptions());
}
