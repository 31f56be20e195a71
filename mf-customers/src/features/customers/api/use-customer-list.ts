import type { CustomerPage } from "@klarwerk/kit";
import { type PagedListParams, usePagedList } from "@klarwerk/kit/portal";
import { queryOptions } from "@klarwerk/kit/query";
import { useEffect, useRef } from "react";
import { type CustomerListFilter, customersKey, getCustomers } from "./get-customers";

/** What the list is narrowed by besides the search: a status and a tag ("" for all). */
type StatusAndTag = Pick<CustomerListFilter, "status" | "tag">;

/** A page with the page it was asked as (`pageKey`): the page shown while the next loads is an older answer. */
type CustomerAnswer = CustomerPage & { asked: string };

/** A page of the list as the kit's list state reads it. */
function customerRows(answer: CustomerAnswer) {
  return {
    items: answer.customers,
    pages: answer.pages,
    total: answer.total,
    // False when a search's count stopped at its cap: more match than the total says.
    totalExact: answer.total_exact !== false,
  };
}

/** Which page of which list: the cursor for the next one is remembered under it. */
function pageKey({ page, search, filter }: PagedListParams<StatusAndTag>): string {
  return JSON.stringify([search, filter.status, filter.tag, page]);
}

/**
 * The customer list's state: the kit's paged list, asked with keyset cursors (decision 0104).
 * Each answer's last customer is remembered as the cursor of the page after it, so "Weiter" asks
 * for the customers below it (`after`) and the server reads only what the page shows, however
 * deep; a page whose predecessor was never shown is counted off as before.
 */
export function useCustomerList() {
  // pageKey of a page shown → the id of its last customer.
  const lastIdOf = useRef(new Map<string, number>());
  const list = usePagedList({
    query: (params) => {
      const previous =
        params.page > 1 ? lastIdOf.current.get(pageKey({ ...params, page: params.page - 1 })) : undefined;
      const filter: CustomerListFilter = {
        page: params.page,
        search: params.search,
        ...params.filter,
        after: previous ?? null,
      };
      return queryOptions({
        queryKey: [...customersKey, filter],
        queryFn: async ({ signal }): Promise<CustomerAnswer> => ({
          ...(await getCustomers(filter, signal)),
          asked: pageKey(params),
        }),
      });
    },
    pageOf: customerRows,
    filter: { status: "", tag: "" } satisfies StatusAndTag,
  });

  const { answer } = list;
  useEffect(() => {
    const last = answer?.customers.at(-1);
    if (answer !== undefined && last !== undefined) lastIdOf.current.set(answer.asked, last.id);
  }, [answer]);

  return list;
}
