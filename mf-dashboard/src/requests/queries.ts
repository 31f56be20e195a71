import type { DoneContactRequest, MarkedDoneAnswer, OpenRequestsPage } from "@klarwerk/kit";
import { ApiError, apiJson } from "@klarwerk/kit/browser";
import { notifyError } from "@klarwerk/kit/portal";
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardMessages as messages } from "../messages";

/** Cache entry of the open requests in the portal's one query client (shared with every remote). */
export const openRequestsKey = ["requests", "open"] as const;

type OpenRequestsData = InfiniteData<OpenRequestsPage, number | null>;

/** Open requests a page at a time (`GET /api/requests`), newest first, with the exact counts. */
export function useOpenRequests() {
  return useInfiniteQuery({
    queryKey: openRequestsKey,
    queryFn: ({ pageParam, signal }) =>
      apiJson<OpenRequestsPage>("/api/requests", { query: { before: pageParam }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : messages.unknownError;
}

/**
 * "Erledigt" for one request. On success the request leaves the cached list at once and the
 * counters take the server's numbers; the list is then refetched, so a page that was emptied
 * fills up again from the server. A 404 or 409 (someone else was faster) refetches as well.
 */
export function useMarkDone(onDone: (request: DoneContactRequest) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<MarkedDoneAnswer>(`/api/requests/${id}/done`, { method: "PUT" }),
    onSuccess: (answer) => {
      queryClient.setQueryData<OpenRequestsData>(openRequestsKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                counts: answer.counts,
                requests: page.requests.filter((request) => request.id !== answer.request.id),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: openRequestsKey });
      onDone(answer.request);
    },
    onError: (error) => {
      notifyError(messages.updateFailed(reasonOf(error)));
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: openRequestsKey });
      }
    },
  });
}
