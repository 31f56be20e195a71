import type { DoneContactRequest, MarkedDoneAnswer } from "@klarwerk/kit";
import { ApiError, callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { leaveOpenRequests, openRequestsQueryOptions } from "./get-open-requests";

/** `PUT /api/requests/{id}/done`: the request as now stored (who marked it done, when) and the new counts. */
export function markRequestDone(id: number): Promise<MarkedDoneAnswer> {
  return callApi("PUT /api/requests/:id/done", { params: { id } });
}

/** The answers that mean the open list is out of date: someone else answered or it was deleted. */
const staleListCodes: ReadonlySet<ApiError["code"]> = new Set([
  "contact-request-not-found",
  "contact-request-already-done",
]);

export interface MarkRequestDoneOptions {
  onSuccess?: (request: DoneContactRequest) => void;
  onError?: (error: Error) => void;
}

/**
 * "Erledigt" for one request. On success the request leaves the cached open list
 * (`leaveOpenRequests`). When someone else was faster (the request is gone or already done), the
 * list is refetched.
 * The callbacks are the hook's, not `mutate`'s: the row that started the mutation is gone from
 * the list by the time it succeeds, and `mutate`'s callbacks would die with it.
 */
export function useMarkRequestDone({ onSuccess, onError }: MarkRequestDoneOptions = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = openRequestsQueryOptions();
  return useMutation({
    mutationFn: markRequestDone,
    onSuccess: (answer) => {
      leaveOpenRequests(queryClient, answer.request.id, answer.counts);
      onSuccess?.(answer.request);
    },
    onError: (error) => {
      onError?.(error);
      if (error instanceof ApiError && staleListCodes.has(error.code)) {
        void refetchAfterWrite(queryClient, queryKey);
      }
    },
  });
}
