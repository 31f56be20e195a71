import type { TakenOverAnswer } from "@klarwerk/kit";
import { ApiError, callApi } from "@klarwerk/kit/browser";
import { useMutation, useQueryClient } from "@klarwerk/kit/query";
import { showRequestCustomer } from "./get-open-requests";
import { requestQueryOptions } from "./get-request";

export interface TakeOverInput {
  id: number;
  /** The existing customer to link; none: a new customer from the request. */
  customerId?: number;
}

/** `POST /api/requests/{id}/customer`: „Als Kunde übernehmen“ (decision 0095). */
export function takeOverRequest({ id, customerId }: TakeOverInput): Promise<TakenOverAnswer> {
  return callApi("POST /api/requests/:id/customer", {
    params: { id },
    json: customerId === undefined ? {} : { customer_id: customerId },
  });
}

export interface TakeOverOptions {
  onSuccess?: (answer: TakenOverAnswer) => void;
  /** A customer with the request's e-mail appeared meanwhile: the details are read again to offer it. */
  onCustomerExists?: () => void;
  onError?: (error: Error) => void;
}

/**
 * „Als Kunde übernehmen“ / „Verknüpfen“: the dialog's details take the request with its customer.
 * A 409 `customer-exists` (someone made the customer meanwhile) reads the details again, whose
 * `customer_matches` the dialog then offers; a 409 `contact-request-taken-over` reads them too.
 */
export function useTakeOverRequest({ onSuccess, onCustomerExists, onError }: TakeOverOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeOverRequest,
    onSuccess: (answer) => {
      queryClient.setQueryData(requestQueryOptions(answer.request.id).queryKey, answer.request);
      showRequestCustomer(queryClient, answer.request.id, answer.customer);
      onSuccess?.(answer);
    },
    onError: (error, input) => {
      const stale = error instanceof ApiError && error.status === 409;
      if (stale) void queryClient.invalidateQueries({ queryKey: requestQueryOptions(input.id).queryKey });
      if (error instanceof ApiError && error.code === "customer-exists") onCustomerExists?.();
      else onError?.(error);
    },
  });
}
