import { type CustomerPage, customerPaging } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";

export interface CustomerListFilter {
  page: number;
  /** Trimmed; "" for none. */
  search: string;
  /** A status, or "" for all. */
  status: string;
  /** A tag, or "" for all. */
  tag: string;
  /** The previous page's last customer (keyset paging, decision 0104); null: counted off. */
  after: number | null;
}

/** Every customer list query's key starts with this, so a save can refresh all of them at once. */
export const customersKey = ["customers"] as const;

/** One page of customers (`GET /api/customers`) for the filter, 20 a page. */
export function getCustomers(filter: CustomerListFilter, signal?: AbortSignal): Promise<CustomerPage> {
  return callApi("GET /api/customers", {
    query: {
      page: filter.page,
      limit: customerPaging.defaultLimit,
      search: filter.search,
      status: filter.status,
      ...(filter.tag === "" ? {} : { tag: filter.tag }),
      ...(filter.after === null ? {} : { after: filter.after }),
    },
    signal,
  });
}
