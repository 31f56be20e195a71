import type { OpenRequestsPage } from "@klarwerk/kit";
import { apiJson } from "@klarwerk/kit/browser";
import { infiniteQueryOptions, useInfiniteQuery } from "@klarwerk/kit/query";

export interface OpenRequestsPageParams {
  /** The `next` of the page before; null for the first (newest) page. */
  before: number | null;
}

/** One page of open requests (`GET /api/requests`), newest first, with the exact counts. */
export function getOpenRequests({ before }: OpenRequestsPageParams, signal?: AbortSignal): Promise<OpenRequestsPage> {
  return apiJson<OpenRequestsPage>("/api/requests", { query: { before }, signal });
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

export function useOpenRequests() {
  return useInfiniteQuery(openRequestsQueryOptions());
}
