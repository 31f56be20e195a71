import type { CustomerPage } from "@klarwerk/kit";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type CustomerListFilter, customerPageKey, fetchCustomerPage } from "./api";
import { customerScreenMessages as messages } from "./messages";

export interface CustomerList {
  /** The last page that arrived; it stays on screen while the next one loads or when loading fails. */
  shown: CustomerPage | null;
  loading: boolean;
}

/**
 * The customer page for the filter. A failed load is only logged (spec section 8): the list stays
 * as it was and the loading state ends.
 */
export function useCustomerList(filter: CustomerListFilter): CustomerList {
  const query = useQuery({
    queryKey: customerPageKey(filter),
    queryFn: ({ signal }) => fetchCustomerPage(filter, signal),
    placeholderData: keepPreviousData,
  });
  const [shown, setShown] = useState<CustomerPage | null>(null);

  useEffect(() => {
    if (query.data && !query.isPlaceholderData) setShown(query.data);
  }, [query.data, query.isPlaceholderData]);

  useEffect(() => {
    if (query.error) console.error(messages.loadFailedLog, query.error);
  }, [query.error]);

  return { shown: shown ?? query.data ?? null, loading: query.isFetching };
}
