import type { ContactRequestCounts, OpenRequestsPage, RequestCustomer } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { infiniteQueryOptions, type QueryClient, refetchAfterWrite, useInfiniteQuery } from "@klarwerk/kit/query";

export interface OpenRequestsPageParams {
  /** The `next` of the page before; null for the first (newest) page. */
  before: number | null;
}

/** One page of open requests (`GET /api/requests`), newest first, with the exact counts. */
export function getOpenRequests({ before }: OpenRequestsPageParams, signal?: AbortSignal): Promise<OpenRequestsPage> {
  return callApi("GET /api/requests", { query: { before }, signal });
}

/**
 * The open requests, a page at a time: `infiniteQueryOptions`, the paged form of `queryOptions`,
 * since "Weitere Anfragen laden" appends the next page to the ones shown. One cache entry in the
 * portal's shared query client holds all loaded pages.
 */
export function openRequestsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ["requests", "open"],
    queryFn: ({ pageParam, signal }) => getOpenRequests({ before: pageParam }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
}

/** Changes every loaded page of the cached open list in place (nothing while none is loaded). */
function changeOpenPages(queryClient: QueryClient, change: (page: OpenRequestsPage) => OpenRequestsPage): void {
  const { queryKey } = openRequestsQueryOptions();
  queryClient.setQueryData(queryKey, (data) => (data ? { ...data, pages: data.pages.map(change) } : data));
}

/**
 * After "Erledigt" or "Antworten": the request leaves the cached open list at once and every page
 * takes the server's counts; then the list is refetched, so a page that was emptied fills up again.
 */
export function leaveOpenRequests(queryClient: QueryClient, id: number, counts: ContactRequestCounts): void {
  changeOpenPages(queryClient, (page) => ({
    ...page,
    counts,
    requests: page.requests.filter((request) => request.id !== id),
  }));
  void refetchAfterWrite(queryClient, openRequestsQueryOptions().queryKey);
}

/** After „Als Kunde übernehmen“: the request's row in the cached list names its customer at once. */
export function showRequestCustomer(queryClient: QueryClient, id: number, customer: RequestCustomer): void {
  changeOpenPages(queryClient, (page) => ({
    ...page,
    requests: page.requests.map((request) => (request.id === id ? { ...request, customer } : request)),
  }));
}

export function useOpenRequests() {
  return useInfiniteQuery(openRequestsQueryOptions());
}
