import type { CustomerPage } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { keepPreviousData, queryOptions, useQuery } from "@klarwerk/kit/query";

/** Under the Kundenverwaltung's key, so its saves refresh the picker's answers too. */
const customerPickerKey = ["customers", "picker"] as const;

/** Customers to pick for "Kunde" (`GET /api/customers?search=`), the first ten matches. */
export function findCustomers(search: string, signal?: AbortSignal): Promise<CustomerPage> {
  return callApi("GET /api/customers", { query: { search, limit: 10 }, signal });
}

export function customerSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...customerPickerKey, search],
    queryFn: ({ signal }) => findCustomers(search, signal),
  });
}

/** The matches for a search as typed (already debounced by the caller); nothing is asked for "". */
export function useCustomerSearch(search: string) {
  return useQuery({
    ...customerSearchQueryOptions(search),
    enabled: search !== "",
    placeholderData: keepPreviousData,
  });
}
