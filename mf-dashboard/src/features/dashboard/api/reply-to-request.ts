import type { ContactRequestDetail, RepliedAnswer } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { useMutation, useQueryClient } from "@klarwerk/kit/query";
import { leaveOpenRequests } from "./get-open-requests";
import { requestQueryOptions } from "./get-request";

export interface ReplyInput {
  id: number;
  message: string;
}

/** `POST /api/requests/{id}/reply`: the reply goes out by e-mail; the request is then done. */
export function replyToRequest({ id, message }: ReplyInput): Promise<RepliedAnswer> {
  return callApi("POST /api/requests/:id/reply", { params: { id }, json: { message } });
}

export interface ReplyToRequestOptions {
  onSuccess?: (request: ContactRequestDetail) => void;
  onError?: (error: Error) => void;
}

/**
 * "Antworten". Like "Erledigt", the request leaves the cached open list (`leaveOpenRequests`);
 * the dialog's details take the stored request with the new reply.
 */
export function useReplyToRequest({ onSuccess, onError }: ReplyToRequestOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToRequest,
    onSuccess: (answer) => {
      queryClient.setQueryData(requestQueryOptions(answer.request.id).queryKey, answer.request);
      leaveOpenRequests(queryClient, answer.request.id, answer.counts);
      onSuccess?.(answer.request);
    },
    onError,
  });
}
