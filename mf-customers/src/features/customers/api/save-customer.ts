import type { Customer, CustomerInput } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { customersKey } from "./get-customers";

export interface SaveCustomerInput {
  customer: CustomerInput;
  /** The customer to replace; null creates a new one. */
  id: number | null;
}

/** Creates the customer (no id) or replaces the one with this id; resolves to what the server stored. */
export async function saveCustomer({ customer, id }: SaveCustomerInput): Promise<Customer> {
  const answer =
    id === null
      ? await callApi("POST /api/customers", { json: customer })
      : await callApi("PUT /api/customers/:id", { params: { id }, json: { id, ...customer } });
  return answer.customer;
}

export interface SaveCustomerOptions {
  onSuccess?: (customer: Customer) => void;
  onError?: (error: Error) => void;
}

/** Saves a customer, then reloads every customer list page, since the saved one may move into or out of any. */
export function useSaveCustomer({ onSuccess, onError }: SaveCustomerOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomer,
    onSuccess: async (customer) => {
      onSuccess?.(customer);
      await refetchAfterWrite(queryClient, customersKey);
    },
    onError,
  });
}
