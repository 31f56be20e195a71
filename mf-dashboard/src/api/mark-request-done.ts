import type { DoneContactRequest, MarkedDoneAnswer } from "@klarwerk/kit";
import { ApiError, callApi } from "@klarwerk/kit/browser";
import { useMutation, useQueryClient } from "@klarwerk/kit/query";
import { leaveOpenRequests, openRequestsQueryOptions } from "./get-open-requests";

/** `PUT /api/requests/{id}/done`: the request as now stored (who marked it done, when) and the new counts. */
export function markRequestDone(id: number): Promise<MarkedDoneAnswer> {
  return callApi("PUT /api/requests/:id/done", { params: { id } });
}

export interface MarkRequestDoneOptions {
  onSuccess?: (request: DoneContactRequest) => void;
  onError?: (error: Error) => void;
}

/**
 * "Erledigt" for one request. On success the request leaves the cached open list
 * (`leaveOpenRequests`). A 404 or 409 (someone else was faster) refetches the list.
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
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
