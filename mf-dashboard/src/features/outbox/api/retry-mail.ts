import type { OutboxMail } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { outboxQueryOptions } from "./get-outbox";

/** `POST /api/outbox/{id}/retry`: a failed mail waits again, due now; 409 unless it failed. */
export async function retryMail(id: number): Promise<OutboxMail> {
  const answer = await callApi("POST /api/outbox/:id/retry", { params: { id } });
  return answer.mail;
}

export interface RetryMailOptions {
  onSuccess?: (mail: OutboxMail) => void;
  onError?: (error: Error) => void;
}

/**
 * "Erneut senden". The outbox takes the waiting mail at once and is then refetched, success or
 * not: a 409 means the list was stale.
 */
export function useRetryMail({ onSuccess, onError }: RetryMailOptions = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = outboxQueryOptions();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: (mail) => {
      queryClient.setQueryData(queryKey, (outbox) =>
        outbox
          ? { ...outbox, mails: outbox.mails.map((candidate) => (candidate.id === mail.id ? mail : candidate)) }
          : outbox,
      );
      onSuccess?.(mail);
    },
    onError,
    onSettled: () => refetchAfterWrite(queryClient, queryKey),
  });
}
